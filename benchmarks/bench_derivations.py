"""How long each derivation takes (build + sympy verify, sympy's cache cleared), against a plain sympy.solve baseline.

The baseline, measured in the same run: solve the Lagrangian of one constraint by hand with
sympy (maximise N1 log t1 + N2 log t2 subject to t1 + t2 = 1: diff, solve the 3 equations).
Target: each derivation <= 2 s for the default sizes and the general form.
"""
from __future__ import annotations

import sympy as sp

from _common import median_seconds, report


def baseline():
    sp.core.cache.clear_cache()  # every run starts cold, as a student's first call does
    t1, t2, lam = sp.symbols("t1 t2 lambda", positive=True)
    n1, n2 = sp.symbols("N1 N2", positive=True)
    J = n1 * sp.log(t1) + n2 * sp.log(t2) + lam * (1 - t1 - t2)
    return sp.solve([sp.diff(J, v) for v in (t1, t2, lam)], [t1, t2, lam], dict=True)


def _built_and_verified(make, *args, **kwargs):
    def run():
        sp.core.cache.clear_cache()
        d = make(*args, **kwargs)
        assert d.verify(), d.failed
    return run


def main(repeat: int = 5) -> None:
    from nbteach.derivations import (bernoulli_mle, beta_smoothing, dirichlet_smoothing,
                                     equivalent, multinomial_mle)

    base_ms = median_seconds(baseline, repeat=repeat, warmup=1) * 1000
    cases = [
        ("multinomial_mle(2, 3) + verify", _built_and_verified(multinomial_mle, 2, 3)),
        ('multinomial_mle("C", "V") + verify', _built_and_verified(multinomial_mle, "C", "V")),
        ("bernoulli_mle(2, 3) + verify", _built_and_verified(bernoulli_mle, 2, 3)),
        ('bernoulli_mle("C", "V") + verify', _built_and_verified(bernoulli_mle, "C", "V")),
        ("dirichlet_smoothing(3) + verify", _built_and_verified(dirichlet_smoothing, 3)),
        ('dirichlet_smoothing("V") + verify', _built_and_verified(dirichlet_smoothing, "V")),
        ("beta_smoothing() + verify", _built_and_verified(beta_smoothing)),
        ("equivalent (Laplace formula, wrong by V)",
         lambda: (sp.core.cache.clear_cache(),
                  equivalent("(N_ij + 1)/(V*(N_j + V))", "(N_ij + 1)/(N_j + V)"))),
    ]
    print(f"baseline: sympy.solve of a one-constraint Lagrangian, median of {repeat}")
    for name, fn in cases:
        ms = median_seconds(fn, repeat=repeat, warmup=1) * 1000
        report(name, ms, "sympy.solve, 1 constraint", base_ms, "<= 2000 ms")


if __name__ == "__main__":
    main()
