"""Random-play fuzzing of the engine (see ``tests/fuzz.py`` for the invariants).

By default a few hundred games run in the ``quick`` mode (a random sample of
legal and illegal commands tried per step) plus a few games in the thorough
mode (every legal command applied on a copy, every other play/buy rejected).
More games::

    FUZZ_GAMES=3000 FUZZ_SEED=100 python3 -m pytest -q tests/test_fuzz.py
    python3 tests/fuzz.py --games 3000            # the same, as a CLI with a summary

The second half checks the fuzzer itself: each of its checks must catch the
fault it exists for, or a green run would prove nothing.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest

import fuzz
from dominion import Decision, Game, IllegalCommand, new_game, validate_answer
from dominion import views as views_module
from dominion.decisions import CARDS as CHOOSE_CARDS
from dominion.decisions import OPTION, OPTIONS, ORDER, SUPPLY
from dominion.prompts import PROMPTS

GAMES = int(os.environ.get("FUZZ_GAMES", "120"))
FIRST_SEED = int(os.environ.get("FUZZ_SEED", "0"))
CHUNK = 30  # games per test item, so no single item runs long
THOROUGH_SEEDS = (10_001, 10_002, 10_003)

KINGDOM = ["Cellar", "Moat", "Village", "Militia", "Smithy",
           "Throne Room", "Library", "Sentry", "Witch", "Bandit"]


@pytest.mark.parametrize("chunk", range((GAMES + CHUNK - 1) // CHUNK))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    first = FIRST_SEED + chunk * CHUNK
    count = min(CHUNK, GAMES - chunk * CHUNK)
    stats = fuzz.run(count, first, thorough=False)
    assert stats.games == count
    assert sum(stats.end_reasons.values()) == count  # every game ended
    assert stats.decisions > 0 and stats.illegal_checked > 0


@pytest.mark.parametrize("seed", THOROUGH_SEEDS)
def test_thorough_games_try_every_command(seed: int) -> None:
    stats = fuzz.fuzz_game(seed, thorough=True)
    assert stats.legal_checked >= stats.steps  # at least one legal command per step
    assert stats.illegal_checked > stats.steps


def test_fuzzing_covers_the_kingdom_cards() -> None:
    """A modest run plays most kingdom cards and meets every decision kind,
    so a green fuzz run is not green by never reaching the card code.

    Each game deals 10 kingdom cards, so the run grows with the pool: about
    five appearances per card (12 games were enough for the base set alone).
    """
    actions = [c for c in fuzz.KINGDOM_POOL if fuzz.CARDS[c].is_action]
    stats = fuzz.run(max(12, 5 * len(fuzz.KINGDOM_POOL) // 10), 600, thorough=False)
    played = {c for c in stats.played if c in fuzz.KINGDOM_POOL}
    assert len(played) >= 0.8 * len(actions)
    assert len(stats.prompts) >= 15


# ----------------------------------------------------------------------
# The fuzzer's own parts


def _decisions(rng: random.Random) -> list[Decision]:
    names = ["Copper", "Copper", "Estate", "Silver", "Gold", "Smithy", "Curse"]
    out = []
    for _ in range(300):
        opts = rng.sample(names, rng.randint(2, len(names)))
        lo = rng.randint(0, len(opts))
        hi = rng.randint(lo, len(opts))
        out.append(Decision(0, CHOOSE_CARDS, "x.choose", opts, lo, max(hi, 1)))
        out.append(Decision(0, ORDER, "x.order", opts, len(opts), len(opts)))
        out.append(Decision(0, OPTION, "x.option", ["yes", "no", "keep"][: rng.randint(2, 3)]))
        ids = ["card", "action", "buy", "coin"][: rng.randint(2, 4)]
        n = rng.randint(1, len(ids) - 1)
        out.append(Decision(0, OPTIONS, "x.options", ids, n, n))
        piles = sorted(set(opts))
        out.append(Decision(0, SUPPLY, "x.gain", piles, rng.randint(0, 1), 1))
    return out


def test_random_answers_are_valid_and_invalid_ones_are_not() -> None:
    rng = random.Random(3)
    supply = ["Copper", "Silver", "Gold", "Estate", "Province", "Curse", "Smithy", "Witch"]
    kinds_seen: Counter = Counter()
    for d in _decisions(rng):
        answer = fuzz.random_answer(rng, d)
        validate_answer(d, answer)  # raises if the fuzzer built a wrong answer
        kinds_seen[d.kind] += 1
        bad = fuzz.invalid_answers(d, supply)
        assert len(bad) >= 3
        for a in bad:
            with pytest.raises(IllegalCommand) as e:
                validate_answer(d, a)
            assert e.value.code == "invalid_answer", (d, a)
    assert set(kinds_seen) == {CHOOSE_CARDS, ORDER, OPTION, OPTIONS, SUPPLY}


def test_random_card_answers_reach_both_bounds() -> None:
    rng = random.Random(5)
    d = Decision(0, CHOOSE_CARDS, "x", ["Copper", "Copper", "Estate", "Gold"], 1, 3)
    sizes = Counter(len(fuzz.random_answer(rng, d)) for _ in range(300))
    assert set(sizes) == {1, 2, 3}


def _game():
    return new_game(3, KINGDOM, seed=11)


def test_view_check_catches_another_seats_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _game()
    fuzz.check_view(game, 1)  # the real view passes
    real = views_module.view

    def leaky(g, seat=None):
        v = real(g, seat)
        v["players"][0]["hand"] = list(g.state.players[0].hand)
        return v

    monkeypatch.setattr(views_module, "view", leaky)
    with pytest.raises(fuzz.FuzzFailure, match="hand of seat 0"):
        fuzz.check_view(game, 1)


def test_view_check_catches_another_seats_cards_and_inexact_own_vp(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = _game()
    real = views_module.view

    def leaky(g, seat=None):
        v = real(g, seat)
        v["players"][0]["cards"] = {"Copper": 7}
        return v

    monkeypatch.setattr(views_module, "view", leaky)
    with pytest.raises(fuzz.FuzzFailure, match="cards of seat 0"):
        fuzz.check_view(game, 1)

    def wrong(g, seat=None):
        v = real(g, seat)
        v["players"][seat]["vp"] += 1
        return v

    monkeypatch.setattr(views_module, "view", wrong)
    with pytest.raises(fuzz.FuzzFailure, match="own cards or VP"):
        fuzz.check_view(game, 1)


@pytest.mark.parametrize("key", ["deck", "rng", "seed", "hidden_passes"])
def test_view_check_catches_hidden_keys_at_any_depth(
    monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    game = _game()
    real = views_module.view

    def leaky(g, seat=None):
        v = real(g, seat)
        v["players"][2][key] = list(g.state.players[2].deck)
        return v

    monkeypatch.setattr(views_module, "view", leaky)
    with pytest.raises(fuzz.FuzzFailure, match=key):
        fuzz.check_view(game, None)


def test_view_check_catches_a_decision_shown_to_another_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _game()
    seat = game.state.turn.seat
    game.state.players[seat].hand = ["Militia"] + ["Copper"] * 4
    game.apply(seat, {"type": "play", "card": "Militia"})
    target = game.pending.seat
    fuzz.check_view(game, target)
    real = views_module.view

    def leaky(g, s=None):
        v = real(g, s)
        v["decision"] = g.pending.to_dict()
        return v

    monkeypatch.setattr(views_module, "view", leaky)
    with pytest.raises(fuzz.FuzzFailure, match="addressed to another seat"):
        fuzz.check_view(game, seat)


def test_event_check_catches_public_draws_and_leaked_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    private = {"type": "draw", "seat": 0, "cards": ["Gold"], "private": True}
    fuzz.check_events([private], 3)
    with pytest.raises(fuzz.FuzzFailure, match="not private"):
        fuzz.check_events([{"type": "draw", "seat": 0, "cards": ["Gold"]}], 3)
    render = fuzz.render_event
    monkeypatch.setattr(fuzz, "render_event", lambda e, viewer, lang: {**e, "text": "x"})
    with pytest.raises(fuzz.FuzzFailure):
        fuzz.check_events([private], 3)
    # An event type without a sentence fails.
    monkeypatch.setattr(fuzz, "render_event", lambda e, viewer, lang: {**render(e, viewer), "text": "{who}"})
    with pytest.raises(fuzz.FuzzFailure, match="no sentence"):
        fuzz.check_events([private], 3)


def test_conservation_check_catches_created_and_lost_cards() -> None:
    game = _game()
    initial = fuzz.card_counts(game.to_dict()["state"])
    fuzz.check_conservation(game, initial)
    game.state.players[0].hand.append("Gold")
    with pytest.raises(fuzz.FuzzFailure, match="Gold"):
        fuzz.check_conservation(game, initial)
    game.state.players[0].hand.remove("Gold")
    game.state.trash.clear()
    game.state.supply["Silver"] -= 1  # a card vanished
    with pytest.raises(fuzz.FuzzFailure, match="Silver"):
        fuzz.check_conservation(game, initial)


def test_rejection_check_catches_an_accepted_or_mutating_command() -> None:
    game = _game()
    seat = game.state.turn.seat
    before = fuzz._Snapshot(game)
    with pytest.raises(fuzz.FuzzFailure, match="accepted"):
        fuzz._expect_rejected(game, seat, {"type": "end_phase"}, None, before)
    game = _game()
    before = fuzz._Snapshot(game)
    game.state.players[seat].vp_tokens = 3  # as if the rejected command had changed it
    with pytest.raises(fuzz.FuzzFailure, match="changed"):
        fuzz._expect_rejected(game, seat, {"type": "dance"}, {"bad_command"}, before)
    game = _game()
    before = fuzz._Snapshot(game)
    with pytest.raises(fuzz.FuzzFailure, match="code"):
        fuzz._expect_rejected(game, seat, {"type": "dance"}, {"no_buys"}, before)


def test_a_game_over_the_turn_cap_fails_with_its_seed() -> None:
    with pytest.raises(fuzz.FuzzFailure, match=r"seed 77 .*no end after 1 turns"):
        fuzz.fuzz_game(77, thorough=False, turn_cap=1)


def test_setup_helpers_keep_the_cards_and_hand() -> None:
    rng = random.Random(9)
    game = _game()
    hands = [list(p.hand) for p in game.state.players]
    before = fuzz.card_counts(game.to_dict()["state"])
    fuzz.shrink_piles(game, 3)
    assert all(n >= 1 for n in game.state.supply.values())
    assert game.state.supply["Province"] == 4  # 12 // 3
    shrunk = fuzz.card_counts(game.to_dict()["state"])
    fuzz.enrich_decks(game, rng)
    assert fuzz.card_counts(game.to_dict()["state"]) == shrunk != before
    assert [p.hand for p in game.state.players] == hands


def test_cli_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz.main(["--games", "2", "--seed", "40", "--quick"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 games, ") and "all invariants held" in out


def test_round_trip_check_catches_shared_mutable_data(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _game()
    fuzz.check_round_trip(game)
    real = Game.to_dict
    shared: dict[int, dict] = {}

    def aliasing(self: Game) -> dict:
        d = real(self)
        d["state"] = shared.setdefault(id(self), d["state"])  # hands out one object
        return d

    monkeypatch.setattr(Game, "to_dict", aliasing)
    with pytest.raises(fuzz.FuzzFailure, match="share mutable data"):
        fuzz.check_round_trip(game)


def test_saved_data_of_a_suspended_game_is_not_shared() -> None:
    """Regression: ``to_dict()`` of a game waiting for a decision returned its
    internal snapshot, and ``from_dict()`` kept the caller's dict, so editing
    either dict later changed the game."""
    game = _game()
    seat = game.state.turn.seat
    game.state.players[seat].hand = ["Militia", "Copper", "Copper", "Copper", "Copper"]
    game.apply(seat, {"type": "play", "card": "Militia"})
    assert game.pending is not None
    text = game.to_json()
    saved = game.to_dict()
    saved["state"]["players"][seat]["hand"].append("Province")
    saved["suspended"]["tape"].append(["Gold"])
    saved["suspended"]["command"]["card"] = "Smithy"
    assert game.to_json() == text
    source = json.loads(text)
    loaded = Game.from_dict(source)
    source["state"]["players"][seat]["hand"].clear()
    assert loaded.to_json() == text


def test_turn_check_catches_lingering_cards() -> None:
    game = _game()
    fuzz.check_turn(game)
    other = (game.state.turn.seat + 1) % 3
    game.state.players[other].in_play.append("Copper")
    with pytest.raises(fuzz.FuzzFailure, match="in play out of turn"):
        fuzz.check_turn(game)
    game.state.players[other].in_play.clear()
    game.state.players[0].set_aside.append("Smithy")
    with pytest.raises(fuzz.FuzzFailure, match="set-aside"):
        fuzz.check_turn(game)


def test_event_accounting_catches_silent_gains_and_trashes() -> None:
    game = _game()
    seat = game.state.turn.seat
    before = game.state.to_dict()
    game.state.players[seat].hand = ["Witch", "Copper"]
    events = game.apply(seat, {"type": "play", "card": "Witch"})
    after = game.state.to_dict()
    fuzz.check_event_accounting(before, after, events)  # two Curses, two gain events
    silent = [e for e in events if e["type"] != "gain"]
    with pytest.raises(fuzz.FuzzFailure, match="Curse"):
        fuzz.check_event_accounting(before, after, silent)
    after["trash"].append("Copper")
    with pytest.raises(fuzz.FuzzFailure, match="trash"):
        fuzz.check_event_accounting(before, after, events)
    after["trash"].pop()
    after["supply"] = [[c, n + 1 if c == "Gold" else n] for c, n in after["supply"]]
    with pytest.raises(fuzz.FuzzFailure, match="Gold"):
        fuzz.check_event_accounting(before, after, events)


def test_event_check_catches_cards_named_in_the_text(monkeypatch: pytest.MonkeyPatch) -> None:
    private = {"type": "draw", "seat": 0, "cards": ["Gold", "Copper"], "private": True}

    def chatty(e, viewer, lang):
        out = {k: v for k, v in e.items() if k not in ("private", "cards")}
        out["count"] = len(e["cards"]) if viewer != e["seat"] else None
        if viewer == e["seat"]:
            out["cards"] = e["cards"]
        # The hidden cards' names in the viewer's language (Czech: "Zlaťák, Měďák").
        out["text"] = f"Player 1 drew {', '.join(fuzz.card_name(c, lang) for c in e['cards'])}."
        return out

    monkeypatch.setattr(fuzz, "render_event", chatty)
    with pytest.raises(fuzz.FuzzFailure, match="text leaks"):
        fuzz.check_events([private], 2)


# ----------------------------------------------------------------------
# Intrigue


INTRIGUE = sorted(n for n, c in fuzz.CARDS.items() if c.set == "intrigue")


def test_random_kingdoms_draw_intrigue_cards() -> None:
    """Intrigue joins the fuzzer's pool by itself, and a plain run meets it."""
    assert len(INTRIGUE) == 32
    assert set(INTRIGUE) <= set(fuzz.KINGDOM_POOL)
    rng = random.Random(1)
    drawn = Counter()
    for _ in range(200):
        drawn.update(fuzz.random_setup(rng)[1])
    assert set(INTRIGUE) <= set(drawn)


