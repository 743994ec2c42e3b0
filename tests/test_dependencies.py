"""constraints.txt pins every dependency pyproject.toml names, within its range.

A dependency added to pyproject.toml without re-running ``bash .ci/lock``
would install at whatever version is newest that day; this test says so.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent


def _pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        m = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)", line)
        if m:
            pins[canonicalize_name(m.group(1))] = m.group(2)
    return pins


def _requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = project["dependencies"] + [
        r for group in project.get("optional-dependencies", {}).values() for r in group]
    return [Requirement(r) for r in names]


def test_every_dependency_is_pinned_within_its_range():
    pins = _pins()
    for req in _requirements():
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is not in constraints.txt: run bash .ci/lock"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"constraints.txt pins {req.name}=={pins[name]}, outside {req.specifier}")


def test_every_direct_dependency_has_an_upper_bound():
    for req in _requirements():
        assert any(s.operator in ("<", "<=", "==", "~=") for s in req.specifier), (
            f"{req.name} has no upper bound: a new major release could break installs")
