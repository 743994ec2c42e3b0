"""Commands: apply, preconditions (If-Match), idempotency, illegal moves, seats."""

from __future__ import annotations

import json

from dominion.prompts import info as prompt_info
from dominion_server.extensions import db
from dominion_server.models import CommandRow

from .support import bearer, command, create, get, simple_answer, state, stored, two_humans


def _mover(client, gid, tokens):
    view = get(client, gid, tokens[0]).get_json()["view"]
    seat = view["awaiting"][0]
    return seat, tokens[seat], get(client, gid, tokens[seat])


def test_command_applies_and_returns_the_new_view(client, app):
    gid, tokens = two_humans(client)
    seat, tok, r = _mover(client, gid, tokens)
    before = stored(app, gid)
    hand = r.get_json()["view"]["players"][seat]["hand"]
    res = command(client, gid, tok, {"type": "play_treasures"}, etag=r.headers["ETag"])
    assert res.status_code == 200
    body = res.get_json()
    assert body["version"] == before["version"] + 1
    assert res.headers["ETag"] == f'"v{body["version"]}-s{seat}"'
    view = body["view"]
    coppers = hand.count("Copper")
    assert view["turn"]["coins"] == coppers
    assert view["turn"]["phase"] == "buy"
    assert view["players"][seat]["in_play"] == ["Copper"] * coppers
    assert body["events"][0]["type"] == "play" and body["events"][0]["seq"] == before["last_seq"] + 1
    after = stored(app, gid)
    assert after["commands"] == before["commands"] + 1
    assert after["events"] == before["events"] + len(body["events"])
    assert after["last_seq"] == body["log_seq"]
    with app.app_context():
        row = db.session.query(CommandRow).filter_by(game_id=gid).order_by(CommandRow.id.desc()).first()
        assert json.loads(row.command) == {"type": "play_treasures"}
        assert row.seat == seat and row.actor == "human" and row.version == body["version"]
        db.session.remove()
    # The same view comes back from GET, with the same ETag.
    again = get(client, gid, tok)
    assert again.headers["ETag"] == res.headers["ETag"]
    assert again.get_json()["view"] == view


def test_stale_if_match_is_412_and_changes_nothing(client, app):
    gid, tokens = two_humans(client)
    seat, tok, r = _mover(client, gid, tokens)
    old_tag = r.headers["ETag"]
    assert command(client, gid, tok, {"type": "end_phase"}, etag=old_tag).status_code == 200
    before = stored(app, gid)
    res = command(client, gid, tok, {"type": "end_phase"}, etag=old_tag)
    assert res.status_code == 412
    p = res.get_json()
    assert p["code"] == "stale_version" and p["current_version"] == before["version"]
    assert res.headers["ETag"] == f'"v{before["version"]}-s{seat}"'
    assert stored(app, gid) == before
    # Another seat's tag for the current version does not match either.
    other = tokens[1 - seat]
    other_tag = get(client, gid, other).headers["ETag"]
    assert command(client, gid, tok, {"type": "end_phase"}, etag=other_tag).status_code == 412
    # "*" matches any version; a list matches if one entry does.
    cur = get(client, gid, tok).headers["ETag"]
    assert command(client, gid, tok, {"type": "end_phase"},
                   etag=f'"v0-s0", {cur}').status_code == 200
    assert stored(app, gid)["version"] == before["version"] + 1


def test_idempotency_key_replays_the_first_answer(client, app):
    gid, tokens = two_humans(client)
    seat, tok, r = _mover(client, gid, tokens)
    tag = r.headers["ETag"]
    first = command(client, gid, tok, {"type": "play_treasures"}, etag=tag, key="abc-123")
    assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
    after = stored(app, gid)
    # The retry carries the old If-Match; it still gets the first answer, applied once.
    again = command(client, gid, tok, {"type": "play_treasures"}, etag=tag, key="abc-123")
    assert again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_data() == first.get_data()
    assert again.headers["ETag"] == first.headers["ETag"]
    assert stored(app, gid) == after
    # Even after the game moved on.
    assert command(client, gid, tok, {"type": "end_phase"}, key="next").status_code == 200
    late = command(client, gid, tok, {"type": "play_treasures"}, key="abc-123")
    assert late.get_data() == first.get_data()
    # The same key for another command is refused.
    moved = stored(app, gid)
    other = command(client, gid, tok, {"type": "end_phase"}, key="abc-123")
    assert other.status_code == 422 and other.get_json()["code"] == "idempotency_key_reused"
    assert stored(app, gid) == moved


