"""The card catalog: importing this package registers every supported card."""

from . import basic, base, intrigue, prosperity, prosperity_treasures  # noqa: F401  (registration)
from .card import CARDS, Card, get_card

__all__ = ["CARDS", "Card", "get_card"]
