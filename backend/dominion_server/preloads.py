"""Which of the client's modules the page preloads: those the first screen needs.

``main.js`` and what it imports with ``import ... from './x.js'``, followed
through every module. A module loaded with ``import('./x.js')`` (the game's
screens, About: the home form does not need them) is left out, and so is what
only it imports, so a first visit does not move them (issue 23's budget,
e2e/test_static.py).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

_STATIC_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"]*?\bfrom\s+'(\.[^']+)'""", re.M)


def static_modules(js: Path) -> list[str]:
    """Paths under ``js`` (``screens/home.js``) of the modules ``main.js`` imports
    statically, itself included, sorted."""
    stamp = tuple(sorted((str(p), p.stat().st_mtime_ns) for p in js.rglob("*.js")))
    return _walk(str(js), stamp)


@lru_cache(maxsize=8)
def _walk(js: str, stamp: tuple[tuple[str, int], ...]) -> list[str]:
    root = Path(js).resolve()
    seen: set[Path] = set()
    todo = [root / "main.js"]
    while todo:
        f = todo.pop()
        if f in seen or not f.is_file():
            continue
        seen.add(f)
        todo += [(f.parent / m).resolve() for m in _STATIC_IMPORT.findall(f.read_text(encoding="utf-8"))]
    return sorted(p.relative_to(root).as_posix() for p in seen)
