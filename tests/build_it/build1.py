"""Wrong implementations of the build-its of lessons 01-04 and homework 1-2 (issue 33), each written
as a student would get it wrong, read by tests/test_build_it.py. Each must be refused; where a
name is given, diagnosed as that mistake. None: refused without a name (a changed input, an error,
the wrong type, the public example hard-coded, right only on the first calls, ...).

A homework function is checked here on its public cases (the sealed grader adds hidden ones), so
the homework entries are mistakes those cases catch.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pandas as pd


# ---------------------------------------------------------------- 01.posterior_function
def posterior_without_prior(prior, likelihoods):
    joint = {c: math.prod(lik[c] for lik in likelihoods) for c in prior}
    total = sum(joint.values())
    return {c: Fraction(j) / total for c, j in joint.items()}


def posterior_joints(prior, likelihoods):
    joint = dict(prior)
    for lik in likelihoods:
        joint = {c: joint[c] * lik[c] for c in joint}
    return joint


def posterior_restarting_from_prior(prior, likelihoods):
    belief = dict(prior)
    for lik in likelihoods:
        joint = {c: prior[c] * lik[c] for c in prior}          # prior, not belief
        total = sum(joint.values())
        belief = {c: j / total for c, j in joint.items()}
    return belief


def posterior_adding_likelihoods(prior, likelihoods):
    if not likelihoods:
        return dict(prior)
    added = {c: sum(lik[c] for lik in likelihoods) for c in prior}
    joint = {c: prior[c] * added[c] for c in prior}
    total = sum(joint.values())
    return {c: j / total for c, j in joint.items()}


def posterior_in_floats(prior, likelihoods):
    belief = {c: float(p) for c, p in prior.items()}
    for lik in likelihoods:
        joint = {c: belief[c] * float(lik[c]) for c in belief}
        total = sum(joint.values())
        belief = {c: j / total for c, j in joint.items()}
    return belief


def posterior_changing_the_prior(prior, likelihoods):
    for lik in likelihoods:
        for c in prior:
            prior[c] = prior[c] * lik[c]
        total = sum(prior.values())
        for c in prior:
            prior[c] = prior[c] / total
    return prior


def posterior_of_the_example(prior, likelihoods):
    return {"sick": Fraction(20, 23), "healthy": Fraction(3, 23)}


_calls = {"n": 0}


def posterior_right_twice(prior, likelihoods):
    _calls["n"] += 1
    if _calls["n"] % 5 > 2:
        return dict(prior)
    belief = dict(prior)
    for lik in likelihoods:
        joint = {c: belief[c] * lik[c] for c in belief}
        total = sum(joint.values())
        belief = {c: j / total for c, j in joint.items()}
    return belief


# ---------------------------------------------------------------- 02.likelihood_function
def likelihood_reversed(df, feature, value, cls):
    rows = df[df[feature] == value]
    return Fraction(int((rows["Diagnosis"] == cls).sum()), len(rows))


def likelihood_over_all_rows(df, feature, value, cls):
    both = (df[feature] == value) & (df["Diagnosis"] == cls)
    return Fraction(int(both.sum()), len(df))


def likelihood_integer_division(df, feature, value, cls):
    rows = df[df["Diagnosis"] == cls]
    return int((rows[feature] == value).sum()) // len(rows)


def likelihood_as_float(df, feature, value, cls):
    rows = df[df["Diagnosis"] == cls]
    return (rows[feature] == value).mean()


def likelihood_marking_the_table(df, feature, value, cls):
    df["match"] = df[feature] == value                    # a helper column left in the caller's table
    rows = df[df["Diagnosis"] == cls]
    return Fraction(int(rows["match"].sum()), len(rows))


# ---------------------------------------------------------------- 02.cpt_function
def _crosstab(df, feature):
    return pd.crosstab(df[feature], df["Diagnosis"])


def cpt_counts(df, feature):
    return _crosstab(df, feature)


def cpt_joint(df, feature):
    counts = _crosstab(df, feature)
    return counts.apply(lambda col: [Fraction(int(n), len(df)) for n in col])


def cpt_rows_normalised(df, feature):
    counts = _crosstab(df, feature)
    return counts.apply(lambda row: pd.Series([Fraction(int(n), int(row.sum())) for n in row], index=row.index),
                        axis=1)


def cpt_classes_as_rows(df, feature):
    counts = _crosstab(df, feature)
    return counts.apply(lambda col: [Fraction(int(n), int(col.sum())) for n in col]).T


def cpt_laplace(df, feature):
    counts = _crosstab(df, feature)
    M = len(counts.index)
    return counts.apply(lambda col: [Fraction(int(n) + 1, int(col.sum()) + M) for n in col])


def cpt_floats(df, feature):
    return pd.crosstab(df[feature], df["Diagnosis"], normalize="columns")


def cpt_every_value_of_the_course(df, feature):
    values = {"Headache": ["no", "mild", "severe"], "Sore": ["no", "mild", "severe"],
              "Temperature": ["normal", "high"], "Cough": ["yes", "no"]}[feature]
    classes = sorted(set(df["Diagnosis"]))
    return pd.DataFrame({c: [Fraction(int(((df["Diagnosis"] == c) & (df[feature] == v)).sum()),
                                      int((df["Diagnosis"] == c).sum())) for v in values] for c in classes},
                        index=values)


# ---------------------------------------------------------------- 03.lidstone_function
def lidstone_M_alpha_on_top(count, total, n_values, alpha):
    return (count + alpha + n_values * alpha) / total


def lidstone_M_alpha_on_top_as_well(count, total, n_values, alpha):
    return (count + alpha + n_values * alpha) / (total + n_values * alpha)


def lidstone_alpha_once(count, total, n_values, alpha):
    return (count + alpha) / (total + alpha)


def lidstone_ignoring_alpha(count, total, n_values, alpha):
    return count / total


def lidstone_floor(count, total, n_values, alpha):
    return (count + alpha) // (total + n_values * alpha)


def lidstone_laplace_always(count, total, n_values, alpha):
    return (count + 1) / (total + n_values)


# ---------------------------------------------------------------- 04.theta_mle_function
def _by_class(X, y):
    X, y = np.asarray(X), np.asarray(y)
    return {c: X[y == c] for c in sorted(set(y.tolist()))}


def theta_by_documents(X, y):
    return {c: rows.sum(axis=0) / len(rows) for c, rows in _by_class(X, y).items()}


def theta_laplace(X, y):
    return {c: (rows.sum(axis=0) + 1) / (rows.sum() + rows.shape[1]) for c, rows in _by_class(X, y).items()}


def theta_over_all_words(X, y):
    total = np.asarray(X).sum()
    return {c: rows.sum(axis=0) / total for c, rows in _by_class(X, y).items()}


def theta_average_of_documents(X, y):
    return {c: (rows / rows.sum(axis=1, keepdims=True)).mean(axis=0) for c, rows in _by_class(X, y).items()}


def theta_words_in_another_order(X, y):
    return {c: (rows.sum(axis=0) / rows.sum())[::-1] for c, rows in _by_class(X, y).items()}


def theta_as_one_array(X, y):
    return np.array([rows.sum(axis=0) / rows.sum() for rows in _by_class(X, y).values()])


# ---------------------------------------------------------------- hw01.posterior_function
def hw_posterior_joint(prior, likelihood):
    return {c: prior[c] * likelihood[c] for c in prior}


def hw_posterior_uniform(prior, likelihood):
    total = sum(likelihood.values())
    return {c: likelihood[c] / total for c in prior}


def hw_posterior_over_likelihood_sum(prior, likelihood):
    total = sum(likelihood.values())
    return {c: prior[c] * likelihood[c] / total for c in prior}


def hw_posterior_in_place(prior, likelihood):
    for c in prior:
        prior[c] *= likelihood[c]
    total = sum(prior.values())
    for c in prior:
        prior[c] /= total
    return prior


def hw_posterior_two_classes_only(prior, likelihood):
    a, b = list(prior)[:2]
    ja, jb = prior[a] * likelihood[a], prior[b] * likelihood[b]
    return {a: ja / (ja + jb), b: jb / (ja + jb)}


# ---------------------------------------------------------------- hw01.scores_function
def _scores(df, patient, alpha, prior_of=None, denominator=None, normalise=False):
    out = {}
    for c in sorted(set(df["Diagnosis"])):
        rows = df[df["Diagnosis"] == c]
        score = prior_of(df, rows) if prior_of else Fraction(len(rows), len(df))
        for symptom, value in patient.items():
            M = df[symptom].nunique()
            count = int((rows[symptom] == value).sum())
            below = denominator(len(rows), M, Fraction(alpha)) if denominator else len(rows) + M * Fraction(alpha)
            score *= (count + Fraction(alpha)) / below
        out[c] = score
    if normalise:
        total = sum(out.values())
        out = {c: s / total for c, s in out.items()}
    return out


def scores_without_prior(df, patient, alpha):
    return _scores(df, patient, alpha, prior_of=lambda df, rows: Fraction(1))


def scores_prior_smoothed(df, patient, alpha):
    K = df["Diagnosis"].nunique()
    return _scores(df, patient, alpha,
                   prior_of=lambda df, rows: (len(rows) + Fraction(alpha)) / (len(df) + K * Fraction(alpha)))


def scores_alpha_once(df, patient, alpha):
    return _scores(df, patient, alpha, denominator=lambda n, M, a: n + a)


def scores_normalised(df, patient, alpha):
    return _scores(df, patient, alpha, normalise=True)


def scores_flu_and_cold_only(df, patient, alpha):
    out = _scores(df, patient, alpha)
    return {c: out[c] for c in ("Cold", "Flu") if c in out}


def scores_M_of_the_course(df, patient, alpha):
    """M_m from the symptom's values in the course (3 or 2), not from df."""
    M = {"Headache": 3, "Sore": 3, "Temperature": 2, "Cough": 2}
    out = {}
    for c in sorted(set(df["Diagnosis"])):
        rows = df[df["Diagnosis"] == c]
        score = Fraction(len(rows), len(df))
        for symptom, value in patient.items():
            score *= (int((rows[symptom] == value).sum()) + Fraction(alpha)) / (len(rows) + M[symptom] * Fraction(alpha))
        out[c] = score
    return out


