"""The rules engine stays a pure-Python, standard-library-only package.

The API and the database wrap the engine; the engine must never import them
(it runs in simulations, tests and other front ends without Flask or a
database). Checked twice: statically on every source file's imports, and by
importing every engine module in a fresh interpreter and listing sys.modules.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

BACKEND = Path(__file__).resolve().parent.parent / "backend"
PACKAGE = BACKEND / "dominion"

#: Web and database libraries the engine must not touch.
FORBIDDEN = ("flask", "flask_sqlalchemy", "flask_migrate", "sqlalchemy",
             "marshmallow", "werkzeug", "psycopg", "psycopg2", "alembic")


def _sources() -> list[Path]:
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) >= 10, f"engine sources not found under {PACKAGE}"
    return files


def _absolute_imports(path: Path) -> list[tuple[int, str]]:
    """(line, top-level module) of every absolute import in a file, wherever it
    is (also inside functions and ``if TYPE_CHECKING`` blocks)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append((node.lineno, node.module.split(".")[0]))
    return out


def test_sources_import_no_web_or_database_library() -> None:
    bad = [
        f"{path.relative_to(BACKEND)}:{line}: {module}"
        for path in _sources()
        for line, module in _absolute_imports(path)
        if module in FORBIDDEN
    ]
    assert bad == []


def test_sources_import_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"dominion", "__future__"}
    bad = [
        f"{path.relative_to(BACKEND)}:{line}: {module}"
        for path in _sources()
        for line, module in _absolute_imports(path)
        if module not in allowed
    ]
    assert bad == []


def test_no_dynamic_imports() -> None:
    """``importlib.import_module``/``__import__`` would hide an import from the scan."""
    bad = []
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
                if name in ("import_module", "__import__"):
                    bad.append(f"{path.relative_to(BACKEND)}:{node.lineno}")
    assert bad == []


def test_scan_sees_a_forbidden_import(tmp_path: Path) -> None:
    """The scanner itself finds imports in every form it must catch."""
    src = tmp_path / "x.py"
    src.write_text(
        "import os\nimport flask.json\nfrom sqlalchemy import text\n"
        "from . import sibling\ndef f():\n    import marshmallow\n"
    )
    found = [m for _, m in _absolute_imports(src)]
    assert found == ["os", "flask", "sqlalchemy", "marshmallow"]


_PROBE = """
import json, pkgutil, importlib, sys
import dominion
names = sorted(m.name for m in pkgutil.walk_packages(dominion.__path__, "dominion."))
for name in names:
    importlib.import_module(name)
print(json.dumps({"imported": names, "modules": sorted(sys.modules)}))
"""


def test_importing_every_engine_module_loads_no_web_or_database_library() -> None:
    env = dict(os.environ, PYTHONPATH=str(BACKEND))
    out = subprocess.run(
        [sys.executable, "-c", _PROBE],
        capture_output=True, text=True, env=env, cwd=str(BACKEND), timeout=60,
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert "dominion.engine" in data["imported"] and "dominion.bots.generic" in data["imported"]
    loaded = {m.split(".")[0] for m in data["modules"]}
    assert "dominion" in loaded
    assert sorted(loaded & set(FORBIDDEN)) == []
