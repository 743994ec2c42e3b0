"""Intrigue over the API: whole games on its presets with bots, and Masquerade's hidden passes."""

from __future__ import annotations

import json

import pytest

from dominion import CARDS, Game, get_preset, new_game
from dominion.bots import make_bot
from dominion_server.extensions import db
from dominion_server.models import CommandRow, EventRow, GameRow

from .support import bearer, command, create, get, simple_answer, state

INTRIGUE_PRESETS = ["victory-dance", "underlings", "grand-scheme", "deconstruction"]
#: What the scripted human never buys.
JUNK = {"Copper", "Curse", "Estate"}


def test_the_intrigue_presets_are_offered(client):
    items = client.get("/api/kingdoms/presets?available=true").get_json()["presets"]
    keys = {p["key"] for p in items}
    assert set(INTRIGUE_PRESETS) <= keys
    # With Prosperity in, every recommended kingdom of the rulebooks is playable,
    # Intrigue + Prosperity ones included (test_prosperity.py plays them).
    every = client.get("/api/kingdoms/presets").get_json()["presets"]
    assert all(p["available"] for p in every) and len(every) == len(items)
    assert {p["key"] for p in every if p["sets"] == ["intrigue", "prosperity"]} <= keys


def test_the_underlings_list_as_the_hungarian_rulebook_prints_it(client):
    # Seed 004's Alattvalók, word for word; Csatlós, Udvarhölgy and Udvaronc read as
    # Minion, Pawn and Courtier (i18n.py).
    hu = ["Fesztivál", "Könyvtár", "Őrszem", "Pince", "Vazallus", "Csatlós", "Diplomata",
          "Nemesek", "Udvarhölgy", "Udvaronc"]
    g = create(client, kingdom=hu, edition="2")
    assert sorted(g["game"]["setup"]["kingdom"]) == sorted(get_preset("underlings").cards)


def human_move(view: dict) -> dict:
    """A player that reads only the view: every Action it may play, then money, then the
    dearest card it can buy."""
    if view["decision"] is not None:
        return {"type": "answer", "answer": simple_answer(view["decision"])}
    legal = view["legal"]
    if view["turn"]["phase"] == "action":
        plays = [c for c in legal if c["type"] == "play" and CARDS[c["card"]].is_action]
        if plays:
            return plays[0]
    if {"type": "play_treasures"} in legal:
        return {"type": "play_treasures"}
    costs = {p["card"]: p["cost"] for p in view["supply"]}
    buys = [c for c in legal if c["type"] == "buy" and c["card"] not in JUNK]
    if buys:
        return max(buys, key=lambda c: (costs[c["card"]], c["card"]))
    return {"type": "end_phase"}


