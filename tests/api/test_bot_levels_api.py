"""Bot levels in the API: every registered bot and the alias ``generic`` seat a
game; the game shows each bot by its own name (``medium``, never ``generic``),
also for seats stored with the old name; an unknown bot is a 422 that creates
nothing; the OpenAPI document lists the names and says what the alias means."""

from __future__ import annotations

from sqlalchemy import func, select, update

from dominion.bots import BOTS
from dominion_server.extensions import db
from dominion_server.models import GameRow, SeatRow

from .support import KINGDOM, command, create, get


def stored_bots(app, game_id: str) -> dict[int, str]:
    with app.app_context():
        rows = db.session.execute(select(SeatRow.seat, SeatRow.bot)
                                  .where(SeatRow.game_id == game_id)).all()
        db.session.remove()
    return {r.seat: r.bot for r in rows if r.bot}


def games(app) -> int:
    with app.app_context():
        n = db.session.execute(select(func.count()).select_from(GameRow)).scalar_one()
        db.session.remove()
    return n


def test_every_bot_and_the_alias_seat_a_game_shown_by_its_own_name(any_app):
    client = any_app.test_client()
    names = ["generic", *BOTS]
    for first in range(0, len(names), 5):  # up to 5 bots and Ann in a game
        chunk = names[first:first + 5]
        g = create(client, [{"kind": "human", "name": "Ann"}]
                   + [{"kind": "bot", "bot": n} for n in chunk], seed=3)
        want = [("medium" if n == "generic" else n) for n in chunk]
        assert [s["bot"] for s in g["game"]["seats"][1:]] == want
        assert list(stored_bots(any_app, g["id"]).values()) == want
        # The bots played until Ann must act.
        assert g["game"]["view"]["awaiting"] == [0]


def test_default_seat_names_say_the_level(client):
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "easy"},
                        {"kind": "bot", "bot": "generic"}])
    assert [s["name"] for s in g["game"]["seats"][1:]] == ["Easy bot 2", "Bot 3"]


def test_a_seat_stored_with_the_old_name_still_plays_and_shows_medium(app, client):
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "medium"}])
    with app.app_context():  # as a game created before the levels holds it
        db.session.execute(update(SeatRow).where(SeatRow.game_id == g["id"], SeatRow.seat == 1)
                           .values(bot="generic"))
        db.session.commit()
        db.session.remove()
    body = get(client, g["id"], g["token"]).get_json()
    assert body["seats"][1]["bot"] == "medium"
    started = body["view"]["turn"]["number"]
    # Ann ends her turn phase by phase: the old seat's bot plays its turn inline.
    for _ in range(3):
        r = command(client, g["id"], g["token"], {"type": "end_phase"})
        assert r.status_code == 200, r.get_json()
        if r.get_json()["view"]["turn"]["number"] > started:
            break
    body = r.get_json()
    assert body["view"]["turn"]["seat"] == 0  # Ann's second turn
    assert any(e["type"] == "turn" and e["seat"] == 1 for e in body["events"])
    assert body["seats"][1]["bot"] == "medium"
    assert stored_bots(app, g["id"]) == {1: "generic"}  # the row is left as it was


def test_an_unknown_bot_is_refused_and_creates_nothing(app, client):
    before = games(app)
    for bad in ("nosuch", "Generic", "MEDIUM", "", None, 3):
        r = client.post("/api/games", json={
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": bad}],
            "kingdom": KINGDOM})
        assert r.status_code == 422, (bad, r.get_json())
        assert "bot" in r.get_data(as_text=True)
    assert games(app) == before


def test_the_document_lists_the_bots_and_the_alias(client):
    doc = client.get("/api/openapi.json").get_json()
    bot = doc["components"]["schemas"]["BotSeat"]["properties"]["bot"]
    assert bot["enum"] == [*BOTS, "generic"]
    for name in BOTS:
        assert f"`{name}`" in bot["description"]
    assert "`generic` = `medium`" in bot["description"]
    seat = doc["components"]["schemas"]["SeatInfo"]["properties"]["bot"]
    assert "never an alias" in str(seat)

