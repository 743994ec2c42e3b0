"""Decisions: what a player must choose before a card can go on.

A :class:`Decision` is plain data addressed to one seat. It lists every
possible choice, so a client (or a bot, or the fuzzer) needs no rules to
answer it. :func:`validate_answer` checks an answer against it.

Kinds and their answers:

``cards``
    Choose between ``min`` and ``max`` cards out of ``options`` (a multiset of
    card names). Answer: a list of card names; a name may repeat as often as
    ``options`` holds it. Where the cards go one by one onto a pile, the last
    one named ends on top.
``option``
    Choose one of ``options`` (stable option ids such as ``"yes"``, ``"trash"``).
    Answer: the option id.
``options``
    Choose between ``min`` and ``max`` *different* option ids out of
    ``options`` (Pawn: two different bonuses). Answer: a list of option ids,
    each at most once, in any order.
``supply``
    Choose a supply pile from ``options`` (or none when ``min`` is 0).
    Answer: a pile name, or ``None``.
``order``
    Put all of ``options`` back on the deck in an order.
    Answer: a list with the same cards, the card to end on top first.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Optional

from .errors import IllegalCommand

CARDS = "cards"
OPTION = "option"
OPTIONS = "options"
SUPPLY = "supply"
ORDER = "order"
KINDS = (CARDS, OPTION, OPTIONS, SUPPLY, ORDER)

#: The module docstring's answer rules, one sentence per kind, for API docs.
KIND_ANSWERS: dict[str, str] = {
    CARDS: (
        "A list of between min and max card names taken from options; a name may "
        "repeat as many times as options holds it. The order matters only where "
        "the chosen cards go one after another onto a pile: the last card named "
        "ends on top (the top of the discard pile for discards and gains, the "
        "last card of the trash for trashing)."
    ),
    OPTION: "One option id out of options, as a string (e.g. \"yes\" or \"no\").",
    OPTIONS: (
        "A list of between min and max different option ids out of options, "
        "in any order (e.g. [\"card\", \"coin\"])."
    ),
    SUPPLY: (
        "The name of one pile out of options, or null to choose none, which is "
        "allowed only when min is 0."
    ),
    ORDER: (
        "A list holding every card of options exactly once; the first card named "
        "ends on top of the deck."
    ),
}


@dataclass(slots=True)
class Decision:
    """A choice one seat must make.

    :param seat: who decides.
    :param kind: one of :data:`KINDS`.
    :param prompt: stable key saying what the choice is for, e.g.
        ``"militia.discard"``; clients translate it, bots read it.
    :param options: the choices (see the module docstring).
    :param min: fewest cards or options to choose (``cards``, ``options``);
        0 makes ``supply`` optional.
    :param max: most cards or options to choose (``cards``, ``options``).
    :param card: the card whose effect asks.
    :param args: extra values for the prompt text (``{"cost": 4}``).
    """

    seat: int
    kind: str
    prompt: str
    options: list[Any]
    min: int = 1
    max: int = 1
    card: Optional[str] = None
    args: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": list(self.options),
            "min": self.min,
            "max": self.max,
            "card": self.card,
            "args": dict(self.args),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Decision":
        return cls(
            d["seat"],
            d["kind"],
            d["prompt"],
            list(d["options"]),
            d["min"],
            d["max"],
            d["card"],
            dict(d["args"]),
        )


def _bad(message: str) -> IllegalCommand:
    return IllegalCommand(message, "invalid_answer")


def validate_answer(decision: Decision, answer: Any) -> Any:
    """Return ``answer`` in canonical form if it is a legal answer to ``decision``.

    :raises IllegalCommand: (code ``invalid_answer``) if it is not.
    """
    kind = decision.kind
    if kind == CARDS or kind == ORDER:
        if not isinstance(answer, (list, tuple)) or not all(
            isinstance(a, str) for a in answer
        ):
            raise _bad("answer must be a list of card names")
        chosen = Counter(answer)
        available = Counter(decision.options)
        if chosen - available:
            missing = sorted((chosen - available).elements())
            raise _bad(f"not among the choices: {', '.join(missing)}")
        if kind == ORDER:
            if chosen != available:
                raise _bad("an order must list every card exactly once")
        elif not decision.min <= len(answer) <= decision.max:
            raise _bad(
                f"choose between {decision.min} and {decision.max} cards, "
                f"not {len(answer)}"
            )
        return list(answer)
    if kind == OPTIONS:
        if not isinstance(answer, (list, tuple)) or not all(
            isinstance(a, str) for a in answer
        ):
            raise _bad("answer must be a list of option ids")
        if len(set(answer)) != len(answer):
            raise _bad("each option may be chosen only once")
        unknown = [a for a in answer if a not in decision.options]
        if unknown:
            raise _bad(f"not among the choices: {', '.join(unknown)}")
        if not decision.min <= len(answer) <= decision.max:
            raise _bad(
                f"choose between {decision.min} and {decision.max} options, "
                f"not {len(answer)}"
            )
        return list(answer)
    if kind == OPTION:
        if not isinstance(answer, str) or answer not in decision.options:
            raise _bad(f"choose one of: {', '.join(decision.options)}")
        return answer
    if kind == SUPPLY:
        if answer is None:
            if decision.min > 0:
                raise _bad("a pile must be chosen")
            return None
        if not isinstance(answer, str) or answer not in decision.options:
            raise _bad("that pile cannot be chosen")
        return answer
    raise _bad(f"unknown decision kind {kind!r}")  # pragma: no cover
