"""Naive Bayes on raw text: tokens, a vocabulary, counts by token id (notes 003, 004).

The pipeline, in the order note 004 tells it:

1. ``tokenize``: a document becomes its list of words (a compiled regex; lower case).
   Text is first put in Unicode NFC form (an accent typed as one character or as a letter
   plus a combining mark gives the same word), zero-width characters are removed (a
   zero-width space inside a word does not split it), and a dotted capital I lower-cases
   to "i". Chinese, Japanese and Korean characters are tokens one character each (the
   notes are Chinese, and those scripts write no spaces); Latin words need two or more
   letters or digits, as scikit-learn's CountVectorizer. For word-level Chinese, give
   ``TextNB(tokenizer="jieba")`` (words from the jieba segmenter) or any callable
   ``tokenizer`` (applied as scikit-learn's ``CountVectorizer(tokenizer=...)`` applies it).
2. The vocabulary V: every distinct word of the training documents gets an id.
3. Training (note 004's algorithm): for each class c, P(c) = |D_c| / |D| and
   P(w_k | c) = (n_ck + alpha) / (n_c + alpha |V|), where n_ck counts word k in all
   class-c documents concatenated (T_c) and n_c = |T_c|. The counts come from one
   ``numpy.bincount`` over (class, token id) pairs: no documents x vocabulary matrix.
4. Testing: words not in V are ignored; in log space (the log-linear form of 003)

       log P(c | x) = log P(c) + sum_k t_k log P(w_k | c) - log P(x)

   with t_k the number of times word k occurs in x.

:class:`TextNB` does all four; :func:`train_as_in_note` / :func:`classify_as_in_note`
follow note 004's pseudo-code line by line, and :func:`note003_fit` /
:func:`note003_predict` are note 003's numpy code, run as written (it has bugs: the
lesson finds them), next to the corrected :func:`fit_vectorised` / :func:`predict_vectorised`.

>>> nb = TextNB().fit(["cheap price now", "cheap cheap offer", "meeting at noon",
...                    "lunch meeting"], ["spam", "spam", "ham", "ham"])
>>> nb.predict(["cheap lunch", "noon meeting"])
array(['spam', 'ham'], dtype='<U4')
"""
from __future__ import annotations

import logging
import re
import unicodedata
import warnings
from fractions import Fraction
from collections import defaultdict, namedtuple
from itertools import chain, count, repeat
from math import comb, factorial

import numpy as np

import pandas as pd

from ._base import NbteachError, user_stacklevel
from .bernoulli import BernoulliNB
from .multinomial import MultinomialNB
from ._numeric import _BaseNB, class_log_prior, masked_dot
from .counts import joint_counts
from .i18n import tr
from ._shown import shown
from ._validation import NbteachTypeError, check_alpha, check_documents, check_is_fitted, validate_data

__all__ = [
    "TOKEN_PATTERN", "toy_mail", "tokenize", "build_vocabulary", "count_matrix", "TextNB", "EncodedDocuments",
    "TOKENIZERS", "char_bigrams", "jieba_words", "memoise",
    "UnknownWordsWarning",
    "train_as_in_note", "classify_as_in_note", "note003_fit", "note003_predict",
    "fit_vectorised", "predict_vectorised", "document_probability", "word_log_odds", "WordLogOdds",
]

#: CJK characters (Hiragana, Katakana, Han, Hangul), one token each.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
#: One CJK character, or a word of two or more letters/digits (scikit-learn's CountVectorizer
#: default, ``\b\w\w+\b``, for text without CJK characters).
TOKEN_PATTERN = rf"(?u)[{_CJK}]|(?:(?![{_CJK}])\w){{2,}}"
_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"))


def _normalise(text: str, lowercase: bool) -> str:
    """NFC, no zero-width characters, lower case (with 'İ' -> 'i'); ASCII takes the fast path."""
    if text.isascii():
        return text.lower() if lowercase else text
    text = unicodedata.normalize("NFC", text).translate(_ZERO_WIDTH)
    if lowercase:
        text = text.lower().replace("i\u0307", "i")
    return text


_BATCH_CHARS = 25_000  # characters per batch: memory stays flat however long the corpus

# The default pattern's fast path (TextNB with token_pattern=TOKEN_PATTERN), for a batch of
# documents in one pass: the documents are joined into one string, separated by " \x00 "
# (NUL is neither a word character nor CJK, and the default pattern looks at no character
# beyond those it matches, so no token spans it); one str.translate turns every ASCII
# character that is not a word character ([A-Za-z0-9_]) into a space, and A-Z into a-z
# when lower-casing; one str.split gives the maximal runs of word characters, "\x00"
# between documents. A run of one character is no word (two or more are needed: the
# caller drops it). A document with a non-ASCII character (rare in English text) stands
# as "\x01" in the joined string, and its tokens, made as tokenize makes them, take that
# place in the list.
_SEP, _HOLE = " \x00 ", "\x01"
_WORD_CHARS = "0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _ascii_table(lowercase: bool) -> str:
    """str.translate's table for ASCII text: word characters, NUL and SOH kept (A-Z as a-z
    when lower-casing), every other character a space."""
    table = [c if c in _WORD_CHARS + "\x00" + _HOLE else " " for c in map(chr, range(128))]
    if lowercase:
        table[ord("A"):ord("Z") + 1] = "abcdefghijklmnopqrstuvwxyz"
    return "".join(table)


_TABLES = {True: _ascii_table(True), False: _ascii_table(False)}
#: ids the fast path gives to the separator and to one-character runs (no words)
_SPECIAL_IDS = {"\x00": -2, **dict.fromkeys(_WORD_CHARS, -3)}
#: TOKEN_PATTERN's tokens with one character class instead of a look-ahead per character
#: (the same matches, tested; faster in the re module).
_FAST_PATTERN = re.compile(rf"[{_CJK}]|[^\W{_CJK}]{{2,}}")
_DEFAULT_PATTERN = re.compile(TOKEN_PATTERN)


def _is_default_pattern(pattern) -> bool:
    return pattern == _DEFAULT_PATTERN


