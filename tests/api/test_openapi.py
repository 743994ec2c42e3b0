"""The OpenAPI document is the contract: in sync with the routes and the marshmallow
schemas, and the app honours it (schemathesis)."""

from __future__ import annotations

import os
import re

import pytest
import schemathesis
from apispec import APISpec
from hypothesis import HealthCheck, settings
from marshmallow import Schema
from schemathesis.checks import not_a_server_error
from schemathesis.config import PositiveDataAcceptanceConfig
from schemathesis.specs.openapi.checks import (
    content_type_conformance, is_unexpected_http_status_case, positive_data_acceptance,
    response_headers_conformance, response_schema_conformance, status_code_conformance,
)

from dominion.errors import ILLEGAL_COMMAND_CODES
from dominion_server import api, openapi, schemas
from dominion_server.errors import TITLES
from dominion_server.names import name_pattern
from dominion_server.openapi import document

from .support import bearer, create, simple_answer

#: Examples per operation; raise it for a longer hunt (API_FUZZ_EXAMPLES=200), which
#: also draws new random cases instead of the fixed, derandomized ones.
EXAMPLES = int(os.environ.get("API_FUZZ_EXAMPLES", "12"))

#: Answers a schema-valid request may get: the caller's token, the game's state and
#: the rate limit decide these, not the request's shape. 422 only with a code of the
#: rules (see below), never ``invalid_body``.
ACCEPTABLE = ["2xx", "3xx", "401", "403", "404", "409", "412", "422", "429"]
#: 422 codes that judge a well-formed request against the game or the card pool.
RULE_CODES = set(ILLEGAL_COMMAND_CODES) | {
    "invalid_setup", "idempotency_key_reused", "illegal_command", "unsafe_url"}


#: What a player name's pattern cannot say (JSON Schema has no Unicode categories),
#: and its description does: unassigned code points and a leading combining mark
#: are refused, and a joiner is allowed between emoji.
NAME_REFUSALS_BEYOND_THE_PATTERN = ("an unassigned code point", "start with a combining mark")


def _error_leaves(errors, key=None):
    """(field name, messages) for every leaf of a problem's ``errors`` tree."""
    if isinstance(errors, dict):
        for k, v in errors.items():
            yield from _error_leaves(v, k)
    else:
        yield key, errors


def _names(body):
    """Every player name in a request body."""
    if isinstance(body, dict):
        for k, v in body.items():
            if k == "name" and isinstance(v, str):
                yield v
            else:
                yield from _names(v)
    elif isinstance(body, list):
        for v in body:
            yield from _names(v)


def _refused_only_names_the_pattern_cannot_describe(errors, body) -> bool:
    """Whether only player names were refused, for a reason the document could not
    state as a pattern, or because one breaks the documented pattern (schemathesis's
    coverage phase sends such values as "positive" ones)."""
    leaves = list(_error_leaves(errors))
    if not leaves or any(field != "name" for field, _ in leaves):
        return False
    messages = [m for _, ms in leaves for m in ms]
    return (any(not re.match(name_pattern(), n) for n in _names(body))
            or all(any(r in m for r in NAME_REFUSALS_BEYOND_THE_PATTERN) for m in messages))


def schema_valid_requests_pass_the_schemas(ctx, response, case):
    """A 422 to a schema-valid request must come from the rules, not the body schema."""
    if (case.meta is None or not case.meta.generation.mode.is_positive
            or is_unexpected_http_status_case(case) or response.status_code != 422):
        return None
    problem = response.json()
    if problem.get("code") == "invalid_body" and _refused_only_names_the_pattern_cannot_describe(
            problem.get("errors"), case.body):
        return None
    assert problem.get("code") in RULE_CODES, (
        f"a schema-valid request was refused: {response.text[:500]}")
    return None


CHECKS = [not_a_server_error, positive_data_acceptance, schema_valid_requests_pass_the_schemas,
          status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance]


def _routes(app) -> set[tuple[str, str]]:
    out = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api"):
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            out.add((path, method.lower()))
    return out


def _operations(doc):
    for path, item in doc["paths"].items():
        for method, op in item.items():
            yield path, method, op


def test_every_route_is_documented_and_every_document_path_exists(app):
    doc = document(app)
    documented = {(path, m) for path, m, _ in _operations(doc)}
    assert _routes(app) == documented


