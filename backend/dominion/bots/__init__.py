"""Bots that play a seat: Big Money, Smithy Big Money and a generic bot for any kingdom."""

from __future__ import annotations

from typing import Callable

from .base import Bot, act
from .generic import GenericBot
from .hard import HardBot
from .money import BigMoney, SmithyBigMoney

#: Bot constructors by their stable public name.
BOTS: dict[str, Callable[[], Bot]] = {
    BigMoney.name: BigMoney,
    SmithyBigMoney.name: SmithyBigMoney,
    GenericBot.name: GenericBot,
    HardBot.name: HardBot,
}


def make_bot(name: str) -> Bot:
    """A new bot by name.

    :raises KeyError: with the known names, if ``name`` is unknown.
    """
    try:
        return BOTS[name]()
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None


__all__ = ["BOTS", "Bot", "BigMoney", "GenericBot", "HardBot", "SmithyBigMoney", "act", "make_bot"]
