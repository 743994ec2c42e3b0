"""The docs page at /api/docs: every problem type resolves, Markdown renders, the
turn structure and a complete example client are there."""

from __future__ import annotations

import ast
import re
from html import escape
from pathlib import Path

from dominion import errors as engine_errors
from dominion.bots.dominionsim import BotFileError
from dominion.errors import ILLEGAL_COMMAND_CODES, DominionError
from dominion_server import docs
from dominion_server.errors import HTTP_CODES, OTHER_HTTP_CODE, TITLES, engine_error

SERVER = Path(docs.__file__).parent


def _page(client) -> str:
    r = client.get("/api/docs")
    assert r.status_code == 200
    return r.get_data(as_text=True)


def _source_codes() -> set[str]:
    """Literal codes of every ``ApiError(code, ...)`` and ``problem(status, code, ...)``."""
    out = set()
    for path in SERVER.rglob("*.py"):
        for call in ast.walk(ast.parse(path.read_text())):
            if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
                continue
            index = {"ApiError": 0, "problem": 1}.get(call.func.id)
            if index is not None and len(call.args) > index:
                arg = call.args[index]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    out.add(arg.value)
    return out


#: Engine exceptions that no API request can raise: bot files are read only by
#: the simulator (``dominion-sim --bots file.xml:name``).
SIMULATOR_ONLY = {BotFileError}


def _engine_exception_codes() -> set[str]:
    """The code each engine exception class gets as an API problem (the base class
    itself is never raised)."""
    out = set()
    classes = list(DominionError.__subclasses__())
    while classes:
        cls = classes.pop()
        classes += cls.__subclasses__()
        if cls in SIMULATOR_ONLY:
            continue
        try:
            e = cls("message")
        except TypeError:  # Unsatisfiable(constraint, message)
            e = cls("constraint", "message")
        out.add(engine_error(e).code)
    return out


def every_problem_code() -> set[str]:
    return (set(TITLES) | set(HTTP_CODES.values()) | {OTHER_HTTP_CODE}
            | set(ILLEGAL_COMMAND_CODES) | _source_codes() | _engine_exception_codes())


def test_every_problem_type_the_api_answers_has_an_anchor(client):
    html = _page(client)
    anchors = set(re.findall(r'id="([^"]+)"', html))
    codes = every_problem_code()
    assert {"no_decision", "invalid_answer", "card_not_in_hand", "cannot_afford",
            "not_your_turn", "bad_header", "http_error"} <= codes
    missing = {c for c in codes if f"problem-{c}" not in anchors}
    assert not missing, missing
    # Every in-page link of the page itself resolves too.
    for target in re.findall(r'href="#([^"]+)"', html):
        assert target in anchors, target


def test_every_code_has_a_meaning(app):
    from dominion_server.openapi import document
    for code, entry in document(app)["x-problem-codes"].items():
        assert entry.get("description", "").endswith("."), code


def test_engine_codes_are_listed_with_their_status_and_meaning(client):
    html = _page(client)
    for code, meaning in ILLEGAL_COMMAND_CODES.items():
        status = engine_error(engine_errors.IllegalCommand(meaning, code)).status
        row = re.search(rf'<tr id="problem-{code}">(.*?)</tr>', html).group(1)
        assert f"<td>{status}</td>" in row, (code, row)
        assert docs.inline(meaning) in row
    assert '<tr id="problem-not_your_turn"><td><code>not_your_turn</code></td><td>403' in html
    assert '<tr id="problem-game_over"><td><code>game_over</code></td><td>409' in html


def test_markdown_in_descriptions_is_rendered(client):
    html = _page(client)
    prose = re.sub(r"\s+", " ", re.sub(r"<pre>.*?</pre>", "", html, flags=re.S))
    assert "`" not in prose and "**" not in prose
    assert "<code>If-None-Match</code>" in prose
    assert '<a href="https://www.rfc-editor.org/rfc/rfc9457">RFC 9457</a>' in prose
    assert "<strong>A buy never ends the turn</strong>" in prose
    assert re.search(r"<ol> ?<li>Poll <code>GET /api/games/\{game_id\}</code>", prose)


def test_markdown_is_escaped_first():
    out = docs.markdown('<script>alert(1)</script> [x](javascript:alert(1)) *a* `<b>`')
    assert "<script" not in out and "&lt;script&gt;" in out
    assert 'href="javascript' not in out
    assert "<em>a</em>" in out and "<code>&lt;b&gt;</code>" in out