def _fast_tokens(docs, lowercase) -> list:
    """The default pattern's tokens of a batch of documents, in order, "\x00" between two
    documents, the one-character runs left in (see above). The same words as _token_lists."""
    joined = _SEP.join(docs)
    if joined.count("\x00") != len(docs) - 1 or _HOLE in joined:
        # a document holds NUL or SOH itself: no word character, as a space
        docs = [d.replace("\x00", " ").replace(_HOLE, " ") for d in docs]
        joined = _SEP.join(docs)
    table = _TABLES[bool(lowercase)]
    if joined.isascii():
        return joined.translate(table).split()
    others = np.flatnonzero(~np.fromiter(map(str.isascii, docs), bool, len(docs))).tolist()
    texts = list(docs)
    for i in others:
        texts[i] = _HOLE
    toks = _SEP.join(texts).translate(table).split()
    out, last, findall = [], 0, _FAST_PATTERN.findall
    for i in others:                                  # the holes come in document order
        j = toks.index(_HOLE, last)
        out += toks[last:j]
        out += findall(_normalise(docs[i], lowercase))
        last = j + 1
    out += toks[last:]
    return out


class UnknownWordsWarning(UserWarning):
    """A document had no word of the vocabulary: its prediction is the prior."""


def toy_mail():
    """Six short hand-made messages (3 spam, 3 ham) for working by hand.

    >>> docs, labels = toy_mail()
    >>> docs[0], labels[0]
    ('Cheap pills, cheap price!', 'spam')
    """
    docs = ["Cheap pills, cheap price!", "Win cash now: cheap offer", "Claim your prize now",
            "Lunch at noon?", "The meeting is moved to noon", "Cheap lunch deal at the canteen"]
    return docs, ["spam", "spam", "spam", "ham", "ham", "ham"]


def tokenize(text, token_pattern: str = TOKEN_PATTERN, lowercase: bool = True) -> list:
    """The words of ``text``, in order (repeats kept).

    >>> tokenize("Cheap Viagra!!! Cheap, now.")
    ['cheap', 'viagra', 'cheap', 'now']
    >>> tokenize("免费领取 iPhone")                 # Chinese: one token per character
    ['免', '费', '领', '取', 'iphone']
    """
    if not isinstance(text, str):
        raise NbteachTypeError(tr({"en": f"tokenize takes one string, got {type(text).__name__}.",
                                   "zh": f"tokenize 只接受一个字符串，你给的是 {type(text).__name__}。"}))
    return _token_lists([text], _compile(token_pattern), lowercase)[0]


def _batches(docs):
    """(start, stop) ranges of about _BATCH_CHARS characters each (at least one document)."""
    ends = np.fromiter(map(len, docs), np.int64, len(docs))
    np.cumsum(ends, out=ends)
    cuts = np.searchsorted(ends, np.arange(_BATCH_CHARS, ends[-1] + 1, _BATCH_CHARS), "right")
    bounds = np.unique(np.concatenate([[0], cuts, [len(docs)]]))
    return [(int(a), int(b)) for a, b in zip(bounds[:-1], bounds[1:]) if b > a]


def _compile(token_pattern):
    """The compiled pattern, or a clear error for one that is not a usable regex."""
    if isinstance(token_pattern, re.Pattern):
        return token_pattern
    if not isinstance(token_pattern, str):
        raise NbteachTypeError(tr({"en": f"token_pattern must be a regular expression string, got "
                                         f"{type(token_pattern).__name__}.",
                                   "zh": f"token_pattern 必须是正则表达式字符串，你给的是 {type(token_pattern).__name__}。"}))
    try:
        pattern = re.compile(token_pattern)
    except re.error as err:
        raise NbteachError(tr({"en": f"token_pattern {token_pattern!r} is not a valid regular expression: {err}.",
                               "zh": f"token_pattern {token_pattern!r} 不是有效的正则表达式：{err}。"})) from None
    if pattern.groups > 1:
        raise NbteachError(tr({"en": f"token_pattern {token_pattern!r} has {pattern.groups} capturing groups; use at "
                                     "most one (or (?:...) for grouping), so that each match is one word.",
                               "zh": f"token_pattern {token_pattern!r} 有 {pattern.groups} 个捕获组；最多只能有一个（分组请用 (?:...)），这样每次匹配才是一个词。"}))
    return pattern


def _token_lists(docs, pattern, lowercase):
    findall = pattern.findall
    texts = [_normalise(d, lowercase) for d in docs]
    out = list(map(findall, texts))
    if pattern.fullmatch("") is not None:            # a pattern such as \w* also matches "": no empty word
        out = [[t for t in toks if t] for toks in out]
    return out


def _add_counts(counts, cls, ids, V):
    """counts[:, :V] += the (class, id) pair counts, the array grown (doubled) as V needs."""
    K = counts.shape[0]
    if V > counts.shape[1]:
        counts = np.hstack([counts, np.zeros((K, max(V, 2 * counts.shape[1]) - counts.shape[1]))])
    counts[:, :V] += joint_counts([cls, ids], [K, V])
    return counts


_NO_WORD = {"en": "it has no word of two or more letters", "zh": "它没有一个由两个或更多字母组成的词"}


def _check_not_empty(lengths, start, name, why=_NO_WORD):
    if np.any(lengths == 0):
        i = int(np.flatnonzero(lengths == 0)[0]) + start
        raise NbteachError(tr({
            "en": f"{name}[{i}] is an empty document: {tr(why, 'en')}. Remove it, or give it some text.",
            "zh": f"{name}[{i}] 是一篇空文档：{tr(why, 'zh')}。请删去它，或给它一些文字。"}))


# -- tokenizer=: a segmenter or any callable, as scikit-learn's CountVectorizer applies it --

TOKENIZERS = ("jieba",)   #: the tokenizers TextNB knows by name (besides None and a callable)


def _jieba_lcut():
    """jieba's ``lcut`` (accurate mode, HMM for unknown words), its start-up log silenced."""
    try:
        import jieba  # optional (the 'lab' extra): only tokenizer='jieba' needs jieba
    except ImportError:
        raise NbteachError(
            tr({"en": "tokenizer='jieba' needs the 'jieba' package, which is not installed: pip install jieba "
                      "(it is in the 'lab' extra: pip install -e '.[lab]', or `make lab`).",
                "zh": "tokenizer='jieba' 需要 jieba 包，但它没有安装：pip install jieba（它在 'lab' 附加依赖中：pip install -e '.[lab]'，或 `make lab`）。"})) from None

    jieba.setLogLevel(logging.WARNING)   # no "Building prefix dict..." lines in a lesson
    return jieba.lcut


