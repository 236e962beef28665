"""TextNB's one-pass tokeniser for the default pattern (nbteach.text._fast_tokens) makes the
same words as tokenize: compared with TextNB on an equivalent pattern, which takes
tokenize's path, on adversarial text (Unicode, separators and NUL inside documents,
one-letter runs, empty documents) and on random strings."""
from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nbteach.text as text
from nbteach._base import NbteachError
from nbteach.text import TOKEN_PATTERN, TextNB, tokenize

# TOKEN_PATTERN in a group: the same tokens, but not the default pattern, so TextNB takes
# tokenize's path (per document) with it
REFERENCE = "(?u)(?:" + TOKEN_PATTERN[len("(?u)"):] + ")"

PIECES = list("aAzZ09_ -.,'!?\t\n") + [
    "\x00", "\x01", " \x00 ", "ab", "Cheap", "PILLS", "café", "cafe\u0301", "naïve", "\u0130stanbul",
    "i\u0307", "spam\u200bfilter", "\ufeff", "\u2060", "免费", "领", "한국", "カタ", "ab日本", "’",
    "don’t", "\ufffd", "ΣΑΣ", "ς", "straße", "\u212a", "１２", "²", "\u00a0", "\u2028", "\x1c",
    "\x85", "\ud800", "😀", "ǅ", "ﬁ", "x", "y2", "re_sub",
]


def _outcome(model, docs, y, test):
    """What fit and predict give: the vocabulary in order, the counts, the joint
    log-likelihoods and the warnings, or the error's message."""
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            model.fit(docs, y)
            jll = model.predict_joint_log_proba(test)
    except NbteachError as err:
        return ("error", str(err))
    return (list(model.vocabulary_.items()), model.feature_count_.tolist(), jll.tolist(),
            [str(w.message) for w in caught])


def _same_as_reference(docs, test, lowercase=True):
    y = ["a", "b"] * (len(docs) // 2) + ["a"] * (len(docs) % 2)
    fast = _outcome(TextNB(lowercase=lowercase), docs, y, test)
    ref = _outcome(TextNB(token_pattern=REFERENCE, lowercase=lowercase), docs, y, test)
    assert fast == ref
    return fast


def test_the_reference_takes_tokenize_path_and_the_default_the_fast_one(monkeypatch):
    assert not text._is_default_pattern(re.compile(REFERENCE))
    assert text._is_default_pattern(re.compile(TOKEN_PATTERN))
    calls = []
    real = text._fast_tokens
    monkeypatch.setattr(text, "_fast_tokens", lambda *a: calls.append(a) or real(*a))
    TextNB(token_pattern=REFERENCE).fit(["cheap pills", "lunch at noon"], ["s", "h"])
    assert calls == []
    TextNB().fit(["cheap pills", "lunch at noon"], ["s", "h"]).predict(["cheap"])
    assert len(calls) == 2                                # one batch in fit, one in predict


def test_fast_pattern_matches_token_pattern():
    @settings(max_examples=300, deadline=None)
    @given(st.one_of(st.text(), st.lists(st.sampled_from(PIECES)).map("".join)))
    def check(s):
        assert text._FAST_PATTERN.findall(s) == re.findall(TOKEN_PATTERN, s)

    check()


@pytest.mark.parametrize("docs", [
    ["Cheap pills, cheap PRICE!", "lunch at noon", "a b c d e f gh", "x_y re_sub 2024 3d"],
    ["caf\u00e9 cafe\u0301", "spam\u200bfilter \ufeffok", "\u0130stanbul ISTANBUL", "免费领取 iPhone"],
    ["ok \x00 nul\x00inside", "soh\x01here ok", " \x00 zz", "ab\x00\x01cd"],     # the separators inside
    ["don’t stop", "ΣΑΣ σας", "\u212aelvin ﬁne straße", "１２ ² ǅx"],
    ["only ascii here", "one é", "more ascii", "日本語 text", "end"],             # holes between
    ["bad \ud800 surrogate", "emoji 😀 ok", "nbsp\u00a0split line\u2028sep", "fs\x1cok"],
])
@pytest.mark.parametrize("lowercase", [True, False])
def test_adversarial_documents_give_the_same_model(docs, lowercase):
    out = _same_as_reference(docs, docs[::-1] + ["zz unknown", "\x00\x00 ab"], lowercase)
    assert out[0] != "error"


def test_agreement_holds_across_batch_boundaries(monkeypatch):
    docs = ["Cheap pills", "é caf\u00e9", "ab \x00 cd", "免费", "a an the", "x\x01y zz"] * 3
    whole = _same_as_reference(docs, docs)
    monkeypatch.setattr(text, "_BATCH_CHARS", 5)          # about one document a batch
    assert _same_as_reference(docs, docs) == whole


@pytest.mark.parametrize("docs, index", [
    (["fine text", "a b \x00 c"], 1),                     # one-letter runs and NUL: no word
    (["fine text", "good", "é ’ \u200b"], 2),
    (["\x01", "fine text"], 0),
])
def test_empty_documents_are_named_as_before(docs, index):
    out = _same_as_reference(docs, ["fine"])
    assert out[0] == "error" and f"documents[{index}] is an empty document" in out[1]
    fitted = TextNB().fit(["fine text", "more text"], ["a", "b"])
    with pytest.raises(NbteachError, match=rf"documents\[{index}\] is an empty document"):
        fitted.predict(docs)


def test_random_documents_give_the_same_model():
    ascii_pieces = [p for p in PIECES if p.isascii()]          # most documents are ASCII
    doc = st.one_of(st.lists(st.sampled_from(ascii_pieces), min_size=1, max_size=12),
                    st.lists(st.sampled_from(PIECES), min_size=1, max_size=12)).map("".join)

    @settings(max_examples=150, deadline=None)
    @given(st.lists(doc, min_size=1, max_size=8), st.lists(doc, min_size=1, max_size=4),
           st.booleans())
    def check(docs, test, lowercase):
        _same_as_reference(docs, test, lowercase)

    check()


def test_a_vocabulary_made_with_another_pattern_is_read_as_tokenize_reads_it():
    """Fitted with \\w+ (one-letter words, NUL-free), predicted with the default pattern:
    the one-letter words of the vocabulary are never tokens of the default pattern."""
    docs, y = ["a cheap b pill", "i eat at noon"], ["s", "h"]
    test = ["a cheap noon", "i b zz at"]
    scores = []
    for pattern in (TOKEN_PATTERN, REFERENCE):
        nb = TextNB(token_pattern=r"\w+").fit(docs, y)
        assert "a" in nb.vocabulary_
        nb.token_pattern = pattern
        scores.append(nb.predict_joint_log_proba(test))
    np.testing.assert_array_equal(scores[0], scores[1])
    assert tokenize("a cheap noon") == ["cheap", "noon"]


def test_vocabulary_is_a_plain_dict_in_first_appearance_order():
    nb = TextNB().fit(["b cc aa", "dd cc é-ee"], ["x", "y"])
    assert type(nb.vocabulary_) is dict
    assert list(nb.vocabulary_.items()) == [("cc", 0), ("aa", 1), ("dd", 2), ("ee", 3)]
