"""`import nbteach` imports none of the heavy libraries; they load when first used."""
import subprocess
import sys

HEAVY = ["numpy", "pandas", "sympy", "matplotlib", "ipywidgets", "sklearn", "scipy",
         "dask", "distributed"]   # Dask: only when grading on a cluster (nbteach.teacher.cluster)


def run(code):
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_import_nbteach_is_light():
    loaded = run(f"import sys, nbteach; print([m for m in {HEAVY!r} if m in sys.modules])")
    assert loaded == "[]"


def test_core_does_not_import_widget_libraries():
    code = (
        "import sys, nbteach\n"
        "from nbteach import CategoricalNB, flu_cold\n"
        "df = flu_cold(); CategoricalNB(alpha=1).fit(df.iloc[:, :4], df['Diagnosis'])\n"
        "print([m for m in ['matplotlib', 'ipywidgets', 'sklearn'] if m in sys.modules])"
    )
    assert run(code) == "[]"


def test_lazy_names_resolve():
    assert run("import nbteach; print(nbteach.CategoricalNB.__name__, nbteach.flu_cold().shape)") == \
        "CategoricalNB (5, 5)"


def test_every_public_name_resolves():
    import nbteach
    import nbteach.widgets

    for name in nbteach.__all__:
        assert getattr(nbteach, name) is not None, name
    for name in nbteach.widgets.__all__:
        assert callable(getattr(nbteach.widgets, name)), name
    for name in ["probability", "smoothing", "derivations", "metrics", "text", "check", "realdata"]:
        assert getattr(nbteach, name).__name__ == f"nbteach.{name}"