def jieba_words(text: str) -> list:
    """The words of ``text`` by the jieba segmenter: ``jieba.lcut(text)`` (accurate mode), with
    jieba's start-up log silenced. ``TextNB(tokenizer="jieba")`` counts these (of the
    lower-cased text, when ``lowercase``). Punctuation and spaces come out as tokens too.

    >>> jieba_words("质量不好，不推荐")
    ['质量', '不好', '，', '不', '推荐']
    """
    if not isinstance(text, str):
        raise NbteachTypeError(tr({"en": f"jieba_words takes one string, got {type(text).__name__}.",
                                   "zh": f"jieba_words 只接受一个字符串，你给的是 {type(text).__name__}。"}))
    return _jieba_lcut()(text)


def memoise(tokenizer):
    """A tokenizer that remembers each text's tokens: ``TextNB(tokenizer=memoise(f))`` counts what
    ``TextNB(tokenizer=f)`` counts, but calls ``f`` once per distinct text, however many models
    (splits, alphas) tokenize the same documents. For a slow segmenter such as jieba, whose
    words depend on the text alone. ``f`` may be ``"jieba"`` or a callable.

    >>> calls = []
    >>> words = memoise(lambda s: calls.append(s) or s.split())
    >>> words("a b") == words("a b") == ["a", "b"], len(calls)
    (True, 1)
    """
    return _Memoised(tokenizer)


class _Memoised:
    """What :func:`memoise` returns: the tokenizer, and a dict text -> its tokens."""

    def __init__(self, tokenizer):
        self.tokenizer = _resolve_tokenizer(tokenizer)
        if self.tokenizer is None:
            raise NbteachError(tr({"en": "memoise takes a tokenizer ('jieba' or a function); None is the token "
                                         "pattern, which is fast and needs no memo.",
                                   "zh": "memoise 接受一个分词器（'jieba' 或一个函数）；None 表示按 token_pattern 分词，它很快，不需要缓存。"}))
        self.memo = {}

    def __call__(self, text):
        toks = self.memo.get(text)
        if toks is None:
            toks = self.tokenizer(text)
            if type(toks) is not list:              # TextNB names the culprit: pass it on as it came
                return toks
            self.memo[text] = toks
        return list(toks)

    def __repr__(self):
        return f"memoise({_tokenizer_name(self.tokenizer)})"


def _resolve_tokenizer(tokenizer):
    """None (the token pattern), or the callable that tokenizes one (lower-cased) text."""
    if tokenizer is None:
        return None
    if isinstance(tokenizer, str):
        if tokenizer == "jieba":
            return _jieba_lcut()
        raise NbteachError(
            tr({"en": f"tokenizer={tokenizer!r} is not a tokenizer TextNB knows: use None (the token pattern), "
                      f"one of {', '.join(map(repr, TOKENIZERS))}, or a function that takes one text and "
                      "returns its list of tokens.",
                "zh": f"tokenizer={tokenizer!r} 不是 TextNB 认识的分词器：请用 None（按 token_pattern 分词）、{'、'.join(map(repr, TOKENIZERS))} 之一，或一个接受一段文本、返回其词元列表的函数。"}))
    if not callable(tokenizer):
        raise NbteachTypeError(
            tr({"en": f"tokenizer must be None, {', '.join(map(repr, TOKENIZERS))}, or a function that takes one "
                      f"text and returns its list of tokens; got {type(tokenizer).__name__} ({tokenizer!r}).",
                "zh": f"tokenizer 必须是 None、{'、'.join(map(repr, TOKENIZERS))}，或一个接受一段文本、返回其词元列表的函数；你给的是 {type(tokenizer).__name__}（{tokenizer!r}）。"}))
    return tokenizer


def char_bigrams(text: str) -> list:
    """The text's overlapping pairs of adjacent characters, a tokenizer for ``TextNB(tokenizer=...)``.

    Every character counts, punctuation and spaces too (nothing is dropped). For Chinese, a
    pair keeps some order that single characters lose: 不好 is one token, not 不 and 好.

    >>> char_bigrams("质量不好")
    ['质量', '量不', '不好']
    """
    if not isinstance(text, str):
        raise NbteachTypeError(tr({"en": f"char_bigrams takes one string, got {type(text).__name__}.",
                                   "zh": f"char_bigrams 只接受一个字符串，你给的是 {type(text).__name__}。"}))
    return [text[i:i + 2] for i in range(len(text) - 1)]


def _tokenizer_name(f) -> str:
    return getattr(f, "__qualname__", None) or getattr(f, "__name__", None) or repr(f)


def _callable_token_lists(docs, f, lowercase, start=0):
    """f(text) per document, text lower-cased (str.lower) if ``lowercase``, nothing else done to
    it: what scikit-learn's CountVectorizer(tokenizer=f, token_pattern=None) counts. ``start``:
    the index of docs[0] among all the documents (for the message)."""
    out = [f(d.lower()) for d in docs] if lowercase else list(map(f, docs))
    if not all(type(t) is list for t in out):
        i = next(i for i, t in enumerate(out) if type(t) is not list)
        got = out[i]
        more = tr({"en": " (a generator: for jieba use jieba.lcut, not jieba.cut, or wrap it as "
                         "lambda s: list(f(s)))",
                   "zh": "（一个生成器：jieba 请用 jieba.lcut 而不是 jieba.cut，或包装成 lambda s: list(f(s))）"}
                  ) if hasattr(got, "__next__") else ""
        raise NbteachTypeError(
            tr({"en": f"the tokenizer {_tokenizer_name(f)} returned {type(got).__name__}{more} for document {i + start}, "
                      "not a list: it must take one text and return the list of its tokens (strings).",
                "zh": f"分词器 {_tokenizer_name(f)} 对第 {i + start} 篇文档返回了 {type(got).__name__}{more}，而不是列表：它必须接受一段文本并返回其词元（字符串）的列表。"}))
    if not all(map(isinstance, chain.from_iterable(out), repeat(str))):
        bad = next(t for t in chain.from_iterable(out) if not isinstance(t, str))
        raise NbteachTypeError(
            tr({"en": f"the tokenizer {_tokenizer_name(f)} returned a list holding {type(bad).__name__} ({bad!r}): "
                      "every token must be a string.",
                "zh": f"分词器 {_tokenizer_name(f)} 返回的列表中有 {type(bad).__name__}（{bad!r}）：每个词元都必须是字符串。"}))
    return out