def test_rate_limited_operations_document_429(app):
    doc = document(app)
    limited = {r.rule for e in api.RATE_LIMITS for r in app.url_map.iter_rules(e)}
    for path, method, op in _operations(doc):
        flask_path = re.sub(r"\{([^}]+)\}", r"<\1>", path)
        assert ("429" in op["responses"]) == (flask_path in limited), (path, method)


def test_document_is_valid_openapi_3_1(client):
    r = client.get("/api/openapi.json")
    assert r.status_code == 200
    doc = r.get_json()
    assert doc["openapi"] == "3.1.0"
    # Every $ref resolves.
    text = r.get_data(as_text=True)
    for name in set(re.findall(r'"#/components/schemas/([^"]+)"', text)):
        assert name in doc["components"]["schemas"], name
    # Every operation documents its error answers as problem details.
    for path, method, op in _operations(doc):
        assert "500" in op["responses"], (path, method)
        for status, resp in op["responses"].items():
            if status.startswith(("4", "5")):
                assert "application/problem+json" in resp["content"], (path, status)


def test_commands_are_one_of_by_type(app):
    command = document(app)["components"]["schemas"]["Command"]
    assert command["discriminator"]["propertyName"] == "type"
    # The rules' commands, and the seat commands the service handles (absence.py).
    types = schemas.COMMAND_TYPES + schemas.SEAT_COMMAND_TYPES
    assert set(command["discriminator"]["mapping"]) == set(types)
    assert len(command["oneOf"]) == len(types)


# ---------------------------------------------------------------------------
# Drift: the document is generated from the very schemas the views load


def _fresh_components() -> dict:
    """The request body schemas (and those they nest) converted on their own."""
    spec = APISpec("t", "1", "3.1.0", plugins=[openapi._Plugin()])
    for cls in (schemas.GameCreateSchema, schemas.JoinSchema, schemas.JoinByCodeSchema,
                schemas.CommandSchema):
        spec.components.schema(cls.__name__.removesuffix("Schema"), schema=cls)
    return spec.to_dict()["components"]["schemas"]


def test_request_components_are_the_marshmallow_schemas(app):
    components = document(app)["components"]["schemas"]
    fresh = _fresh_components()
    assert {"GameCreate", "SeatSpec", "RandomParams", "Command", "PlayCommand"} <= set(fresh)
    for name, schema in fresh.items():
        assert components[name] == schema, name


def test_every_view_loads_the_schemas_its_operation_documents(app, monkeypatch):
    """Send each operation its documented example and record what marshmallow loaded."""
    loaded: list[type[Schema]] = []
    depth = [0]  # schemas loaded inside another (nested fields, variants) are not recorded

    def recording(real_load):
        def load(self, data, **kwargs):
            if not depth[0]:
                loaded.append(type(self))
            depth[0] += 1
            try:
                return real_load(self, data, **kwargs)
            finally:
                depth[0] -= 1
        return load

    for cls in (Schema, schemas.OneOfSchema):
        monkeypatch.setattr(cls, "load", recording(cls.load))
    client = app.test_client()
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
    doc = document(app)
    names = {cls.__name__.removesuffix("Schema"): cls for cls in vars(schemas).values()
             if isinstance(cls, type) and issubclass(cls, Schema)}
    for path, method, op in _operations(doc):
        url = path.replace("{game_id}", g["id"])
        loaded.clear()
        body = op.get("requestBody", {}).get("content", {}).get("application/json")
        kwargs = {"json": body["example"]} if body else {}
        client.open(url, method=method.upper(), headers=bearer(g["token"]), **kwargs)
        wanted = set()
        if body:
            wanted.add(names[body["schema"]["$ref"].rsplit("/", 1)[1]])
        for where in ("query", "header"):
            params = {p["name"] for p in op.get("parameters", []) if p["in"] == where}
            if params:
                # The parameters are the fields of exactly one loaded schema.
                match = [c for c in loaded if {f.data_key or n for n, f in
                                               c().fields.items()} == params]
                assert match, (path, method, where, params, loaded)
                wanted.add(match[0])
        assert set(loaded) == wanted, (path, method, loaded, wanted)


# ---------------------------------------------------------------------------
# Schemathesis: every schema-valid request is accepted, every answer is documented


