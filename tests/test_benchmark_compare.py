"""``benchmarks/compare.py`` checks that two engine trees played the same
games: every figure both report must agree, a newer tree may report more."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from compare import CORE, differences  # noqa: E402

OLD = {"games": 2, "bots": ["a", "b"], "avg_turns": 17.0, "wins": [1, 1], "win_rates": [0.5, 0.5],
       "ties": 0, "end_reasons": {"provinces": 2}, "colony_games": 0}


def test_a_newer_tree_may_report_more_figures() -> None:
    assert differences(OLD, dict(OLD, config={"seed": 1}, results=[])) == ""


def test_a_shared_figure_that_differs_is_reported() -> None:
    assert differences(OLD, dict(OLD, ties=1, results=[])) == "ties"


def test_the_core_figures_must_be_there() -> None:
    partial = {k: v for k, v in OLD.items() if k != "wins"}
    assert "wins" in differences(partial, OLD) and "wins" in CORE