#: The Intrigue cards in four kingdoms, each with Attacks to react to and
#: Throne Room to play the cards twice.
INTRIGUE_KINGDOMS = [INTRIGUE[i::4] + ["Militia", "Throne Room"] for i in range(4)]


@pytest.mark.parametrize("k", range(len(INTRIGUE_KINGDOMS)))
def test_fuzzing_covers_every_intrigue_card_and_prompt(k: int) -> None:
    """Random play on Intrigue kingdoms (their cards stocked in every deck,
    both editions) plays each card and answers each of its prompts, the
    ``options`` kind (Pawn, Courtier) included."""
    kingdom = INTRIGUE_KINGDOMS[k]
    stats = fuzz.Stats()
    for seed in range(25):  # each kingdom was covered within 12 games
        stats.add(fuzz.fuzz_game(20_000 + 100 * k + seed, thorough=False,
                                 kingdom=kingdom, stock=kingdom))
    actions = [c for c in kingdom if fuzz.CARDS[c].is_action]
    assert [c for c in actions if c not in stats.played] == []
    slugs = {c.lower().replace(" ", "_") for c in kingdom}
    wanted = {p for p in PROMPTS if p.split(".")[0] in slugs
              and PROMPT_NEEDS.get(p, set()) <= set(kingdom)}
    assert sorted(wanted - set(stats.prompts)) == []
    if {"Pawn", "Courtier"} & set(kingdom):
        assert any(PROMPTS[p].kind == OPTIONS for p in stats.prompts)


