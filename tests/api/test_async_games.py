"""Async games (issue 22 §4): reminder and deadline settings, absent seats, stand-in bots.

The move deadline counts from the game's last write (``games.updated_at``);
the tests move that time back instead of waiting. They age active games by a
day or three, far from the purge thresholds of test_maintenance.py.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Optional

import pytest
from sqlalchemy import select, update

from dominion import Game
from dominion_server.extensions import db
from dominion_server.models import CommandRow, GameRow, SeatRow, utcnow

from .support import bearer, command, create, get
from .test_rematch import finish, humans


def age(app, game_id: str, hours: float) -> datetime:
    """Make the game's last write ``hours`` old; the new ``updated_at``."""
    when = utcnow() - timedelta(hours=hours)
    with app.app_context():
        db.session.execute(update(GameRow).where(GameRow.id == game_id)
                           .values(updated_at=when))
        db.session.commit()
        db.session.remove()
    return when


def updated_at(app, game_id: str) -> datetime:
    with app.app_context():
        t = db.session.execute(
            select(GameRow.updated_at).where(GameRow.id == game_id)).scalar_one()
        db.session.remove()
    return t if t.tzinfo else t.replace(tzinfo=utcnow().tzinfo)


def seat_bots(app, game_id: str) -> dict[int, tuple[str, Optional[str]]]:
    """seat -> (kind, bot) as stored."""
    with app.app_context():
        rows = db.session.execute(select(SeatRow.seat, SeatRow.kind, SeatRow.bot)
                                  .where(SeatRow.game_id == game_id)).all()
        db.session.remove()
    return {r.seat: (r.kind, r.bot) for r in rows}


def bot_commands(app, game_id: str, seat: int) -> int:
    with app.app_context():
        n = db.session.query(CommandRow).filter_by(game_id=game_id, seat=seat,
                                                   actor="bot").count()
        db.session.remove()
    return n


def game(client, game_id: str, token: Optional[str] = None) -> dict[str, Any]:
    r = get(client, game_id, token)
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def parse_time(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def seat_cmds(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in data["view"]["legal"] if c["type"] in ("stand_in", "take_back")]


def end_turn(client, game_id: str, token: str):
    """End the caller's turn from the Action phase (two end_phase); the last answer."""
    r = command(client, game_id, token, {"type": "end_phase"})
    assert r.status_code == 200, r.get_json()
    r = command(client, game_id, token, {"type": "end_phase"})
    assert r.status_code == 200, r.get_json()
    return r


def awaited(client, game_id: str, tokens: dict[int, str]) -> int:
    return game(client, game_id, next(iter(tokens.values())))["view"]["awaiting"][0]


# ---------------------------------------------------------------------------
# Settings at creation


@pytest.mark.parametrize("reminder", [None, 1, 12, 24])
@pytest.mark.parametrize("deadline", [None, 24, 72])
def test_settings_are_stored_and_shown(client, reminder, deadline):
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}],
               reminder=reminder, deadline=deadline)
    for data in (g["game"], game(client, g["id"]), game(client, g["id"], g["token"])):
        assert data["setup"]["reminder"] == reminder
        assert data["setup"]["deadline"] == deadline
        # Not started: no deadline runs yet, and nobody is absent.
        assert data["deadline_at"] is None and data["absent"] == []


def test_settings_default_to_none(client):
    g = create(client)
    assert g["game"]["setup"]["reminder"] is None and g["game"]["setup"]["deadline"] is None
    assert g["game"]["deadline_at"] is None and g["game"]["absent"] == []


@pytest.mark.parametrize("field,value", [
    ("reminder", 2), ("reminder", 0), ("reminder", 48), ("reminder", "12"), ("reminder", True),
    ("reminder", 12.5), ("reminder", [12]),
    ("deadline", 1), ("deadline", 12), ("deadline", 48), ("deadline", "24"),
    ("deadline", False), ("deadline", -24), ("deadline", {"hours": 24}),
])
def test_bad_settings_are_refused_with_422(client, field, value):
    r = client.post("/api/games", json={
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}], field: value})
    assert r.status_code == 422, r.get_json()
    problem = r.get_json()
    assert problem["code"] == "invalid_body" and field in problem["errors"]


def test_whole_hours_as_floats_are_accepted(client):
    g = create(client, reminder=12.0, deadline=72.0)
    assert g["game"]["setup"]["reminder"] == 12 and g["game"]["setup"]["deadline"] == 72


