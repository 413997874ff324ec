"""The layout the team keeps: no blueprint imports another's routes, the app factory attaches
no view by hand, and only web.py renders for every blueprint."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "scorekeeper"
# Each blueprint's package or module: what its routes live in.
BLUEPRINTS = {"games": "games/views.py", "sharing": "sharing/views.py", "clubs": "clubs",
              "handover": "handover", "players": "players", "pwa": "pwa.py", "events": "events"}


def _imports(path: Path) -> set[str]:
    """Every scorekeeper module `path` imports, as a dotted name below scorekeeper."""
    package = path.relative_to(ROOT).parent.parts
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = list(package[:len(package) - node.level + 1])
            base += node.module.split(".") if node.module else []
            for alias in node.names:
                out.add(".".join(base + [alias.name]))
                if not _is_module(base + [alias.name]):  # a name of base's own, not a module below
                    out.add(".".join(base))
    return {name.strip(".") for name in out}


def _is_module(parts: list[str]) -> bool:
    where = ROOT.joinpath(*parts)
    return where.is_dir() or where.with_suffix(".py").is_file()


def _route_modules(owner: str) -> set[str]:
    """The dotted names (below scorekeeper) that hold `owner`'s routes or blueprint."""
    where = BLUEPRINTS[owner]
    if where.endswith(".py"):
        return {where[:-3].replace("/", ".")}
    return {where, f"{where}.views", f"{where}.bp"}


def test_no_blueprint_imports_another():
    for owner, where in BLUEPRINTS.items():
        home = ROOT / where
        files = [home] if home.is_file() else sorted(home.rglob("*.py"))
        if where.endswith("views.py"):
            files = sorted(home.parent.rglob("*.py"))
        others = set().union(*(_route_modules(o) for o in BLUEPRINTS if o != owner))
        for path in files:
            wrong = _imports(path) & others
            assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_the_factory_attaches_no_view_by_hand():
    factory = (ROOT / "__init__.py").read_text(encoding="utf-8")
    assert "add_url_rule" not in factory and "view_func" not in factory


def test_the_old_flat_modules_are_gone():
    for name in ("pages", "forms", "setup", "rendered", "sharing", "games", "rules_card"):
        assert not (ROOT / f"{name}.py").exists(), name
