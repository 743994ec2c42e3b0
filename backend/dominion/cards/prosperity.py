"""Prosperity kingdom Action cards, 1st and 2nd edition.

Cards removed in the 2nd edition (Counting House, Goons, Mountebank, Trade
Route) and cards added in it (Charlatan, Clerk, Magnate) play in any game;
no Action card here changed what it does between editions (rules.md 9).
"""

from __future__ import annotations
