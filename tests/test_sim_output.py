"""The simulator's output people read (issue 25, section 2): Wilson intervals,
win/tie/loss per bot, per-turn figures, the SVG chart and the JSON object.

Collecting per-turn figures must not change the games: the same seed gives
the same games, states and results with or without them.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import dominion.sim as sim
from dominion.fastplay import play_turns
from dominion.rng import Rng
from dominion.setup import new_game
from dominion.sim import MAX_TURNS, bot_for, colony_for, main, play_game, random_kingdom, simulate
from dominion.sim_plot import MIN_REACHED, drawn, nice_ticks, render_svg
from dominion.sim_stats import Tally, mean_sd_ci, play_observed, wilson

ROOT = Path(__file__).resolve().parent.parent
STRATEGIES = ROOT / "backend" / "dominion" / "bots" / "strategies"
KINGDOM = ["Cellar", "Moat", "Village", "Workshop", "Militia", "Smithy", "Remodel",
           "Market", "Mine", "Witch"]
SVG = "{http://www.w3.org/2000/svg}"


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main([*argv, "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    return json.loads(lines[0])


def timeless(out: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in out.items() if k not in ("seconds", "games_per_second")}


# ----------------------------------------------------------------------
# Intervals, against values worked out by hand from the Wilson formula
# (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), z = 1.95996


@pytest.mark.parametrize("x, n, low, high", [
    (50, 100, 0.4038, 0.5962),
    (0, 10, 0.0, 0.2775),   # z²/(n + z²) = 3.8415/13.8415
    (10, 10, 0.7225, 1.0),
    (1, 10, 0.0179, 0.4042),
    (75, 100, 0.657, 0.8245),
    (0.5, 1, 0.0546, 0.9454),  # half a point: a tied single game
])
def test_wilson_interval_values(x: float, n: int, low: float, high: float) -> None:
    lo, hi = wilson(x, n)
    assert (round(lo, 4), round(hi, 4)) == (low, high)


def test_wilson_interval_is_symmetric_and_rejects_bad_counts() -> None:
    lo, hi = wilson(30, 200)
    lo2, hi2 = wilson(170, 200)
    assert lo == pytest.approx(1 - hi2) and hi == pytest.approx(1 - lo2)
    for x, n in ((1, 0), (-1, 5), (6, 5)):
        with pytest.raises(ValueError):
            wilson(x, n)


def test_mean_sd_and_normal_interval() -> None:
    # 1, 2, 3, 4: mean 2.5, sample sd sqrt(5/3) = 1.291, half-width 1.96 * 1.291 / 2
    got = mean_sd_ci(4, 10, 30)
    assert got == {"mean": 2.5, "sd": 1.291, "low": 1.235, "high": 3.765}
    assert mean_sd_ci(1, 17, 289) == {"mean": 17.0, "sd": 0.0, "low": 17.0, "high": 17.0}
    with pytest.raises(ValueError):
        mean_sd_ci(0, 0, 0)


# ----------------------------------------------------------------------
# Win, tie, loss


def test_tally_counts_wins_ties_and_losses_per_bot() -> None:
    tally = Tally(["a", "b", "c"])
    tally.add({"winners": [0], "turns": 30}, 0)  # seat 0 = a
    tally.add({"winners": [0], "turns": 30}, 1)  # seat 0 = b
    tally.add({"winners": [0, 2], "turns": 30}, 0)  # a and c tie
    tally.add({"winners": [], "turns": 3000, "end_reason": "turn_limit"}, 2)  # nobody wins
    res = {r["bot"]: r for r in tally.results()}
    assert [(res[b]["wins"], res[b]["ties"], res[b]["losses"]) for b in "abc"] == [
        (1, 1, 2), (1, 0, 3), (0, 1, 3)]
    assert res["a"]["score"]["points"] == 1.5 and res["c"]["score"]["points"] == 0.5
    assert tally.tied_games == 1
    # Turns per seat from the game's turn count: 30 turns of 3 seats are 10 each.
    assert res["a"]["turns"]["mean"] == pytest.approx((10 * 3 + 1000) / 4)


def test_cli_results_add_up_and_intervals_hold_their_estimates(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bots = ["big-money", "smithy-big-money", "generic"]
    out = run_json(capsys, "--bots", *bots, "--games", "60", "--seed", "5",
                   "--kingdom", ",".join(KINGDOM), "--jobs", "1")
    assert [r["bot"] for r in out["results"]] == bots
    assert out["config"]["seed"] == 5 and out["config"]["kingdom"] == KINGDOM
    assert out["config"]["interval"] == "wilson" and out["config"]["confidence"] == 0.95
    assert out["per_turn"] is None  # not asked for
    shared = 0
    for r, wins in zip(out["results"], out["wins"]):
        assert r["wins"] + r["ties"] + r["losses"] == 60
        for key, count in (("win_rate", r["wins"]), ("tie_rate", r["ties"]),
                           ("loss_rate", r["losses"])):
            rate = r[key]
            assert rate["value"] == round(count / 60, 4)
            assert 0 <= rate["low"] <= rate["value"] <= rate["high"] <= 1
            assert rate["high"] - rate["low"] > 0.02  # 60 games do not pin a rate down
        score = r["score"]
        assert score["points"] == wins  # the old "wins": ties split
        assert r["wins"] <= score["points"] <= r["wins"] + r["ties"]
        assert score["low"] <= score["value"] <= score["high"]
        t = r["turns"]
        assert t["low"] <= t["mean"] <= t["high"] and t["sd"] > 0
        assert 10 < t["mean"] < 40
        shared += r["ties"]
    assert sum(r["score"]["points"] for r in out["results"]) == pytest.approx(60, abs=0.05)
    assert shared >= 2 * out["ties"]  # each tied game is a tie for two bots or more
    assert sum(r["turns"]["mean"] for r in out["results"]) / 3 == pytest.approx(
        out["avg_turns"], abs=0.5)  # seats take turns in order


def test_turn_limit_games_are_losses_for_everyone(monkeypatch: pytest.MonkeyPatch) -> None:
    def stuck(order: Any, kingdom: Any, seed: int) -> dict[str, Any]:
        return {"winners": [], "end_reason": "turn_limit", "turns": MAX_TURNS}

    monkeypatch.setattr(sim, "play_game", stuck)
    out = simulate(["big-money", "generic"], 4, seed=1, kingdom=["Smithy"])
    assert [(r["wins"], r["ties"], r["losses"]) for r in out["results"]] == [(0, 0, 4)] * 2
    assert out["results"][0]["win_rate"] == {"value": 0.0, "low": 0.0, "high": 0.4899}


def test_text_output_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--bots", "big-money", "smithy-big-money", "--games", "40", "--seed", "3",
                 "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("results with 95%"))
    assert "Wilson" in lines[head]
    assert lines[head + 1].split() == ["bot", "wins", "ties", "losses", "score",
                                       "turns", "per", "game"]
    rows = [lines[head + 2].split(), lines[head + 3].split()]
    assert [r[0] for r in rows] == ["big-money", "smithy-big-money"]
    for r in rows:
        assert r[2].endswith("%") and r[3].startswith("(") and r[3].endswith(")")
        low, high = map(float, r[3][1:-1].split("-"))
        assert low <= float(r[2][:-1]) <= high
        assert int(r[1]) + int(r[4]) + int(r[7]) == 40
    assert lines[-1].startswith("end reasons: ")


def test_help_names_the_interval(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "Wilson score interval" in text and "--plot" in text and "--per-turn" in text


# ----------------------------------------------------------------------
# Per-turn figures do not change the games


def _final_state(bots: list[str], kingdom: list[str], seed: int, observed: bool) -> Any:
    colony = colony_for(kingdom, seed)
    agents = {i: bot_for(n) for i, n in enumerate(bots)}
    game = new_game(len(bots), kingdom, seed=seed, agents=agents, record_events=False,
                    colony=colony)
    game.check_agents = False
    if observed:
        play_observed(game, agents, MAX_TURNS)
    else:
        play_turns(game, agents, MAX_TURNS)
    return game.state.to_dict()


@pytest.mark.parametrize("bots", [
    ["big-money", "smithy-big-money"],
    ["generic", "generic", "big-money"],
    [f"{STRATEGIES / 'ironworks-gardens.xml'}", "generic"],
])
def test_observed_games_end_in_the_same_state(bots: list[str]) -> None:
    rng = Rng(21)
    for g in range(4):
        kingdom = random_kingdom(rng) if g else KINGDOM
        if "gardens" in bots[0]:
            kingdom = sorted({*kingdom[:8], "Ironworks", "Gardens"})
        seed = rng.word()
        plain = _final_state(bots, kingdom, seed, observed=False)
        assert _final_state(bots, kingdom, seed, observed=True) == plain
        assert plain["game_over"]


def test_same_seed_same_results_with_or_without_per_turn() -> None:
    args = (["generic", "big-money", "smithy-big-money"], 24)
    plain = simulate(*args, seed=9, sets={"base", "prosperity"})
    with_turns = simulate(*args, seed=9, sets={"base", "prosperity"}, per_turn=True)
    assert with_turns["per_turn"] is not None and plain["per_turn"] is None
    for key in ("wins", "ties", "avg_turns", "end_reasons", "colony_games", "results"):
        assert with_turns[key] == plain[key], key
    res = play_game(["big-money", "generic"], KINGDOM, seed=77)
    observed = play_game(["big-money", "generic"], KINGDOM, seed=77, per_turn=True)
    rows = observed.pop("per_turn")
    assert observed == res
    assert [len(r) for r in rows] == res["seat_turns"]


def test_jobs_merge_per_turn_figures_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--bots", "generic", "big-money", "--games", "16", "--seed", "13",
            "--kingdom", "random", "--per-turn"]
    one = run_json(capsys, *args, "--jobs", "1")
    two = run_json(capsys, *args, "--jobs", "2")
    assert timeless(two) == timeless(one)
    assert one["per_turn"] is not None


# ----------------------------------------------------------------------
# Per-turn figures are plausible


def test_big_money_per_turn_rows_in_each_game() -> None:
    """Big Money never trashes and gains one card a turn at most: its deck
    starts at 10 cards, grows by 0 or 1 a turn, its money never falls, and
    its first turns score the 3 starting Estates."""
    for seed in range(6):
        res = play_game(["big-money", "big-money"], KINGDOM, seed=seed, per_turn=True)
        for rows in res["per_turn"]:
            vp, money, size = zip(*rows)
            assert size[0] in (10, 11) and money[0] in (7, 8, 9) and vp[0] == 3
            assert all(b - a in (0, 1) for a, b in zip(size, size[1:]))
            assert all(b >= a for a, b in zip(money, money[1:]))
            assert all(b >= a for a, b in zip(vp, vp[1:]))
        assert res["scores"] == [rows[-1][0] for rows in res["per_turn"]]


def test_per_turn_series(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "--bots", "big-money", "smithy-big-money", "--games", "30",
                   "--seed", "2", "--kingdom", ",".join(KINGDOM), "--per-turn", "--jobs", "1")
    assert out["config"]["per_turn"] is True
    series = out["per_turn"]
    assert [s["bot"] for s in series] == ["big-money", "smithy-big-money"]
    for s, r in zip(series, out["results"]):
        n = len(s["turn"])
        assert s["turn"] == list(range(1, n + 1))
        for key in ("games", "vp", "money", "money_density", "deck_size"):
            assert len(s[key]) == n, key
        assert s["games"][0] == 30 and s["games"] == sorted(s["games"], reverse=True)
        # Games reached per turn add up to the bot's turns.
        assert sum(s["games"]) / 30 == pytest.approx(r["turns"]["mean"], abs=0.001)
        assert 10 <= s["deck_size"][0] <= 11 and s["vp"][0] == 3
        # While every game runs, each game's deck only grows, so the average does.
        everyone = s["games"].count(30)
        assert everyone >= 10
        assert s["deck_size"][:everyone] == sorted(s["deck_size"][:everyone])
        assert 0.7 <= s["money_density"][0] <= 0.9
        assert max(s["vp"]) > 20
        for d, m, size in zip(s["money_density"], s["money"], s["deck_size"]):
            assert 0.5 < d < 2.5 and 0.5 < m / size < 2.5


def test_per_turn_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--bots", "big-money", "big-money", "--games", "20", "--seed", "4",
                 "--per-turn", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("per turn, "))
    assert lines[head + 1].split()[:4] == ["turn", "big-money", "#1", "VP"]
    first = lines[head + 2].split()
    assert first[0] == "1" and first[1] == first[4] == "3.00" and len(first) == 7
    assert lines[-1].startswith("end reasons: ")


# ----------------------------------------------------------------------
# The chart


def _panels(path: Path) -> dict[str, list[ET.Element]]:
    root = ET.parse(path).getroot()
    assert root.tag == SVG + "svg"
    return {g.get("data-series", ""): g.findall(SVG + "polyline")
            for g in root.iter(SVG + "g") if g.get("class") == "panel"}


def test_plot_writes_an_svg_with_a_line_per_bot_and_panel(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    out_file = tmp_path / "chart.svg"
    bots = ["big-money", "smithy-big-money", "generic"]
    out = run_json(capsys, "--bots", *bots, "--games", "30", "--seed", "6",
                   "--kingdom", ",".join(KINGDOM), "--plot", str(out_file), "--jobs", "1")
    panels = _panels(out_file)
    assert list(panels) == ["vp", "money_density", "deck_size"]
    for key, lines in panels.items():
        assert [line.get("data-bot") for line in lines] == bots
        assert len({line.get("stroke") for line in lines}) == 3
        for line, series in zip(lines, out["per_turn"]):
            points = [tuple(map(float, p.split(","))) for p in line.get("points", "").split()]
            assert len(points) == drawn(series, 30) >= 10
            xs = [x for x, _ in points]
            assert xs == sorted(xs) and len(set(xs)) == len(xs)
    # Higher VP is drawn higher (SVG y grows downwards).
    vp_line = panels["vp"][0].get("points", "").split()
    assert float(vp_line[-1].split(",")[1]) < float(vp_line[0].split(",")[1])
    root = ET.parse(out_file).getroot()
    legend = next(g for g in root.iter(SVG + "g") if g.get("class") == "legend")
    assert [t.text for t in legend.iter(SVG + "text")][:3] == bots
    ticks = [t.text for t in root.iter(SVG + "text") if t.get("class") == "tick"]
    assert "0" in ticks and len(ticks) > 20


def test_plot_with_text_output_and_awkward_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    out_file = tmp_path / "mirror.svg"
    assert main(["--bots", "big-money", "big-money", "--games", "6", "--seed", "1",
                 "--plot", str(out_file), "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert f"chart written to {out_file}" in lines
    assert [line.get("data-bot") for line in _panels(out_file)["vp"]] == [
        "big-money #1", "big-money #2"]
    fake = {"bots": ['a<b & "c"', "d"], "games": 1, "per_turn": [
        {"bot": 'a<b & "c"', "turn": [1], "games": [1], "vp": [3], "money": [7],
         "money_density": [0.7], "deck_size": [10]},
        {"bot": "d", "turn": [1, 2], "games": [1, 1], "vp": [-1, 2], "money": [7, 8],
         "money_density": [0.7, 0.8], "deck_size": [10, 11]}]}
    path = tmp_path / "fake.svg"
    path.write_text(render_svg(fake), encoding="utf-8")
    assert [line.get("data-bot") for line in _panels(path)["vp"]] == ['a<b & "c"', "d"]
    with pytest.raises(ValueError):
        render_svg({**fake, "per_turn": None})


@pytest.mark.parametrize("target, message", [
    ("chart.png", "SVG"),
    ("missing/chart.svg", "no folder"),
])
def test_bad_plot_target_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, target: str, message: str,
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--bots", "big-money", "generic", "--plot", str(tmp_path / target)])
    assert exit_.value.code == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""
    assert list(tmp_path.iterdir()) == []


def test_labels_are_short_and_tell_bots_apart() -> None:
    from dominion.sim_report import labels

    assert labels(["a/b/duke.xml", "x/bots.xml:Smithy BM", "big-money", "big-money"]) == [
        "duke", "Smithy BM", "big-money #3", "big-money #4"]
    long = labels(["f.xml:" + "x" * 60, "dir/Smithy BM.xml", "g.xml:Smithy BM"])
    assert long == ["x" * 35 + "...", "Smithy BM #2", "Smithy BM #3"]


def test_nice_ticks() -> None:
    assert nice_ticks(0, 27) == [0, 10, 20, 30]
    assert nice_ticks(0, 1.43) == [0, 0.5, 1, 1.5]
    assert nice_ticks(-2, 9) == [-2.5, 0, 2.5, 5, 7.5, 10]
    assert nice_ticks(3, 3) == [3, 3.2, 3.4, 3.6, 3.8, 4]  # a flat line still gets an axis
    assert nice_ticks(0, 1e-3) == [0, 0.0002, 0.0004, 0.0006, 0.0008, 0.001]
    assert 0 < MIN_REACHED < 1
