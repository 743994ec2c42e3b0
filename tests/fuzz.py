"""A random-play fuzzer for the rules engine, with invariant checks after every step.

Each game gets its own seeded :class:`random.Random`: a random kingdom from every
non-basic card in :data:`dominion.CARDS` (one game in six from a single set, so
all-Prosperity kingdoms come up), 2-6 players, Platinum and Colony more often
the more Prosperity cards the kingdom has, every third game by the
1st-edition rules, often
smaller supply piles and a few random supply cards moved into the starting
decks (so games end sooner and dear cards get played; see :func:`fuzz_game`).
Whoever :meth:`Game.awaiting` names picks a random entry of
:meth:`Game.legal_commands`; an open decision gets a random *valid* answer built
from the :class:`Decision` alone. After every step :func:`_check_step` verifies

(a) cards are conserved, name by name (players' zones + supply + trash), and
    turn counters stay sane;
(b) the JSON round trip is exact, an open decision and the partial state
    included, and saved data shares nothing mutable with the game;
(c) no view or rendered event shows a seat what it may not see, and every
    event reads as a sentence in every language;
(d) the chosen command gives the same events and state on a copy loaded from
    JSON; legal commands are accepted (on copies) and illegal ones are
    rejected with :class:`IllegalCommand` leaving the game unchanged --
    every candidate command in the thorough mode, a random few in the quick
    mode;
(e) the game ends within :data:`TURN_CAP` turns;
(f) fair undo (:class:`UndoCheck`): whenever ``undo`` is legal, it gives back
    exactly the state and every view from before the command it takes back,
    the generator included; it is never legal after a command that drew,
    shuffled, revealed or looked, let another seat decide or passed the turn.
    The fuzzer also sends ``undo`` now and then, so it walks back several moves.

Run it by hand for many games::

    python3 tests/fuzz.py --games 3000 [--seed 0] [--quick]

Failures raise :class:`FuzzFailure`, whose message names the game seed, so a
single game can be re-run with ``fuzz_game(seed)``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Optional

if __name__ == "__main__":  # pragma: no cover - the CLI needs the engine on the path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))

from dominion import CARDS, Decision, Game, IllegalCommand, new_game  # noqa: E402
from dominion.decisions import CARDS as CHOOSE_CARDS  # noqa: E402
from dominion.i18n import SUPPORTED_LANGS, card_name  # noqa: E402
from dominion.decisions import KINDS, OPTION, OPTIONS, ORDER, SUPPLY  # noqa: E402
from dominion.prompts import PROMPTS  # noqa: E402
from dominion.state import ACTION_PHASE, PHASES  # noqa: E402
from dominion.views import render_event  # noqa: E402

#: A game still running after this many turns (all seats together) fails.
TURN_CAP = 400

#: Every kingdom card the engine knows.
KINGDOM_POOL = sorted(n for n, c in CARDS.items() if not c.basic)

#: The sets of those cards, for games whose kingdom comes from one set.
KINGDOM_SETS = sorted({CARDS[n].set for n in KINGDOM_POOL})

#: Keys that must never appear anywhere in a view (hidden information).
FORBIDDEN_VIEW_KEYS = frozenset({"deck", "rng", "seed", "counter", "snapshot", "tape",
                                 "hidden_passes"})

_FORBIDDEN_KEY = re.compile(r'"(%s)": ' % "|".join(sorted(FORBIDDEN_VIEW_KEYS)))

#: Event types whose cards only their own seat may see.
ALWAYS_PRIVATE = frozenset({"draw", "look"})

#: Event types after which a command can never be taken back (new information,
#: or the turn or the game ended).
NEVER_UNDONE = frozenset({"draw", "shuffle", "reveal", "look", "react", "pass", "insert",
                          "set_aside", "deck_to_discard", "turn", "game_over"})

UNDO = {"type": "undo"}

#: Names that are no card at all.
NOT_CARDS = ("Xyzzy", "", "copper", "Province ", "Throne room", "None")

#: Malformed commands, each rejected with code ``bad_command``.
MALFORMED: tuple[Any, ...] = (
    None, 42, "end_phase", [], ["play", "Copper"], {}, {"type": "dance"},
    {"type": "play"}, {"type": "buy"}, {"type": "play", "card": None},
    {"type": "buy", "card": 3}, {"type": "play", "card": ["Copper"]},
    {"type": "answer"}, {"type": None}, {"card": "Copper"},
)


class FuzzFailure(AssertionError):
    """An invariant broke; the message says which game, step and check."""


@dataclass
class Stats:
    """What the fuzzer did, for the CLI summary."""

    games: int = 0
    steps: int = 0
    turns: int = 0
    decisions: int = 0
    legal_checked: int = 0
    illegal_checked: int = 0
    end_reasons: Counter = field(default_factory=Counter)
    prompts: Counter = field(default_factory=Counter)
    played: Counter = field(default_factory=Counter)
    prompt_args: dict[str, set[str]] = field(default_factory=dict)  # prompt -> args keys
    event_fields: dict[str, set[str]] = field(default_factory=dict)  # type -> rendered keys
    max_turns: int = 0
    undos: int = 0  # undo commands sent
    undo_checked: int = 0  # legal undos tried on a copy

    def add(self, other: "Stats") -> None:
        self.undos += other.undos
        self.undo_checked += other.undo_checked
        self.games += other.games
        self.steps += other.steps
        self.turns += other.turns
        self.decisions += other.decisions
        self.legal_checked += other.legal_checked
        self.illegal_checked += other.illegal_checked
        self.end_reasons.update(other.end_reasons)
        self.prompts.update(other.prompts)
        self.played.update(other.played)
        for into, new in ((self.prompt_args, other.prompt_args),
                          (self.event_fields, other.event_fields)):
            for key, values in new.items():
                into.setdefault(key, set()).update(values)
        self.max_turns = max(self.max_turns, other.max_turns)


# ----------------------------------------------------------------------
# Answers


def random_answer(rng: random.Random, d: Decision) -> Any:
    """A uniformly chosen legal answer to ``d``, built from the decision alone."""
    if d.kind == CHOOSE_CARDS:
        k = rng.randint(d.min, d.max)
        picked = rng.sample(range(len(d.options)), k)
        return [d.options[i] for i in picked]  # any order is legal
    if d.kind == OPTION:
        return rng.choice(d.options)
    if d.kind == OPTIONS:
        return rng.sample(list(d.options), rng.randint(d.min, d.max))
    if d.kind == SUPPLY:
        if d.min == 0 and rng.random() < 0.25:
            return None
        return rng.choice(d.options)
    if d.kind == ORDER:
        order = list(d.options)
        rng.shuffle(order)
        return order
    raise FuzzFailure(f"unknown decision kind {d.kind!r}")


def invalid_answers(d: Decision, supply: Iterable[str]) -> list[Any]:
    """Answers that ``d`` must reject (code ``invalid_answer``)."""
    opts = list(d.options)
    out: list[Any] = [{"answer": opts}, 7]
    if d.kind in (CHOOSE_CARDS, ORDER):
        out += ["Copper", None, [1], [opts[0], None], ["Xyzzy"]]
        out.append(opts + [opts[0]])  # one copy more than offered
        missing = next((c for c in CARDS if c not in opts), None)
        if missing is not None:
            out.append(opts[:-1] + [missing])
        if d.kind == ORDER:
            out.append(opts[:-1])
        else:
            if d.min > 0:
                out.append([])
            if d.max < len(opts):
                out.append(opts[: d.max + 1])
    elif d.kind == OPTION:
        out += ["maybe", None, [opts[0]], opts[0].upper() + "!"]
    elif d.kind == OPTIONS:
        out += ["maybe", None, opts[0], [opts[0]] * max(2, d.min), ["Xyzzy"] * max(1, d.min)]
        if d.max < len(opts):
            out.append(opts[: d.max + 1])
        if d.min > 0:
            out.append(opts[: d.min - 1])
    elif d.kind == SUPPLY:
        out += ["Xyzzy", [opts[0]], opts[0].lower()]
        out += [p for p in supply if p not in opts][:2]
        if d.min > 0:
            out.append(None)
    return out


# ----------------------------------------------------------------------
# Invariants


def card_counts(state: dict[str, Any]) -> Counter:
    """Every card of a stored state (``GameState.to_dict()``), by name."""
    counts: Counter = Counter()
    for p in state["players"]:
        for zone in ("hand", "deck", "discard", "in_play", "set_aside"):
            counts.update(p[zone])
    counts.update(state["trash"])
    for name, left in state["supply"]:
        if left < 0:
            raise FuzzFailure(f"supply pile {name} has {left} cards")
        counts[name] += left
    return counts


def check_conservation(game: Game, initial: Counter, now: Optional["_Snapshot"] = None) -> None:
    """(a) The stored state holds exactly the initial cards; the live state no more.

    While a decision is open the live state is the command's partial state, in
    which revealed cards (Sentry, Thief...) may be held outside every zone, so
    it may hold fewer cards but never a card that was not there.

    :param now: the game's current dicts, if already taken.
    """
    now = now or _Snapshot(game)
    stored = card_counts(now.stored["state"])
    if stored != initial:
        raise FuzzFailure(f"cards not conserved: {_diff(initial, stored)}")
    live = card_counts(now.live)
    if game.suspended is None:
        if live != stored:
            raise FuzzFailure(f"live state differs from stored: {_diff(stored, live)}")
    elif live - initial:
        raise FuzzFailure(f"partial state created cards: {dict(live - initial)}")


def check_turn(game: Game) -> None:
    """Counters stay sane and nothing lingers between commands.

    Between commands (no decision open) only the seat whose turn it is has
    cards in play, nobody has set-aside cards (Library discards them), and the
    seats' turn counters add up to the turn number.
    """
    st = game.state
    turn = st.turn
    if min(turn.actions, turn.buys, turn.coins) < 0 or turn.phase not in PHASES:
        raise FuzzFailure(f"bad turn counters {turn}")
    if sum(p.turns for p in st.players) != turn.number:
        raise FuzzFailure(f"players' turns {[p.turns for p in st.players]} != turn {turn.number}")
    if game.suspended is None:
        for seat, p in enumerate(st.players):
            if p.set_aside:
                raise FuzzFailure(f"seat {seat} keeps set-aside cards {p.set_aside}")
            if p.in_play and (seat != turn.seat or st.game_over):
                raise FuzzFailure(f"seat {seat} has cards in play out of turn: {p.in_play}")


def check_event_accounting(
    before: dict[str, Any], after: dict[str, Any], events: list[dict[str, Any]]
) -> None:
    """Events tell the truth about public piles: between two states with no
    open decision, the supply lost exactly the cards of ``gain`` events and
    the trash changed by exactly the ``trash`` events and gains from it.
    Trashing from the Supply (Lurker) takes from the supply too.
    """
    gained: Counter = Counter()
    from_trash: Counter = Counter()
    trashed: Counter = Counter()
    for e in events:
        if e["type"] == "gain":
            (from_trash if e.get("source") == "trash" else gained)[e["card"]] += 1
        elif e["type"] == "trash":
            trashed.update(e["cards"])
            if e.get("source") == "supply":
                gained.update(e["cards"])
    supply_before = dict(before["supply"])
    taken = Counter({c: n - dict(after["supply"])[c] for c, n in supply_before.items()})
    if +taken != gained or any(n < 0 for n in taken.values()):
        raise FuzzFailure(f"supply lost {dict(taken)} but gain events say {dict(gained)}")
    expected = Counter(before["trash"]) + trashed
    expected.subtract(from_trash)
    if +expected != Counter(after["trash"]) or any(v < 0 for v in expected.values()):
        raise FuzzFailure(
            f"trash is {sorted(after['trash'])}, events say {sorted((+expected).elements())}"
        )


def _diff(want: Counter, got: Counter) -> str:
    return f"missing {dict(want - got)}, extra {dict(got - want)}"


def check_round_trip(
    game: Game, now: Optional["_Snapshot"] = None, scribble: bool = True
) -> str:
    """(b) ``from_json(to_json())`` rebuilds the same game, decision and partial state.

    :param now: the game's current dicts, if already taken.
    :param scribble: also check that saved data shares nothing mutable with
        the game (costly; the fuzzer does it while a decision is open, where
        the game holds saved data, and on a sample of other steps).
    :returns: the JSON text, for loading copies.
    """
    now = now or _Snapshot(game)
    text = game.to_json()
    loaded = Game.from_json(text)
    if loaded.to_dict() != now.stored:
        raise FuzzFailure("Game.from_json(g.to_json()) != g")
    if loaded.to_json() != text:
        raise FuzzFailure("to_json() differs after a round trip")
    if loaded.pending != game.pending:
        raise FuzzFailure(f"pending differs: {loaded.pending} != {game.pending}")
    if loaded.state.to_dict() != now.live:
        raise FuzzFailure("the replayed partial state differs from the live one")
    if loaded.awaiting() != game.awaiting():
        raise FuzzFailure("awaiting() differs after a round trip")
    if not scribble:
        return text
    # Saved data is the caller's: scribbling on it must not reach the game.
    out = game.to_dict()
    _scribble(out)
    source = json.loads(text)
    again = Game.from_dict(source)
    _scribble(source)
    if (json.dumps(game.to_dict(), separators=(",", ":")) != text or game.to_json() != text
            or again.to_json() != text):
        raise FuzzFailure("to_dict()/from_dict() share mutable data with the caller")
    return text


def _scribble(data: Any) -> None:
    """Change every list and dict inside ``data`` in place."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(v for v in item.values() if isinstance(v, (dict, list)))
            item["scribbled"] = True
        elif isinstance(item, list):
            stack.extend(v for v in item if isinstance(v, (dict, list)))
            item.append("scribbled")


