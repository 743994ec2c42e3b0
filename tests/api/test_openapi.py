"""The OpenAPI document: in sync with the routes, and the app honours it (schemathesis)."""

from __future__ import annotations

import os
import re

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance, response_headers_conformance, response_schema_conformance,
    status_code_conformance,
)

from dominion_server.openapi import document

from .support import create

#: Examples per operation; raise it for a longer hunt (API_FUZZ_EXAMPLES=200), which
#: also draws new random cases instead of the fixed, derandomized ones.
EXAMPLES = int(os.environ.get("API_FUZZ_EXAMPLES", "12"))

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]


def _routes(app) -> set[tuple[str, str]]:
    out = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api"):
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            out.add((path, method.lower()))
    return out


def test_every_route_is_documented_and_every_document_path_exists(app):
    doc = document()
    documented = {(path, m) for path, item in doc["paths"].items()
                  for m in item if m in ("get", "post", "put", "patch", "delete")}
    assert _routes(app) == documented


def test_document_is_valid_openapi_3_1(client):
    r = client.get("/api/openapi.json")
    assert r.status_code == 200
    doc = r.get_json()
    assert doc["openapi"].startswith("3.1")
    # Every $ref resolves.
    text = r.get_data(as_text=True)
    for name in set(re.findall(r'"#/components/schemas/([^"]+)"', text)):
        assert name in doc["components"]["schemas"], name
    # Every operation documents its error answers as problem details.
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if method == "parameters":
                continue
            assert "500" in op["responses"], (path, method)
            for status, resp in op["responses"].items():
                if status.startswith(("4", "5")) and path != "/api/health":
                    assert "application/problem+json" in resp["content"], (path, status)


@pytest.fixture(scope="module")
def real_game(app):
    """A game in progress for schemathesis to poke at (besides random ids)."""
    client = app.test_client()
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "generic"}])
    return g["id"], g["token"]


@pytest.fixture(scope="module")
def api_schema(app):
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    schema.config.generation.update(max_examples=EXAMPLES, database="none")
    return schema


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize="API_FUZZ_EXAMPLES" not in os.environ,
          suppress_health_check=list(HealthCheck))
def test_app_conforms_to_its_document(case, real_game):
    game_id, token = real_game
    # Most cases target a real game, half of them with its real token.
    if case.path_parameters and "game_id" in case.path_parameters:
        pick = len(str(case.path_parameters["game_id"])) % 4
        if pick >= 1:
            case.path_parameters["game_id"] = game_id
        if pick >= 2:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    case.call_and_validate(checks=CHECKS)


def test_known_answers_match_the_document(app, api_schema):
    """Successful and error answers of a scripted session, validated one by one."""
    from .support import bearer, simple_answer

    client = app.test_client()

    def check(path: str, method: str, response) -> None:
        api_schema[path][method].validate_response(response)

    r = client.post("/api/games", json={"seats": [{"kind": "human", "name": "Ann"},
                                                  {"kind": "human"},
                                                  {"kind": "bot", "bot": "generic"}]})
    check("/api/games", "POST", r)
    gid, tok, code = r.get_json()["id"], r.get_json()["token"], r.get_json()["invites"][0]["code"]
    check("/api/games/{game_id}", "GET", client.get(f"/api/games/{gid}", headers=bearer(tok)))
    r = client.post("/api/join", json={"name": "Bob", "code": code})
    check("/api/join", "POST", r)
    tokens = {0: tok, 1: r.get_json()["token"]}
    check("/api/games/{game_id}/join", "POST",
          client.post(f"/api/games/{gid}/join", json={"name": "Cy"}))  # 409
    for _ in range(30):
        g = client.get(f"/api/games/{gid}", headers=bearer(tokens[0]))
        check("/api/games/{game_id}", "GET", g)
        seat = g.get_json()["view"]["awaiting"][0]
        mine = client.get(f"/api/games/{gid}", headers=bearer(tokens[seat]))
        tag = mine.headers["ETag"]
        check("/api/games/{game_id}", "GET", client.get(
            f"/api/games/{gid}", headers={**bearer(tokens[seat]), "If-None-Match": tag}))
        view = mine.get_json()["view"]
        cmd = ({"type": "answer", "answer": simple_answer(view["decision"])} if view["decision"]
               else {"type": "play_treasures"} if {"type": "play_treasures"} in view["legal"]
               else {"type": "end_phase"})
        r = client.post(f"/api/games/{gid}/commands", json=cmd,
                        headers={**bearer(tokens[seat]), "If-Match": tag})
        assert r.status_code == 200
        check("/api/games/{game_id}/commands", "POST", r)
        check("/api/games/{game_id}/commands", "POST", client.post(  # 412
            f"/api/games/{gid}/commands", json=cmd, headers={**bearer(tokens[seat]),
                                                             "If-Match": tag}))
    check("/api/games/{game_id}/log", "GET",
          client.get(f"/api/games/{gid}/log?limit=5", headers=bearer(tokens[1])))
    check("/api/games/{game_id}/log", "GET", client.get(f"/api/games/{gid}/log"))
    check("/api/cards", "GET", client.get("/api/cards?lang=hu"))
    check("/api/kingdoms/random", "GET", client.get("/api/kingdoms/random?seed=1&colony=on"))
    check("/api/kingdoms/random", "GET", client.get("/api/kingdoms/random?include=Nope"))
    check("/api/kingdoms/presets", "GET", client.get("/api/kingdoms/presets"))
    check("/api/health", "GET", client.get("/api/health"))