def build_vocabulary(documents, token_pattern: str = TOKEN_PATTERN, lowercase=True) -> dict:
    """V as a dict word -> id, ids in order of first appearance.

    >>> build_vocabulary(["the cat sat", "the dog"])
    {'the': 0, 'cat': 1, 'sat': 2, 'dog': 3}
    """
    pattern = _compile(token_pattern)
    vocab: dict = {}
    for toks in _token_lists(check_documents(documents), pattern, lowercase):
        for w in toks:
            vocab.setdefault(w, len(vocab))
    return vocab


def count_matrix(documents, vocabulary, token_pattern: str = TOKEN_PATTERN, lowercase=True):
    """The dense documents x vocabulary count matrix, x[d, k] = count of word k in d.

    For hand-sized examples only (the notes' vectorised code takes such a matrix);
    TextNB never builds it. Words outside ``vocabulary`` are ignored.

    >>> count_matrix(["cheap cheap pills", "see you"], {"cheap": 0, "pills": 1, "see": 2})
    array([[2, 1, 0],
           [0, 0, 1]])
    """
    docs = check_documents(documents)
    X = np.zeros((len(docs), len(vocabulary)), dtype=np.int64)
    for d, toks in enumerate(_token_lists(docs, _compile(token_pattern), lowercase)):
        for w in toks:
            k = vocabulary.get(w)
            if k is not None:
                X[d, k] += 1
    return X


