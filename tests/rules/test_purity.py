"""The rules engine, the stats, ratings and events libraries and the pure modules of the web side
(the hand form's fields, a game's chart and review) import only the standard library and one
another (ratings: and its model, openskill): no Flask, no database, nothing a test of them must
start."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "scorekeeper" / "rules"
STATS = ROOT / "scorekeeper" / "stats"
# Each pure package or module and the scorekeeper packages or modules it may import (stats and
# the events library are fed by the engine; the review page's sheet labels calls as the hand form
# does; the hand form reads a typed number as every form does, rules.record.whole_number).
PURE = {"rules": ("rules",), "stats": ("rules", "stats"), "ratings": ("rules", "stats", "ratings"),
        "tournament": ("rules", "tournament"),
        "games.hand_form": ("rules",), "players.charts": ("rules",),
        "players.review": ("games.hand_form", "rules")}
FORBIDDEN = ("flask", "sqlalchemy", "werkzeug", "jinja2", "alembic", "flask_sqlalchemy", "flask_migrate",
             "flask_wtf", "flask_htmx", "wtforms", "qrcode", "waitress")
STDLIB = set(sys.stdlib_module_names)
# The one library a pure package may use besides: the rating model (a well-kept solved problem).
LIBRARIES = {"ratings": ("openskill",)}


def rules_files():
    return sorted(RULES.rglob("*.py"))


def pure_files():
    out = []
    for name in PURE:
        where = ROOT / "scorekeeper" / name.replace(".", "/")
        paths = sorted(where.rglob("*.py")) if where.is_dir() else [where.with_suffix(".py")]
        out += [(name, path) for path in paths]
    return out


def _package_of(path: Path) -> list[str]:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    return parts[:-1]  # the package the module lives in (an __init__ is its own package)


def imports_of(path: Path):
    """(line, absolute module name, imported names) for every import statement."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    pkg = _package_of(path)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((node.lineno, a.name, []))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg[: len(pkg) - (node.level - 1)] if node.level > 1 else list(pkg)
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.append((node.lineno, mod, [a.name for a in node.names]))
        elif isinstance(node, ast.Call):
            # importlib.import_module("x") / __import__("x") with a constant name
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            if name in ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                out.append((node.lineno, node.args[0].value, []))
    return out


def allowed(mod: str, names: list[str], packages=("rules",), libraries=()) -> bool:
    top = mod.split(".")[0]
    if top in libraries:
        return True
    if any(mod == f"scorekeeper.{p}" or mod.startswith(f"scorekeeper.{p}.") for p in packages):
        return True
    if top == "scorekeeper":  # from scorekeeper[.x] import y: each y must be allowed
        below = mod.removeprefix("scorekeeper").lstrip(".")
        return bool(names) and all(".".join(filter(None, [below, n])) in packages for n in names)
    return top in STDLIB


def test_rules_package_exists():
    files = rules_files()
    assert (RULES / "__init__.py") in files
    assert len(files) >= 1
    assert (STATS / "__init__.py") in [path for _, path in pure_files()]
    assert (ROOT / "scorekeeper" / "tournament" / "__init__.py") in [path for _, path in pure_files()]


@pytest.mark.parametrize("package,path", pure_files(),
                         ids=lambda p: p if isinstance(p, str) else str(p.relative_to(ROOT / "scorekeeper")))
def test_no_web_or_third_party_imports(package, path):
    bad = []
    for line, mod, names in imports_of(path):
        top = mod.split(".")[0].lower()
        libraries = LIBRARIES.get(package, ())
        if top in FORBIDDEN or top.startswith("flask_") or not allowed(mod, names, PURE[package],
                                                                       libraries):
            bad.append(f"{path.name}:{line}: import {mod} {names or ''}")
    may = " + ".join(f"scorekeeper.{p}" for p in PURE[package])
    assert not bad, f"scorekeeper.{package} must stay pure (stdlib + {may} only):\n" + "\n".join(bad)


@pytest.mark.parametrize("package", list(PURE))
def test_importing_loads_no_third_party_module(package):
    """Import scorekeeper.rules (or .stats, or a pure module) with bare parent packages (so
    scorekeeper/__init__.py, the Flask app, and a blueprint's __init__ do not run) and list
    every module that the import added."""
    code = f"""
import sys, types
before = set(sys.modules)
parents = ["scorekeeper"] + ["scorekeeper." + p for p in {package.split(".")[:-1]!r}]
for name in parents:
    pkg = types.ModuleType(name)
    pkg.__path__ = [{str(ROOT)!r} + "/" + name.replace(".", "/")]
    sys.modules[name] = pkg
import scorekeeper.{package}
stdlib = set(sys.stdlib_module_names)
mine = {tuple("scorekeeper." + p for p in (package, *PURE[package]))!r}
libraries = {LIBRARIES.get(package, ())!r}
# a pure module's own package may load (games/__init__.py is a docstring): not its siblings
loaded_parents = {{m.rsplit(".", 1)[0] for m in mine}}
added = sorted(m for m in set(sys.modules) - before
               if m.split(".")[0] not in stdlib and m not in parents and m not in loaded_parents
               and not m.startswith(mine) and m.split(".")[0] not in libraries
               and not m.endswith("__mypyc"))  # a compiled library's helper module
print("\\n".join(added))
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(ROOT), timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "", f"importing scorekeeper.{package} loaded: " + r.stdout


APP_WIDE = sorted(p for p in (ROOT / "scorekeeper").glob("*.py") if p.name != "__init__.py")
FEATURES = ("games", "sharing", "clubs", "handover", "players", "events", "api")


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _scorekeeper_imports(path: Path, modules: dict) -> set[str]:
    """The scorekeeper modules `path` imports (at the top or inside a function)."""
    out = set()
    for _, mod, names in imports_of(path):
        for name in names or [None]:
            full = f"{mod}.{name}" if name else mod
            out.add(full if full in modules else mod)
    return {m for m in out if m in modules and m != "scorekeeper"}


@pytest.mark.parametrize("path", APP_WIDE, ids=lambda p: p.name)
def test_app_wide_module_reaches_no_feature_package(path):
    """An app-wide module (web.py, filters.py, security.py, ...) imports no feature package,
    not even through another app-wide one: each package registers its own template helpers
    with its blueprint, so no import runs back up from a package to the app-wide layer above
    it (the app factory, scorekeeper/__init__.py, registers the blueprints and is left out)."""
    modules = {_module_of(p): p for p in (ROOT / "scorekeeper").rglob("*.py")}
    reached, todo = set(), [_module_of(path)]
    while todo:
        for module in _scorekeeper_imports(modules[todo.pop()], modules) - reached:
            reached.add(module)
            todo.append(module)
    features = sorted(m for m in reached if m.split(".")[1] in FEATURES)
    assert not features, f"{path.name} reaches feature packages: {features}"
