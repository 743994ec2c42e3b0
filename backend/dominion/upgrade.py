"""Upgrades of stored games from older ``schema_version`` values.

Each step takes the saved dict of version N and returns version N+1, so a game
stored years ago still loads.
"""

from __future__ import annotations

from typing import Any, Callable

from .errors import InvalidState


def _add_edition(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 stores the game's rules edition; older games played the 2nd."""
    data["state"]["edition"] = "2"
    return data


def _add_prosperity(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 stores the Trade Route mat and the cards named this turn;
    games stored before Prosperity have neither."""
    state = data["state"]
    state["trade_route"] = []
    state["trade_route_mat"] = 0
    state["turn"]["names"] = {}
    return data


def _add_hidden_passes(data: dict[str, Any]) -> dict[str, Any]:
    """Version 4 records Masquerade passes hidden from third parties (scores.py);
    older games forgot theirs, so their viewers count as if all were seen."""
    data["state"]["hidden_passes"] = []
    return data


def _add_undo(data: dict[str, Any]) -> dict[str, Any]:
    """Version 5 stores the undo history (dominion.undo); older games start with none."""
    data["undo"] = {"epoch": 0, "history": []}
    return data


#: ``STEPS[n]`` turns a version-``n`` dict into a version-``n + 1`` dict.
STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _add_edition,
    2: _add_prosperity,
    3: _add_hidden_passes,
    4: _add_undo,
}


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """Return ``data`` upgraded to the current schema version.

    :raises InvalidState: if the version is missing or newer than this engine.
    """
    from .engine import SCHEMA_VERSION

    version = data.get("schema_version") if isinstance(data, dict) else None
    if not isinstance(version, int) or version < 1:
        raise InvalidState("saved game has no valid schema_version")
    if version > SCHEMA_VERSION:
        raise InvalidState(
            f"saved game has schema_version {version}; this engine reads up to {SCHEMA_VERSION}"
        )
    while version < SCHEMA_VERSION:
        data = STEPS[version](data)
        version += 1
        data["schema_version"] = version
    return data