class TextNB(_BaseNB):
    """Multinomial naive Bayes from raw text to predictions (notes 003, 004).

    Parameters
    ----------
    alpha : float, default 1.0
        Smoothing: P(w_k | c) = (n_ck + alpha) / (n_c + alpha |V|); 1 is Laplace.
    fit_prior : bool, default True
        P(c) = |D_c| / |D| if True, else uniform.
    class_prior : array-like, optional
        Fixed P(c), in the order of ``classes_``.
    token_pattern : str
        Regular expression of a word (default: scikit-learn's, two or more characters; one
        Chinese, Japanese or Korean character is a word). Not used when ``tokenizer`` is given.
    lowercase : bool, default True
    tokenizer : None, "jieba" or callable, default None
        How a document becomes its tokens. None: ``token_pattern``, with the text normalised
        as :func:`tokenize` says. ``"jieba"``: the words of the jieba segmenter
        (``jieba.lcut``: accurate mode; spaces and punctuation come out as tokens too, as
        jieba returns them). A callable ``f``: ``f(text)`` must return the list of the text's
        tokens (strings); it gets the document lower-cased with ``str.lower`` if
        ``lowercase``, and otherwise as given, exactly as scikit-learn's
        ``CountVectorizer(tokenizer=f, token_pattern=None)`` calls it, so that the two count
        the same tokens (for instance character bigrams,
        ``lambda s: [s[i:i + 2] for i in range(len(s) - 1)]``). Each document is tokenized
        once per ``fit`` and once per prediction call.

    Attributes
    ----------
    vocabulary_ : dict word -> id (first appearance order)
    classes_, class_count_, class_log_prior_ : as in MultinomialNB
    feature_count_ : ndarray (n_classes, |V|), n_ck
    feature_log_prob_ : ndarray (n_classes, |V|), log P(w_k | c)

    Examples
    --------
    >>> docs = ["win cash now", "win a prize", "see you at lunch", "lunch at noon"]
    >>> nb = TextNB(alpha=1).fit(docs, ["spam", "spam", "ham", "ham"])
    >>> len(nb.vocabulary_), nb.class_count_
    (9, array([2., 2.]))
    >>> nb.feature_count_.sum(axis=1)   # n_c: "a" is too short to be a word
    array([7., 5.])
    >>> # ham: 1/16 * 3/16, spam: 2/14 * 1/14 ("for" is unknown: ignored)
    >>> nb.predict_proba(["cash for lunch"]).round(4)
    array([[0.5345, 0.4655]])
    >>> words = TextNB(tokenizer=str.split).fit(["免费 领取 红包", "明天 开会"], ["spam", "ham"])
    >>> list(words.vocabulary_)
    ['免费', '领取', '红包', '明天', '开会']
    """

    _fitted_attribute = "feature_log_prob_"

    def __init__(self, alpha=1.0, fit_prior=True, class_prior=None,
                 token_pattern=TOKEN_PATTERN, lowercase=True, tokenizer=None):
        self.alpha = alpha
        self.fit_prior = fit_prior
        self.class_prior = class_prior
        self.token_pattern = token_pattern
        self.lowercase = lowercase
        self.tokenizer = tokenizer

    def _tokenizer(self):
        """(callable, None) for a tokenizer, or (None, compiled pattern) for the pattern."""
        f = _resolve_tokenizer(self.tokenizer)
        return (f, None) if f is not None else (None, _compile(self.token_pattern))

    def _token_lists(self, docs, tokenizer, pattern, start=0):
        if tokenizer is not None:
            return _callable_token_lists(docs, tokenizer, self.lowercase, start)
        return _token_lists(docs, pattern, self.lowercase)

    def _empty_reason(self):
        if self.tokenizer is None:
            return _NO_WORD
        name = self.tokenizer if isinstance(self.tokenizer, str) else _tokenizer_name(self.tokenizer)
        return {"en": f"the tokenizer {name} gave it no token", "zh": f"分词器 {name} 没有从中得到任何词"}

    # -- training ---------------------------------------------------------------------
    def fit(self, documents, y):
        """Count n_ck by token id with one bincount per batch of documents, then smooth.

        With the default ``token_pattern``, a batch is tokenised in one pass over the
        joined documents (the same words as :func:`tokenize`, tested), not one by one.
        """
        alpha = float(check_alpha(self.alpha))
        docs, (classes, y_index) = validate_data(self, documents, y, reset=True, kind="documents")
        K = len(classes)
        tokenizer, pattern = self._tokenizer()
        if tokenizer is None and _is_default_pattern(pattern):
            return self._fit_default(docs, classes, y_index, alpha)
        why = self._empty_reason()
        vocab = defaultdict()
        vocab.default_factory = vocab.__len__  # a new word gets the next id, in C
        counts = np.zeros((K, 1024))
        for start, stop in _batches(docs):
            toks = self._token_lists(docs[start:stop], tokenizer, pattern, start)
            lengths = np.fromiter(map(len, toks), np.intp, len(toks))
            _check_not_empty(lengths, start, "documents", why)
            flat = chain.from_iterable(toks)
            ids = np.fromiter(map(vocab.__getitem__, flat), np.intp, int(lengths.sum()))
            counts = _add_counts(counts, np.repeat(y_index[start:stop], lengths), ids, len(vocab))
        return self._fitted(dict(vocab), classes, y_index, counts[:, :len(vocab)], alpha)

    def _fit_default(self, docs, classes, y_index, alpha):
        """fit for the default pattern: one translate and split per batch (_fast_tokens), one
        dict look-up per token (new words numbered in C), one bincount per batch."""
        vocab = defaultdict(None, _SPECIAL_IDS)
        vocab.default_factory = count().__next__     # a new word gets the next id, from 0
        counts = np.zeros((len(classes), 1024))
        for start, stop in _batches(docs):
            toks = _fast_tokens(docs[start:stop], self.lowercase)
            ids = np.fromiter(map(vocab.__getitem__, toks), np.intp, len(toks))
            del toks
            doc = np.cumsum(ids == -2)                # the document of each token
            word = ids >= 0
            ids, doc = ids[word], doc[word]
            _check_not_empty(np.bincount(doc, minlength=stop - start), start, "documents")
            counts = _add_counts(counts, y_index[start:stop][doc], ids, len(vocab) - len(_SPECIAL_IDS))
        for w in _SPECIAL_IDS:
            del vocab[w]
        vocabulary = dict(vocab)
        del vocab
        return self._fitted(vocabulary, classes, y_index, counts[:, :len(vocabulary)], alpha)

    def _fitted(self, vocabulary, classes, y_index, feature_count, alpha):
        self.vocabulary_ = vocabulary
        self.classes_ = classes
        self.class_count_ = joint_counts([y_index], [len(classes)]).astype(float)
        self.feature_count_ = feature_count
        self.set_alpha(alpha)
        return self

    def set_alpha(self, alpha):
        """Re-smooth the stored counts with a new alpha (no re-counting); returns self."""
        check_is_fitted(self, "feature_count_")
        self.alpha = check_alpha(alpha)
        smoothed = self.feature_count_ + float(alpha)
        with np.errstate(divide="ignore"):
            log_total = np.log(smoothed.sum(axis=1, keepdims=True))
            self.feature_log_prob_ = np.subtract(np.log(smoothed, out=smoothed), log_total, out=smoothed)
        self.class_log_prior_ = class_log_prior(self)
        return self

    def get_feature_names_out(self):
        """The vocabulary as an array, in id order."""
        check_is_fitted(self, "vocabulary_")
        return np.array(list(self.vocabulary_), dtype=object)

    # -- prediction -------------------------------------------------------------------
    def _ids(self, docs):
        """Per batch: (token ids of known words, their document index, batch size, start)."""
        tokenizer, pattern = self._tokenizer()
        if tokenizer is None and _is_default_pattern(pattern):
            yield from self._ids_default(docs)
            return
        why = self._empty_reason()
        get = self.vocabulary_.get
        for start, stop in _batches(docs):
            toks = self._token_lists(docs[start:stop], tokenizer, pattern, start)
            lengths = np.fromiter(map(len, toks), np.intp, len(toks))
            _check_not_empty(lengths, start, "documents", why)
            flat = chain.from_iterable(toks)
            ids = np.fromiter(map(get, flat, repeat(-1)), np.intp, int(lengths.sum()))
            doc = np.repeat(np.arange(len(toks)), lengths)
            known = ids >= 0
            yield ids[known], doc[known], len(toks), start

    def _ids_default(self, docs):
        """_ids for the default pattern (_fast_tokens), looking words up in vocabulary_ itself."""
        vocab = self.vocabulary_
        if any(w in vocab for w in _SPECIAL_IDS):        # a vocabulary made with another pattern
            vocab = {**vocab, **_SPECIAL_IDS}
        get, special = vocab.get, _SPECIAL_IDS.get
        for start, stop in _batches(docs):
            toks = _fast_tokens(docs[start:stop], self.lowercase)
            ids = np.fromiter(map(get, toks, repeat(-1)), np.intp, len(toks))
            other = np.flatnonzero(ids == -1)     # an unknown word, a separator, one character
            ids[other] = np.fromiter(map(special, map(toks.__getitem__, other.tolist()), repeat(-1)),
                                     np.intp, len(other))
            del toks
            doc = np.cumsum(ids == -2)
            _check_not_empty(np.bincount(doc[ids >= -1], minlength=stop - start), start, "documents")
            known = ids >= 0
            yield ids[known], doc[known], stop - start, start

    # predict, predict_proba, predict_log_proba and predict_joint_log_proba are _BaseNB's on these two
    def _check_X(self, documents):
        """The documents checked and looked up in the vocabulary (batch by batch, as they are
        scored), or documents :meth:`encode` made for this fit."""
        if isinstance(documents, EncodedDocuments):
            if documents.vocabulary is not self.vocabulary_:
                raise NbteachError(tr({"en": "these documents were encoded with another fit's vocabulary (the model "
                                             "was refitted since, or they come from another model): call "
                                             "encode(documents) again.",
                                       "zh": "这些文档是用另一次拟合的词汇表编码的（模型此后重新拟合过，或它们来自另一个模型）："
                                             "请重新调用 encode(documents)。"}))
            return documents
        docs = check_documents(documents)
        return EncodedDocuments(self._ids(docs), len(docs), self.vocabulary_)

    def _joint_log_likelihood(self, encoded):
        """log P(c) + sum_k t_k log P(w_k | c) per document; unknown words ignored.

        A document with no known word scores its prior, with an UnknownWordsWarning.
        """
        K = len(self.classes_)
        out = np.empty((encoded.n_documents, K))
        only_unknown = []
        for ids, doc, n, start in encoded.batches:
            for k in range(K):
                out[start:start + n, k] = np.bincount(
                    doc, weights=self.feature_log_prob_[k, ids], minlength=n)
            n_known = np.bincount(doc, minlength=n)
            only_unknown.extend((np.flatnonzero(n_known == 0) + start).tolist())
        out += self.class_log_prior_
        if only_unknown:
            warnings.warn(tr({
                "en": f"{len(only_unknown)} document(s) (first: index {only_unknown[0]}) contain "
                      "only words that are not in the vocabulary; they are ignored, as in note "
                      "004, so the prediction falls back to the prior P(c).",
                "zh": f"{len(only_unknown)} 篇文档（第一篇：下标 {only_unknown[0]}）只含词汇表里没有的词；"
                      "这些词和笔记 004 里一样被忽略，所以预测退回到先验概率 P(c)。"}),
                UnknownWordsWarning, stacklevel=user_stacklevel())
        return out

    def encode(self, documents):
        """The documents tokenized and looked up in this fit's vocabulary, once.

        :meth:`predict_encoded` scores them without tokenizing again: a caller that
        predicts the same documents at many alphas (:meth:`set_alpha` keeps the
        vocabulary) tokenizes them once. Refitting makes a new vocabulary; documents
        encoded before it are refused.

        >>> nb = TextNB().fit(["cheap pills", "team lunch"], ["spam", "ham"])
        >>> enc = nb.encode(["cheap cheap lunch", "lunch"])
        >>> nb.set_alpha(0.1).predict_encoded(enc).tolist() == nb.predict(["cheap cheap lunch", "lunch"]).tolist()
        True
        """
        check_is_fitted(self, "feature_log_prob_")
        docs = check_documents(documents)
        return EncodedDocuments(list(self._ids(docs)), len(docs), self.vocabulary_)

    def predict_encoded(self, encoded):
        """argmax_c log P(c) + sum_k t_k log P(w_k | c) for documents from :meth:`encode`,
        at the current alpha: what :meth:`predict` answers for the same documents."""
        if not isinstance(encoded, EncodedDocuments):
            raise NbteachTypeError(tr({"en": f"predict_encoded takes what TextNB.encode(documents) returns, got "
                                             f"{type(encoded).__name__}; for raw documents call predict.",
                                       "zh": f"predict_encoded 接受 TextNB.encode(documents) 的返回值，你给的是 {type(encoded).__name__}；原始文档请调用 predict。"}))
        return self.predict(encoded)

    def joint_proba_by_product(self, documents):
        """P(c) * prod_k P(w_k | c)^t_k multiplied out in floating point, no logs.

        This is the formula as the notes write it. For a long document the product of
        hundreds of numbers below 1 underflows to 0.0 for every class.
        """
        check_is_fitted(self, "feature_log_prob_")
        docs = check_documents(documents)
        theta = np.exp(self.feature_log_prob_)
        prior = np.exp(self.class_log_prior_)
        out = np.empty((len(docs), len(self.classes_)))
        for ids, doc, n, start in self._ids(docs):
            for i in range(n):
                word_ids = ids[doc == i]
                for k in range(len(self.classes_)):
                    p = prior[k]
                    for t in theta[k, word_ids]:  # one multiplication per word, as written
                        p *= t
                    out[start + i, k] = p
        return out

    def explain(self, text):
        """Each word's contribution to log P(c | x), as a table.

        Rows: the prior, then each distinct word of ``text`` (count t_k, and
        t_k * log P(w_k | c) per class; unknown words are listed with 0 and marked),
        then the total (the joint log-likelihood) and the posterior P(c | x).
        For two classes, the column ``log-odds`` is the first class's contribution minus
        the second's: positive pushes towards ``classes_[0]``.
        """

        check_is_fitted(self, "feature_log_prob_")
        if not isinstance(text, str):
            raise NbteachTypeError(tr({"en": f"explain takes one string, got {type(text).__name__}.",
                                       "zh": f"explain 只接受一个字符串，你给的是 {type(text).__name__}。"}))
        tokenizer, pattern = self._tokenizer()
        toks = self._token_lists([text], tokenizer, pattern)[0]
        if not toks:
            why = self._empty_reason()
            raise NbteachError(tr({"en": f"The message is empty: {tr(why, 'en')}.",
                                   "zh": f"这条消息是空的：{tr(why, 'zh')}。"}))
        names = [str(c) for c in self.classes_]
        counts: dict = {}
        for w in toks:
            counts[w] = counts.get(w, 0) + 1
        # one frame built at once (appending rows to a DataFrame costs about a millisecond each:
        # lesson 06's message explorer calls this at every key press)
        words = list(counts)
        t = np.array([counts[w] for w in words], dtype=float)
        cols = np.array([self.vocabulary_.get(w, -1) for w in words])
        known = cols >= 0
        contrib = np.zeros((len(words), len(names)))
        contrib[known] = t[known, None] * self.feature_log_prob_[:, cols[known]].T
        prior = np.asarray(self.class_log_prior_, dtype=float)
        # each class's column added up as pandas adds a column (contiguous, prior first): the same bits
        total = np.ascontiguousarray(np.vstack([prior, contrib]).T).sum(axis=1)
        post = np.exp(self._normalise(total[None, :]))[0]
        values = np.vstack([prior, contrib, total, post])
        table = pd.DataFrame(values, columns=names,
                             index=["(prior)", *words, "(total = joint log-likelihood)", "(posterior P(c|x))"])
        table.insert(0, "kind", ["prior"] + ["word" if k else "unknown: ignored" for k in known]
                     + ["sum", "log-sum-exp"])
        table.insert(0, "count", np.concatenate([[np.nan], t, [np.nan, np.nan]]))
        if len(names) == 2:
            odds = values[:, 0] - values[:, 1]
            odds[-1] = np.nan
            table["log-odds"] = odds

        return shown(table, "count", "kind", "log-odds", "(prior)", "(total = joint log-likelihood)",
                     "(posterior P(c|x))", cells=("prior", "word", "unknown: ignored", "sum", "log-sum-exp"))

    def indicative_words(self, n: int = 10, min_count: int = 5):
        """The words that most favour each class: log P(w | c) - log P(w | other classes).

        For each class c, the log-ratio of the word's (smoothed) probability in c to its mean
        probability in the other classes; the ``n`` largest, among the words seen at least
        ``min_count`` times in the training data (rarer words have ratios made mostly of
        smoothing). One word with log-ratio r multiplies the odds of c by e^r each time it
        occurs.

        Returns a DataFrame with columns ``class``, ``word``, ``log-ratio``, ``count``.
        """

        check_is_fitted(self, "feature_log_prob_")
        for name, v in (("n", n), ("min_count", min_count)):
            if not isinstance(v, (int, np.integer)) or isinstance(v, bool) or v < 1:
                raise NbteachError(tr({"en": f"{name} must be a positive integer, got {v!r}.",
                                       "zh": f"{name} 必须是正整数，得到的是 {v!r}。"}))
        words = self.get_feature_names_out()
        total = self.feature_count_.sum(axis=0)
        keep = np.flatnonzero(total >= min_count)
        if keep.size == 0:
            raise NbteachError(tr({"en": f"no word occurs {min_count} times or more: lower min_count.",
                                   "zh": f"没有哪个词出现 {min_count} 次或更多：请调低 min_count。"}))
        logp = self.feature_log_prob_[:, keep]
        K = len(self.classes_)
        rows = []
        for c in range(K):
            others = np.delete(np.exp(logp), c, axis=0).mean(axis=0)
            ratio = logp[c] - np.log(others)
            for j in np.argsort(-ratio, kind="stable")[:n]:
                rows.append({"class": self.classes_[c], "word": words[keep[j]],
                             "log-ratio": float(ratio[j]), "count": int(self.feature_count_[c, keep[j]])})
        columns = ["class", "word", "log-ratio", "count"]
        return shown(pd.DataFrame(rows, columns=columns), *columns)