def check_view(game: Game, seat: Optional[int]) -> None:
    """(c) The view of ``seat`` (``None``: spectator) hides what it must."""
    v = game.view(seat)
    text = json.dumps(v)
    # A JSON key is a string followed by ": "; no value can be, so a regex on
    # the text finds a hidden key at any depth (much faster than walking).
    leaked = _FORBIDDEN_KEY.findall(text)
    if leaked:
        raise FuzzFailure(f"view of seat {seat} has hidden keys {sorted(set(leaked))}")
    players = game.state.players
    if len(v["players"]) != len(players):
        raise FuzzFailure("view lists the wrong number of players")
    for entry, p in zip(v["players"], players):
        if entry["hand_count"] != len(p.hand) or entry["deck_count"] != len(p.deck):
            raise FuzzFailure(f"view of seat {seat}: wrong counts for seat {entry['seat']}")
        if entry["seat"] == seat:
            if entry.get("hand") != p.hand:
                raise FuzzFailure(f"seat {seat} does not see its own hand")
            if entry["cards"] != dict(Counter(p.all_cards())) or entry["vp"] != game.score(seat):
                raise FuzzFailure(f"seat {seat} does not see its own cards or VP exactly")
        elif "hand" in entry:
            raise FuzzFailure(f"seat {seat} sees the hand of seat {entry['seat']}")
        elif "cards" in entry:
            raise FuzzFailure(f"seat {seat} sees the cards of seat {entry['seat']}")
        if game.state.game_over and entry["vp"] != game.score(entry["seat"]):
            raise FuzzFailure(f"view of seat {seat}: inexact VP at the end of the game")
    pending = game.pending
    if pending is not None and pending.seat == seat:
        if v["decision"] != pending.to_dict():
            raise FuzzFailure(f"seat {seat} does not see its own decision")
    elif v["decision"] is not None:
        raise FuzzFailure(f"seat {seat} sees a decision addressed to another seat")
    if pending is not None:
        if v["waiting_for"]["seat"] != pending.seat:
            raise FuzzFailure(f"view of seat {seat} waits for the wrong seat")
        # Whether a prompt is asked can betray the hand (Throne Room: an Action).
        if pending.seat != seat and not PROMPTS[pending.prompt].public and (
            f'"{pending.prompt}"' in text or "card" in v["waiting_for"]
        ):
            raise FuzzFailure(f"seat {seat} learns the hidden prompt {pending.prompt}")
    if seat is None and v["legal"]:
        raise FuzzFailure("a spectator is offered commands")
    if seat is not None and seat not in game.awaiting() and v["legal"]:
        raise FuzzFailure(f"seat {seat} is offered commands out of turn")


