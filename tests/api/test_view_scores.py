"""The view's VP totals and own card counts over HTTP (documented in the schemas)."""

from __future__ import annotations

from collections import Counter

from dominion import Game
from dominion_server.extensions import db
from dominion_server.models import GameRow

from .support import get
from .test_rematch import humans


def test_own_cards_and_vp_as_each_viewer_may_know_them(any_app):
    client = any_app.test_client()
    gid, tokens = humans(client, ["Ann", "Bob", "Cid"])
    with any_app.app_context():
        row = db.session.get(GameRow, gid)
        game = Game.from_json(row.state)
        # Ann passed Bob a Duchy with Masquerade (Cid did not see it).
        game.state.players[1].discard.append("Duchy")
        game.state.hidden_passes.append([0, 1, "Duchy"])
        row.state = game.to_json()
        row.version += 1
        db.session.commit()
        owned = [Counter(p.all_cards()) for p in game.state.players]
        db.session.remove()
    views = {s: get(client, gid, t).get_json()["view"] for s, t in tokens.items()}
    views[None] = get(client, gid).get_json()["view"]
    assert [p["vp"] for p in views[0]["players"]] == [3, 6, 3]
    assert [p["vp"] for p in views[1]["players"]] == [3, 6, 3]
    assert [p["vp"] for p in views[2]["players"]] == [6, 3, 3]
    assert [p["vp"] for p in views[None]["players"]] == [6, 3, 3]
    for viewer, view in views.items():
        for entry in view["players"]:
            if entry["seat"] == viewer:
                assert entry["cards"] == dict(owned[viewer])
                assert list(entry["cards"]) == ["Duchy", "Estate", "Copper"][
                    viewer != 1:]
            else:
                assert "cards" not in entry and "hand" not in entry
        assert "hidden_passes" not in str(view)