def _drop_invalid_positive_headers(case, doc) -> None:
    """Remove header values that a "positive" case breaks its own pattern with.

    Schemathesis's coverage phase fills optional headers of its default positive
    case with values such as ``0`` whatever their pattern; judging the answer to
    such a request as positive data would blame the server for the generator.
    """
    if case.meta is None or not case.meta.generation.mode.is_positive or not case.headers:
        return
    for param in doc["paths"][case.path][case.method.lower()].get("parameters", []):
        pattern = param["schema"].get("pattern")
        value = case.headers.get(param["name"]) if param["in"] == "header" else None
        if pattern and value is not None and not re.search(pattern, value):
            del case.headers[param["name"]]


def _aim(case, real_game, app) -> None:
    """Point most cases at a real game, half of them with its real token, and ask for
    uncompressed answers (the WSGI transport does not undo Content-Encoding;
    compressed answers are checked in test_compression.py)."""
    game_id, token = real_game
    _drop_invalid_positive_headers(case, document(app))  # the generator's, not the server's
    if case.path_parameters and "game_id" in case.path_parameters:
        pick = len(str(case.path_parameters["game_id"])) % 4
        if pick >= 1:
            case.path_parameters["game_id"] = game_id
        if pick >= 2:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    case.headers = {**(case.headers or {}), "Accept-Encoding": "identity"}


@pytest.fixture(scope="module")
def real_game(app):
    """A game in progress for schemathesis to poke at (besides random ids)."""
    client = app.test_client()
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "generic"}])
    return g["id"], g["token"]


def _load_schema(app, **generation):
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    schema.config.generation.update(max_examples=EXAMPLES, database="none", **generation)
    schema.config.checks.positive_data_acceptance = PositiveDataAcceptanceConfig(
        expected_statuses=ACCEPTABLE)
    return schema


@pytest.fixture(scope="module")
def api_schema(app):
    return _load_schema(app)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize="API_FUZZ_EXAMPLES" not in os.environ,
          suppress_health_check=list(HealthCheck))
def test_app_conforms_to_its_document(case, real_game, app):
    _aim(case, real_game, app)
    case.call_and_validate(checks=CHECKS)


@pytest.fixture(scope="module")
def positive_schema(app):
    """The document as schemathesis's positive-data phases read it: only requests that
    match it (issue 24, point 4)."""
    from schemathesis import GenerationMode

    return _load_schema(app, modes=[GenerationMode.POSITIVE])


positive = schemathesis.pytest.from_fixture("positive_schema")


@positive.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize="API_FUZZ_EXAMPLES" not in os.environ,
          suppress_health_check=list(HealthCheck))
def test_schema_valid_requests_are_accepted(case, real_game, app):
    """Every request that matches the document is answered as its shape deserves: no
    server error, and a refusal only for what the request's shape cannot say (the
    token, the game's state, the rules, the rate limit), never 400, 413, 415 or a 422
    `invalid_body` (issue 24, point 4)."""
    _aim(case, real_game, app)
    case.call_and_validate(checks=[not_a_server_error, positive_data_acceptance,
                                   schema_valid_requests_meet_only_the_rules])


#: 422 codes a request that matches the document may still get: the rules judge a
#: command against the game (the engine's codes, and the seat commands' against the
#: game's seats). Not `invalid_setup` (the document lists the cards and presets),
#: `unsatisfiable` (the randomizer meets what it can and lists the rest in `unmet`)
#: nor `invalid_body`.
POSITIVE_RULE_CODES = set(ILLEGAL_COMMAND_CODES) | {
    code for code, (status, _) in TITLES.items() if status == 422} - {
    "invalid_body", "invalid_setup", "unsatisfiable"}


def schema_valid_requests_meet_only_the_rules(ctx, response, case):
    """A 422 to a request that matches the document comes from the rules only."""
    if (case.meta is None or not case.meta.generation.mode.is_positive
            or response.status_code != 422):
        return None
    assert response.json().get("code") in POSITIVE_RULE_CODES, (
        f"a schema-valid request was refused: {response.text[:500]}")
    return None