@pytest.mark.parametrize("key", INTRIGUE_PRESETS)
def test_a_whole_game_on_an_intrigue_preset_with_bots(client, app, key):
    preset = get_preset(key)
    g = create(client, [{"kind": "bot", "bot": "generic"}, {"kind": "human", "name": "Ann"},
                        {"kind": "bot", "bot": "big-money"}, {"kind": "bot", "bot": "generic"}],
               seed=31, preset=key)
    gid, tok, me = g["id"], g["token"], g["seat"]
    assert g["game"]["setup"]["edition"] == preset.edition
    assert sorted(g["game"]["setup"]["kingdom"]) == sorted(preset.cards)
    etag, body = g["etag"], g["game"]
    requests, prompts = 0, set()
    while not body["view"]["game_over"]:
        view = body["view"]
        assert view["awaiting"] == [me], "bots always hand back to the human"
        assert view["edition"] == preset.edition
        if view["decision"] is not None:
            prompts.add(view["decision"]["prompt"])
        cmd = human_move(view)
        r = command(client, gid, tok, cmd, etag=etag, key=f"m{requests}")
        assert r.status_code == 200, (cmd, r.get_json())
        etag, body = r.headers["ETag"], r.get_json()
        requests += 1
        assert requests < 2000, "the game should have ended"
    assert body["status"] == "over"
    result = body["view"]["result"]
    assert result["end_reason"] in ("provinces", "piles") and len(result["scores"]) == 4
    # The human met some of the set's decisions (its own cards, or the bots' attacks).
    asked_by = {p.split(".")[0] for p in prompts}
    assert asked_by & {c.lower().replace(" ", "_") for c in preset.cards}, prompts
    # The command log replays, in the game's edition, to the stored final state.
    with app.app_context():
        row = db.session.get(GameRow, gid)
        setup, final = json.loads(row.setup), json.loads(row.state)
        moves = [(c.seat, json.loads(c.command)) for c in
                 db.session.query(CommandRow).filter_by(game_id=gid).order_by(CommandRow.id)]
        db.session.remove()
    assert setup["edition"] == final["state"]["edition"] == preset.edition
    bots = {0: make_bot("generic"), 2: make_bot("big-money"), 3: make_bot("generic")}
    replay = new_game([s["name"] for s in body["seats"]], setup["kingdom"], seed=setup["seed"],
                      colony=setup["colony"], agents=bots, edition=setup["edition"])
    for seat, cmd in moves:
        replay.apply(seat, cmd)
    assert replay.to_dict() == Game.from_dict(final).to_dict()


# ---------------------------------------------------------------------------
# Masquerade: a passed card is seen by its giver and its receiver only

KINGDOM = ["Masquerade", "Pawn", "Great Hall", "Bridge", "Ironworks", "Scout", "Upgrade",
           "Duke", "Nobles", "Harem"]
#: A card each seat holds once and passes, so any leak names it.
MARKERS = ["Gold", "Duchy", "Province", "Harem"]


def _write_state(app, gid: str, saved: dict) -> None:
    with app.app_context():
        db.session.get(GameRow, gid).state = json.dumps(saved)
        db.session.commit()
        db.session.remove()


def _raw_passes(app, gid: str) -> dict[int, dict]:
    with app.app_context():
        rows = db.session.query(EventRow).filter_by(game_id=gid).all()
        out = {r.seq: json.loads(r.data) for r in rows}
        db.session.remove()
    return {seq: e for seq, e in out.items() if e["type"] == "pass"}


def _log(client, gid: str, token: str | None) -> dict[int, dict]:
    headers = bearer(token) if token else {}
    events = client.get(f"/api/games/{gid}/log?limit=500", headers=headers).get_json()["events"]
    return {e["seq"]: e for e in events}


def _assert_hidden(event: dict, raw: dict, viewer: int | None) -> None:
    """``event`` is ``raw`` as ``viewer`` sees it: the card only for giver and receiver."""
    card = raw["cards"][0]
    if viewer in (raw["seat"], raw["receiver"]):
        assert event["cards"] == [card], (viewer, event)
    else:
        assert "cards" not in event and event["count"] == 1, (viewer, event)
        assert card not in event["text"], (viewer, event)
        assert "receiver" not in event or event["receiver"] == raw["receiver"]


