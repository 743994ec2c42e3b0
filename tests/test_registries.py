"""The prompt and event-type registries (``dominion.prompts``, ``dominion.events``):
complete, consistent with the source, and what the engine really produces."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import fuzz
from dominion import CARDS, new_game
from dominion.decisions import CARDS as CHOOSE_CARDS
from dominion.decisions import KIND_ANSWERS, KINDS, OPTION
from dominion.events import EVENT_TYPES, EventInfo
from dominion.prompts import PROMPTS, PromptInfo, info, prompt

ENGINE = Path(__file__).resolve().parent.parent / "backend" / "dominion"
#: A string constant shaped like a prompt key ("militia.discard").
KEY = re.compile(r"^[a-z][a-z_]*\.[a-z][a-z_]*$")
#: Focused fuzz games stop once every prompt was seen, or after this many.
#: With Prosperity about 65 cards start out missing, so each gets only a few
#: games in turn; a rare prompt (Bandit's, asked in about a third of its
#: focused games) needs the room.
MAX_FOCUSED_GAMES = 200


#: Cards that make an event type (or one of its fields) come up, where random
#: answers may well avoid it: Library's set-aside, Thief's gain from the trash.
EVENT_FOCUS = {"set_aside": "Library", "deck_to_discard": "Chancellor", "look": "Sentry",
               "gain": "Thief", "react": "Moat",
               "pass": "Masquerade", "trash": "Lurker",
               "vp": "Monument", "trade_route": "Trade Route", "name": "Contraband"}

#: The engine's own prompts (no card of their own) and a card that makes
#: each come up.
PROMPT_FOCUS = {"reaction.reveal": "Moat", "turn_start.play": "Clerk"}

#: Cards a focused game adds to the kingdom and to the starting decks, for a
#: prompt that needs company: Mint's ``mint.order`` is asked only when a
#: Talisman in play would copy the Mint bought, which Quarry makes cost $3.
FOCUS_COMPANIONS = {"Mint": ["Talisman", "Quarry"]}


def _missing(stats: fuzz.Stats) -> list[str]:
    """Cards to focus on: those with prompts or events not seen yet."""
    cards = {PROMPTS[k].card or PROMPT_FOCUS[k] for k in set(PROMPTS) - set(stats.prompts)}
    cards |= {EVENT_FOCUS.get(t, "Militia") for t, e in EVENT_TYPES.items()
              if not e.seats and stats.event_fields.get(t) != set(e.fields)}
    return sorted(cards)


@pytest.fixture(scope="module")
def seen() -> fuzz.Stats:
    """Fuzz games, each focused on a card whose prompts or events are not seen
    yet, until every registered prompt and event field has come up.

    A focused game has a small kingdom (the card, Moat, Militia) and starting
    decks stocked with the card, Silver, Gold and Duchy, so rare situations
    (Bandit revealing two good Treasures, Sentry keeping two different cards)
    come up in a few games rather than thousands.
    """
    stats = fuzz.Stats()
    for game in range(MAX_FOCUSED_GAMES):
        cards = _missing(stats)
        if not cards:
            break
        focus = cards[game % len(cards)]
        company = FOCUS_COMPANIONS.get(focus, [])
        stats.add(fuzz.fuzz_game(
            game, thorough=False, kingdom=sorted({focus, "Moat", "Militia", *company}),
            stock=[focus] * 3 + company * 2 + ["Silver", "Gold"] * 3 + ["Duchy"],
        ))
    return stats


# ----------------------------------------------------------------------
# Prompts


def test_every_registered_prompt_is_reached(seen: fuzz.Stats) -> None:
    assert sorted(set(PROMPTS) - set(seen.prompts)) == []


def test_every_prosperity_prompt_and_event_is_reached(seen: fuzz.Stats) -> None:
    """Spelled out for the Prosperity contract: its prompts (and Clerk's
    start-of-turn play), VP tokens, the Trade Route mat and a named card
    with the card that named it."""
    prosperity = {n for n, c in CARDS.items() if c.set == "prosperity"}
    wanted = {k for k, p in PROMPTS.items() if p.card in prosperity} | {"turn_start.play"}
    assert len(wanted) >= 31
    assert sorted(wanted - set(seen.prompts)) == []
    assert seen.event_fields["vp"] >= {"vp", "total"}
    assert seen.event_fields["trade_route"] >= {"card", "mat"}
    assert seen.event_fields["name"] >= {"card", "by"}


def test_engine_prompts_without_a_card_have_a_focus_card() -> None:
    assert {k for k, p in PROMPTS.items() if p.card is None} == set(PROMPT_FOCUS)


def test_every_prompt_key_in_the_engine_source_is_registered() -> None:
    used: dict[str, str] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if KEY.match(node.value):
                    used.setdefault(node.value, path.name)
    assert len(used) >= len(PROMPTS)  # the registrations themselves are in the source
    assert {k: f for k, f in used.items() if k not in PROMPTS} == {}


def test_prompt_entries_are_complete() -> None:
    for key, p in PROMPTS.items():
        assert isinstance(p, PromptInfo) and p.key == key
        assert p.kind in KINDS, key
        assert p.card is None or p.card in CARDS, key
        assert p.text.endswith(".") and p.options, key
        assert all(isinstance(v, str) and v for v in p.args.values()), key
    assert PROMPTS["reaction.reveal"].card is None
    assert PROMPTS["militia.discard"].card == "Militia"
    assert PROMPTS["spy.choose"].args.keys() == {"target", "revealed"}
    assert "max_cost" in PROMPTS["workshop.gain"].args


def test_decision_args_are_documented(seen: fuzz.Stats) -> None:
    """The args keys of the decisions actually asked are those their prompts list."""
    got = {k: sorted(v) for k, v in seen.prompt_args.items()}
    assert got == {k: sorted(p.args) for k, p in PROMPTS.items()}


def test_a_duplicate_or_ill_kinded_prompt_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        prompt("militia.discard", CHOOSE_CARDS, "Again.")
    with pytest.raises(ValueError, match="kind"):
        prompt("test.new_prompt", "dance", "A new prompt.")
    assert "test.new_prompt" not in PROMPTS


def test_info_names_an_unknown_key() -> None:
    assert info("militia.discard") is PROMPTS["militia.discard"]
    with pytest.raises(KeyError, match="nobody.asks"):
        info("nobody.asks")


def test_the_engine_refuses_an_unregistered_prompt() -> None:
    game = new_game(2, ["Militia"], seed=1)
    with pytest.raises(ValueError, match="nobody.asks"):
        game.choose_cards(0, ["Copper", "Estate"], "nobody.asks", 1, 1)
    with pytest.raises(ValueError, match="militia.discard"):  # registered as "cards"
        game.choose_option(0, ["yes", "no"], "militia.discard")
    with pytest.raises(ValueError, match="cellar.discard"):
        game.may(0, "cellar.discard")


def test_kind_answers_describe_every_kind() -> None:
    assert list(KIND_ANSWERS) == list(KINDS)
    assert all(s.endswith(".") for s in KIND_ANSWERS.values())
    assert "repeat" in KIND_ANSWERS[CHOOSE_CARDS] and "top" in KIND_ANSWERS[CHOOSE_CARDS]
    assert "yes" in KIND_ANSWERS[OPTION]


# ----------------------------------------------------------------------
# Event types


def test_every_emitted_event_type_is_registered_with_its_fields(seen: fuzz.Stats) -> None:
    """The rendered events of the fuzzed games (for every viewer) carry exactly
    the registered fields of their type, and every type and field comes up."""
    got = {t: sorted(keys) for t, keys in seen.event_fields.items()}
    # Seat events (stand_in, take_back) come from the server, never from the rules.
    want = {t: sorted(e.fields) for t, e in EVENT_TYPES.items() if not e.seats}
    assert got == want


def test_event_entries_are_complete() -> None:
    for t, e in EVENT_TYPES.items():
        assert isinstance(e, EventInfo) and e.type == t
        assert {"type", "seat", "text"} <= set(e.fields)
        assert e.text.endswith(".")
        # A type whose cards can be hidden documents when, and the count shown instead.
        assert bool(e.private) == ("count" in e.fields and "cards" in e.fields), t
    assert EVENT_TYPES["draw"].private and not EVENT_TYPES["trash"].private