# ----------------------------------------------------------------------
# Prosperity


PROSPERITY = sorted(n for n, c in fuzz.CARDS.items() if c.set == "prosperity" and not c.basic)


def _slug(name: str) -> str:
    """A card's prompt prefix: "kings_court" for King's Court."""
    return name.lower().replace("'", "").replace(" ", "_")


def test_random_setups_draw_prosperity_kingdoms_and_colony_games() -> None:
    """Prosperity joins the pool by itself; whole-Prosperity kingdoms come up,
    and Platinum/Colony games follow the share of Prosperity cards."""
    assert len(PROSPERITY) == 34
    assert set(PROSPERITY) <= set(fuzz.KINGDOM_POOL)
    rng = random.Random(2)
    drawn: Counter = Counter()
    colony = Counter()
    only_prosperity = 0
    for _ in range(400):
        _, kingdom, with_colony, _ = fuzz.random_setup(rng)
        drawn.update(kingdom)
        many = sum(c in PROSPERITY for c in kingdom) >= 5
        colony[many, with_colony] += 1
        only_prosperity += all(c in PROSPERITY for c in kingdom)
    assert set(PROSPERITY) <= set(drawn)
    assert only_prosperity >= 5
    assert colony[False, True] and colony[False, False] and colony[True, True]
    # More Colony games with many Prosperity cards than with few.
    many_rate = colony[True, True] / (colony[True, True] + colony[True, False])
    few_rate = colony[False, True] / (colony[False, True] + colony[False, False])
    assert many_rate > few_rate + 0.2


