"""The ``dominion-sim`` command line: output formats, options, errors, and the
sanity figures that show the rules and bots are right (Smithy Big Money beats
Big Money; the Big Money mirror lasts 17-18 turns per player)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dominion.sim import main, random_kingdom, simulate
from dominion.rng import Rng
from dominion.cards import CARDS

ROOT = Path(__file__).resolve().parent.parent
KINGDOM = "Cellar,Moat,Village,Workshop,Militia,Smithy,Remodel,Market,Mine,Witch"


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """Run the CLI with ``--json`` in-process; return the one object it prints."""
    assert main([*argv, "--json"]) == 0
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    assert len(lines) == 1, out  # exactly one JSON object, nothing else
    return json.loads(lines[0])


def run_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the CLI expecting a usage error; return its message (stderr)."""
    with pytest.raises(SystemExit) as exit_:
        main(list(argv))
    assert exit_.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    return captured.err


# ----------------------------------------------------------------------
# Output


def test_json_output_has_the_stable_fields(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "--bots", "big-money", "smithy-big-money",
                   "--games", "20", "--seed", "7")
    for key in ("games", "seconds", "games_per_second", "avg_turns", "wins", "ties",
                "end_reasons"):
        assert key in out, key
    assert out["games"] == 20
    assert out["bots"] == ["big-money", "smithy-big-money"]
    assert len(out["wins"]) == 2
    # Shared wins are split, so the wins add up to the number of games.
    assert sum(out["wins"]) == pytest.approx(20)
    assert 0 <= out["ties"] <= 20
    assert sum(out["end_reasons"].values()) == 20
    assert set(out["end_reasons"]) <= {"provinces", "piles", "colonies", "turn_limit"}
    assert out["seconds"] >= 0 and out["games_per_second"] > 0
    assert 10 < out["avg_turns"] < 30
    assert out["win_rates"] == [round(w / 20, 4) for w in out["wins"]]


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--bots", "big-money", "generic", "--games", "10", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("10 games in ")
    assert "games/s" in lines[0]
    assert lines[1].startswith("average turns per player: ")
    float(lines[1].split(": ")[1])
    assert any(line.split()[:2] == ["big-money", "wins"] for line in lines)
    assert any(line.split()[:2] == ["generic", "wins"] for line in lines)
    assert any(line.strip().startswith("ties ") for line in lines)
    assert lines[-1].startswith("end reasons: ")


def test_six_bots_and_shared_wins_split(capsys: pytest.CaptureFixture[str]) -> None:
    bots = ["big-money", "generic", "smithy-big-money", "generic", "big-money", "generic"]
    out = run_json(capsys, "--bots", *bots, "--games", "6", "--seed", "1",
                   "--kingdom", "random")
    assert out["bots"] == bots
    assert len(out["wins"]) == 6
    assert sum(out["wins"]) == pytest.approx(6, abs=0.05)  # rounded thirds


# ----------------------------------------------------------------------
# Kingdoms and seeds