@pytest.mark.parametrize("edition", ["1", "2"])
@pytest.mark.parametrize("empty", [None, 2], ids=["all-hold-cards", "third-hand-empty"])
def test_a_masquerade_pass_is_never_shown_to_a_third_seat(client, app, edition, empty):
    """``empty``: the seat that many places left of the player holds no card (the 1st
    edition passes to it anyway, the 2nd skips it)."""
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "human"},
                        {"kind": "bot", "bot": "generic"}], kingdom=KINGDOM, seed=4,
               edition=edition)
    gid = g["id"]
    tokens = {g["seat"]: g["token"]}
    for name in ("Bob", "Cy"):
        j = client.post(f"/api/games/{gid}/join", json={"name": name}).get_json()
        tokens[j["seat"]] = j["token"]
    humans = sorted(tokens)
    saved = state(app, gid)
    st = saved["state"]
    player = st["turn"]["seat"]
    assert player in humans and st["turn"]["phase"] == "action"
    # Every hand holds its seat's marker; the player also Masquerade, drawing Coppers.
    for i, p in enumerate(st["players"]):
        seat = (player + i) % 4
        st["players"][seat]["hand"] = [MARKERS[i], "Copper", "Copper", "Estate", "Copper"]
    st["players"][player]["hand"][1] = "Masquerade"
    st["players"][player]["deck"] = ["Copper"] * 5
    holding = [(player + i) % 4 for i in range(4)]
    if empty is not None:
        st["players"][(player + empty) % 4]["hand"] = []
        holding.remove((player + empty) % 4)
    _write_state(app, gid, saved)

    def check_views(deciding: int | None) -> None:
        """Nobody sees another hand, nor another seat's pass prompt."""
        for viewer in humans + [None]:
            view = get(client, gid, tokens.get(viewer)).get_json()["view"]
            for p in view["players"]:
                assert ("hand" in p) is (p["seat"] == viewer)
            if deciding is not None and viewer != deciding:
                assert view["waiting_for"] == {"seat": deciding}

    r = command(client, gid, tokens[player], {"type": "play", "card": "Masquerade"})
    assert r.status_code == 200, r.get_json()
    responses = {player: [r.get_json()]}
    passed_markers = set()
    while True:
        view = r.get_json()["view"]
        waiting = view["waiting_for"]
        assert waiting is not None
        seat = waiting["seat"]
        d = get(client, gid, tokens[seat]).get_json()["view"]["decision"]
        if d["prompt"] != "masquerade.pass":
            break
        check_views(seat)
        assert not _raw_passes(app, gid), "no card moves before everyone chose"
        marker = MARKERS[(seat - player) % 4]
        assert marker in d["options"]
        r = command(client, gid, tokens[seat], {"type": "answer", "answer": [marker]})
        assert r.status_code == 200, r.get_json()
        responses.setdefault(seat, []).append(r.get_json())
        passed_markers.add(marker)
    assert d["prompt"] == "masquerade.trash" and seat == player
    r = command(client, gid, tokens[player], {"type": "answer", "answer": []})
    assert r.status_code == 200
    responses[player].append(r.get_json())
    assert passed_markers == {m for i, m in enumerate(MARKERS)
                              if (player + i) % 4 in humans and (player + i) % 4 in holding}

    raw = _raw_passes(app, gid)
    assert sorted(e["seat"] for e in raw.values()) == sorted(holding)
    for e in raw.values():
        if edition == "1":  # to the left, even to an empty hand
            assert e["receiver"] == (e["seat"] + 1) % 4
        else:  # to the next seat to the left holding cards
            assert e["receiver"] == holding[(holding.index(e["seat"]) + 1) % len(holding)]
    # The log, each command's events, and the final views, for every seat and a spectator.
    for viewer in humans + [None]:
        log = _log(client, gid, tokens.get(viewer))
        for seq, e in raw.items():
            _assert_hidden(log[seq], e, viewer)
        for answer in responses.get(viewer, []):
            for ev in answer["events"]:
                if ev["seq"] in raw:
                    _assert_hidden(ev, raw[ev["seq"]], viewer)
        view = get(client, gid, tokens.get(viewer)).get_json()["view"]
        shown = json.dumps([p for p in view["players"]])
        for e in raw.values():
            if viewer not in (e["seat"], e["receiver"]) and e["cards"][0] in MARKERS:
                assert e["cards"][0] not in shown, (viewer, e)
    # Positive control: a receiver does see what it got, in its hand.
    first = next(e for e in raw.values() if e["seat"] == player)
    if first["receiver"] in humans:
        hand = get(client, gid, tokens[first["receiver"]]).get_json()["view"]["players"]
        assert first["cards"][0] in hand[first["receiver"]]["hand"]
    check_views(None)
