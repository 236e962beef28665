"""pyproject.toml, environment.yml and binder/ name the same dependencies with the same bounds."""
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def norm(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def parse(spec):
    m = re.match(r"^\s*([A-Za-z0-9_.\-]+)\s*(.*?)\s*$", spec)
    return norm(m.group(1)), m.group(2).replace(" ", "")


def pyproject_deps():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    specs = data["project"]["dependencies"] + data["project"]["optional-dependencies"]["lab"]
    return dict(parse(s) for s in specs)


def environment_yml_deps():
    deps, comments_missing = {}, []
    in_deps = False
    for line in (ROOT / "environment.yml").read_text().splitlines():
        if line.startswith("dependencies:"):
            in_deps = True
            continue
        m = re.match(r"^\s+-\s+([^#]+?)\s*(#.*)?$", line)
        if not in_deps or not m:
            continue
        spec, comment = m.group(1), m.group(2)
        if not comment and spec != "pip:":  # "pip:" only opens the pip section
            comments_missing.append(spec)
        if spec in ("pip", "pip:", "-e .") or spec.startswith("python"):
            continue
        name, bounds = parse(spec)
        deps[name] = bounds
    return deps, comments_missing


def binder_deps():
    lines = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    return dict(parse(s) for s in lines if s.strip() and not s.startswith("#"))


def test_same_dependencies_everywhere():
    py = pyproject_deps()
    env, _ = environment_yml_deps()
    binder = binder_deps()
    assert env == py, f"environment.yml differs from pyproject.toml: {set(env.items()) ^ set(py.items())}"
    assert binder == py, f"binder/requirements.txt differs: {set(binder.items()) ^ set(py.items())}"
    for core in ["numpy", "pandas", "sympy", "matplotlib", "ipywidgets", "jupyterlab"]:
        assert core in py


def test_every_environment_line_says_why():
    _, missing = environment_yml_deps()
    assert missing == [], f"environment.yml lines without a comment: {missing}"


def test_binder_installs_nbteach_and_opens_start_here():
    """postBuild installs the package as a JupyterHub image does, with pip and not editable: the
    wheel brings the JupyterLab extension, the settings and the server extension (an editable
    install would leave them out), so nothing is copied by hand."""
    commands = [line.strip() for line in (ROOT / "binder" / "postBuild").read_text().splitlines()
                if line.strip() and not line.lstrip().startswith("#")]
    assert commands == ["set -euo pipefail", "pip install --no-deps ."], commands
    readme = (ROOT / "README.md").read_text()
    badge = re.search(r"\(https://mybinder\.org/v2/[^)]*\)", readme)
    assert badge and "00_start_here.ipynb" in badge.group(0)
    assert (ROOT / "notebooks" / "00_start_here.ipynb").exists()


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    assert "make test" in readme and "make lab" in readme
    assert "make test" in (ROOT / ".ci" / "run").read_text()


def test_the_chinese_front_door():
    """README.zh-CN.md: the same two set-up commands, a Binder link to the Chinese lesson 00;
    the English README links it in its first lines; Binder and CI install a CJK font."""
    zh = (ROOT / "README.zh-CN.md").read_text(encoding="utf-8")
    assert "make lab" in zh and "make test" in zh and "git clone" in zh
    badge = re.search(r"\(https://mybinder\.org/v2/[^)]*\)", zh)
    assert badge and "notebooks/zh/00_start_here.ipynb" in badge.group(0)
    head = "\n".join((ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:6])
    assert "README.zh-CN.md" in head
    assert "fonts-noto-cjk" in (ROOT / "binder" / "apt.txt").read_text().split()
    assert "fonts-noto-cjk" in (ROOT / ".ci" / "run").read_text()
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "/lab/tree/zh/00_start_here.ipynb" in make and "/lab/tree/00_start_here.ipynb" in make


def test_no_module_of_nbteach_imports_a_dependency_it_does_not_declare():
    """bqplot is no longer declared (every moving plot is one SVG, nbteach.widgets._svg): no module
    of the package, widgets included, may import it. In a fresh interpreter, as a student's kernel."""
    import subprocess
    import sys

    code = ("import importlib, pkgutil, sys, nbteach, nbteach.widgets\n"
            "for m in pkgutil.walk_packages(nbteach.__path__, 'nbteach.'):\n"
            "    importlib.import_module(m.name)\n"
            "print(sorted(n for n in sys.modules if n.split('.')[0] == 'bqplot'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={**__import__("os").environ, "PYTHONPATH": str(ROOT)}, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"
    assert "bqplot" not in pyproject_deps()


def test_make_installs_with_uv_from_the_index_pip_is_set_to_use():
    """uv does not read pip's configuration: a mirror set for pip (pip.conf or PIP_INDEX_URL, as
    many students in China have) reaches uv through tools/pip_index.py, in pip's order."""
    import doctest
    import importlib.util
    import os
    import subprocess
    import sys

    tool = ROOT / "tools" / "pip_index.py"
    mirror = "https://pypi.tuna.tsinghua.edu.cn/simple"
    out = subprocess.run([sys.executable, str(tool)], env={**os.environ, "PIP_INDEX_URL": mirror},
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["--index-url", mirror]
    spec = importlib.util.spec_from_file_location("pip_index", tool)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert doctest.testmod(module).failed == 0          # [install] and [global], extra-index-url not taken
    assert module.index_url("global.index-url='https://m/simple'\ninstall.index-url='https://i/simple'") == \
        "https://i/simple"
    uv = [line for line in (ROOT / "Makefile").read_text(encoding="utf-8").splitlines() if "uv pip install" in line]
    assert uv and all("tools/pip_index.py" in line for line in uv)


def test_the_chinese_readme_has_what_the_english_one_has():
    """README.zh-CN.md is the whole README in Chinese (set-up, troubleshooting, teachers, homework,
    the lessons, the library, conda, developers): every command, option, lesson, class and file the
    English README names in backticks, and every code block; plus the mirror advice (pip's
    index-url, PIP_INDEX_URL) and NBTEACH_LANG in both; no calque such as 把项目取到."""
    en = (ROOT / "README.md").read_text(encoding="utf-8")
    zh = (ROOT / "README.zh-CN.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([^`\n]+)`", en))
    skip = {", or "}                          # between the double-backquoted heading example and its ``
    missing = sorted(n for n in named - skip if n not in zh)
    assert not missing, f"README.zh-CN.md does not name: {missing}"
    for block in re.findall(r"```[a-z]*\n(.*?)```", en, flags=re.S):
        assert block.strip().splitlines()[0] in zh, block
    for words in ("pip config set global.index-url", "PIP_INDEX_URL", "NBTEACH_LANG", "镜像"):
        assert words in zh, words
    for words in ("pip config set global.index-url", "PIP_INDEX_URL", "NBTEACH_LANG"):
        assert words in en, words
    assert "取到" not in zh
    lines = zh.splitlines()
    broken = [a for a, b in zip(lines, lines[1:])
              if re.search(r"[\u4e00-\u9fff，。：；、）]$", a) and re.match(r"[\u4e00-\u9fff]", b)]
    assert not broken, f"a Chinese paragraph broken across lines (renders as a space): {broken[:3]}"