def check_events(events: list[dict[str, Any]], seats: int) -> dict[str, set[str]]:
    """(c) Rendered events show private cards to their own seat only.

    :returns: the keys the rendered events carried, by event type.
    """
    json.dumps(events)
    fields: dict[str, set[str]] = {}
    for i, e in enumerate(events):
        if e["type"] in ALWAYS_PRIVATE and not e.get("private"):
            raise FuzzFailure(f"{e['type']} event is not private: {e}")
        for viewer in [None, *range(seats)]:
            # Each viewer reads in a language of its own, rotating over the events.
            lang = SUPPORTED_LANGS[(i + (viewer or 0)) % len(SUPPORTED_LANGS)]
            r = render_event(e, viewer, lang=lang)
            if not r.get("text") or "{" in r["text"] or "}" in r["text"]:
                raise FuzzFailure(f"no sentence in {lang} for {e}: {r['text']!r}")
            fields.setdefault(e["type"], set()).update(r)
            if "private" in r:
                raise FuzzFailure("a rendered event still carries its 'private' flag")
            # A passed card (Masquerade) is seen by its giver and its receiver.
            own = viewer is not None and viewer in (e.get("seat"), e.get("receiver"))
            if e.get("private") and not own:
                if "cards" in r or r.get("count") != len(e.get("cards", ())):
                    raise FuzzFailure(f"private event leaks to seat {viewer}: {r}")
                text = str(r.get("text", ""))
                if any(card_name(c, lang) in text for c in e.get("cards", ())):
                    raise FuzzFailure(f"private event's text leaks to seat {viewer}: {r}")
            elif r.get("cards") != e.get("cards"):
                raise FuzzFailure(f"seat {viewer} misses the cards of {e}")
    return fields


