"""Every estimator class of nbteach, found by walking the package (for the tests that hold each
one to a contract: tests/test_sklearn_checks.py, tests/test_one_engine.py)."""
from __future__ import annotations

import importlib
import inspect
import pkgutil


def nbteach_classifier_classes() -> set:
    """Every public class defined in nbteach that is an estimator: a subclass of
    ``nbteach._base.BaseEstimator``, or any class with both ``fit`` and ``predict``. Every module
    is imported (the homework sources, loaded by path, aside); a class whose name starts with
    ``_`` is a shared base (``semi_naive._OneDependence``), covered through its subclasses, as
    ``BaseEstimator`` itself is."""
    import nbteach
    from nbteach._base import BaseEstimator

    found = set()
    for info in pkgutil.walk_packages(nbteach.__path__, "nbteach."):
        if "homework_sources" in info.name:
            continue
        module = importlib.import_module(info.name)
        for obj in vars(module).values():
            if (inspect.isclass(obj) and obj.__module__ == module.__name__ and not obj.__name__.startswith("_")
                    and obj is not BaseEstimator
                    and (issubclass(obj, BaseEstimator) or (hasattr(obj, "fit") and hasattr(obj, "predict")))):
                found.add(obj)
    return found


def qualified(cls) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"