def test_given_kingdom_is_used(capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    import dominion.sim as sim

    seen: list[list[str]] = []
    real = sim.play_game

    def spy(bots: Any, kingdom: Any, seed: int) -> dict[str, Any]:
        seen.append(list(kingdom))
        return real(bots, kingdom, seed)

    monkeypatch.setattr(sim, "play_game", spy)
    run_json(capsys, "--bots", "generic", "big-money", "--games", "3", "--jobs", "1",
             "--kingdom", " Smithy, Village,Witch ")
    assert seen == [["Smithy", "Village", "Witch"]] * 3


def test_random_kingdom_differs_per_game_and_follows_the_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import dominion.sim as sim

    seen: list[list[str]] = []
    real = sim.play_game

    def spy(bots: Any, kingdom: Any, seed: int) -> dict[str, Any]:
        seen.append(list(kingdom))
        return real(bots, kingdom, seed)

    monkeypatch.setattr(sim, "play_game", spy)
    run_json(capsys, "--bots", "generic", "generic", "--games", "4", "--seed", "5",
             "--kingdom", "random", "--jobs", "1")
    first = list(seen)
    seen.clear()
    run_json(capsys, "--bots", "generic", "generic", "--games", "4", "--seed", "5",
             "--kingdom", "random", "--jobs", "1")
    assert seen == first
    assert len({tuple(k) for k in first}) == 4
    for k in first:
        assert len(k) == len(set(k)) == 10
        assert all(not CARDS[c].basic for c in k)


def test_random_kingdom_helper() -> None:
    a = random_kingdom(Rng(9))
    assert a == random_kingdom(Rng(9))
    assert a == sorted(a) and len(set(a)) == 10
    assert random_kingdom(Rng(9), size=5, editions={"1"}) != a


def test_default_kingdom_is_the_first_game(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import dominion.sim as sim
    from dominion.presets import preset

    seen: list[list[str]] = []
    real = sim.play_game
    monkeypatch.setattr(sim, "play_game",
                        lambda b, k, s: seen.append(list(k)) or real(b, k, s))
    run_json(capsys, "--bots", "big-money", "big-money", "--games", "2", "--jobs", "1")
    assert seen == [preset("First Game")] * 2


def test_same_seed_same_results(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--bots", "generic", "smithy-big-money", "--games", "30", "--seed", "42",
            "--kingdom", KINGDOM]
    a = run_json(capsys, *args)
    b = run_json(capsys, *args)
    for key in ("wins", "ties", "avg_turns", "end_reasons"):
        assert a[key] == b[key], key
    c = run_json(capsys, *args[:-4], "--seed", "43", "--kingdom", KINGDOM)
    assert (c["wins"], c["avg_turns"]) != (a["wins"], a["avg_turns"])


def test_seats_rotate_between_games() -> None:
    """A mirror match is fair: each seat order is played equally often."""
    out = simulate(["big-money", "big-money"], 200, seed=8)
    assert abs(out["wins"][0] - out["wins"][1]) < 40


# ----------------------------------------------------------------------
# Errors


def test_unknown_bot_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    err = run_error(capsys, "--bots", "big-money", "alpha-zero")
    assert "alpha-zero" in err and "big-money" in err


@pytest.mark.parametrize("count", [1, 7])
def test_bot_count_must_be_2_to_6(capsys: pytest.CaptureFixture[str], count: int) -> None:
    err = run_error(capsys, "--bots", *["big-money"] * count)
    assert "2 to 6" in err


@pytest.mark.parametrize("kingdom, message", [
    ("Smithy,Dragon", "unknown card 'Dragon'"),
    ("Smithy,Gold", "Gold is a basic card"),
    ("Smithy,Smithy", "Smithy appears twice"),
])
def test_bad_kingdom_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], kingdom: str, message: str
) -> None:
    err = run_error(capsys, "--bots", "big-money", "generic", "--kingdom", kingdom)
    assert message in err


@pytest.mark.parametrize("args", [["--games", "0"], ["--seed", "-1"], ["--games", "x"]])
def test_bad_numbers_are_usage_errors(capsys: pytest.CaptureFixture[str],
                                      args: list[str]) -> None:
    run_error(capsys, "--bots", "big-money", "generic", *args)


def test_module_runs_as_a_script() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "backend")}
    cmd = [sys.executable, "-m", "dominion.sim", "--bots", "big-money", "generic",
           "--games", "5", "--seed", "2", "--json"]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["games"] == 5 and sum(out["wins"]) == pytest.approx(5)
    # The same seed gives the same figures in another process.
    again = json.loads(subprocess.run(cmd, capture_output=True, text=True, env=env,
                                      timeout=60).stdout)
    assert (again["wins"], again["avg_turns"]) == (out["wins"], out["avg_turns"])

    bad = subprocess.run(cmd[:6] + ["--kingdom", "Smithy,Dragon"], capture_output=True,
                         text=True, env=env, timeout=60)
    assert bad.returncode == 2
    assert "unknown card 'Dragon'" in bad.stderr
    assert "Traceback" not in bad.stderr
    assert bad.stdout == ""