def check_decision(game: Game, d: Decision) -> None:
    """An open decision is well formed: a client can answer it without rules."""
    n = len(game.state.players)
    if d.kind not in KINDS or not 0 <= d.seat < n or not d.options:
        raise FuzzFailure(f"malformed decision {d}")
    if d.kind == CHOOSE_CARDS and not 0 <= d.min <= d.max <= len(d.options):
        raise FuzzFailure(f"cards decision with bad bounds {d}")
    if d.kind == ORDER and not d.min == d.max == len(d.options):
        raise FuzzFailure(f"order decision with bad bounds {d}")
    if d.kind in (CHOOSE_CARDS, ORDER) and any(o not in CARDS for o in d.options):
        raise FuzzFailure(f"decision offers unknown cards {d}")
    if d.kind == SUPPLY and any(game.state.supply.get(o, 0) <= 0 for o in d.options):
        raise FuzzFailure(f"supply decision offers an empty or missing pile {d}")
    if d.kind in (OPTION, OPTIONS) and len(set(d.options)) != len(d.options):
        raise FuzzFailure(f"option decision repeats an option {d}")
    if d.kind == OPTIONS and not 0 <= d.min <= d.max < len(d.options):
        raise FuzzFailure(f"options decision with bad bounds (or no real choice) {d}")
    json.dumps(d.to_dict())


class _Snapshot:
    """What a rejected command must leave untouched."""

    def __init__(self, game: Game) -> None:
        self.stored = game.to_dict()
        self.live = game.state.to_dict()
        self.suspended = game.suspended
        self.pending = None if game.pending is None else game.pending.to_dict()

    def unchanged(self, game: Game, full: bool = False) -> bool:
        """Cheap check of the live state and decision; ``full`` adds the stored game."""
        pending = None if game.pending is None else game.pending.to_dict()
        return (
            game.suspended is self.suspended
            and pending == self.pending
            and game.state.to_dict() == self.live
            and (not full or game.to_dict() == self.stored)
        )


def _expect_rejected(
    game: Game, seat: int, command: Any, codes: Optional[set[str]], before: _Snapshot
) -> None:
    try:
        game.apply(seat, command)
    except IllegalCommand as e:
        if codes is not None and e.code not in codes:
            raise FuzzFailure(
                f"seat {seat} {command!r}: code {e.code!r}, expected one of {sorted(codes)}"
            ) from None
        if not isinstance(e.code, str) or not e.message:
            raise FuzzFailure(f"IllegalCommand without code or message: {e!r}") from None
    else:
        raise FuzzFailure(f"illegal command accepted: seat {seat} {command!r}")
    if not before.unchanged(game):
        raise FuzzFailure(f"a rejected command changed the game: seat {seat} {command!r}")