# -- note 004, line by line -----------------------------------------------------------

class EncodedDocuments:
    """Documents as :meth:`TextNB.encode` leaves them: per batch, the token ids of their known
    words and the document each belongs to, for one fit's vocabulary."""

    __slots__ = ("batches", "n_documents", "vocabulary")

    def __init__(self, batches, n_documents, vocabulary):
        self.batches, self.n_documents, self.vocabulary = batches, n_documents, vocabulary

    def __len__(self):
        return self.n_documents

    def __repr__(self):
        return tr({"en": f"EncodedDocuments({self.n_documents} documents)",
                   "zh": f"EncodedDocuments（{self.n_documents} 篇文档）"})


WordLogOdds = namedtuple("WordLogOdds", ["words", "prior", "total"])
WordLogOdds.__doc__ = """What :func:`word_log_odds` returns: ``words`` (one number per vocabulary id),
``prior`` (log P(c0) - log P(c1)) and ``total`` (their sum, the document's log odds)."""


def word_log_odds(model, counts):
    """What each vocabulary word adds to the log odds of a fitted two-class model's first
    class c0 against its second c1, for one document's word counts t_k.

    * multinomial (:class:`~nbteach.MultinomialNB`, :class:`TextNB`):
      t_k (log theta_k|c0 - log theta_k|c1); an absent word adds nothing, a repeated one
      adds again;
    * Bernoulli (:class:`~nbteach.BernoulliNB`): log(mu_k|c0 / mu_k|c1) if word k is
      present (once, however often), log((1 - mu_k|c0) / (1 - mu_k|c1)) if it is absent.

    ``prior`` is log P(c0) - log P(c1) and ``total`` = sum of ``words`` + ``prior``, the
    log odds log P(c0 | x) - log P(c1 | x) the model's ``predict_proba`` turns into P(c0 | x).

    >>> docs = ["free money", "free free offer", "lunch meeting", "meeting at noon"]
    >>> V = build_vocabulary(docs); X = count_matrix(docs, V); y = ["spam", "spam", "ham", "ham"]
    >>> x = count_matrix(["free free lunch"], V)[0]
    >>> m = word_log_odds(MultinomialNB().fit(X, y), x)          # classes_ = ['ham', 'spam']
    >>> round(float(m.words[V["free"]]), 4), float(m.words[V["noon"]])   # 2 log((1/12) / (4/12)); noon absent
    (-2.7726, 0.0)
    >>> b = word_log_odds(BernoulliNB().fit(X, y), x)
    >>> round(float(b.words[V["noon"]]), 4)                      # an absent word counts too
    -0.4055
    >>> p = MultinomialNB().fit(X, y).predict_proba([x])[0]
    >>> bool(np.isclose(m.total, np.log(p[0] / p[1])))
    True
    """
    if not isinstance(model, (MultinomialNB, BernoulliNB, TextNB)):
        raise NbteachTypeError(tr({"en": "word_log_odds takes a fitted MultinomialNB, BernoulliNB or TextNB, got "
                                         f"{type(model).__name__}.",
                                   "zh": f"word_log_odds 需要一个已拟合的 MultinomialNB、BernoulliNB 或 TextNB，你给的是 {type(model).__name__}。"}))
    check_is_fitted(model, "feature_log_prob_")
    if len(model.classes_) != 2:
        raise NbteachError(tr({"en": f"word_log_odds compares two classes; the model has {list(model.classes_)}.",
                               "zh": f"word_log_odds 比较两个类别；这个模型的类别是 {list(model.classes_)}。"}))
    t = np.asarray(counts)
    V = model.feature_log_prob_.shape[1]
    if t.ndim == 2 and t.shape[0] == 1:
        t = t[0]
    if t.ndim != 1 or t.shape[0] != V or t.dtype.kind not in "biuf":
        got = f"shape {t.shape}" if t.dtype.kind in "biuf" else f"{t.dtype.name} values"
        raise NbteachError(tr({"en": f"counts must be one document's {V} word counts (one row of count_matrix), got {got}.",
                               "zh": f"counts 必须是一篇文档的 {V} 个词的计数（count_matrix 的一行），你给的是 {got}。"}))
    if not np.all(np.isfinite(t)) or np.any(t < 0):
        raise NbteachError(tr({"en": "counts must be finite counts >= 0.",
                               "zh": "counts 必须是 >= 0 的有限计数。"}))
    lp = model.feature_log_prob_
    if isinstance(model, BernoulliNB):
        log_not = np.log1p(-np.exp(lp))                             # log(1 - mu)
        present = t > (0 if model.binarize is None else model.binarize)
        words = np.where(present, lp[0] - lp[1], log_not[0] - log_not[1])
    else:
        words = t * (lp[0] - lp[1])
    prior = model.class_log_prior_[0] - model.class_log_prior_[1]
    return WordLogOdds(words, prior, words.sum() + prior)