# ----------------------------------------------------------------------
# Sanity figures


def test_smithy_big_money_beats_big_money(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "--bots", "big-money", "smithy-big-money", "--games", "400",
                   "--seed", "7", "--kingdom", KINGDOM)
    assert out["end_reasons"] == {"provinces": 400}
    assert out["win_rates"][1] >= 0.6, out  # measured about 0.75


def test_big_money_mirror_lasts_17_to_18_turns(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "--bots", "big-money", "big-money", "--games", "400",
                   "--seed", "7", "--kingdom", KINGDOM)
    assert 16.5 <= out["avg_turns"] <= 18.5, out


def test_each_win_goes_to_the_bot_in_the_winning_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: with 3+ bots a seat's win was credited to the bot that sat
    there in the mirror-image rotation. Every game's winners are mapped back
    here by the seat order ``play_game`` really received."""
    import dominion.sim as sim

    bots = ["smithy-big-money", "big-money", "generic"]
    expected = [0.0] * len(bots)
    real = sim.play_game

    def spy(order: Any, kingdom: Any, seed: int) -> dict[str, Any]:
        res = real(order, kingdom, seed)
        for w in res["winners"]:
            expected[bots.index(order[w])] += 1 / len(res["winners"])
        return res

    monkeypatch.setattr(sim, "play_game", spy)
    out = simulate(bots, 9, seed=4, kingdom=KINGDOM.split(","))
    assert out["wins"] == [round(w, 2) for w in expected]
    assert len(set(expected)) > 1  # the figures tell the bots apart


def test_a_bot_that_always_wins_gets_every_win(monkeypatch: pytest.MonkeyPatch) -> None:
    import dominion.sim as sim

    def fake(order: Any, kingdom: Any, seed: int) -> dict[str, Any]:
        return {"winners": [order.index("smithy-big-money")], "end_reason": "provinces",
                "turns": 30}

    monkeypatch.setattr(sim, "play_game", fake)
    for bots in (["smithy-big-money", "big-money", "generic"],
                 ["big-money", "generic", "big-money", "smithy-big-money"]):
        out = simulate(bots, 12, seed=1, kingdom=["Smithy"])
        star = bots.index("smithy-big-money")
        assert out["wins"] == [12.0 if i == star else 0.0 for i in range(len(bots))]


# ----------------------------------------------------------------------
# Prosperity: random kingdoms from chosen sets, and the Platinum/Colony rule

PROSPERITY = {n for n, c in CARDS.items() if c.set == "prosperity" and not c.basic}


def test_random_kingdom_draws_prosperity_cards_from_its_sets() -> None:
    k = random_kingdom(Rng(4), sets={"prosperity"})
    assert set(k) <= PROSPERITY and len(k) == 10
    mixed = [random_kingdom(Rng(s), sets={"base", "prosperity"}) for s in range(20)]
    assert all({CARDS[c].set for c in m} <= {"base", "prosperity"} for m in mixed)
    assert any(set(m) & PROSPERITY for m in mixed)


def test_play_game_applies_the_colony_rule() -> None:
    from dominion.sim import colony_for, play_game

    only = sorted(PROSPERITY)[:10]
    base = ["Cellar", "Moat", "Village", "Workshop", "Militia", "Smithy", "Remodel",
            "Market", "Mine", "Witch"]
    assert play_game(["generic", "big-money"], only, seed=1)["colony"] is True
    assert play_game(["generic", "big-money"], base, seed=1)["colony"] is False
    mixed = base[:5] + only[:5]
    picks = {colony_for(mixed, s) for s in range(40)}
    assert picks == {True, False}  # one random card decides, per game seed
    assert all(play_game(["big-money", "big-money"], mixed, seed=s)["colony"]
               == colony_for(mixed, s) for s in range(4))
    assert play_game(["big-money", "big-money"], only, seed=1, colony=False)["colony"] is False


def test_cli_plays_prosperity_kingdoms_with_colony_by_the_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = run_json(capsys, "--bots", "generic", "big-money", "--games", "10",
                   "--sets", "prosperity", "--seed", "3")
    assert out["colony_games"] == 10  # only Prosperity cards: always
    out = run_json(capsys, "--bots", "generic", "generic", "--games", "10",
                   "--sets", "base,prosperity", "--seed", "3", "--colony", "no")
    assert out["colony_games"] == 0
    assert sum(out["end_reasons"].values()) == 10 and "turn_limit" not in out["end_reasons"]
    out = run_json(capsys, "--bots", "generic", "generic", "--games", "6",
                   "--sets", "base", "--seed", "3", "--colony", "yes")
    assert out["colony_games"] == 6
    main(["--bots", "generic", "big-money", "--games", "4", "--sets", "prosperity"])
    lines = capsys.readouterr().out.splitlines()
    assert "games with Platinum and Colony: 4" in lines[-2]
    assert lines[-1].startswith("end reasons: ")


def test_unknown_set_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    err = run_error(capsys, "--bots", "generic", "big-money", "--sets", "base,seaside")
    assert "seaside" in err


# ----------------------------------------------------------------------
# Processes


def figures(out: dict[str, Any]) -> dict[str, Any]:
    """The output without its timings."""
    return {k: v for k, v in out.items() if k not in ("seconds", "games_per_second")}


@pytest.mark.parametrize("jobs", [2, 3, 7])
def test_jobs_give_the_totals_of_one_process(capsys: pytest.CaptureFixture[str],
                                             jobs: int) -> None:
    args = ["--bots", "generic", "big-money", "smithy-big-money", "--games", "25",
            "--seed", "11", "--kingdom", "random"]
    serial = run_json(capsys, *args, "--jobs", "1")
    parallel = run_json(capsys, *args, "--jobs", str(jobs))
    assert figures(parallel) == figures(serial)
    assert serial["games"] == 25 and sum(serial["end_reasons"].values()) == 25


def test_simulate_spreads_games_over_processes() -> None:
    one = simulate(["big-money", "smithy-big-money"], 40, seed=3)
    two = simulate(["big-money", "smithy-big-money"], 40, seed=3, jobs=2)
    assert figures(two) == figures(one)


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="no affinity masks here")
def test_jobs_default_to_the_cpus_this_process_may_use_not_the_cpu_count() -> None:
    """``dominion-sim`` without ``--jobs`` uses :func:`usable_cpus`: with the
    affinity mask cut to one CPU it plays in one process, whatever
    ``os.cpu_count()`` says (on a machine of one CPU the two agree)."""
    import dominion.sim as sim

    seen: list[int] = []
    real = sim.simulate
    mask = os.sched_getaffinity(0)
    try:
        sim.simulate = lambda *a, **kw: seen.append(kw["jobs"]) or real(*a, **kw)  # type: ignore[assignment]
        os.sched_setaffinity(0, {min(mask)})
        assert main(["--bots", "big-money", "big-money", "--games", "2", "--json"]) == 0
        os.sched_setaffinity(0, mask)
        assert main(["--bots", "big-money", "big-money", "--games", "2", "--json"]) == 0
    finally:
        os.sched_setaffinity(0, mask)
        sim.simulate = real
    assert seen == [1, len(mask)]


def test_jobs_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--jobs" in run_error(capsys, "--bots", "big-money", "big-money", "--jobs", "0")


def test_jobs_default_to_the_cpus_this_process_may_use() -> None:
    """``--jobs`` follows the affinity mask (taskset, cpusets), not the machine."""
    import os

    from dominion.sim import usable_cpus

    mask = os.sched_getaffinity(0)
    try:
        os.sched_setaffinity(0, {min(mask)})
        assert usable_cpus() == 1
    finally:
        os.sched_setaffinity(0, mask)
    assert usable_cpus() == len(mask)