def test_turn_structure_section(client):
    html = _page(client)
    turns = re.search(r'<section id="turns">(.*?)</section>', html, re.S).group(1)
    for phrase in ("Action phase", "Buy phase", "Clean-up", "<strong>two</strong>",
                   "<code>play_treasures</code>", "<code>legal</code>",
                   "<code>Idempotency-Key</code>", "<code>If-Match: &lt;etag&gt;</code>",
                   "only</strong> <code>{&quot;type&quot;: &quot;answer&quot;"):
        assert phrase in turns, phrase


def test_editions_section_says_how_to_choose_and_read_the_edition(client):
    html = _page(client)
    section = re.search(r'<section id="editions">(.*?)</section>', html, re.S).group(1)
    for phrase in ("<code>&quot;edition&quot;: &quot;1&quot;</code>", "<code>view.edition</code>",
                   "<code>setup.edition</code>", "<code>texts</code>",
                   "<code>GET /api/kingdoms/presets</code>", "<code>422 invalid_body</code>",
                   "2nd edition"):
        assert phrase in section, phrase
    # Prosperity's changed cards, its edition-only cards and Platinum/Colony are explained.
    for phrase in ("Prosperity in 2022", "<strong>Mint</strong>", "<strong>Hoard</strong>",
                   "<strong>Quarry</strong>", "Contraband", "War Chest",
                   "<code>colony_reason</code>", "<code>&quot;colonies&quot;</code>"):
        assert phrase in section, phrase
    # The fields it names are in the schemas.
    for schema in ("GameCreate", "View", "Setup", "Card", "Preset"):
        assert f'id="schema-{schema}"' in html


def test_each_section_is_one_function_and_listed(client):
    html = _page(client)
    ids = [s.id for s in docs.SECTIONS]
    assert len(ids) == len(set(ids))
    for s in docs.SECTIONS:
        assert f'<section id="{s.id}"><h2>{escape(s.title)}</h2>' in html
        assert f'<a href="#{s.id}">' in html


def test_the_example_client_is_shown_verbatim_and_short(client):
    source = docs.CLIENT_EXAMPLE.read_text()
    assert len(source.splitlines()) <= 40
    assert f"<pre>{escape(source)}</pre>" in _page(client)


def _row(page: str, anchor: str) -> str:
    """The table row with id ``anchor`` (its HTML up to the row's end)."""
    m = re.search(rf'<tr id="{re.escape(escape(anchor))}">(.*?)</tr>', page, re.S)
    assert m, f"no row #{anchor} on /api/docs"
    return m.group(1)


def test_every_decision_kind_says_what_its_answer_is(client):
    from dominion.decisions import KIND_ANSWERS, KINDS

    page = _page(client)
    assert set(KIND_ANSWERS) == set(KINDS)
    for kind, text in KIND_ANSWERS.items():
        assert escape(text) in _row(page, f"kind-{kind}")


def test_every_registered_prompt_is_listed_with_its_args_and_visibility(client):
    from dominion.prompts import PROMPTS

    page = _page(client)
    assert len(PROMPTS) >= 20
    for key, p in PROMPTS.items():
        row = _row(page, f"prompt-{key}")
        assert f"<code>{p.kind}</code>" in row and escape(p.text) in row
        for arg in p.args:
            assert f"<dt><code>{escape(arg)}</code></dt>" in row, (key, arg)
        assert row.endswith("<td>yes</td>" if p.public else "<td>no</td>")


def test_every_event_type_is_listed_with_its_fields(client):
    from dominion.events import EVENT_TYPES

    page = _page(client)
    assert {"play", "buy", "gain", "draw", "turn", "game_over"} <= set(EVENT_TYPES)
    for kind, e in EVENT_TYPES.items():
        row = _row(page, f"event-{kind}")
        for field in e.fields:
            assert f"<dt><code>{escape(field)}</code></dt>" in row, (kind, field)


def test_the_etag_format_is_documented_as_stable_and_the_client_uses_the_body(client):
    """Issue 24 (2): a generated client sees bodies only, so the body carries `version`
    and the docs promise the ETag's format; the example client shows both."""
    doc = client.get("/api/openapi.json").get_json()
    etag = doc["paths"]["/api/games/{game_id}"]["get"]["responses"]["200"]["headers"]["ETag"]
    for text in (etag["description"], doc["components"]["schemas"]["Game"]["properties"]
                 ["version"]["description"], " ".join(docs.TURNS.split())):
        assert '"v<version>-s<seat>"' in text and '"v<version>-x"' in text, text
        assert "stable" in text, text
    source = docs.CLIENT_EXAMPLE.read_text()
    assert '"v<version>-s<seat>"' in source
    assert """f'"v{game["version"]}-s{game["seat"]}"'""" in source
    assert 'r.headers["ETag"]' in source
