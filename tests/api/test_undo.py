"""Fair undo over HTTP: the command, its refusal, the event log and `log_epoch`."""

from __future__ import annotations

import json

import pytest

from dominion_server.extensions import db
from dominion_server.models import CommandRow, GameRow

from .support import bearer, command, create, get, state, stored, two_humans

UNDO = {"type": "undo"}
HAND = ["Chapel", "Copper", "Copper", "Silver", "Estate"]


def set_hand(app, gid: str, seat: int, hand: list[str]) -> None:
    saved = state(app, gid)
    saved["state"]["players"][seat]["hand"] = list(hand)
    with app.app_context():
        db.session.get(GameRow, gid).state = json.dumps(saved)
        db.session.commit()
        db.session.remove()


def log(client, gid: str, token=None) -> list[dict]:
    r = client.get(f"/api/games/{gid}/log?limit=500", headers=bearer(token) if token else {})
    assert r.status_code == 200
    return r.get_json()["events"]


def last_command(app, gid: str) -> dict:
    with app.app_context():
        row = (db.session.query(CommandRow).filter_by(game_id=gid)
               .order_by(CommandRow.id.desc()).first())
        out = json.loads(row.command)
        db.session.remove()
        return out


def ok(r):
    assert r.status_code == 200, r.get_json()
    return r


@pytest.fixture
def game(client, app):
    """Two humans; the seat to move holds HAND. (id, tokens, actor, other)."""
    gid, tokens = two_humans(client, seed=21)
    actor = get(client, gid, tokens[0]).get_json()["view"]["awaiting"][0]
    set_hand(app, gid, actor, HAND)
    return gid, tokens, actor, 1 - actor


def test_undo_replaces_its_events_with_one_public_line_and_raises_log_epoch(client, app, game):
    """Issue 23 (6): the undone events leave every log, and one "took back" line, the same
    public one for every viewer, tells the others what went instead of lines vanishing."""
    gid, tokens, actor, other = game
    tok = tokens[actor]
    first = ok(get(client, gid, tok)).get_json()
    assert first["log_epoch"] == 0 and UNDO not in first["view"]["legal"]
    played = ok(command(client, gid, tok, {"type": "play_treasures"})).get_json()
    assert UNDO in played["view"]["legal"]
    bought = ok(command(client, gid, tok, {"type": "buy", "card": "Silver"})).get_json()
    assert [e["type"] for e in bought["events"]] == ["buy", "gain"]
    seq = bought["log_seq"]
    viewers = {"actor": tok, "other": tokens[other], "spectator": None}
    logs = {who: log(client, gid, t) for who, t in viewers.items()}
    assert all(entries[-1]["seq"] == seq for entries in logs.values())
    rows = stored(app, gid)
    name = "Ann" if actor == 0 else "Bob"

    r = ok(command(client, gid, tok, UNDO, etag=f'"v{bought["version"]}-s{actor}"',
                   key="undo-1"))
    body = r.get_json()
    line = {"type": "undo", "seat": actor,
            "undone": [{"type": "buy", "seat": actor, "card": "Silver"},
                       {"type": "gain", "seat": actor, "card": "Silver", "to": "discard"}]}
    assert [{k: v for k, v in e.items() if k not in ("seq", "text")} for e in body["events"]] == [line]
    assert body["events"][0]["text"] == "You took back: bought Silver."
    assert body["log_epoch"] == 1 and body["log_seq"] == seq - 1
    assert body["view"] == played["view"]  # exactly as after playing the Treasures
    for who, t in viewers.items():
        now_log = log(client, gid, t)
        assert now_log[:-1] == logs[who][:-2], who
        assert now_log[-1]["seq"] == seq - 1 and now_log[-1]["undone"] == line["undone"], who
    assert log(client, gid, tokens[other])[-1]["text"] == f"{name} took back: bought Silver."
    assert ok(get(client, gid, tokens[other])).get_json()["log_epoch"] == 1
    assert ok(get(client, gid)).get_json()["log_epoch"] == 1  # spectators too
    now = stored(app, gid)
    assert now["events"] == rows["events"] - 1 and now["last_seq"] == seq - 1
    assert now["commands"] == rows["commands"] + 1 and last_command(app, gid) == UNDO

    # A retry with the same key gets the first answer and undoes nothing more.
    again = command(client, gid, tok, UNDO, key="undo-1")
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == body and stored(app, gid) == now

    # Walk back further: the line grows (oldest move first), still one line.
    back = ok(command(client, gid, tok, UNDO)).get_json()
    assert back["log_epoch"] == 2 and back["log_seq"] == seq - 2
    assert back["view"] == first["view"]
    last = log(client, gid, tokens[other])[-1]
    assert [e["type"] for e in last["undone"]] == ["play", "buy", "gain"]
    assert last["text"].startswith(f"{name} took back: played ") and last["text"].endswith("; bought Silver.")
    assert stored(app, gid)["events"] == rows["events"] - 2
    refused = command(client, gid, tok, UNDO)
    assert refused.status_code == 422 and refused.get_json()["code"] == "cannot_undo"
    # Play on: new events follow the line, numbered without gaps.
    again = ok(command(client, gid, tok, {"type": "buy", "card": "Copper"})).get_json()
    assert [e["seq"] for e in again["events"]] == [seq - 1, seq]
    seqs = [e["seq"] for e in log(client, gid, tokens[other])]
    assert seqs == list(range(1, seq + 1))
    assert [e["type"] for e in log(client, gid, tokens[other])[-3:]] == ["undo", "buy", "gain"]