def test_a_rematch_keeps_the_settings(client, app):
    gid, tokens = humans(client, ["Ann", "Bob"], reminder=1, deadline=72)
    finish(app, gid, {0: 3})
    r = client.post(f"/api/games/{gid}/rematch", headers=bearer(tokens[0]))
    assert r.status_code == 201, r.get_json()
    setup = r.get_json()["game"]["setup"]
    assert setup["reminder"] == 1 and setup["deadline"] == 72


# ---------------------------------------------------------------------------
# The deadline


def test_deadline_at_follows_the_last_write(client, app):
    gid, tokens = humans(client, ["Ann", "Bob"], deadline=24)
    data = game(client, gid, tokens[0])
    assert parse_time(data["deadline_at"]) == updated_at(app, gid) + timedelta(hours=24)
    assert data["absent"] == []
    mover = data["view"]["awaiting"][0]
    r = end_turn(client, gid, tokens[mover])
    # A move is a write: the deadline starts again from it.
    after = r.get_json()
    assert parse_time(after["deadline_at"]) == updated_at(app, gid) + timedelta(hours=24)
    assert parse_time(after["deadline_at"]) > parse_time(data["deadline_at"])


def test_no_deadline_no_deadline_at(client, app):
    gid, tokens = humans(client, ["Ann", "Bob"])
    age(app, gid, 24 * 30)
    data = game(client, gid, tokens[0])
    assert data["deadline_at"] is None and data["absent"] == []
    assert seat_cmds(data) == []


def test_a_finished_game_has_no_deadline(client, app):
    gid, tokens = humans(client, ["Ann", "Bob"], deadline=24)
    finish(app, gid, {0: 3})
    age(app, gid, 25)
    data = game(client, gid, tokens[1])
    assert data["deadline_at"] is None and data["absent"] == [] and seat_cmds(data) == []


def test_the_awaited_seat_becomes_absent_when_the_deadline_passes(client, app):
    gid, tokens = humans(client, ["Ann", "Bob", "Cyd"], deadline=24)
    mover = awaited(client, gid, tokens)
    others = [s for s in tokens if s != mover]
    age(app, gid, 23.9)
    assert game(client, gid)["absent"] == []
    for s in tokens:
        assert seat_cmds(game(client, gid, tokens[s])) == []
    age(app, gid, 24.01)
    assert game(client, gid)["absent"] == [mover]  # spectators see it too
    for s in others:
        assert seat_cmds(game(client, gid, tokens[s])) == [{"type": "stand_in", "seat": mover}]
    assert seat_cmds(game(client, gid, tokens[mover])) == []


# ---------------------------------------------------------------------------
# stand_in and take_back


def _problem(r, code: str) -> None:
    assert r.status_code == 422, (r.status_code, r.get_json())
    assert r.get_json()["code"] == code, r.get_json()


def test_stand_in_refusals(client, app):
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"},
                        {"kind": "bot", "bot": "big-money"}], deadline=24)
    j = client.post(f"/api/games/{g['id']}/join", json={"name": "Bob"}).get_json()
    gid, tokens = g["id"], {0: g["token"], 1: j["token"]}
    mover = awaited(client, gid, tokens)
    assert mover in tokens
    other = 1 - mover
    # Before the deadline.
    r = command(client, gid, tokens[other], {"type": "stand_in", "seat": mover})
    _problem(r, "seat_not_absent")
    age(app, gid, 25)
    version = game(client, gid)["version"]
    _problem(command(client, gid, tokens[mover], {"type": "stand_in", "seat": mover}), "own_seat")
    _problem(command(client, gid, tokens[other], {"type": "stand_in", "seat": 2}), "seat_is_bot")
    _problem(command(client, gid, tokens[mover], {"type": "stand_in", "seat": other}),
             "seat_not_absent")  # not awaited
    _problem(command(client, gid, tokens[other], {"type": "stand_in", "seat": 5}), "no_such_seat")
    _problem(command(client, gid, tokens[other], {"type": "take_back"}), "not_stood_in")
    bad = command(client, gid, tokens[other], {"type": "stand_in"})
    assert bad.status_code == 422 and "seat" in bad.get_json()["errors"]
    assert command(client, gid, "x" * 20, {"type": "take_back"}).status_code == 401
    # Nothing was written by any of them.
    assert game(client, gid)["version"] == version
    assert seat_bots(app, gid) == {0: ("human", None), 1: ("human", None), 2: ("bot", "big-money")}


