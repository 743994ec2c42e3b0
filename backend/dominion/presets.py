"""Recommended kingdoms named in the rulebooks (seeds), with their local names."""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import InvalidSetup


@dataclass(frozen=True)
class Preset:
    """A named 10-card kingdom from a rulebook."""

    name: str  # English name
    cards: tuple[str, ...]
    sets: tuple[str, ...]
    names: dict[str, str] = field(default_factory=dict)  # language code -> local name


PRESETS: list[Preset] = [
    Preset(
        "First Game",
        ("Cellar", "Market", "Militia", "Mine", "Moat", "Remodel", "Smithy",
         "Village", "Woodcutter", "Workshop"),
        ("base",),
        {"cs": "První hra"},
    ),
]


def preset(name: str) -> list[str]:
    """The cards of the preset called ``name`` (English or local name, any case).

    :raises InvalidSetup: if there is no such preset.
    """
    key = name.strip().casefold()
    for p in PRESETS:
        if p.name.casefold() == key or any(v.casefold() == key for v in p.names.values()):
            return list(p.cards)
    raise InvalidSetup(f"no preset kingdom called {name!r}")