def train_as_in_note(documents, labels, alpha=1):
    """Note 004's training algorithm, one line of code per line of pseudo-code.

    Returns (vocabulary, prior, cond) with prior[c] = |D_c| / |D| and
    cond[c][w] = (n_cw + alpha) / (n_c + alpha |V|), all as exact Fractions.

    >>> V, prior, cond = train_as_in_note(["cheap cheap pills", "see you"], ["spam", "ham"])
    >>> prior["spam"], cond["spam"]["cheap"]      # (2 + 1) / (3 + 4)
    (Fraction(1, 2), Fraction(3, 7))
    """
    docs = check_documents(documents)
    labels = list(labels)
    if len(labels) != len(docs):
        raise NbteachError(tr({"en": f"{len(docs)} documents but {len(labels)} labels: one label each.",
                               "zh": f"有 {len(docs)} 篇文档，但有 {len(labels)} 个标记：每篇文档一个标记。"}))
    alpha = check_alpha(alpha)
    tokens = [tokenize(d) for d in docs]
    V = sorted(set(chain.from_iterable(tokens)))  # the distinct words in D
    prior, cond = {}, {}
    for c in sorted(set(labels)):                  # for each target value c
        D_c = [t for t, y in zip(tokens, labels) if y == c]
        prior[c] = Fraction(len(D_c), len(docs))   # P(c) = |D_c| / |D|
        T_c = list(chain.from_iterable(D_c))       # concatenate the documents of D_c
        n_c = len(T_c)
        cond[c] = {}
        for w in V:                                # for w_k in V
            n_cw = T_c.count(w)
            cond[c][w] = (n_cw + Fraction(alpha)) / (n_c + Fraction(alpha) * len(V))
    return V, prior, cond


