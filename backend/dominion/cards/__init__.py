"""The card catalog: importing this package registers every supported card."""

from . import basic, base, intrigue  # noqa: F401  (registration side effects)
from .card import CARDS, Card, get_card

__all__ = ["CARDS", "Card", "get_card"]
