"""The registry of decision prompts: what every ``Decision.prompt`` key means.

A card registers its prompts next to its effect (``cards/base.py``), the
engine registers the prompts of general rules (``reaction.reveal``), so a new
card's prompts appear here by themselves. :meth:`dominion.engine.Game.decide`
refuses a decision whose prompt is not registered with that kind.

The API documentation lists :data:`PROMPTS`; :func:`dominion.views.view` reads
:attr:`PromptInfo.public` to decide whether other seats may see which prompt
is open.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .decisions import KINDS


@dataclass(frozen=True, slots=True)
class PromptInfo:
    """What one decision prompt asks.

    :param key: the prompt key, e.g. ``"militia.discard"``.
    :param kind: one of :data:`dominion.decisions.KINDS`.
    :param card: the card whose effect asks (``None`` for general rules such
        as reactions, asked by the engine; the decision's own ``card`` then
        names the card that caused it).
    :param text: one English sentence: what is chosen and what the answer means.
    :param args: each key the decision's ``args`` may carry, and its meaning.
    :param options: what the decision's ``options`` hold.
    :param public: other seats may learn that this decision is open: whether
        it is asked depends only on public information (hand and deck counts,
        revealed cards, cards in play, the supply), so naming it reveals
        nothing hidden.
    """

    key: str
    kind: str
    card: Optional[str]
    text: str
    args: dict[str, str] = field(default_factory=dict)
    options: str = ""
    public: bool = False


# Descriptions shared by the prompts of many cards.
HAND = "the cards in hand"
YES_NO = "\"yes\" or \"no\""
UP_TO = "the non-empty supply piles costing up to args.max_cost"
MAX_COST = {"max_cost": "the most a gained card may cost now, in coins"}
ON_TOP = "the last one named ends on top of the discard pile"

#: Every registered prompt, by key.
PROMPTS: dict[str, PromptInfo] = {}


def prompt(
    key: str,
    kind: str,
    text: str,
    *,
    card: Optional[str] = None,
    args: Optional[dict[str, str]] = None,
    options: str = "",
    public: bool = False,
) -> PromptInfo:
    """Register a prompt and return its :class:`PromptInfo`.

    :raises ValueError: if ``key`` is already registered or ``kind`` is unknown.
    """
    if key in PROMPTS:
        raise ValueError(f"prompt {key!r} is registered twice")
    if kind not in KINDS:
        raise ValueError(f"prompt {key!r}: unknown kind {kind!r} (one of {', '.join(KINDS)})")
    entry = PromptInfo(key, kind, card, text, dict(args or {}), options, public)
    PROMPTS[key] = entry
    return entry


def info(key: str) -> PromptInfo:
    """The registered prompt ``key``.

    :raises KeyError: naming the key, if no card or rule registered it.
    """
    try:
        return PROMPTS[key]
    except KeyError:
        raise KeyError(
            f"unknown decision prompt {key!r}: register it with dominion.prompts.prompt() "
            f"next to the card that asks it ({len(PROMPTS)} prompts are registered)"
        ) from None