def test_a_retry_that_would_be_legal_again_is_not_applied_twice(client, app):
    gid, tokens = two_humans(client)
    seat, tok, _ = _mover(client, gid, tokens)
    # end_phase (action -> buy) would be legal again (buy -> cleanup) on a retry.
    first = command(client, gid, tok, {"type": "end_phase"}, key="e1")
    assert first.status_code == 200 and first.get_json()["view"]["turn"]["phase"] == "buy"
    after = stored(app, gid)
    again = command(client, gid, tok, {"type": "end_phase"}, key="e1")
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_data() == first.get_data()
    assert stored(app, gid) == after
    # The key sent with another command that is legal now is refused, nothing applied.
    other = command(client, gid, tok, {"type": "play_treasures"}, key="e1")
    assert other.status_code == 422 and other.get_json()["code"] == "idempotency_key_reused"
    assert stored(app, gid) == after


def test_idempotency_keys_belong_to_one_seat(client, app):
    gid, tokens = two_humans(client)
    seat, tok, _ = _mover(client, gid, tokens)
    assert command(client, gid, tok, {"type": "end_phase"}, key="k").status_code == 200
    # The other seat's "k" is a different key: it is applied (and illegal here: 403).
    r = command(client, gid, tokens[1 - seat], {"type": "end_phase"}, key="k")
    assert r.status_code == 403


def test_bad_idempotency_keys_are_400(client, app):
    gid, tokens = two_humans(client)
    seat, tok, _ = _mover(client, gid, tokens)
    before = stored(app, gid)
    for key in ("x" * 201, "has space", "tab\tkey"):
        r = command(client, gid, tok, {"type": "end_phase"}, key=key)
        assert r.status_code == 400 and r.get_json()["code"] == "bad_header", key
    assert stored(app, gid) == before


def test_wrong_seat_is_403(client, app):
    gid, tokens = two_humans(client)
    seat, tok, _ = _mover(client, gid, tokens)
    before = stored(app, gid)
    r = command(client, gid, tokens[1 - seat], {"type": "end_phase"})
    assert r.status_code == 403 and r.get_json()["code"] == "not_your_turn"
    assert stored(app, gid) == before


def test_illegal_commands_are_422_with_engine_codes(client, app):
    gid, tokens = two_humans(client)
    seat, tok, r = _mover(client, gid, tokens)
    before = stored(app, gid)
    hand = r.get_json()["view"]["players"][seat]["hand"]
    assert "Province" not in hand
    cases = [
        ({"type": "buy", "card": "Province"}, "cannot_afford"),
        ({"type": "play", "card": "Gold"}, "card_not_in_hand"),
        ({"type": "play", "card": "Dragon"}, "unknown_card"),
        ({"type": "buy", "card": "Dragon"}, "unknown_card"),
        ({"type": "answer", "answer": "yes"}, "no_decision"),
    ]
    for cmd, code in cases:
        res = command(client, gid, tok, cmd)
        assert res.status_code == 422, cmd
        p = res.get_json()
        assert p["code"] == code and p["detail"], (cmd, p)
        assert p["type"] == f"/api/docs#problem-{code}"
    assert stored(app, gid) == before


def test_malformed_commands_are_422_schema_errors(client, app):
    gid, tokens = two_humans(client)
    seat, tok, _ = _mover(client, gid, tokens)
    before = stored(app, gid)
    bodies = [
        {}, {"type": "fly"}, {"type": "play"}, {"type": "buy", "card": ""},
        {"type": "end_phase", "card": "Copper"}, {"type": "answer"},
        {"type": "answer", "answer": {"x": 1}}, {"type": "answer", "answer": [1, 2]},
        {"type": "play_treasures", "answer": "yes"}, {"type": "end_phase", "seat": 1},
        [], "end_phase", 3, None,
    ]
    for body in bodies:
        res = client.post(f"/api/games/{gid}/commands", data=json.dumps(body),
                          content_type="application/json", headers=bearer(tok))
        assert res.status_code == 422, body
        assert res.get_json()["code"] == "invalid_body"
        assert res.get_json()["errors"]
    assert stored(app, gid) == before