def illegal_commands(game: Game, rng: random.Random) -> list[tuple[int, Any, Optional[set[str]]]]:
    """A sample of commands that must be rejected: (seat, command, expected codes)."""
    st = game.state
    n = len(st.players)
    out: list[tuple[int, Any, Optional[set[str]]]] = []
    actor = game.awaiting()[0] if game.awaiting() else st.turn.seat
    out += [(actor, m, {"bad_command"}) for m in rng.sample(MALFORMED, 3)]
    if st.game_over:
        out += [(actor, {"type": "end_phase"}, {"game_over"}), (actor, UNDO, {"game_over"})]
        return out
    wrong = [s for s in range(-1, n + 1) if s != actor]
    out.append((rng.choice([s for s in range(-1, n + 1) if s != st.turn.seat]), UNDO,
                {"not_your_turn"}))
    if UNDO not in game.legal_commands(actor):
        out.append((actor, UNDO, {"cannot_undo" if actor == st.turn.seat
                                  else "not_your_turn"}))
    pending = game.pending
    if pending is not None:
        cmd = rng.choice([{"type": "end_phase"}, {"type": "play_treasures"},
                          {"type": "buy", "card": "Copper"}])
        out.append((actor, cmd, {"decision_pending"}))
        out.append((rng.choice(wrong), {"type": "answer", "answer": random_answer(rng, pending)},
                    {"not_your_decision"}))
        bad = invalid_answers(pending, st.supply)
        for a in rng.sample(bad, min(3, len(bad))):
            out.append((actor, {"type": "answer", "answer": a}, {"invalid_answer"}))
        return out
    turn = st.turn
    hand = st.players[actor].hand
    out.append((rng.choice(wrong), {"type": "end_phase"}, {"not_your_turn"}))
    out.append((actor, {"type": "answer", "answer": []}, {"no_decision"}))
    out.append((actor, {"type": rng.choice(["play", "buy"]), "card": rng.choice(NOT_CARDS)},
                {"unknown_card"}))
    absent = [c for c in CARDS if c not in st.supply]
    if absent:
        out.append((actor, {"type": "buy", "card": rng.choice(absent)}, {"not_in_supply"}))
    too_dear = [c for c, left in st.supply.items() if left > 0 and game.buy_cost(c) > turn.coins]
    if too_dear:
        codes = {"cannot_afford"} if turn.buys > 0 else {"no_buys"}
        out.append((actor, {"type": "buy", "card": rng.choice(too_dear)}, codes))
    empty = [c for c, left in st.supply.items() if left == 0]
    if empty:
        codes = {"pile_empty"} if turn.buys > 0 else {"no_buys"}
        out.append((actor, {"type": "buy", "card": rng.choice(empty)}, codes))
    if turn.buys == 0:
        out.append((actor, {"type": "buy", "card": "Copper"}, {"no_buys", "pile_empty"}))
    not_held = [c for c in CARDS if c not in hand]
    out.append((actor, {"type": "play", "card": rng.choice(not_held)}, {"card_not_in_hand"}))
    for name in set(hand):
        card = CARDS[name]
        treasure = game.is_treasure(name)  # Curse too in a Charlatan game
        if not card.is_action and not treasure:
            out.append((actor, {"type": "play", "card": name}, {"not_playable"}))
        elif card.is_action and turn.phase != ACTION_PHASE:
            out.append((actor, {"type": "play", "card": name}, {"wrong_phase"}))
        elif card.is_action and turn.actions <= 0:
            out.append((actor, {"type": "play", "card": name}, {"no_actions"}))
        elif treasure and turn.bought:
            out.append((actor, {"type": "play", "card": name}, {"treasure_after_buy"}))
    if turn.bought:
        out.append((actor, {"type": "play_treasures"}, {"treasure_after_buy"}))
    elif not any(game.is_treasure(c) for c in st.players[actor].hand):
        out.append((actor, {"type": "play_treasures"}, {"no_treasures"}))
    return out


def candidate_commands(game: Game, seat: int) -> list[dict[str, Any]]:
    """Every turn command that could make sense for ``seat``: legal or not."""
    st = game.state
    out = [{"type": "play", "card": c} for c in dict.fromkeys(st.players[seat].hand)]
    out += [{"type": "buy", "card": c} for c in st.supply]
    out += [{"type": "play_treasures"}, {"type": "end_phase"}, UNDO]
    return out


def _apply_copy(text: str, seat: int, command: Any) -> tuple[Game, list[dict[str, Any]]]:
    copy = Game.from_json(text)
    try:
        events = copy.apply(seat, command)
    except IllegalCommand as e:
        raise FuzzFailure(f"legal command rejected ({e.code}): seat {seat} {command!r}") from None
    return copy, events


@dataclass
class _Before:
    """A command as it began: its seat, the game's JSON and generator before it.

    The state and views before it are rebuilt from ``text`` only when an undo
    is checked against them (building every view before every command made
    the fuzzer four times slower).
    """

    seat: int
    text: str
    rng: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    deciders: set[int] = field(default_factory=set)

    def unsafe(self, game: Game) -> Optional[str]:
        """Why the command (so far) may never be taken back, or ``None``.

        Independent of the engine's own watch: events that show new cards or
        a new turn, events that happen to another seat, decisions by another
        seat, and any use of the generator.
        """
        for e in self.events:
            if e["type"] in NEVER_UNDONE:
                return f"a {e['type']} event"
            if e["seat"] != self.seat:
                return f"a {e['type']} event of seat {e['seat']}"
        if self.deciders - {self.seat}:
            return f"seats {sorted(self.deciders - {self.seat})} decided"
        if game.state.rng.to_dict() != self.rng:
            return "the generator was used"
        return None