def classify_as_in_note(model, text, as_written=False):
    """Note 004's testing algorithm: P(c) * prod over the known words of P(w | c).

    ``as_written=True`` keeps the note's ``I <- I u {k}``: I is a *set*, so a word that
    occurs twice is multiplied in once. The model (and ``as_written=False``) multiplies
    once per occurrence, P(w|c)^t. Returns the dict of unnormalised scores (Fractions).

    >>> model = train_as_in_note(["cheap cheap pills", "see you"], ["spam", "ham"])
    >>> classify_as_in_note(model, "cheap cheap")["spam"]
    Fraction(9, 98)
    >>> classify_as_in_note(model, "cheap cheap", as_written=True)["spam"]
    Fraction(3, 14)
    """
    V, prior, cond = model
    known = [w for w in tokenize(text) if w in set(V)]   # unknown words are ignored
    I = set(known) if as_written else known
    scores = {}
    for c in prior:
        p = prior[c]
        for w in I:
            p *= cond[c][w]
        scores[c] = p
    return scores


def document_probability(counts, theta, as_in_note=False):
    """P(x | c) of the multinomial model for a document with word counts x, exactly.

    Correct: n! / (x_1! ... x_M!) * prod_i theta_i^x_i, where n = sum_i x_i.
    ``as_in_note=True`` uses note 003's coefficient C(x_1, n) C(x_2, n - x_1) ..., whose
    upper and lower arguments are swapped; C(x_1, n) = 0 unless x_1 = n, so every document
    but "word 1 repeated n times" gets probability 0.

    >>> from fractions import Fraction as F
    >>> document_probability([2, 1], [F(1, 2), F(1, 2)])
    Fraction(3, 8)
    >>> document_probability([2, 1], [F(1, 2), F(1, 2)], as_in_note=True)
    Fraction(0, 1)
    """
    counts = [int(x) for x in counts]
    if len(counts) != len(theta):
        raise NbteachError(tr({"en": "counts and theta must have one entry per word.",
                               "zh": "counts 和 theta 必须每个词一项。"}))
    if any(x < 0 for x in counts):
        raise NbteachError(tr({"en": "Word counts cannot be negative.",
                               "zh": "词频不能为负。"}))
    n = sum(counts)
    power = Fraction(1)
    for x, t in zip(counts, theta):
        power *= Fraction(t) ** x
    if as_in_note:
        coef, rest = 1, n
        for x in counts:
            coef *= comb(x, rest)  # C(x_i, rest): the note's order, upside down
            rest -= x
    else:
        coef = factorial(n)
        for x in counts:
            coef //= factorial(x)
    return coef * power


# -- note 003's numpy code, as written, and corrected -----------------------------------

def note003_fit(y, x, alpha=0.):
    """Note 003's ``fit``, translated to Python 3 (``xrange`` -> ``range``), logic unchanged.

    Kept with its mistakes for lesson 06 to find; use :func:`fit_vectorised` instead.
    """
    num_class = y.max() + 1
    num_sample, num_feature = x.shape
    class_mat = np.zeros((num_class, num_sample))
    for i in range(num_sample):
        class_mat[y[i]][i] = 1.
    b = class_mat.sum(axis=1) / class_mat.sum()

    class_feature_co_cnt = np.dot(class_mat, x) + alpha
    class_cnt = np.array(class_feature_co_cnt.sum(axis=1).ravel())[0]
    w = class_feature_co_cnt.transpose() / class_cnt

    return b, np.log(w.transpose())


def note003_predict(b, w, new_x):
    """Note 003's ``predict``, as written."""
    prob_mat = new_x.dot(w.transpose()) + b
    return np.argmax(prob_mat, axis=1)


def fit_vectorised(y, X, alpha=1.0):
    """Note 003's fit, corrected: returns (log pi, log theta).

    log pi_c = log(n_c / n); log theta_ci = log(N_ci + alpha) - log(N_c + alpha M),
    with N = Y.T @ X for the one-hot label matrix Y.

    >>> X = np.array([[2, 1, 0], [1, 1, 0], [0, 0, 2], [0, 1, 1]])
    >>> log_pi, log_theta = fit_vectorised(np.array([1, 1, 0, 0]), X)
    >>> np.exp(log_theta).sum(axis=1)    # each class's word distribution sums to 1
    array([1., 1.])
    """
    y = np.asarray(y)
    X = np.asarray(X, dtype=float)
    alpha = check_alpha(alpha)
    if X.ndim != 2 or y.shape != (X.shape[0],):
        raise NbteachError(tr({"en": "X must be 2-D with one label in y per row of X.",
                               "zh": "X 必须是二维的，且 y 中 X 的每一行一个标记。"}))
    classes, y_index = np.unique(y, return_inverse=True)
    Y = np.zeros((len(y), len(classes)))
    Y[np.arange(len(y)), y_index] = 1.0
    N = Y.T @ X + alpha
    with np.errstate(divide="ignore"):
        log_theta = np.log(N) - np.log(N.sum(axis=1, keepdims=True))   # per class
        log_pi = np.log(Y.sum(axis=0) / len(y))                        # log, not b
    return log_pi, log_theta


def predict_vectorised(log_pi, log_theta, X):
    """argmax_c log pi_c + sum_i x_i log theta_ci, with 0 * log 0 counted as 0."""
    return np.argmax(masked_dot(np.asarray(X, dtype=float), log_theta) + log_pi, axis=1)