def test_undo_cancels_a_decision_in_flight(client, app, game):
    gid, tokens, actor, other = game
    tok = tokens[actor]
    first = ok(get(client, gid, tok)).get_json()
    chapel = ok(command(client, gid, tok, {"type": "play", "card": "Chapel"})).get_json()
    assert chapel["view"]["decision"]["prompt"] == "chapel.trash"
    assert chapel["view"]["legal"][1:] == [UNDO]
    assert chapel["log_seq"] == first["log_seq"] + 1
    body = ok(command(client, gid, tok, UNDO)).get_json()
    assert body["view"] == first["view"] and body["log_seq"] == first["log_seq"] + 1
    assert body["log_epoch"] == 1
    entries = log(client, gid, tokens[other])
    assert [e["seq"] for e in entries] == list(range(1, first["log_seq"] + 2))
    # The play of Chapel is gone; the line that took it back is in its place.
    assert entries[-1]["type"] == "undo" and entries[-1]["undone"] == [
        {"type": "play", "seat": actor, "card": "Chapel"}]


def test_undo_is_refused_after_the_turn_ended_and_changes_nothing(client, app, game):
    gid, tokens, actor, other = game
    tok = tokens[actor]
    ok(command(client, gid, tok, {"type": "end_phase"}))
    ok(command(client, gid, tok, {"type": "end_phase"}))
    before = stored(app, gid)
    # The turn passed: the seat now on turn has nothing to take back (422); the one
    # whose turn ended is no longer on turn (403, as for any turn command).
    for seat, status, code in ((other, 422, "cannot_undo"), (actor, 403, "not_your_turn")):
        assert UNDO not in ok(get(client, gid, tokens[seat])).get_json()["view"]["legal"]
        r = command(client, gid, tokens[seat], UNDO)
        assert r.status_code == status, r.get_json()
        assert r.get_json()["code"] == code
    assert stored(app, gid) == before


def test_undo_from_a_seat_not_on_turn_is_not_your_turn_like_every_turn_command(
        client, app, game):
    """Issue 24 (5): the seat not on turn gets the same 403 `not_your_turn` for `undo` as
    for `play`, `play_treasures`, `buy` and `end_phase`, whether or not the seat on turn
    has a move it may take back."""
    gid, tokens, actor, other = game
    for undoable in (False, True):
        if undoable:
            ok(command(client, gid, tokens[actor], {"type": "play_treasures"}))
        assert (UNDO in ok(get(client, gid, tokens[actor])).get_json()["view"]["legal"]
                ) is undoable
        before = stored(app, gid)
        for cmd in ({"type": "play", "card": "Copper"}, {"type": "play_treasures"},
                    {"type": "buy", "card": "Copper"}, {"type": "end_phase"}, UNDO):
            r = command(client, gid, tokens[other], cmd)
            assert (r.status_code, r.get_json()["code"]) == (403, "not_your_turn"), cmd
        assert stored(app, gid) == before


def test_undo_with_a_stale_if_match_is_refused(client, app, game):
    gid, tokens, actor, _ = game
    tok = tokens[actor]
    etag = ok(get(client, gid, tok)).headers["ETag"]
    ok(command(client, gid, tok, {"type": "play_treasures"}))
    before = stored(app, gid)
    r = command(client, gid, tok, UNDO, etag=etag)
    assert r.status_code == 412 and r.get_json()["code"] == "stale_version"
    assert stored(app, gid) == before


def test_a_humans_buy_is_undoable_in_a_game_with_a_bot(client, app):
    g = create(client, seed=7)
    gid, tok, me = g["id"], g["token"], g["seat"]
    view = ok(get(client, gid, tok)).get_json()["view"]
    assert view["awaiting"] == [me]  # the bot moved first if it began
    before = ok(get(client, gid, tok)).get_json()
    r = ok(command(client, gid, tok, {"type": "buy", "card": "Copper"})).get_json()
    assert UNDO in r["view"]["legal"]  # the bot did not move: nothing new to anyone
    body = ok(command(client, gid, tok, UNDO)).get_json()
    # The buy's two events went; the line that took them back came (a spectator may watch).
    assert body["view"] == before["view"] and body["log_seq"] == before["log_seq"] + 1
    assert body["log_epoch"] == 1 and [e["type"] for e in body["events"]] == ["undo"]


def test_the_api_documents_undo(client):
    doc = client.get("/api/openapi.json").get_json()
    schemas = doc["components"]["schemas"]
    assert "log_epoch" in schemas["Game"]["required"]
    assert any("undo" in json.dumps(s) for name, s in schemas.items() if "Undo" in name)
    assert doc["x-problem-codes"]["cannot_undo"]["status"] == 422
    page = client.get("/api/docs").get_data(as_text=True)
    assert "cannot_undo" in page and "log_epoch" in page and "fair undo" in page.lower()