class UndoCheck:
    """(f) Checks the fair-undo rule along one game, independently of the engine.

    Keeps its own record of the commands of the turn that may still be taken
    back (the state and every view before each), and of the command in flight.
    """

    def __init__(self, game: Game) -> None:
        self.seats: list[Optional[int]] = [None, *range(len(game.state.players))]
        self.done: list[_Before] = []  # finished commands that looked safe, oldest first
        self.current: Optional[_Before] = None  # the command in flight
        self.last_was_undo = False
        self.checked = 0

    def before(self, game: Game, seat: int, command: dict[str, Any], text: str) -> None:
        """Call before ``seat`` sends ``command`` to ``game`` (whose JSON is ``text``)."""
        self.last_was_undo = command == UNDO
        if self.last_was_undo:
            return
        if game.pending is None:
            self.current = _Before(seat, text, game.state.rng.to_dict())
        else:
            assert self.current is not None
            self.current.deciders.add(game.pending.seat)

    def after(self, game: Game, seat: int, command: dict[str, Any],
              events: list[dict[str, Any]]) -> None:
        """Call after the command was applied with ``events``."""
        if command == UNDO:
            if self.current is not None:  # the command in flight is cancelled
                self._expect_restored(game, self.current, "undo of the command in flight")
                self.current = None
            else:
                if not self.done:
                    raise FuzzFailure("undo took back a move that was never safe")
                self._expect_restored(game, self.done.pop(), "undo")
            if events:
                raise FuzzFailure(f"undo emitted events {events}")
            return
        current = self.current
        assert current is not None
        current.events += events
        why = current.unsafe(game)
        if why is not None:
            offered = [s for s in range(len(game.state.players))
                       if UNDO in game.legal_commands(s)]
            if offered:
                raise FuzzFailure(f"undo offered to seats {offered} after {why}")
            self.done = []
        if game.pending is None:
            if why is None:
                self.done.append(current)
            self.current = None

    def _expect_restored(self, game: Game, before: _Before, what: str) -> None:
        then = Game.from_json(before.text)
        state = game.state.to_dict()
        if state != then.state.to_dict():
            raise FuzzFailure(f"{what} did not restore the state")
        if state["rng"] != before.rng:
            raise FuzzFailure(f"{what} changed the generator")
        if game.pending is not None:
            raise FuzzFailure(f"{what} left a decision open")
        for s in self.seats:
            if game.view(s) != then.view(s):
                raise FuzzFailure(f"{what}: the view of seat {s} differs from before")

    def check_legal_undo(self, game: Game, text: str) -> None:
        """Whenever ``undo`` is legal, try it on a copy: it must restore the
        state and every view from before the command it takes back."""
        awaiting = game.awaiting()
        if not awaiting or UNDO not in game.legal_commands(awaiting[0]):
            return
        seat = awaiting[0]
        if game.pending is not None:
            target = self.current
        else:
            target = self.done[-1] if self.done else None
        if target is None or target.seat != seat:
            raise FuzzFailure(f"undo offered to seat {seat} with nothing safe to take back")
        copy, events = _apply_copy(text, seat, UNDO)
        self._expect_restored(copy, target, "undo (on a copy)")
        self.checked += 1


# ----------------------------------------------------------------------
# Playing


def random_setup(rng: random.Random) -> tuple[int, list[str], bool, int]:
    """Players, kingdom, Colony flag and pile divisor for one game.

    One kingdom in six comes from a single set (an all-Prosperity kingdom
    plays King's Court, Peddler and Platinum together); Platinum and Colony
    come with 10% of the kingdoms without Prosperity cards, 70% of those
    with only Prosperity cards, in between by their share.
    """
    players = rng.randint(2, 6)
    pool = KINGDOM_POOL
    if rng.random() < 1 / 6:
        one = rng.choice(KINGDOM_SETS)
        pool = [n for n in KINGDOM_POOL if CARDS[n].set == one]
    kingdom = rng.sample(pool, min(10, len(pool)))
    share = sum(CARDS[n].set == "prosperity" for n in kingdom) / len(kingdom)
    colony = rng.random() < 0.1 + 0.6 * share
    return players, kingdom, colony, rng.choice((1, 2, 3, 3, 4))


def enrich_decks(game: Game, rng: random.Random, most: int = 6) -> None:
    """Move up to ``most`` random supply cards into each starting deck.

    Random play seldom reaches $6, so without help the dearer kingdom cards
    would hardly ever be played. The cards leave the supply, so the total is
    unchanged; they go to random places in the deck (never the hand, which
    was dealt already).
    """
    supply = game.state.supply
    for p in game.state.players:
        for _ in range(rng.randint(0, most)):
            piles = [n for n, left in supply.items() if left > 0 and n != "Curse"]
            name = rng.choice(piles)
            supply[name] -= 1
            p.deck.insert(rng.randint(0, len(p.deck)), name)


def stock_decks(game: Game, rng: random.Random, names: Iterable[str]) -> None:
    """Move one card of each of ``names`` from the supply into each starting deck.

    Focused runs use it so rare situations come up (Bandit revealing two good
    Treasures); a pile is never emptied, so no game ends on piles at once.
    """
    supply = game.state.supply
    for p in game.state.players:
        for name in names:
            if supply.get(name, 0) > 1:
                supply[name] -= 1
                p.deck.insert(rng.randint(0, len(p.deck)), name)