def test_decisions_over_http(client, app):
    """Drive two humans (and a bot) until a human must answer a decision."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"},
             {"kind": "bot", "bot": "generic"}]
    # A kingdom where almost every Action asks something.
    g = create(client, seats, seed=11, kingdom=[
        "Cellar", "Chapel", "Militia", "Moat", "Witch", "Bureaucrat", "Remodel",
        "Workshop", "Harbinger", "Vassal"])
    j = client.post(f"/api/games/{g['id']}/join", json={"name": "Bob"}).get_json()
    gid = g["id"]
    tokens = {0: g["token"], 1: j["token"]}
    buys = ["Militia", "Cellar", "Chapel", "Workshop", "Remodel", "Witch"]
    answered = 0
    for _ in range(400):
        views = {s: get(client, gid, t).get_json()["view"] for s, t in tokens.items()}
        v0 = views[0]
        if v0["game_over"]:
            break
        seat = v0["awaiting"][0]
        assert seat in tokens, "bots never keep the game waiting"
        view = views[seat]
        other = 1 - seat
        if view["decision"] is not None:
            d = view["decision"]
            assert d["seat"] == seat and view["legal"][0] == {"type": "answer", "decision": d}
            assert view["legal"][1:] in ([], [{"type": "undo"}])  # Chapel: undo is fair
            # The other human sees who must act, not what they choose from,
            # and which prompt only if asking it betrays nothing hidden.
            assert views[other]["decision"] is None and views[other]["legal"] == []
            shown = {"seat": seat, "prompt": d["prompt"], "card": d["card"]}
            if not prompt_info(d["prompt"]).public:
                shown = {"seat": seat}
            assert views[other]["waiting_for"] == shown
            r = command(client, gid, tokens[other], {"type": "answer",
                                                    "answer": simple_answer(d)})
            assert r.status_code == 403 and r.get_json()["code"] in (
                "not_your_decision", "not_your_turn")
            r = command(client, gid, tokens[seat], {"type": "end_phase"})
            assert r.status_code == 422 and r.get_json()["code"] == "decision_pending"
            bad = command(client, gid, tokens[seat], {"type": "answer", "answer": ["Nothing"]})
            assert bad.status_code == 422 and bad.get_json()["code"] == "invalid_answer"
            r = command(client, gid, tokens[seat], {"type": "answer",
                                                    "answer": simple_answer(d)})
            assert r.status_code == 200, r.get_json()
            answered += 1
            if answered >= 4:
                break
            continue
        legal = view["legal"]
        plays = [c for c in legal if c["type"] == "play" and c["card"] in buys]
        buy = [c for c in legal if c["type"] == "buy" and c["card"] in buys]
        if plays:
            cmd = plays[0]
        elif {"type": "play_treasures"} in legal:
            cmd = {"type": "play_treasures"}
        elif buy and view["turn"]["buys"]:
            cmd = buy[0]
        else:
            cmd = {"type": "end_phase"}
        r = command(client, gid, tokens[seat], cmd)
        assert r.status_code == 200, (cmd, r.get_json())
    assert answered >= 4
    # The stored state has no pending decision left half-applied.
    assert state(app, gid)["schema_version"] >= 1


def test_commands_on_unknown_game_404(client):
    r = command(client, "nope", "A" * 43, {"type": "end_phase"})
    assert r.status_code == 404 and r.get_json()["code"] == "game_not_found"


def test_bots_stop_at_the_step_limit_and_catch_up_later(client, app):
    old = app.config["BOT_STEP_LIMIT"]
    app.config["BOT_STEP_LIMIT"] = 1
    try:
        g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "generic"},
                            {"kind": "bot", "bot": "big-money"}], seed=8)
        gid, tok = g["id"], g["token"]
        for _ in range(200):  # the human plays; bots move one step per request
            view = get(client, gid, tok).get_json()["view"]
            if view["game_over"] or view["turn"]["number"] > 7:
                break
            r = command(client, gid, tok, {"type": "end_phase"})
            if view["awaiting"] == [0]:
                assert r.status_code == 200, r.get_json()
            else:
                # A bot was still to move: it moved, and the caller must look again.
                assert r.status_code == 412 and r.get_json()["code"] == "stale_version"
                assert r.get_json()["current_version"] == stored(app, gid)["version"]
        assert view["turn"]["number"] > 7
        assert stored(app, gid)["commands"] > 14  # bot moves were logged as they happened
    finally:
        app.config["BOT_STEP_LIMIT"] = old