def test_stand_in_plays_the_absent_seat_inline_and_take_back_returns_it(client, app):
    gid, tokens = humans(client, ["Ann", "Bob"], deadline=24)
    mover = awaited(client, gid, tokens)
    other = 1 - mover
    age(app, gid, 25)
    r = command(client, gid, tokens[other], {"type": "stand_in", "seat": mover})
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    # The stand-in is logged, then the bot plays the absent seat's turn in this request.
    assert body["events"][0]["type"] == "stand_in"
    assert body["events"][0]["seat"] == mover and body["events"][0]["by"] == other
    assert any(e["type"] == "turn" and e["seat"] == other for e in body["events"])
    assert any(e["type"] == "buy" and e["seat"] == mover for e in body["events"]) or \
        any(e["type"] == "play" and e["seat"] == mover for e in body["events"])
    assert body["view"]["awaiting"] == [other]
    assert body["absent"] == [mover]
    seat_info = body["seats"][mover]
    assert seat_info["kind"] == "human" and seat_info["bot"] == "medium"
    assert seat_bots(app, gid)[mover] == ("human", "medium")
    assert bot_commands(app, gid, mover) > 0
    # The deadline runs again from this write, for the seat now awaited.
    assert parse_time(body["deadline_at"]) == updated_at(app, gid) + timedelta(hours=24)
    assert seat_cmds(body) == []
    assert seat_cmds(game(client, gid, tokens[mover])) == [{"type": "take_back"}]

    # The other player's turn: the bot answers at once, within the same request.
    turns_before = game(client, gid)["view"]["players"][mover]["turns"]
    r = end_turn(client, gid, tokens[other])
    assert r.get_json()["view"]["awaiting"] == [other]
    assert r.get_json()["view"]["players"][mover]["turns"] == turns_before + 1

    # Its player comes back.
    r = command(client, gid, tokens[mover], {"type": "take_back"})
    assert r.status_code == 200, r.get_json()
    back = r.get_json()
    assert [e["type"] for e in back["events"]] == ["take_back"]
    assert back["events"][0]["seat"] == mover and back["events"][0]["by"] == mover
    assert back["absent"] == [] and back["seats"][mover]["bot"] is None
    assert seat_bots(app, gid)[mover] == ("human", None)
    assert seat_cmds(back) == []
    # Now the game waits for that player again.
    r = end_turn(client, gid, tokens[other])
    assert r.get_json()["view"]["awaiting"] == [mover]
    assert r.get_json()["view"]["turn"]["seat"] == mover  # its turn waits, not played
    assert r.get_json()["view"]["players"][mover]["turns"] == turns_before + 2


def test_a_player_whose_seat_a_bot_plays_cannot_stand_in_for_others(client, app):
    gid, tokens = humans(client, ["Ann", "Bob", "Cyd"], deadline=72)
    first = awaited(client, gid, tokens)
    age(app, gid, 73)
    helper = next(s for s in tokens if s != first)
    assert command(client, gid, tokens[helper],
                   {"type": "stand_in", "seat": first}).status_code == 200
    second = awaited(client, gid, tokens)
    assert second != first
    age(app, gid, 73)
    assert {"type": "take_back"} in seat_cmds(game(client, gid, tokens[first]))
    _problem(command(client, gid, tokens[first], {"type": "stand_in", "seat": second}),
             "take_back_first")
    third = next(s for s in tokens if s not in (first, second))
    _problem(command(client, gid, tokens[third], {"type": "stand_in", "seat": first}),
             "seat_stood_in")
    assert command(client, gid, tokens[third],
                   {"type": "stand_in", "seat": second}).status_code == 200
    assert game(client, gid)["absent"] == sorted([first, second])