# ---------------------------------------------------------------- hw02.theta_function
def theta_plus_one_below(counts):
    return (counts + 1) / (counts.sum() + 1)


def theta_plus_two_below(counts):
    return (counts + 1) / (counts.sum() + 2)


def theta_unsmoothed(counts):
    total = counts.sum()
    return counts / total if total else np.zeros(len(counts))


def theta_in_place(counts):
    counts += 1
    return counts / counts.sum()


def theta_reversed(counts):
    return ((counts + 1) / (counts.sum() + len(counts)))[::-1]


# ---------------------------------------------------------------- hw02.mu_function
def mu_counting_occurrences(rows):
    return (rows.sum(axis=0) + 1) / (rows.shape[0] + 2)


def mu_plus_V(rows):
    return ((rows > 0).sum(axis=0) + 1) / (rows.shape[0] + rows.shape[1])


def mu_plus_one(rows):
    return ((rows > 0).sum(axis=0) + 1) / (rows.shape[0] + 1)


def mu_multinomial(rows):
    present = (rows > 0).sum(axis=0)
    return (present + 1) / (present.sum() + rows.shape[1])


def mu_unsmoothed(rows):
    return (rows > 0).sum(axis=0) / rows.shape[0]


def mu_binarised_in_place(rows):
    rows[rows > 0] = 1
    return (rows.sum(axis=0) + 1) / (rows.shape[0] + 2)


