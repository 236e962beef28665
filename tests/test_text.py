"""nbteach.text: tokenising, vocabulary, counting by token id, the notes' algorithms."""
from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
import pytest

from nbteach._base import NbteachError
from nbteach.text import (
    TOKEN_PATTERN, TextNB, UnknownWordsWarning, build_vocabulary, classify_as_in_note,
    document_probability, fit_vectorised, note003_fit, note003_predict,
    predict_vectorised, tokenize, train_as_in_note,
)

DOCS = ["cheap pills cheap price", "win cash now", "lunch at noon", "see you at the meeting",
        "cheap lunch deal"]
LABELS = ["spam", "spam", "ham", "ham", "ham"]


def test_tokenize_lowercases_and_keeps_repeats():
    assert tokenize("Buy NOW, buy now!") == ["buy", "now", "buy", "now"]
    assert tokenize("a I x") == []  # one-letter words are not words (scikit-learn's rule)


def test_vocabulary_in_first_appearance_order():
    assert build_vocabulary(["b a", "c b"], token_pattern=r"\w+") == {"b": 0, "a": 1, "c": 2}


def test_counts_equal_the_note_algorithm_exactly():
    nb = TextNB(alpha=1).fit(DOCS, LABELS)
    V, prior, cond = train_as_in_note(DOCS, LABELS, alpha=1)
    assert sorted(nb.vocabulary_) == V
    for k, c in enumerate(nb.classes_):
        assert np.isclose(np.exp(nb.class_log_prior_[k]), float(prior[c]))
        for w, i in nb.vocabulary_.items():
            assert np.isclose(np.exp(nb.feature_log_prob_[k, i]), float(cond[c][w]))


def test_feature_counts_are_word_counts_per_class():
    nb = TextNB().fit(DOCS, LABELS)
    spam = list(nb.classes_).index("spam")
    assert nb.feature_count_[spam, nb.vocabulary_["cheap"]] == 2
    assert nb.feature_count_[1 - spam, nb.vocabulary_["cheap"]] == 1
    assert nb.feature_count_.sum() == sum(len(tokenize(d)) for d in DOCS)


def test_no_dense_document_matrix_is_built(monkeypatch):
    """Training and prediction never allocate a documents x vocabulary array."""
    docs = [f"w{i} w{i + 1} common" for i in range(300)]
    y = ["a", "b"] * 150
    shapes = []
    real_zeros = np.zeros

    def spy(shape, *a, **k):
        shapes.append(shape)
        return real_zeros(shape, *a, **k)

    monkeypatch.setattr(np, "zeros", spy)
    nb = TextNB().fit(docs, y)
    nb.predict_proba(docs)
    V = len(nb.vocabulary_)
    assert all(not (isinstance(s, tuple) and s[0] == len(docs) and s[-1] >= V) for s in shapes)


def test_agrees_with_countvectorizer_pipeline_on_reviews():
    pytest.importorskip("sklearn")
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.naive_bayes import MultinomialNB
    from sklearn.pipeline import make_pipeline

    from nbteach.realdata import food_reviews

    tr, ytr = food_reviews("train")
    te, _ = food_reviews("test")
    for alpha in [1.0, 0.1]:
        ours = TextNB(alpha=alpha).fit(tr, ytr)
        theirs = make_pipeline(CountVectorizer(), MultinomialNB(alpha=alpha)).fit(tr, ytr)
        np.testing.assert_allclose(ours.predict_proba(te), theirs.predict_proba(te),
                                   rtol=1e-9, atol=1e-9)
        assert len(ours.vocabulary_) == len(theirs[0].vocabulary_)


def test_set_alpha_equals_refitting():
    a = TextNB(alpha=0.3).fit(DOCS, LABELS)
    b = TextNB(alpha=2.0).fit(DOCS, LABELS).set_alpha(0.3)
    np.testing.assert_allclose(a.predict_proba(DOCS), b.predict_proba(DOCS))


def test_unknown_words_are_ignored():
    nb = TextNB().fit(DOCS, LABELS)
    np.testing.assert_allclose(nb.predict_proba(["cheap zzzunknown qqq"]),
                               nb.predict_proba(["cheap"]))