def test_schema_gaps_are_closed(client):
    """Requests the schemas refuse, each also refused by the document (see the fuzzing)."""
    g = create(client)
    url, auth = f"/api/games/{g['id']}/commands", bearer(g["token"])
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "generic"}]
    for body, field in [
        ({"seats": seats, "kingdom": ["Village"], "preset": "x", "random": {}}, "preset"),
        ({"seats": [{"kind": "human"}, {"kind": "human", "name": "Ann"}]}, "seats"),
        ({"seats": seats, "random": {"spread": {"cheap": 2}}}, "random"),
    ]:
        r = client.post("/api/games", json=body)
        assert r.status_code == 422 and field in r.get_json()["errors"], (body, r.get_json())
    for cmd, field in [({"type": "play_treasures", "card": "Copper"}, "card"),
                       ({"type": "end_phase", "card": "Copper"}, "card"),
                       ({"type": "buy"}, "card"), ({"type": "play"}, "card"),
                       ({"type": "answer", "answer": {"a": 1}}, "answer"),
                       ({"type": "answer"}, "answer"), ({"type": "fly"}, "type")]:
        r = client.post(url, json=cmd, headers=auth)
        assert r.status_code == 422 and field in r.get_json()["errors"], (cmd, r.get_json())
    for query in ("sets=0", "sets=", "editions=3", "count=0", "spread=cheap:2", "colony=yes"):
        r = client.get(f"/api/kingdoms/random?{query}")
        assert r.status_code == 400 and r.get_json()["code"] == "bad_query", query
    for header in ({"If-Match": ""}, {"If-Match": "v1"}, {"Idempotency-Key": ""},
                   {"Idempotency-Key": "a b"}):
        r = client.post(url, json={"type": "end_phase"}, headers={**auth, **header})
        assert r.status_code == 400 and r.get_json()["code"] == "bad_header", header
        assert list(header)[0] in r.get_json()["errors"]
    r = client.get(f"/api/games/{g['id']}", headers={"If-None-Match": "nope"})
    assert r.status_code == 400 and r.get_json()["code"] == "bad_header"


def test_known_answers_match_the_document(app, api_schema):
    """Successful and error answers of a scripted session, validated one by one."""
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


def test_every_event_field_the_engine_registers_passes_the_event_schema():
    """The response schemas are allowlists: a field of a registered event type that
    EventSchema does not name would be dropped from every answer (Prosperity's
    `vp.total`, `trade_route.mat`, `name.by`)."""
    from dominion.events import EVENT_TYPES

    declared = {f.data_key or name for name, f in schemas.EventSchema().fields.items()}
    missing = {(t, f) for t, e in EVENT_TYPES.items() for f in e.fields if f not in declared}
    assert not missing
    raw = {"seq": 3, "type": "vp", "seat": 1, "vp": 2, "total": 5, "text": "x"}
    assert schemas.EventSchema().dump(raw) == raw


# ---------------------------------------------------------------------------
# Enums (issue 24, point 1)

#: The answers' enums that may gain values, and the property of each.
GROWING = {"DecisionKind": ("Decision", "kind"), "EventType": ("Event", "type"),
           "LegalCommandType": ("LegalCommand", "type"), "ProblemCode": ("Problem", "code")}


def test_enums_that_may_grow_are_named_and_open(app):
    """A field whose values may grow is `anyOf` its named enum of the known values and
    any string: a strict generated client keeps an enum type and still reads a new value."""
    from dominion.decisions import KINDS
    from dominion.events import EVENT_TYPES

    components = document(app)["components"]["schemas"]
    for name, (schema, prop) in GROWING.items():
        assert components[schema]["properties"][prop]["anyOf"] == [
            {"$ref": f"#/components/schemas/{name}"}, {"type": "string"}], name
        assert components[schema]["properties"][prop]["x-extensible-enum"] is True
        assert components[name]["type"] == "string" and components[name]["description"]
    assert components["DecisionKind"]["enum"] == list(KINDS)
    assert set(components["EventType"]["enum"]) == set(EVENT_TYPES)
    assert components["LegalCommandType"]["enum"] == list(
        schemas.COMMAND_TYPES + schemas.SEAT_COMMAND_TYPES)
    assert set(components["ProblemCode"]["enum"]) == set(openapi.problem_codes())


