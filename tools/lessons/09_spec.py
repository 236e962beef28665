CELLS = [
("md", r"""
# 09 · Bayesian decision theory (贝叶斯决策论)

Every lesson so far ended with "predict the class with the largest posterior". Note 002 starts
one step earlier: a classifier makes **decisions**, and mistakes have **costs** that need not be
equal. Calling a flu a cold (the patient goes untreated) is worse than calling a cold a flu;
losing a real e-mail to the spam folder is worse than reading one more spam. This lesson

1. defines the loss $\lambda_{ij}$ and the conditional risk $R(c_i\mid x)$, with exact numbers;
2. derives the Bayes decision rule, and shows that the 0-1 loss gives back "largest posterior";
3. measures the risk of decisions on real mail, and what $1 - R(h^*)$ does and does not mean;
4. turns a two-class cost matrix into a threshold on the posterior, derived with sympy, and
   answers lesson 07's question with a widget: which threshold should a spam filter use?
5. adds the option to decline (reject) when every decision is too risky.
"""),
("code", r"""
from fractions import Fraction

import numpy as np
import pandas as pd

from nbteach import BernoulliNB, CategoricalNB, flu_cold
from nbteach.datasets import FLU_COLD_QUERIES
from nbteach.decision import (bayes_decision, bayes_risk, conditional_risk, expected_loss,
                              threshold_from_loss, zero_one_loss)
"""),
("md", r"""
## 1. Loss and conditional risk

With $N$ classes, the **loss** $\lambda_{ij}$ is the cost of deciding $c_i$ when the truth is
$c_j$: a table we write down before we see any data. Given $x$, the truth is uncertain, so the
cost of a decision is an expectation over the posterior, the **conditional risk**

$$R(c_i\mid x) = \sum_{j=1}^{N} \lambda_{ij}\, P(c_j\mid x).$$

The flu/cold table with Laplace smoothing ($\alpha=1$), and the note's first patient
(mild headache, severe sore throat, normal temperature, no cough):
"""),
("code", r"""
df = flu_cold()
X, y = df.drop(columns="Diagnosis"), df["Diagnosis"]
nb = CategoricalNB(alpha=1, exact=True).fit(X, y)
patient = pd.DataFrame([FLU_COLD_QUERIES["first"]])
posterior = nb.predict_proba(patient)[0]
print("classes:", list(nb.classes_), "  posterior:", [str(Fraction(p)) for p in posterior])
"""),
("md", r"""
Say a missed flu costs 5 (the patient is sent home), a cold treated as flu costs 1 (a wasted
prescription), a right diagnosis 0. Rows are the decision, columns the truth, in the order of
`classes_` (Cold, Flu):
"""),
("code", r"""
loss = pd.DataFrame([[0, 5], [1, 0]], index=["decide Cold", "decide Flu"], columns=["truth Cold", "truth Flu"])
risk = conditional_risk([Fraction(p) for p in posterior], loss)
display(loss)
print("R(Cold | x) =", risk[0], "   R(Flu | x) =", risk[1])
"""),
("md", r"""
Note 002 introduces this as "贝叶斯框架下,损失函数由条件风险定义" (in the Bayesian framework the
loss function is defined by the conditional risk).

**A mistake in note 002: the definition runs the other way.** The loss is given: it says what
each mistake costs and is chosen by whoever uses the classifier. The conditional risk is defined
*from* the loss and the posterior, by the formula the note itself writes in the same sentence.
The same posterior with two different losses gives two different risks and, here, two different
decisions; nothing in the risk can define the loss:
""", ),
("code", r"""
post = [Fraction(p) for p in posterior]
for name, L in {"missed flu costs 5": [[0, 5], [1, 0]], "both mistakes cost 1": [[0, 1], [1, 0]]}.items():
    R = conditional_risk(post, L)
    print(f"{name:22}: R = {[str(r) for r in R]}, decision = {nb.classes_[bayes_decision(post, L)]}")
""", ["erratum:note002_loss_defined_by_risk"]),
("md", r"""
With equal costs the patient is diagnosed Cold (the larger posterior, 3/4); when a missed flu
costs five times as much, Flu is the cheaper decision even though it is the less probable class.

## 2. The Bayes decision rule, and the 0-1 loss

To make the overall risk $R(h) = \mathbb E_x[R(h(x)\mid x)]$ as small as possible it is enough to
make every term small: for each $x$ choose $h^*(x) = \arg\min_c R(c\mid x)$ (贝叶斯判定准则). $h^*$
is the **Bayes optimal classifier**, its risk $R(h^*)$ the **Bayes risk**.

Under the **0-1 loss** ($\lambda_{ij} = 0$ if $i = j$, else 1) the risk of deciding $c$ is
$R(c\mid x) = 1 - P(c\mid x)$, the probability of being wrong, so the Bayes decision is the
largest posterior: every earlier lesson used the 0-1 loss without saying so.
"""),
("code", r"""
L01 = zero_one_loss(2)
print(L01)
print("R under 0-1 loss:", [str(r) for r in conditional_risk(post, L01)], " = 1 - posterior:",
      [str(1 - p) for p in post])
"""),
("md", r"""
One consequence for the log-space computations of lessons 04-06: under the 0-1 loss the argmax
of the **unnormalised** log scores $\log P(c) + \sum_i \log P(x_i\mid c)$ is enough. Under any
other loss the risks mix the classes, so they need the **normalised** posterior $P(c\mid x)$:
`predict_proba` (log-sum-exp), not the raw scores.

## 3. The risk on real mail

Lesson 07's mail: openintro's e-mails, 70% to train a Bernoulli naive Bayes, 30% held out.
Spam is the positive class; a missed spam (deciding ham when it is spam) is a nuisance, a false
alarm (deciding spam when it is ham) loses a real e-mail. Suppose, for this section, the nuisance
were the expensive one: a missed spam costs 10, a false alarm 1.
"""),
("code", r"""
from nbteach.metrics import accuracy_score, confusion_table
from nbteach.realdata import email_features
from nbteach.resample import train_test_split

X_mail, y_mail = email_features()
X_train, X_test, y_train, y_test = train_test_split(X_mail, y_mail, test_size=0.3, random_state=0)
model = BernoulliNB(alpha=1.0).fit(X_train, y_train)
p_mail = model.predict_proba(X_test)
classes = list(model.classes_)
print("classes:", [str(c) for c in classes])

costly_miss = [[0, 10], [1, 0]]                      # decide ham/spam x truth ham/spam
decisions = {"largest posterior (0-1 loss)": bayes_decision(p_mail),
             "Bayes decision, missed spam costs 10": bayes_decision(p_mail, costly_miss)}
rows = {}
for name, d in decisions.items():
    pred = np.asarray(classes)[d]
    cost = np.mean([costly_miss[i][classes.index(t)] for i, t in zip(d, y_test)])
    rows[name] = {"accuracy": accuracy_score(y_test, pred), "mean cost per e-mail": cost,
                  "flagged spam": int(np.sum(pred == "spam"))}
pd.DataFrame(rows).T.round(4).astype({"flagged spam": int})
"""),
("md", r"""
The Bayes decisions are *less* accurate and *cheaper*: accuracy counts every mistake as 1, the
cost counts what the mistakes cost. Note 004 says of accuracy "这个指标并不适用于一般情景,它忽略了
两种分类错误的不同风险" (it does not suit the general case: it ignores the different risks of the
two errors). The reason is right, as the table shows; accuracy is exactly the right measure when
the two errors do cost the same (it is then 1 minus the empirical 0-1 risk), and lesson 07 showed
its other blind spot, class imbalance.

Note 002 says of the Bayes risk: "$1-R(h^*)$反映了分类器所能达到的最好性能,集模型精度的理论上限" (集 for 即: $1 - R(h^*)$ is the best
performance a classifier can reach, the upper limit of its accuracy).

**A mistake in note 002, under any loss but the 0-1 loss.** $R(h^*)$ is an expected *cost*; it is
an error rate only when every mistake costs 1. Under other costs $1 - R$ is not an accuracy at
all; it can even be negative:
"""),
("code", r"""
for name, L in {"0-1 loss": zero_one_loss(2), "missed spam costs 10": costly_miss}.items():
    d = bayes_decision(p_mail, L)
    risk = bayes_risk(p_mail, L, y_true=y_test, classes=classes)
    acc = accuracy_score(y_test, np.asarray(classes)[d])
    print(f"{name:22}: empirical risk of the Bayes decisions {risk:.4f};  1 - risk = {1 - risk:+.4f};"
          f"  their accuracy = {acc:.4f}")
in_cents = [[0, 1000], [100, 0]]                     # the same costs, written in cents
risk_cents = bayes_risk(p_mail, in_cents, y_true=y_test, classes=classes)
print(f"the same costs in cents: the same decisions ({np.array_equal(bayes_decision(p_mail, in_cents), bayes_decision(p_mail, costly_miss))}),"
      f" risk {risk_cents:.2f}, 1 - risk = {1 - risk_cents:+.2f}")
""", ["erratum:note002_one_minus_bayes_risk"]),
("md", r"""
Under the 0-1 loss $1 - R$ is the accuracy; under the other costs it is a number with no meaning
as an accuracy: written in cents, the same costs and the same decisions give $1 - R \approx -51$.

Two risks are worth telling apart. The **empirical risk** above is what the decisions cost on
the held-out labels. The **expected risk** `bayes_risk(posterior, loss)` (no labels) is what the
model *expects* to lose, trusting its own posteriors; lesson 06 showed that naive Bayes is
over-confident, so the two differ:
"""),
("code", r"""
print("expected (the model's own belief):", round(bayes_risk(p_mail, costly_miss), 4),
      "   empirical (on the labels):", round(bayes_risk(p_mail, costly_miss, y_true=y_test, classes=classes), 4))
"""),
("md", r"""
## 4. Two classes: a threshold on the posterior

With two classes and $p = P(\text{spam}\mid x)$, $R(\text{ham}\mid x) = \lambda_{00}(1-p) + \lambda_{01}p$
and $R(\text{spam}\mid x) = \lambda_{10}(1-p) + \lambda_{11}p$ are straight lines in $p$. They
cross at one threshold $t$, and the Bayes decision is "spam iff $p > t$". sympy derives it:
"""),
("code", r"""
from nbteach.derivations import cost_threshold

derivation = cost_threshold()
derivation.verify()
derivation
"""),
("md", r"""
So the costs choose the threshold, and the threshold is all the decision needs. Lesson 07 asked
which threshold a spam filter should use: not 0.5 by habit, but the $t$ that the costs give. The
Bayes decision with costs is the same as thresholding the posterior at $t$:
"""),
("code", r"""
t = threshold_from_loss(costly_miss)
same = np.array_equal(bayes_decision(p_mail, costly_miss), (p_mail[:, 1] > t).astype(int))
print(f"missed spam costs 10, false alarm 1: t = {t} = {float(t):.4f};  same decisions as p > t: {same}")
"""),
("md", r"""
Now set the costs yourself. The widget holds the model fitted above and the held-out mail; each
edit recomputes the threshold, the decisions, their confusion matrix and their cost. A realistic
filter makes a **false alarm** the expensive mistake: try a false alarm that costs 5 or 20 and
watch the threshold rise and the flagged mail shrink. What happens when the right decisions cost
more than the wrong ones?
"""),
("code", r"""
from nbteach.widgets import loss_explorer

loss_explorer(model, X_test, y_test, positive="spam")
"""),
("md", r"""
## 5. Declining to decide: the reject option

When even the cheaper decision is costly, a system can hand the case to a person for a fixed
cost. `bayes_decision(..., reject_cost=r)` returns -1 wherever the least conditional risk exceeds
$r$. Under the 0-1 loss the least risk is $1 - \max_c P(c\mid x)$, so a reject cost of 0.2 sends
every e-mail whose largest posterior is below 0.8 to a person:
"""),
("code", r"""
for r in (0.5, 0.2, 0.05):
    d = bayes_decision(p_mail, reject_cost=r)
    kept = d != -1
    pred = np.asarray(classes)[d[kept]]
    print(f"reject cost {r:4}: {np.sum(~kept):4d} e-mails to a person; accuracy on the rest "
          f"{accuracy_score(y_test[kept], pred):.4f}; mean cost per e-mail "
          f"{bayes_risk(p_mail, y_true=y_test, classes=classes, reject_cost=r):.4f}")
"""),
("md", r"""
A lower reject cost sends more mail to a person and leaves the automatic decisions more accurate;
whether that pays depends on what a person's minute costs, which is a loss again.

## Summary

* The **loss** $\lambda_{ij}$ (deciding $c_i$ when the truth is $c_j$) is chosen first; the
  **conditional risk** $R(c_i\mid x) = \sum_j \lambda_{ij}P(c_j\mid x)$ is defined from it (note 002
  says the reverse).
* The **Bayes decision** takes the least conditional risk for each $x$; its risk is the **Bayes
  risk**. Under the 0-1 loss it is the largest posterior and $R(h^*)$ is an error rate; only then
  is $1 - R(h^*)$ the best accuracy (note 002 says it in general).
* Decisions under a general loss need the normalised posterior, not the log scores alone.
* Accuracy weighs both errors equally: right when they cost the same, misleading when they do
  not (note 004) and under imbalance (lesson 07).
* Two classes: decide positive iff $P(\text{positive}\mid x) > t$,
  $t = (\lambda_{10}-\lambda_{00})/((\lambda_{10}-\lambda_{00}) + (\lambda_{01}-\lambda_{11}))$
  (`threshold_from_loss`, derived by `cost_threshold`).
* A reject option declines where every decision costs more than handing the case on.

## Exercises
"""),
("code", r"""
from nbteach.check import exercise, ____
"""),
("code", r"""
q = exercise("09.conditional_risk")
print(q)
answer = ____          # an exact Fraction
q.check(answer)
"""),
("code", r"""
q = exercise("09.cost_threshold")
print(q)
answer = ____          # an exact Fraction
q.check(answer)
"""),
("code", r"""
q = exercise("09.mail_risk")
print(q)
answer = ____          # a float, computed
q.check(answer)
"""),
("md", r"""
Further questions (no check cell):

1. Three classes: write a 3x3 loss for the flu/cold/allergy case where missing a flu costs 10
   and every other mistake 1. For which posteriors is "flu" the Bayes decision although it is not
   the most probable class?
2. In the widget, find costs for which the Bayes decisions flag no e-mail at all. What does
   `threshold_from_loss` say for them?
3. Re-balancing the training data (lesson 07) also moves the decisions. Which loss matrix does
   under-sampling ham to a 1:1 ratio correspond to, approximately? (Hint: how does it shift the
   prior, and how does a threshold shift the log odds?)
"""),
]