def test_only_unknown_words_fall_back_to_prior_and_say_so():
    nb = TextNB().fit(DOCS, LABELS)
    with pytest.warns(UnknownWordsWarning, match="falls back to the prior"):
        p = nb.predict_proba(["zzz qqq", "cheap"])
    np.testing.assert_allclose(p[0], np.exp(nb.class_log_prior_))
    assert not np.allclose(p[1], p[0])


def test_product_of_probabilities_underflows_but_logs_do_not():
    nb = TextNB().fit(DOCS, LABELS)
    long_doc = " ".join(["cheap lunch meeting"] * 300)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        prod = nb.joint_proba_by_product([long_doc])
    assert np.all(prod == 0.0)                       # every class 0: no decision possible
    p = nb.predict_proba([long_doc])
    assert np.isclose(p.sum(), 1.0) and np.all(np.isfinite(nb.predict_log_proba([long_doc])))
    short = nb.joint_proba_by_product(["cheap lunch"])
    np.testing.assert_allclose(np.log(short), nb.predict_joint_log_proba(["cheap lunch"]))


def test_explain_rows_add_up_to_the_joint_log_likelihood():
    nb = TextNB().fit(DOCS, LABELS)
    table = nb.explain("cheap cheap lunch zzz")
    jll = nb.predict_joint_log_proba(["cheap cheap lunch zzz"])[0]
    total = table.loc["(total = joint log-likelihood)", [str(c) for c in nb.classes_]]
    np.testing.assert_allclose(total.to_numpy(dtype=float), jll)
    assert table.loc["cheap", "count"] == 2
    assert table.loc["zzz", "kind"].startswith("unknown")
    post = table.loc["(posterior P(c|x))", [str(c) for c in nb.classes_]].to_numpy(dtype=float)
    np.testing.assert_allclose(post, nb.predict_proba(["cheap cheap lunch zzz"])[0])


def test_note_test_algorithm_with_a_set_drops_repeats():
    model = train_as_in_note(DOCS, LABELS)
    right = classify_as_in_note(model, "cheap cheap")
    wrong = classify_as_in_note(model, "cheap cheap", as_written=True)
    V, prior, cond = model
    assert right["spam"] == prior["spam"] * cond["spam"]["cheap"] ** 2
    assert wrong["spam"] == prior["spam"] * cond["spam"]["cheap"]


def test_multinomial_coefficient_of_note003_is_upside_down():
    theta = [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]
    # every document of length 3: the correct P(x|c) sums to 1; the note's keeps only
    # only the document made of word 1 alone (C(x, rest) = 0 when x < rest)
    docs = [(a, b, 3 - a - b) for a in range(4) for b in range(4 - a)]
    assert sum(document_probability(d, theta) for d in docs) == 1
    note = sum(document_probability(d, theta, as_in_note=True) for d in docs)
    assert note == theta[0] ** 3 and note != 1   # only x = (3, 0, 0) survives
    assert document_probability((1, 1, 1), theta, as_in_note=True) == 0


def test_note003_code_bugs_and_the_correction():
    rng = np.random.default_rng(0)
    X = rng.integers(0, 4, size=(30, 6)).astype(float)
    X[:15, 0] = 0                                   # word 0 never occurs in class 0
    y = np.array([0] * 15 + [1] * 15)
    X[15:, 1:] *= 3                                 # class 1 documents are longer
    b, w = note003_fit(y, X, alpha=1.0)
    sums = np.exp(w).sum(axis=1)
    assert np.isclose(sums[0], 1.0) and not np.isclose(sums[1], 1.0)  # class_cnt bug
    log_pi, log_theta = fit_vectorised(y, X, alpha=1.0)
    np.testing.assert_allclose(np.exp(log_theta).sum(axis=1), [1.0, 1.0])
    with np.errstate(all="ignore"):
        b0, w0 = note003_fit(y, X, alpha=0.0)
        scores = X.dot(w0.T) + b0
    assert np.isnan(scores).any()                   # 0 * log 0 = nan with alpha=0
    from nbteach.multinomial import MultinomialNB

    ref = MultinomialNB(alpha=1.0).fit(X, y).predict(X)
    np.testing.assert_array_equal(predict_vectorised(log_pi, log_theta, X), ref)
    assert np.allclose(b, np.exp(log_pi)) and not np.allclose(b, log_pi)  # b is not log b