def test_seat_commands_are_logged_for_everyone_in_every_language(client, app):
    gid, tokens = humans(client, ["Ann", "Bob"], deadline=24)
    mover = awaited(client, gid, tokens)
    other = 1 - mover
    names = {0: "Ann", 1: "Bob"}
    age(app, gid, 25)
    assert command(client, gid, tokens[other],
                   {"type": "stand_in", "seat": mover}).status_code == 200
    assert command(client, gid, tokens[mover], {"type": "take_back"}).status_code == 200
    texts = {}
    for viewer in (None, 0, 1):
        for lang in ("en", "cs", "hu"):
            headers = bearer(tokens[viewer]) if viewer is not None else {}
            page = client.get(f"/api/games/{gid}/log?lang={lang}&limit=500",
                              headers=headers).get_json()
            seat_events = [e for e in page["events"] if e["type"] in ("stand_in", "take_back")]
            assert [(e["type"], e["seat"], e["by"]) for e in seat_events] == [
                ("stand_in", mover, other), ("take_back", mover, mover)]
            texts[viewer, lang] = [e["text"] for e in seat_events]
    assert texts[None, "en"] == [f"{names[other]} let a bot play for {names[mover]}.",
                                 f"{names[mover]} took the seat back from the bot."]
    assert texts[other, "en"][0] == f"You let a bot play for {names[mover]}."
    assert texts[mover, "en"] == [f"{names[other]} let a bot play for you.",
                                  "You took the seat back from the bot."]
    assert texts[None, "cs"] == [f"{names[other]} předává místo hráče {names[mover]} botovi.",
                                 f"{names[mover]} přebírá své místo zpět od bota."]
    assert texts[None, "hu"] == [f"{names[other]} átadja {names[mover]} helyét egy botnak.",
                                 f"{names[mover]} visszaveszi a helyét a bottól."]


def test_a_stand_in_reveals_nothing_of_the_absent_seats_hand(client, app):
    """What seat ``other`` (and a spectator) learn of the absent seat's cards is the same
    with a bot playing it as with its player: only counts, never the hand."""
    gid, tokens = humans(client, ["Ann", "Bob"], deadline=24)
    mover = awaited(client, gid, tokens)
    other = 1 - mover
    hand = game(client, gid, tokens[mover])["view"]["players"][mover]["hand"]
    assert len(hand) == 5
    before = game(client, gid, tokens[other])
    seen_before = before["view"]["players"][mover]
    assert "hand" not in seen_before and "cards" not in seen_before
    age(app, gid, 25)
    r = command(client, gid, tokens[other], {"type": "stand_in", "seat": mover})
    assert r.status_code == 200
    # Several turns of the bot, played inside the other seat's requests.
    for _ in range(3):
        end_turn(client, gid, tokens[other])
    after = game(client, gid, tokens[other])
    seen_after = after["view"]["players"][mover]
    assert set(seen_after) == set(seen_before)  # the same fields: counts, no cards
    assert after["view"]["decision"] is None or after["view"]["decision"]["seat"] == other
    assert all("decision" not in c or c["decision"]["seat"] == other
               for c in after["view"]["legal"])
    # Every logged event about the absent seat reads for the other seat exactly as for a
    # spectator, who sees nothing hidden (the sentence aside: "You" may differ).
    mine = client.get(f"/api/games/{gid}/log?limit=500", headers=bearer(tokens[other]))
    public = client.get(f"/api/games/{gid}/log?limit=500")
    strip = [{k: v for k, v in e.items() if k != "text"} for e in mine.get_json()["events"]]
    spect = [{k: v for k, v in e.items() if k != "text"} for e in public.get_json()["events"]]
    assert len(strip) == len(spect)
    about_absent = [(a, b) for a, b in zip(strip, spect) if a.get("seat") == mover]
    assert about_absent and all(a == b for a, b in about_absent)
    draws = [a for a, _ in about_absent if a["type"] == "draw"]
    assert draws and all("cards" not in d and d["count"] > 0 for d in draws)
    # The absent seat itself still sees its own cards.
    own = client.get(f"/api/games/{gid}/log?limit=500", headers=bearer(tokens[mover]))
    assert any("cards" in e for e in own.get_json()["events"]
               if e["type"] == "draw" and e["seat"] == mover)


def test_seat_commands_keep_idempotency_and_if_match(client, app):
    gid, tokens = humans(client, ["Ann", "Bob"], deadline=24)
    mover = awaited(client, gid, tokens)
    other = 1 - mover
    age(app, gid, 25)
    stale = command(client, gid, tokens[other], {"type": "stand_in", "seat": mover},
                    etag='"v1-s0"')
    assert stale.status_code == 412
    first = command(client, gid, tokens[other], {"type": "stand_in", "seat": mover},
                    key="stand-in-1")
    again = command(client, gid, tokens[other], {"type": "stand_in", "seat": mover},
                    key="stand-in-1")
    assert first.status_code == again.status_code == 200
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.get_json() == first.get_json()


# ---------------------------------------------------------------------------
# Documentation