def shrink_piles(game: Game, divisor: int) -> None:
    """Divide every supply pile (keeping at least one card) before play starts.

    Random play empties full piles only after ~150 turns; smaller piles end
    games sooner and reach empty piles, Poacher and end-game rules more often.
    """
    supply = game.state.supply
    for name in supply:
        supply[name] = max(1, supply[name] // divisor)


def choose_command(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A random legal command, mostly weighted towards progress.

    Uniform play rarely reaches $5 and games drag on for hundreds of turns;
    favouring Treasures, Actions and dear buys plays more cards in fewer
    steps. One step in four stays uniform so odd sequences still happen.
    """
    if rng.random() < 0.25:
        return rng.choice(legal)
    weights = []
    for c in legal:
        kind = c["type"]
        if kind == "play_treasures":
            weights.append(6.0)
        elif kind == "play":
            weights.append(4.0 if CARDS[c["card"]].is_action else 0.5)
        elif kind == "buy":
            weights.append(1.0 + CARDS[c["card"]].cost ** 2)
        elif kind == "undo":
            weights.append(0.7)
        else:
            weights.append(1.0)
    return rng.choices(legal, weights)[0]


def fuzz_game(
    seed: int, thorough: bool = True, turn_cap: int = TURN_CAP,
    kingdom: Optional[list[str]] = None, stock: Iterable[str] = (),
    colony: Optional[bool] = None,
) -> Stats:
    """Play one random game from ``seed``, checking every invariant after every step.

    :param thorough: apply every legal command on a copy and try every
        illegal play/buy; otherwise a random few of each per step.
    :param kingdom: play these kingdom cards instead of random ones.
    :param colony: use Platinum and Colony, or not, instead of the random choice.
    :param stock: cards moved from the supply into every starting deck
        (see :func:`stock_decks`).
    :raises FuzzFailure: (naming ``seed``) when an invariant breaks.
    """
    rng = random.Random(seed)
    players, random_kingdom, random_colony, divisor = random_setup(rng)
    colony = random_colony if colony is None else colony
    # Every third game plays the 1st-edition texts (Masquerade, Throne Room...);
    # taken from the seed, so the random choices of older seeds stay the same.
    edition = "1" if seed % 3 == 0 else "2"
    kingdom = list(kingdom) if kingdom is not None else random_kingdom
    stats = Stats(games=1)
    step = 0
    try:
        game = new_game(players, kingdom, seed=rng.getrandbits(64), colony=colony,
                        edition=edition)
        stock_decks(game, rng, stock)  # before shrinking: full piles have cards to spare
        shrink_piles(game, divisor)
        enrich_decks(game, rng)
        initial = card_counts(game.to_dict()["state"])
        text = _check_step(game, initial, [], rng, stats, thorough)
        settled = game.state.to_dict()  # the last state with no open decision
        since: list[dict[str, Any]] = []  # events since then
        undo = UndoCheck(game)
        while not game.state.game_over:
            if game.state.turn.number > turn_cap:
                raise FuzzFailure(f"no end after {turn_cap} turns")
            step += 1
            events = _random_step(game, text, rng, stats, undo)
            text = _check_step(game, initial, events, rng, stats, thorough)
            undo.check_legal_undo(game, text)
            if undo.last_was_undo:
                settled, since = game.state.to_dict(), []  # the events are taken back
                continue
            since += events
            if game.suspended is None:
                now = game.state.to_dict()
                check_event_accounting(settled, now, since)
                settled, since = now, []
        stats.steps = step
        stats.undo_checked = undo.checked
        stats.turns = game.state.turn.number
        stats.max_turns = stats.turns
        stats.end_reasons[game.state.end_reason] += 1
        if game.legal_commands(game.state.turn.seat) or game.awaiting():
            raise FuzzFailure("a finished game still offers commands")
        result = game.result()
        if not result["winners"] or len(result["scores"]) != players:
            raise FuzzFailure(f"bad result {result}")
    except FuzzFailure as e:
        raise FuzzFailure(
            f"seed {seed} ({players} players, kingdom {kingdom}, colony {colony}, "
            f"edition {edition}, "
            f"piles / {divisor}), "
            f"step {step}: {e}"
        ) from e
    except Exception as e:  # an engine crash is a failure too; keep the seed
        raise FuzzFailure(
            f"seed {seed} ({players} players, kingdom {kingdom}, colony {colony}, "
            f"edition {edition}, "
            f"piles / {divisor}), "
            f"step {step}: {type(e).__name__}: {e}"
        ) from e
    return stats


def _random_step(
    game: Game, text: str, rng: random.Random, stats: Stats,
    undo: Optional["UndoCheck"] = None,
) -> list[dict[str, Any]]:
    """Pick a random legal move for the awaited seat; play it on a copy loaded
    from ``text`` (the game's JSON) and on the game, and check both give the
    same events and state (and, with ``undo``, the fair-undo rule)."""
    seat = game.awaiting()[0]
    legal = game.legal_commands(seat)
    if not legal:
        raise FuzzFailure(f"seat {seat} is awaited but has no legal command")
    pending = game.pending
    if pending is not None and UNDO in legal and rng.random() < 0.2:
        command: dict[str, Any] = UNDO  # cancel the command in flight
    elif pending is not None:
        stats.decisions += 1
        stats.prompts[pending.prompt] += 1
        stats.prompt_args.setdefault(pending.prompt, set()).update(pending.args)
        command = {"type": "answer", "answer": random_answer(rng, pending)}
    else:
        command = choose_command(rng, legal)
        if command["type"] == "play":
            stats.played[command["card"]] += 1
    if command == UNDO:
        stats.undos += 1
    if undo is not None:
        undo.before(game, seat, command, text)
    copy, copy_events = _apply_copy(text, seat, command)
    events = game.apply(seat, command)
    if events != copy_events:
        raise FuzzFailure(f"a JSON copy gave other events for {command!r}")
    if copy != game or copy.pending != game.pending:
        raise FuzzFailure(f"a JSON copy reached another state with {command!r}")
    if undo is not None:
        undo.after(game, seat, command, events)
    return events


def _check_step(
    game: Game, initial: Counter, events: list[dict[str, Any]],
    rng: random.Random, stats: Stats, thorough: bool,
) -> str:
    """Check every invariant after a step; return the game's JSON text."""
    n = len(game.state.players)
    before = _Snapshot(game)  # rejected commands must leave all of it as is
    check_conservation(game, initial, before)
    check_turn(game)
    scribble = game.suspended is not None or rng.random() < 0.1
    text = check_round_trip(game, before, scribble)
    for kind, keys in check_events(events, n).items():
        stats.event_fields.setdefault(kind, set()).update(keys)
    for seat in [None, *range(n)]:
        check_view(game, seat)
    awaiting = game.awaiting()
    for seat in range(n):
        if seat not in awaiting and game.legal_commands(seat):
            raise FuzzFailure(f"seat {seat} has legal commands but is not awaited")
    if game.pending is not None:
        check_decision(game, game.pending)
        legal = game.legal_commands(game.pending.seat)
        if legal[:1] != [{"type": "answer", "decision": game.pending.to_dict()}] or (
                legal[1:] not in ([], [UNDO])):
            raise FuzzFailure("legal_commands of the deciding seat is not its decision")
    # (d) legal commands are accepted, everything else is rejected unchanged.
    if awaiting:
        seat = awaiting[0]
        if game.pending is not None:
            for _ in range(2 if thorough else 1):
                answer = random_answer(rng, game.pending)
                _apply_copy(text, seat, {"type": "answer", "answer": answer})
                stats.legal_checked += 1
        else:
            legal = game.legal_commands(seat)
            keys = [json.dumps(c, sort_keys=True) for c in legal]
            if len(set(keys)) != len(keys):
                raise FuzzFailure(f"legal_commands repeats a command: {legal}")
            candidates = candidate_commands(game, seat)
            if not thorough:
                candidates = rng.sample(candidates, min(3, len(candidates)))
            for c in candidates:
                if c in legal:
                    _apply_copy(text, seat, c)
                    stats.legal_checked += 1
                else:
                    _expect_rejected(game, seat, c, None, before)
                    stats.illegal_checked += 1
            if not all(c in candidate_commands(game, seat) for c in legal):
                raise FuzzFailure(f"legal_commands lists an impossible command: {legal}")
    illegal = illegal_commands(game, rng)
    if not thorough:
        illegal = rng.sample(illegal, min(4, len(illegal)))
    for seat, cmd, codes in illegal:
        _expect_rejected(game, seat, cmd, codes, before)
        stats.illegal_checked += 1
    if not before.unchanged(game, full=True):
        raise FuzzFailure("rejected commands changed the stored game")
    return text


def run(
    games: int, seed: int = 0, thorough: bool = True, kingdom: Optional[list[str]] = None
) -> Stats:
    """Fuzz ``games`` games with seeds ``seed``, ``seed + 1``, ...

    :param kingdom: play these kingdom cards in every game instead of random ones.
    :raises FuzzFailure: at the first broken invariant.
    """
    total = Stats()
    for i in range(games):
        total.add(fuzz_game(seed + i, thorough, kingdom=kingdom))
    return total


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="Fuzz the Dominion engine with random play.")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--quick", action="store_true",
                        help="sample the legal/illegal command checks instead of trying all")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        stats = run(args.games, args.seed, thorough=not args.quick)
    except FuzzFailure as e:
        print(f"FAILED: {e}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - start
    print(f"{stats.games} games, {stats.steps} steps, {stats.decisions} decisions "
          f"in {seconds:.1f} s: all invariants held")
    print(f"turns per game: avg {stats.turns / max(stats.games, 1):.1f}, max {stats.max_turns}")
    print(f"legal commands applied on copies: {stats.legal_checked}; "
          f"illegal commands rejected: {stats.illegal_checked}")
    print("end reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(stats.end_reasons.items())))
    actions = [c for c in KINGDOM_POOL if CARDS[c].is_action]
    unplayed = [c for c in actions if c not in stats.played]
    print(f"cards played: {len(actions) - len(unplayed)}/{len(actions)} kingdom Actions"
          + (f" (never: {', '.join(unplayed)})" if unplayed else ""))
    print(f"decision prompts seen: {len(stats.prompts)}: "
          + ", ".join(f"{k} {v}" for k, v in sorted(stats.prompts.items())))
    kinds = Counter()
    for key, n in stats.prompts.items():
        kinds[PROMPTS[key].kind] += n
    print("decision kinds seen: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
