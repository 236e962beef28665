"""The library's own function as a build-it exercise's reference, out of the switch's reach.

A build-it exercise (``define(..., forbidden=..., shortcut=...)``) switches its library names
off while a function is checked, by swapping the code of the function object itself
(:func:`nbteach.check.functions.switched_off`). Its reference answer is still the library's:
:func:`unswitched` returns a copy of the function object made when the lesson module loads,
with the library's code, so the reference can be checked like a student's function (the tests
check that it passes) without the switch reaching it. The copy runs exactly the library's code.
"""
from __future__ import annotations

import types

__all__ = ["unswitched"]


def unswitched(func):
    """A copy of the plain Python function ``func`` (same code, globals, defaults and closure)
    that :func:`~nbteach.check.functions.switched_off` does not change.

    >>> from nbteach.check.functions import switched_off
    >>> from nbteach.smoothing import lidstone
    >>> own = unswitched(lidstone)
    >>> with switched_off(("nbteach.smoothing.lidstone",)):
    ...     own(0, 3, 3, 1)
    Fraction(1, 6)
    """
    copy = types.FunctionType(func.__code__, func.__globals__, func.__name__, func.__defaults__,
                              func.__closure__)
    copy.__kwdefaults__ = func.__kwdefaults__
    copy.__doc__ = func.__doc__
    return copy