def test_openapi_documents_the_settings_and_seat_commands(client):
    doc = client.get("/api/openapi.json").get_json()
    comp = doc["components"]["schemas"]
    create_props = comp["GameCreate"]["properties"]
    assert create_props["reminder"]["enum"] == [1, 12, 24, None]
    assert create_props["deadline"]["enum"] == [24, 72, None]
    example = doc["paths"]["/api/games"]["post"]["requestBody"]["content"][
        "application/json"]["example"]
    assert example["reminder"] == 12 and example["deadline"] == 24
    assert {"reminder", "deadline"} <= set(comp["Setup"]["required"])
    assert {"deadline_at", "absent"} <= set(comp["Game"]["required"])
    assert {"stand_in", "take_back"} <= set(comp["Command"]["discriminator"]["mapping"])
    assert set(comp["StandInCommand"]["required"]) == {"seat", "type"}
    # The known values of the open enum (issue 24: a command type may be added).
    assert {"stand_in", "take_back"} <= set(comp["LegalCommandType"]["enum"])
    codes = doc["x-problem-codes"]
    for code in ("seat_not_absent", "seat_is_bot", "own_seat", "seat_stood_in",
                 "take_back_first", "not_stood_in", "no_such_seat"):
        assert codes[code]["status"] == 422 and codes[code]["description"], code


def test_api_docs_explain_absent_seats_and_list_their_events(client):
    html = client.get("/api/docs").get_data(as_text=True)
    assert '<section id="absence">' in html
    for phrase in ("<code>deadline_at</code>", "<code>absent</code>",
                   "<code>{&quot;type&quot;: &quot;take_back&quot;}</code>", "Medium bot"):
        assert phrase in html, phrase
    for anchor in ("event-stand_in", "event-take_back", "problem-seat_not_absent",
                   "problem-own_seat", "problem-seat_is_bot"):
        assert f'id="{anchor}"' in html, anchor


# ---------------------------------------------------------------------------
# A stand-in in the middle of a card's effect


def set_hand(app, game_id: str, seat: int, hand: list[str]) -> None:
    """Give ``seat`` this hand in the stored state (the version moves on, as for any write)."""
    with app.app_context():
        row = db.session.get(GameRow, game_id)
        g = Game.from_json(row.state)
        g.state.players[seat].hand = list(hand)
        row.state = g.to_json()
        row.version += 1
        db.session.commit()
        db.session.remove()


def test_the_stand_in_answers_the_absent_seats_open_decision_of_its_own_card(client, app):
    gid, tokens = humans(client, ["Ann", "Bob"], deadline=24)
    mover = awaited(client, gid, tokens)
    other = 1 - mover
    set_hand(app, gid, mover, ["Cellar", "Copper", "Copper", "Estate", "Estate"])
    r = command(client, gid, tokens[mover], {"type": "play", "card": "Cellar"})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["view"]["decision"]["prompt"] == "cellar.discard"
    age(app, gid, 25)
    assert seat_cmds(game(client, gid, tokens[other])) == [{"type": "stand_in", "seat": mover}]
    r = command(client, gid, tokens[other], {"type": "stand_in", "seat": mover})
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    # The bot answered the decision, finished the turn, and the game waits for us.
    assert body["view"]["awaiting"] == [other] and body["view"]["turn"]["seat"] == other
    assert any(e["type"] == "turn" and e["seat"] == other for e in body["events"])


def test_the_stand_in_answers_an_attack_on_another_players_turn(client, app):
    gid, tokens = humans(client, ["Ann", "Bob"], deadline=24)
    mover = awaited(client, gid, tokens)
    other = 1 - mover
    set_hand(app, gid, mover, ["Militia", "Copper", "Copper", "Estate", "Estate"])
    r = command(client, gid, tokens[mover], {"type": "play", "card": "Militia"})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["view"]["awaiting"] == [other]  # other must discard down to 3
    age(app, gid, 25)
    r = command(client, gid, tokens[mover], {"type": "stand_in", "seat": other})
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["view"]["awaiting"] == [mover] and body["view"]["turn"]["seat"] == mover
    assert body["view"]["players"][other]["hand_count"] == 3
    discards = [e for e in body["events"] if e["type"] == "discard" and e["seat"] == other]
    assert discards and all("cards" not in e and e["count"] == 2 for e in discards)
    # On with the mover's turn; the bot then plays the absent seat's turn inline.
    r = end_turn(client, gid, tokens[mover])
    assert r.get_json()["view"]["awaiting"] == [mover]
