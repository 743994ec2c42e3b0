"""Bots that play a seat: three levels and two Big Money baselines.

The levels are named for what they are: ``easy`` (for a first game),
``medium`` (the generic bot: plays any kingdom soundly) and ``hard``. The
baselines ``big-money`` and ``smithy-big-money`` keep their names. Earlier
names stay accepted as aliases (:data:`ALIASES`): ``generic`` is ``medium``.
"""

from __future__ import annotations

from typing import Callable

from .base import Bot, act
from .easy import EasyBot
from .generic import GenericBot
from .hard import HardBot
from .money import BigMoney, SmithyBigMoney

#: Bot constructors by their stable public (canonical) name.
BOTS: dict[str, Callable[[], Bot]] = {
    EasyBot.name: EasyBot,
    GenericBot.name: GenericBot,
    BigMoney.name: BigMoney,
    SmithyBigMoney.name: SmithyBigMoney,
    HardBot.name: HardBot,
}

#: Earlier names still accepted, each for the bot it has always meant.
ALIASES: dict[str, str] = {"generic": GenericBot.name}


def canonical(name: str) -> str:
    """The canonical name of a bot name or alias (an unknown name unchanged)."""
    return ALIASES.get(name, name)


def bot_names() -> list[str]:
    """Every name :func:`make_bot` accepts: the canonical names, then the aliases."""
    return [*BOTS, *(a for a in ALIASES if ALIASES[a] in BOTS)]


def make_bot(name: str) -> Bot:
    """A new bot by name or alias.

    :raises KeyError: with the known names, if ``name`` is unknown.
    """
    try:
        return BOTS[canonical(name)]()
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; known: {', '.join(bot_names())}") from None


__all__ = ["ALIASES", "BOTS", "Bot", "BigMoney", "EasyBot", "GenericBot", "HardBot",
           "SmithyBigMoney", "act", "bot_names", "canonical", "make_bot"]