#: The Prosperity cards in four kingdoms, with Witch (Curses to react to with
#: Watchtower, to discard to Mountebank, to trash) and Throne Room.
PROSPERITY_KINGDOMS = [PROSPERITY[i::4] + ["Witch", "Throne Room"] for i in range(4)]

#: Prompts asked only with another card in the kingdom too (Mint 1E asks for
#: the order of its trashing and Talisman's copy); ``test_registries`` covers them.
PROMPT_NEEDS = {"mint.order": {"Talisman"}}

#: Event types that only Prosperity cards produce, and the card that does.
PROSPERITY_EVENTS = {"vp": "Monument", "trade_route": "Trade Route", "name": "Contraband"}


@pytest.mark.parametrize("k", range(len(PROSPERITY_KINGDOMS)))
def test_fuzzing_covers_every_prosperity_card_prompt_and_event(k: int) -> None:
    """Random play on Prosperity kingdoms (their cards stocked in every deck,
    both editions, half the games with Platinum and Colony) plays each
    Action, answers each of the cards' prompts (Clerk's ``turn_start.play``
    too) and renders their events (``name`` with its ``by``)."""
    kingdom = PROSPERITY_KINGDOMS[k]
    stats = fuzz.Stats()
    for seed in range(20):  # each kingdom was covered within 11 games
        stats.add(fuzz.fuzz_game(30_000 + 100 * k + seed, thorough=False, kingdom=kingdom,
                                 stock=kingdom, colony=seed % 2 == 0))
    actions = [c for c in kingdom if fuzz.CARDS[c].is_action]
    assert [c for c in actions if c not in stats.played] == []
    slugs = {_slug(c) for c in kingdom}
    wanted = {p for p in PROMPTS if p.split(".")[0] in slugs
              and PROMPT_NEEDS.get(p, set()) <= set(kingdom)}
    if "Clerk" in kingdom:
        wanted.add("turn_start.play")
    assert sorted(wanted - set(stats.prompts)) == []
    for event, card in PROSPERITY_EVENTS.items():
        if card in kingdom:
            assert event in stats.event_fields, event
    if "Contraband" in kingdom or "War Chest" in kingdom:
        assert {"card", "by"} <= stats.event_fields["name"]
    assert sum(stats.end_reasons.values()) == 20