@pytest.mark.parametrize("docs,labels,match", [
    ("just one string", ["a"], "list of strings"),
    (["fine text", None], ["a", "b"], "not a string"),
    (["fine text", 3.5], ["a", "b"], "not a string"),
    (["fine text", ""], ["a", "b"], "empty document"),
    (["fine text", "!!! ?"], ["a", "b"], "empty document"),
    ([], [], "empty"),
    (["one", "two words"], ["a"], "labels"),
])
def test_bad_documents_raise_clear_errors(docs, labels, match):
    with pytest.raises(NbteachError, match=match):
        TextNB().fit(docs, labels)


def test_bad_prediction_input():
    nb = TextNB().fit(DOCS, LABELS)
    with pytest.raises(NbteachError, match="empty document"):
        nb.predict(["cheap", ""])
    with pytest.raises(NbteachError, match="list of strings"):
        nb.predict("cheap lunch")
    with pytest.raises(NbteachError, match="not fitted"):
        TextNB().predict(["cheap"])
    with pytest.raises(NbteachError, match="alpha"):
        TextNB(alpha=-1).fit(DOCS, LABELS)


def test_class_absent_from_training_is_not_predicted():
    nb = TextNB().fit(DOCS, LABELS)
    assert set(nb.predict(DOCS)) <= {"spam", "ham"}
    with pytest.raises(NbteachError, match="class_prior"):
        TextNB(class_prior=[0.2, 0.3, 0.5]).fit(DOCS, LABELS)


def test_batches_do_not_change_the_result(monkeypatch):
    import nbteach.text as text

    whole = TextNB().fit(DOCS, LABELS)
    monkeypatch.setattr(text, "_BATCH_CHARS", 7)   # about one document per batch
    assert [b - a for a, b in text._batches(DOCS)] and sum(
        b - a for a, b in text._batches(DOCS)) == len(DOCS)
    split = TextNB().fit(DOCS, LABELS)
    assert split.vocabulary_ == whole.vocabulary_
    np.testing.assert_array_equal(split.feature_count_, whole.feature_count_)
    np.testing.assert_allclose(split.predict_proba(DOCS), whole.predict_proba(DOCS))


def test_count_matrix_rows_are_word_counts():
    from nbteach.text import count_matrix

    nb = TextNB().fit(DOCS, LABELS)
    Xc = count_matrix(DOCS, nb.vocabulary_)
    assert Xc.shape == (len(DOCS), len(nb.vocabulary_))
    assert Xc[0, nb.vocabulary_["cheap"]] == 2
    y = np.array(LABELS)
    for k, c in enumerate(nb.classes_):
        np.testing.assert_array_equal(Xc[y == c].sum(axis=0), nb.feature_count_[k])


WORDS = ["cheap", "Cheap", "pills", "café", "naïve", "日本語", "win", "now", "x", "2024", "re_sub",
         "lunch", "noon", "meeting"]


def _docs(draw_lists):
    import random

    seps = [" ", ", ", "! ", "\n", " -- "]
    rnd = random.Random(len(draw_lists))
    return [" ".join(w + rnd.choice(seps) for w in ws) for ws in draw_lists]