def test_the_end_reason_is_a_named_closed_enum(app):
    components = document(app)["components"]["schemas"]
    assert components["EndReason"]["enum"] == ["provinces", "colonies", "piles"]
    assert components["Result"]["properties"]["end_reason"] == {
        "anyOf": [{"$ref": "#/components/schemas/EndReason"}, {"type": "null"}]}


def test_the_docs_say_which_enums_grow_and_how_to_treat_a_new_value(client):
    page = client.get("/api/docs").get_data(as_text=True)
    assert 'id="enums"' in page and "Enums that may grow" in page
    for name in GROWING:
        assert f'href="#schema-{name}"' in page, name
    assert "unknown value" in page


def test_answers_carry_only_known_values_of_the_growing_enums(app):
    """The registries the enums list are the ones the server draws from: a game's events,
    decisions and legal commands all name known values."""
    components = document(app)["components"]["schemas"]
    client = app.test_client()
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "generic"}])
    log = client.get(f"/api/games/{g['id']}/log", headers=bearer(g["token"])).get_json()
    assert {e["type"] for e in log["events"]} <= set(components["EventType"]["enum"])
    legal = g["game"]["view"]["legal"]
    assert {c["type"] for c in legal} <= set(components["LegalCommandType"]["enum"])


def test_the_seat_token_is_optional_exactly_where_spectators_read(app):
    """Issue 24 (3): the game and its log take a token or none (`[{}, {seatToken: []}]`,
    the document's default, inherited), commands, rematch and a seat's turn alerts
    require one, the rest take none."""
    doc = document(app)
    assert doc["security"] == [{}, {"seatToken": []}]
    effective = {(path, method): op.get("security", doc["security"])
                 for path, method, op in _operations(doc)}
    optional = {("/api/games/{game_id}", "get"), ("/api/games/{game_id}/log", "get")}
    required = {("/api/games/{game_id}/commands", "post"),
                ("/api/games/{game_id}/rematch", "post")}
    alerts = ("/api/games/{game_id}/push-subscriptions", "/api/games/{game_id}/webhooks")
    required |= {key for key in effective if key[0].startswith(alerts)}
    assert len(required) == 2 + 7  # the seat's subscriptions and webhooks: 7 operations
    for key, security in effective.items():
        if key in optional:
            assert security == [{}, {"seatToken": []}], key
        elif key in required:
            assert security == [{"seatToken": []}], key
        else:
            assert security == [], key


# ---------------------------------------------------------------------------
# The document says what the server accepts (issue 24, point 4)


def test_the_name_pattern_is_usable_and_every_name_it_matches_is_accepted():
    """schemathesis's validator dropped the old pattern (a surrogate range), so the
    positive phase sent control characters; and it let unassigned and private-use code
    points through. Every code point, alone or after a letter, is matched only if the
    server takes it."""
    from schemathesis.core.jsonschema.patterns import enforced_pattern

    from dominion_server.names import InvalidName, normalize_name

    pattern = re.compile(name_pattern())
    assert enforced_pattern(name_pattern()) is not None
    for name in ("Ann", "Jiří Novák", "李小龍", "Zoë 🎲", "  Bob  "):
        assert pattern.match(name), name
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        for name in (chr(cp), f"a{chr(cp)}"):
            if pattern.match(name):
                try:
                    assert normalize_name(name), name  # not blank
                except InvalidName as e:
                    raise AssertionError(f"U+{cp:04X}: {e}") from None


def test_the_document_lists_the_cards_and_presets_the_server_takes(app):
    from dominion import CARDS, presets

    components = document(app)["components"]["schemas"]
    assert components["KingdomCard"]["enum"] == sorted(n for n, c in CARDS.items()
                                                       if not c.basic)
    assert components["PresetKey"]["enum"] == [p.key for p in presets()]
    body = components["GameCreate"]["properties"]
    assert body["kingdom"]["items"] == {"$ref": "#/components/schemas/KingdomCard"}
    assert body["kingdom"]["uniqueItems"] is True
    assert body["preset"]["$ref"] == "#/components/schemas/PresetKey"
    client = app.test_client()
    for key in components["PresetKey"]["enum"]:
        r = client.post("/api/games", json={"seats": [{"kind": "human", "name": "Ann"},
                                                      {"kind": "bot", "bot": "generic"}],
                                            "preset": key})
        assert r.status_code == 201, (key, r.get_json())