WRONG = {
    "01.posterior_function": [
        ("prior_forgotten", posterior_without_prior),
        ("not_normalised", posterior_joints),
        ("prior_not_updated", posterior_restarting_from_prior),
        ("likelihoods_added", posterior_adding_likelihoods),
        (None, posterior_in_floats),                 # exact asked: floats are reported as such
        (None, posterior_changing_the_prior),        # changes the prior it is given
        (None, posterior_of_the_example),            # the first case hard-coded
        (None, posterior_right_twice),               # right only on the first calls
    ],
    "02.likelihood_function": [
        ("posterior_for_likelihood", likelihood_reversed),
        ("joint_not_conditional", likelihood_over_all_rows),
        ("integer_division", likelihood_integer_division),
        (None, likelihood_as_float),
        (None, likelihood_marking_the_table),
    ],
    "02.cpt_function": [
        ("counts_not_divided", cpt_counts),
        ("joint_not_conditional", cpt_joint),
        ("posterior_for_likelihood", cpt_rows_normalised),
        ("classes_as_rows", cpt_classes_as_rows),
        ("laplace_smoothed", cpt_laplace),
        (None, cpt_floats),
        (None, cpt_every_value_of_the_course),
    ],
    "03.lidstone_function": [
        ("M_alpha_in_numerator_instead", lidstone_M_alpha_on_top),
        ("M_alpha_in_numerator_as_well", lidstone_M_alpha_on_top_as_well),
        ("alpha_not_times_M", lidstone_alpha_once),
        ("no_smoothing", lidstone_ignoring_alpha),
        ("integer_division", lidstone_floor),
        (None, lidstone_laplace_always),
    ],
    "04.theta_mle_function": [
        ("documents_not_words", theta_by_documents),
        ("laplace", theta_laplace),
        ("all_words", theta_over_all_words),
        ("average_of_documents", theta_average_of_documents),
        (None, theta_words_in_another_order),
        (None, theta_as_one_array),
    ],
    "hw01.posterior_function": [
        ("not_normalised", hw_posterior_joint),
        ("prior_forgotten", hw_posterior_uniform),
        ("likelihoods_normalised", hw_posterior_over_likelihood_sum),
        (None, hw_posterior_in_place),
        (None, hw_posterior_two_classes_only),
    ],
    "hw01.scores_function": [
        ("prior_forgotten", scores_without_prior),
        ("prior_smoothed", scores_prior_smoothed),
        ("alpha_not_times_M", scores_alpha_once),
        ("normalised", scores_normalised),
        (None, scores_flu_and_cold_only),
        (None, scores_M_of_the_course),
    ],
    "hw02.theta_function": [
        ("alpha_not_times_V", theta_plus_one_below),
        ("plus_two", theta_plus_two_below),
        ("no_smoothing", theta_unsmoothed),
        (None, theta_in_place),
        (None, theta_reversed),
    ],
    "hw02.mu_function": [
        ("counts_not_binarised", mu_counting_occurrences),
        ("plus_V_not_2", mu_plus_V),
        ("plus_one_not_2", mu_plus_one),
        ("multinomial_theta", mu_multinomial),
        ("no_smoothing", mu_unsmoothed),
        (None, mu_binarised_in_place),
    ],
}
