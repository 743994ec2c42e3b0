"""Prosperity kingdom Treasure cards (and Mint, whose hooks trash Treasures),
1st and 2nd edition.

Mint, Hoard and Quarry changed what they do in the 2nd edition and read
``game.first_edition``. Cards removed in the 2nd edition (Contraband, Loan,
Royal Seal, Talisman, Venture) and cards added in it (Anvil, Collection,
Crystal Ball, Investment, Tiara, War Chest) play in any game.
"""

from __future__ import annotations