def test_random_texts_agree_with_countvectorizer_pipeline():
    pytest.importorskip("sklearn")
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.naive_bayes import MultinomialNB
    from sklearn.pipeline import make_pipeline

    doc = st.lists(st.sampled_from(WORDS[:-3]), min_size=1, max_size=12).filter(
        lambda ws: any(len(w) > 1 for w in ws))
    test_doc = st.lists(st.sampled_from(WORDS), min_size=1, max_size=12).filter(
        lambda ws: any(len(w) > 1 for w in ws))

    @settings(max_examples=60, deadline=None)
    @given(train=st.lists(doc, min_size=4, max_size=15), test=st.lists(test_doc, min_size=1,
           max_size=6), alpha=st.floats(0.01, 3.0), data=st.data())
    def check(train, test, alpha, data):
        docs, tdocs = _docs(train), _docs(test)
        y = data.draw(st.permutations(["a", "b"] * (len(docs) // 2) + ["a"] * (len(docs) % 2)))
        ours = TextNB(alpha=alpha).fit(docs, y)
        # nbteach splits Chinese/Japanese/Korean into characters; CountVectorizer keeps a run of
        # them as one word: given nbteach's pattern, it makes the same tokens
        theirs = make_pipeline(CountVectorizer(token_pattern=TOKEN_PATTERN), MultinomialNB(alpha=alpha)).fit(docs, y)
        assert set(ours.vocabulary_) == set(theirs[0].vocabulary_)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UnknownWordsWarning)
            np.testing.assert_allclose(ours.predict_proba(tdocs), theirs.predict_proba(tdocs),
                                       rtol=1e-9, atol=1e-9)

    check()


def test_indicative_words_are_the_largest_log_ratios():
    import numpy as np

    from nbteach.text import TextNB, toy_mail

    docs, labels = toy_mail()
    m = TextNB().fit(docs, labels)
    table = m.indicative_words(n=3, min_count=1)
    spam = table[table["class"] == "spam"]
    c = list(m.classes_).index("spam")
    ratios = m.feature_log_prob_[c] - m.feature_log_prob_[1 - c]      # two classes: a plain log-ratio
    top = spam.iloc[0]
    assert top["log-ratio"] == pytest.approx(ratios.max())
    assert top["log-ratio"] == pytest.approx(ratios[m.vocabulary_[top["word"]]])
    assert (np.diff(spam["log-ratio"].to_numpy()) <= 0).all()
    with pytest.raises(Exception, match="min_count"):
        m.indicative_words(min_count=1000)


def test_tokens_without_cjk_are_countvectorizers_default():
    """For text without CJK characters, TOKEN_PATTERN makes exactly the tokens of
    CountVectorizer's default pattern (accented words and digits included)."""
    pytest.importorskip("sklearn")
    from sklearn.feature_extraction.text import CountVectorizer

    docs = ["Cheap pills, café naïve 2024 re_sub x", "Lunch at noon -- meeting!", "a b cd e_f 3d"]
    assert set(TextNB().fit(docs, ["a", "b", "a"]).vocabulary_) == set(CountVectorizer().fit(docs).vocabulary_)


@pytest.mark.parametrize("text, tokens", [
    ("免费领取大奖", ["免", "费", "领", "取", "大", "奖"]),         # Chinese: one token per character
    ("win 免费 iPhone", ["win", "免", "费", "iphone"]),
    ("caf\u00e9 cafe\u0301", ["café", "café"]),                    # NFC and NFD: the same word
    ("spam\u200bfilter", ["spamfilter"]),                           # a zero-width space joins, not splits
    ("\u0130stanbul istanbul", ["istanbul", "istanbul"]),            # dotted capital I
])
def test_unicode_tokens(text, tokens):
    assert tokenize(text) == tokens


def test_a_pattern_that_matches_nothing_makes_no_empty_word():
    assert tokenize("a b  cd", token_pattern=r"\w*") == ["a", "b", "cd"]
    assert "" not in build_vocabulary(["a b", "cd"], token_pattern=r"\w*")
    with pytest.raises(NbteachError, match="not a valid regular expression"):
        tokenize("a b", token_pattern="(")
    with pytest.raises(NbteachError, match="capturing groups"):
        tokenize("a b", token_pattern=r"(\w)(\w)")


@pytest.mark.parametrize("kind", ["csr_matrix", "dia_array"])
def test_a_sparse_matrix_is_refused_by_name(kind):
    # a dia matrix is not subscriptable: it used to end in a bare "'dia_array' object is not
    # subscriptable" (scikit-learn's sparse checks, issue 22)
    sparse = pytest.importorskip("scipy.sparse")
    X = getattr(sparse, kind)(np.eye(3))
    with pytest.raises(NbteachError, match=f"sparse matrix \\({kind}\\).*MultinomialNB"):
        TextNB().fit(X, ["a", "b", "a"])
    nb = TextNB().fit(["win cash", "lunch at noon"], ["spam", "ham"])
    with pytest.raises(TypeError, match="sparse matrix"):
        nb.predict(X)
