"""Player names: real scripts and emoji work, invisible and disguising characters do not."""

from __future__ import annotations

import pytest

from .support import create

BOT = {"kind": "bot", "bot": "generic"}

#: Names as typed -> as stored and shown.
GOOD = {
    "Šárka Dvořáková": "Šárka Dvořáková",
    "Őrző Űrhajós": "Őrző Űrhajós",
    "S\u030carka": "\u0160arka",                  # NFC: S + combining caron is Š
    "王小明": "王小明",
    "김민준": "김민준",
    "محمد علي": "محمد علي",
    "שרה כהן": "שרה כהן",
    "Nguyễn Văn A": "Nguyễn Văn A",
    "தமிழ்": "தமிழ்",
    "  Ann \u00a0\u3000 Lee  ": "Ann Lee",       # runs of any space become one
    "👨\u200d👩\u200d👧\u200d👦": "👨\u200d👩\u200d👧\u200d👦",  # family: ZWJ sequence
    "👩🏽\u200d💻 Dev": "👩🏽\u200d💻 Dev",       # profession with a skin tone
    "🏳\ufe0f\u200d🌈": "🏳\ufe0f\u200d🌈",       # rainbow flag: VS16 before the ZWJ
    "🧑\u200d⚕\ufe0f": "🧑\u200d⚕\ufe0f",         # health worker
    "1\ufe0f\u20e3 🇨🇿": "1\ufe0f\u20e3 🇨🇿",     # keycap and regional-indicator flag
    "🏴\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f":  # flag of Wales
        "🏴\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f",
}

#: Names refused, with a word the message must contain.
BAD = {
    "Ann\u200b": "ZERO WIDTH SPACE",
    "A\u200dnn": "ZERO WIDTH JOINER",             # a joiner outside an emoji sequence
    "Ann\u200d👍": "ZERO WIDTH JOINER",
    "\u202eAnn": "RIGHT-TO-LEFT OVERRIDE",
    "\u2067Ann\u2069": "RIGHT-TO-LEFT ISOLATE",
    "Ann\u200f": "RIGHT-TO-LEFT MARK",
    "\ufeffAnn": "ZERO WIDTH NO-BREAK SPACE",
    "An\u00adn": "SOFT HYPHEN",
    "Ann\u2060": "WORD JOINER",
    "Ann\nLee": "control",
    "Ann\u2028Lee": "line break",
    "Ann\u2029Lee": "paragraph break",
    "Ann\ue000": "private-use",
    "Ann\ud800": "surrogate",
    "Ann\u0378": "unassigned",
    "Ann\u3164": "HANGUL FILLER",                 # a letter that renders as nothing
    "Ann\ufe0f": "VARIATION SELECTOR-16",
    "\u0301Ann": "combining mark",
    "Ann\U000e0041": "TAG",
}


def _create(client, name: str):
    return client.post("/api/games", json={"seats": [{"kind": "human", "name": name}, BOT]})


@pytest.mark.parametrize("typed", list(GOOD))
def test_real_names_are_kept_normalized(client, typed):
    g = create(client, [{"kind": "human", "name": typed}, {**BOT, "name": typed}])
    assert [s["name"] for s in g["game"]["seats"]] == [GOOD[typed]] * 2
    h = create(client, [{"kind": "human", "name": "Host"}, {"kind": "human"}])
    r = client.post(f"/api/games/{h['id']}/join", json={"name": typed})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["game"]["seats"][1]["name"] == GOOD[typed]


@pytest.mark.parametrize("typed", list(BAD))
def test_disguising_characters_are_a_422_naming_the_field(client, typed):
    r = _create(client, typed)
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    message = r.get_json()["errors"]["seats"]["0"]["name"][0]
    assert BAD[typed] in message, message
    r = client.post("/api/games", json={"seats": [{"kind": "human", "name": "Host"},
                                                  {**BOT, "name": typed}]})
    assert BAD[typed] in r.get_json()["errors"]["seats"]["1"]["name"][0]
    h = create(client, [{"kind": "human", "name": "Host"}, {"kind": "human"}])
    r = client.post(f"/api/games/{h['id']}/join", json={"name": typed})
    assert r.status_code == 422
    assert BAD[typed] in r.get_json()["errors"]["name"][0]


def test_length_counts_the_normalized_name(client):
    assert _create(client, "x" * 40 + "   ").status_code == 201
    # 115 characters as typed, 39 once the runs of spaces are collapsed.
    assert _create(client, ("a" + "\u00a0" * 5) * 19 + "b").status_code == 201
    r = _create(client, "\u3000 \u00a0")
    assert r.status_code == 422 and r.get_json()["errors"]["seats"]["0"]["name"]
    r = _create(client, "x" * 41)
    assert r.status_code == 422
