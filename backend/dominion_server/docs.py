"""A self-contained HTML page describing the API, rendered from the OpenAPI document.

No scripts, no CDN: one inline stylesheet, allowed by its hash in the page's
Content-Security-Policy. The page is a list of :data:`SECTIONS`, one function
each; descriptions are Markdown, rendered by markdown-it-py with raw HTML off
(it is escaped) and its safe-link check (no ``javascript:`` URLs).
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Callable

from flask import Flask
from markdown_it import MarkdownIt

from . import engine_docs, openapi

STYLE = """
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#222}
h1{margin-top:0}h2{border-bottom:1px solid #ccc;margin-top:2rem}
.op{border:1px solid #ddd;border-radius:6px;margin:1rem 0;padding:.5rem 1rem}
.m{display:inline-block;min-width:4rem;font-weight:bold;color:#fff;border-radius:4px;
text-align:center;margin-right:.5rem}.get{background:#2a7}.post{background:#27c}
.delete{background:#c33}
code,pre{background:#f5f5f5;border-radius:4px}pre{padding:.5rem;overflow-x:auto;font-size:13px}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left}
td p,li p{margin:0}
""".strip()

#: The example client whose source the page shows (and a test runs).
CLIENT_EXAMPLE = Path(__file__).parent / "examples" / "client.py"

# CommonMark plus tables; raw HTML is escaped, links are checked by the library.
_MD = MarkdownIt("js-default")


def markdown(text: str) -> str:
    """Our Markdown (paragraphs, lists, `code`, *emphasis*, links) as safe HTML."""
    return _MD.render(text)


def inline(text: str) -> str:
    """One line of Markdown as inline HTML (no paragraph)."""
    return _MD.renderInline(text)


def _json(value: Any) -> str:
    return escape(json.dumps(value, indent=2, ensure_ascii=False))


def _ref_name(schema: dict[str, Any]) -> str | None:
    ref = schema.get("$ref")
    return ref.rsplit("/", 1)[1] if ref else None


def _schema_link(schema: dict[str, Any]) -> str:
    name = _ref_name(schema)
    return f'<a href="#schema-{escape(name)}">{escape(name)}</a>' if name else ""


# ---------------------------------------------------------------------------
# Sections


@dataclass(frozen=True)
class Section:
    """One ``<h2>`` part of the page: ``render(doc)`` gives its HTML body."""

    id: str
    title: str
    render: Callable[[dict[str, Any]], str]


def _overview(doc: dict[str, Any]) -> str:
    return (markdown(doc["info"]["description"])
            + '<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> '
              "(OpenAPI 3.1).</p>")


TURNS = """\
A turn has three phases: the **Action phase**, the **Buy phase** and **Clean-up**. A turn
starts in the Action phase with 1 Action, 1 Buy and $0; `view.turn` shows the phase and
the counters. Only the seat whose turn it is (`view.turn.seat`) sends `play`,
`play_treasures`, `buy`, `end_phase` and `undo`.

- `{"type": "play", "card": "Village"}` plays a card from the hand. An Action card, in
  the Action phase only, uses one Action and does what it says. A Treasure adds its
  coins and ends the Action phase.
- `{"type": "play_treasures"}` plays every Treasure in the hand and ends the Action phase.
- `{"type": "buy", "card": "Silver"}` spends one Buy and the card's cost, and gains the
  card; it ends the Action phase, and no Treasure may be played after it. **A buy never
  ends the turn**, not even the last Buy: send `end_phase` when done.
- `{"type": "end_phase"}` ends the Action phase; sent in the Buy phase, it ends the turn.
  So ending a turn from the Action phase takes **two** `end_phase`. Clean-up then happens
  at once: the hand and the cards in play go to the discard pile, the player draws 5,
  and the next seat's turn begins.

The game ends after a Clean-up when the Province pile (or the Colony pile) is empty, or
when 3 supply piles are empty (4 with 5 or 6 players); `view.result` then holds the
scores.

**Scores while playing.** `view.players[i].vp` is each player's VP total as you may
know it: every gain and trash is public, but a card passed with Masquerade is seen only
by the two players it passed between. Everyone else (and spectators) get totals counted
as if that pass had not happened, Gardens and Duke included. Your own total, and every
total once the game is over, are exact. Your own entry also lists `cards`: how many of
each card you own. `players[i].turns` counts that player's turns, so for the player
to move it is the number of the turn in progress.

**Rematch.** Once the game is over any seat may `POST /api/games/{id}/rematch`: the
first call makes the next game (same kingdom, edition, Platinum/Colony and seats; the
player to the left of the winner goes first) and seats the caller. The old game's
`rematch` then names it (its `version` changes, so a poller sees it) and shows every
other human seat, and only that seat, its own `invite`; calling rematch takes that seat.

**Decisions.** A card may ask a player to choose (Cellar: what to discard; Militia: each
other player discards down to 3; Moat: reveal it?). The command then waits for that
seat: its `view.decision` says what to choose (`kind`, `options`, `min`, `max`, see
[Decision](#schema-Decision)), and everyone's `view.waiting_for` says who must answer.
While a decision is open, **only** `{"type": "answer", "answer": ...}` from the deciding
seat is legal; any other command is a `decision_pending` problem, and other seats get
`not_your_decision`. A decision may be addressed to a seat whose turn it is not.

**Undo (fair undo).** `{"type": "undo"}` takes back your last move, as long as no new
information appeared since: it is in `view.legal` exactly when you may send it, and
otherwise it is refused with the `cannot_undo` problem. A move (with every answer to
the decisions it opened) may be taken back when, while it ran, nothing was shuffled,
no card became known that you did not know (no draw, no look at or reveal of a card,
of any deck or hand), no other seat decided anything or was attacked (Moat reveals,
victims discarding, bots answering) and the turn did not pass. Playing an Action such as
Woodcutter or Market, playing Treasures, buying, gaining from the supply and ending the
Action phase are the usual moves you may take back; ending the turn never is (Clean-up
draws). A card you played whose decision is still open and yours (Chapel, nothing
chosen yet) is cancelled the same way. Undo restores the game exactly as it was before
the move, and sent again it walks further back, within the current turn (up to 30
moves); any move that may not be taken back ends that chain. The command log keeps the
`undo`; the undone move's events leave the event log for everyone, one `undo` event of
your seat takes their place ("Ann took back: bought Silver."; its `undone` lists them,
oldest first, in their public form; walking further back grows that one line), and the
game's `log_epoch` grows by one: a client that sees a new `log_epoch` reads
`GET /api/games/{game_id}/log` again from the start (`log_seq` is then the `undo` event's
`seq`).

**The `legal` list is authoritative.** `view.legal` lists every command this seat may
send now (with an open decision: one `answer` entry that carries it). A client that
only ever sends an entry of `legal`, or an answer built from the decision, needs no
rules of its own.

**Polling and safe retries.** Each answer about a game carries an `ETag` naming its
version for your seat: `"v<version>-s<seat>"`, or `"v<version>-x"` for a spectator, of
the game's `version` and `seat` in the body. This format is stable, so a client that
sees only bodies (a generated one, say) builds the tag from them. Answers are
compressed when you accept it (`Accept-Encoding: br` or `gzip`); the tag is the same
in every coding.

1. Poll `GET /api/games/{game_id}` with `If-None-Match: <etag>`: while nothing changed
   the answer is `304 Not Modified` without a body.
   **Long polling:** add `Prefer: wait=25` ([RFC 7240](https://www.rfc-editor.org/rfc/rfc7240);
   seconds, at most 25). While your tag is current the server holds the request and
   answers `200` with the new game as soon as it changes (another seat's move, a bot's,
   a join), or `304` when the wait is over; both then carry `Preference-Applied:
   wait=<seconds>`. Send the next request at once. A `wait` longer than 25 s, however
   large (`wait=1e9`), is held 25 s. An answer *without* `Preference-Applied` was not
   held, and its `Longpoll-Refused` header says why: `busy` (the server holds a limited
   number of requests per process) or `stopping` (it is restarting): poll again after
   a pause, growing from 1 s to 8 s say, with the `Prefer` header each time; `final`:
   the game is over and its rematch made, so it will not change again: stop polling
   (a finished game without a rematch is still held: asking for the rematch changes
   it). Treat a value you do not know as `busy`. The server keeps an idle connection
   open for at least 15 s, longer than that pause, so reuse it (HTTP keep-alive). A `wait` that is not a number of
   seconds (whole, or a decimal such as `0.5`) is ignored and the answer is
   immediate; without `If-None-Match` nothing is waited for.
2. Send each command with `If-Match: <etag>`. If the game moved on (a bot, another
   player, your own earlier request), the answer is `412` with the current `ETag` and
   nothing is applied: fetch the game and decide again.
3. Give each command a fresh `Idempotency-Key`. If the connection breaks, send the same
   command with the same key again: you get the first answer (`Idempotent-Replayed:
   true`) and the command is never applied twice.

Bots move right after a human's command, in the same request: its `events` and `game`
already include their moves. A bot seat names its bot (`seats[].bot` of `POST /api/games`):
three levels, `easy` (for a first game), `medium` (plays any kingdom soundly) and `hard`,
and two baselines, `big-money` and `smithy-big-money`. The earlier name `generic` is still
accepted as an alias of `medium`; the game shows the bot's own name (`medium`).
"""


def _turns(doc: dict[str, Any]) -> str:
    return markdown(TURNS)


ABSENCE = """\
A game may be played over days. Two settings of `POST /api/games` keep it alive; both
are in the game's `setup`, and a rematch keeps them:

- `"reminder": 1 | 12 | 24` (hours, or `null`: never): a seat that still has not moved
  after that long is reminded (by Web Push or webhook, where it asked for them).
- `"deadline": 24 | 72` (hours, or `null`: none): the **move deadline**. Nobody moving
  for that long (since the game's last change) makes the seats the game waits for
  (`view.awaiting`) **absent**. The game resource says when in `deadline_at`, and lists
  the absent seats in `absent`. `deadline_at` passing changes no `version`: a client
  compares it with its clock (or reads the game again without `If-None-Match`).

**A bot plays for an absent player.** Once a seat is absent, any *other* player may send
`{"type": "stand_in", "seat": S}`: the Medium bot (`medium`) then plays seat S inline, as any bot
(its turns within the other players' requests), until S's player sends
`{"type": "take_back"}`, at any time. Meanwhile `seats[S]` keeps `kind` `"human"` with
`bot` `"medium"`, S stays in `absent`, and S's token still reads the game. Both commands
are in `view.legal` for whoever may send them; they are logged for everyone as the
`stand_in` and `take_back` events (`seat`: the seat, `by`: who sent it). The bot sees
what the player would have seen and nothing it does shows the seat's hidden cards to
anyone else. A player whose own seat a bot plays must take it back before standing in
for someone else (`take_back_first`).

These two are the only entries of `view.legal` that may show while the game does not
wait for you, and they come after the rules' commands: a program that plays a seat
should move only while its seat is in `view.awaiting`, and leave them to its player.
"""


def _absence(doc: dict[str, Any]) -> str:
    return markdown(ABSENCE)


EDITIONS = """\
Dominion's sets were reprinted in a **2nd edition** (Base and Intrigue in 2016,
Prosperity in 2022). Most cards kept what they do; a few changed, some left the sets
and some were added:

- Base: Throne Room, Mine and Moneylender became optional.
- Intrigue: Masquerade skips players with empty hands.
- Prosperity: **Mint** trashes your Treasures in play when you *buy* it (1st) or when
  you *gain* it in any way (2nd); **Hoard** gives a Gold for each Victory card bought
  *while it is in play* (1st) or *for the rest of the turn* (2nd, even once Hoard left
  play); **Quarry** makes Action cards cost $2 less *while it is in play* (1st) or *for
  the rest of the turn* (2nd). Contraband, Counting House, Goons, Loan, Mountebank,
  Royal Seal, Talisman, Trade Route and Venture are 1st-edition cards; Anvil,
  Charlatan, Clerk, Collection, Crystal Ball, Investment, Magnate, Tiara and War Chest
  are 2nd-edition ones.

Every game plays one rules edition:

- Choose it with `"edition": "1"` or `"edition": "2"` in `POST /api/games` (a string).
  Without it a game made from a preset plays the preset's rulebook edition (`edition` in
  `GET /api/kingdoms/presets`: `"1"` for the Czech 1st-edition rulebooks' kingdoms,
  Prosperity's included, `"2"` for the Hungarian 2nd-edition one's, whose Base +
  Prosperity kingdoms use 1st-edition Prosperity cards under 2nd-edition rules); any
  other game plays the 2nd edition.
  Another value is refused (`422 invalid_body`, `errors.edition`) and no game is made.
- The game's `setup.edition` and `view.edition` say which edition it plays; games
  stored before editions existed play the 2nd.
- The edition picks between the two texts of a changed card, nothing else: a card
  printed in one edition only (Coppersmith, Courtier, Contraband, Tiara...) can be in a
  game of either.
  `GET /api/cards` gives each card's `texts` (`"1"` and `"2"`: the text a game of that
  edition plays; they differ only for the changed cards) and its `editions` (those
  that print it); `text` is the 2nd-edition text. Show `texts[view.edition]`.
- The randomizer's `editions` parameter only filters the cards it draws by the
  editions that print them (`editions=1&sets=prosperity` draws among the 25 cards of
  the 1st-edition Prosperity box, `editions=2` among the 2nd's); it does not set a
  game's edition.
- The randomizer meets its constraints as far as they can be met together and says
  what it gave up in the kingdom's `unmet` (also in a game's `setup.randomizer`):
  an included card wins over a ban, included cards beyond `count` are left out,
  banned cards come back (as few as possible) when too few cards are left, then the
  requirements, the cost bands (each lowered to the most cards it can have) and
  `reaction` are kept in that order. A request that can be met in full always is, so
  an empty `unmet` means every constraint holds. Show `unmet` to the player.
- Platinum and Colony (Prosperity) are in a game by the official rule unless
  `colony` forces them `on` or `off`: always when every kingdom card is from
  Prosperity, never without one, otherwise when a randomly chosen kingdom card is from
  Prosperity (`setup.colony_odds` is the share of Prosperity cards, `colony_reason`
  says which case applied). With them, the game also ends when the Colony pile is
  empty (`result.end_reason` `"colonies"`).
"""


LANGUAGES = """\
The API speaks English (`en`), Czech (`cs`) and Hungarian (`hu`); card identifiers,
commands and decisions are always the English names and ids.

- `GET /api/cards?lang=cs` gives each card's `local_name`, `type_names`, `text` and
  `texts` in that language. Names come from the Czech (1st edition) and Hungarian
  (2nd edition) rulebooks; where neither names a card, `local_name` is our own
  translation and `unofficial` is true. Rules texts are our own words in the
  terminology of those rulebooks ("+1 Akce", "smetiště"; "+1 Akció", "szemét").
- `GET /api/games/{id}/log?lang=hu` tells each event's `text` in that language, with the
  local card names and the language's plural rules ("3 karty", "5 karet"). The other
  fields are the same in every language.
- `GET /api/kingdoms/presets` names every preset in every language (`names`);
  `names_unofficial` lists the languages whose name is our translation.
- The `kingdom` of `POST /api/games` may use local names: "Vesnice" and "Falu" are
  both Village.
- Another `lang` is refused with `400 bad_query` (`errors.lang`).
"""


ALERTS = """\
A seat can be told when it must act, even with no page of the game open: by **Web Push**
to a browser or installed app, or by a **signed webhook** to a program that plays it.
Both carry the same events, each with an `id` that stays the same on every retry:

| kind | sent to | when |
|---|---|---|
| `turn` | the seat | its turn starts (or comes back to it) |
| `decision` | the seat | it must answer a decision on another seat's turn (`prompt`, `card`) |
| `joined` | the seated players | someone took a seat |
| `game_over` | every player | the game ended (`result`: scores, winners) |
| `reminder` | the seat | the game's `reminder` hours passed and it still has not moved |
| `deadline` | the other players | the seat (`absent`) missed the game's move `deadline` |

Never the seat whose own request caused it, and never a card of a hand or deck: a
`decision` names only its prompt key and the card whose effect asks.

**Web Push.** Subscribe with `applicationServerKey` = `GET /api/push/key`, then
`POST /api/games/{game_id}/push-subscriptions` with the subscription and a `lang`. The
service worker receives `{"id", "kind", "game_id", "seat", "version", "title", "body",
"url", "tag", "waiting"}`: `title` and `body` are in `lang`, `url` opens the game, `tag`
(one per game) replaces the game's previous notification, and `waiting` is how many
games this browser's seats must act in now (for `navigator.setAppBadge`). Messages go
with `Urgency: high` for `turn`, `decision` and `reminder`, a `Topic` per game, and a
TTL of a day (a week for `game_over`). A subscription the push service calls gone
(404, 410) is deleted.

**Webhooks.** `POST /api/games/{game_id}/webhooks` with a `url` answers the `secret`
(only then, and on `rotate`). Each event is a POST of
`{"type", "id", "game_id", "seat", "version", "timestamp", "data"}` signed by the
[Standard Webhooks](https://www.standardwebhooks.com/) specification (headers
`webhook-id`, `webhook-timestamp`, `webhook-signature`). Verify it with the
specification's library before trusting it, and drop an `id` you have seen:

```python
from standardwebhooks import Webhook

event = Webhook(secret).verify(body_bytes, request_headers)  # raises if forged or stale
if event["id"] not in seen:
    seen.add(event["id"])
    ...  # event["type"] == "turn": fetch the game and send a command
```

Answer 2xx quickly. Timeouts, 5xx and 429 (`Retry-After` honoured) are retried with
exponential backoff and jitter for about a day; a webhook that fails 8 times in a row,
or answers 410 Gone, is disabled (`enabled: false` and `disabled_reason` in
`GET .../webhooks`): register it again to resume. URLs must be public `https` (else 422 `unsafe_url` with its `reason`),
and a seat may have a few of each (409 past the limit).
"""


def _alerts(doc: dict[str, Any]) -> str:
    return markdown(ALERTS)


def _editions(doc: dict[str, Any]) -> str:
    return markdown(EDITIONS)


def _languages(doc: dict[str, Any]) -> str:
    return markdown(LANGUAGES)


def _client(doc: dict[str, Any]) -> str:
    return ("<p>A complete client in Python with "
            '<a href="https://requests.readthedocs.io/">requests</a>: it creates a game '
            "against a bot, then always sends the first legal command (answering any "
            "decision with a valid answer) until the game ends. It builds each "
            "<code>ETag</code> from the body's <code>version</code> and <code>seat</code> "
            "and checks it against the header. Run it as "
            "<code>python client.py http://127.0.0.1:5000</code>.</p>"
            f"<pre>{escape(CLIENT_EXAMPLE.read_text(encoding='utf-8'))}</pre>")


ENUMS = """\
Some strings of the answers name one of a set of values that **grows** as the game
does: new cards bring new decision kinds and events, new rules bring new commands and
problem codes. Each such field is, in the OpenAPI document, `anyOf` the named enum of
the values known today and any string (and carries `"x-extensible-enum": true`): a
client generated from the document gets the known values as an enum type and still
reads a value it does not know (a closed `enum` would make a strict client fail on
the first new one). Never fail on an unknown value; do as the table says. Every other
enum of the document (`EndReason`, `status`, `phase`...) is closed: a new value there
would be a new version of the API. The `Longpoll-Refused` header grows the same way
(treat an unknown value as `busy`).
"""


def _enums(doc: dict[str, Any]) -> str:
    schemas = doc["components"]["schemas"]
    rows = "".join(
        f'<tr><td><a href="#schema-{name}"><code>{name}</code></a></td>'
        f"<td>{inline(schemas[name]['description'])}</td>"
        f"<td>{', '.join(f'<code>{escape(v)}</code>' for v in schemas[name]['enum'])}</td></tr>"
        for name in GROWING_ENUMS)
    return (markdown(ENUMS) + "<table><tr><th>enum</th><th>an unknown value</th>"
            f"<th>known today</th></tr>{rows}</table>")


#: The enums whose values may grow (schemas.GROWING_ENUMS and the problem codes).
GROWING_ENUMS = ("DecisionKind", "EventType", "LegalCommandType", "ProblemCode")


def _parameters(params: list[dict[str, Any]]) -> str:
    rows = "".join(
        f"<tr><td><code>{escape(p['name'])}</code></td><td>{escape(p['in'])}</td>"
        f"<td>{'yes' if p.get('required') else 'no'}</td>"
        f"<td><code>{_json(p['schema'])}</code></td>"
        f"<td>{inline(p.get('description', ''))}</td></tr>" for p in params)
    return ("<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th>"
            f"<th>description</th></tr>{rows}</table>")


def _responses(responses: dict[str, Any]) -> str:
    rows = []
    for status, resp in responses.items():
        bodies = ", ".join(f"{escape(media)} {_schema_link(c['schema'])}".strip()
                           for media, c in resp.get("content", {}).items())
        headers = ", ".join(f"<code>{escape(h)}</code>" for h in resp.get("headers", {}))
        rows.append(f"<tr><td>{escape(status)}</td><td>{inline(resp['description'])}</td>"
                    f"<td>{bodies}</td><td>{headers}</td></tr>")
    return ("<table><tr><th>status</th><th>meaning</th><th>body</th><th>headers</th></tr>"
            + "".join(rows) + "</table>")


def _operation(path: str, method: str, op: dict[str, Any],
               default_security: list[dict[str, Any]]) -> str:
    parts = [f'<div class="op" id="{escape(op["operationId"])}">',
             f'<h3><span class="m {method}">{method.upper()}</span><code>{escape(path)}</code>'
             f" — {inline(op.get('summary', ''))}</h3>"]
    if op.get("description"):
        parts.append(markdown(op["description"]))
    security = op.get("security", default_security)  # the operation's, or the document's
    if security:
        needs = "required" if {} not in security else "optional (a spectator without)"
        parts.append(f"<p>Seat token: {needs}.</p>")
    if op.get("parameters"):
        parts.append(_parameters(op["parameters"]))
    body = op.get("requestBody")
    if body:
        media = body["content"]["application/json"]
        parts.append(f"<p>Body (application/json): {_schema_link(media['schema'])}</p>")
        if "example" in media:
            parts.append(f"<p>Example:</p><pre>{_json(media['example'])}</pre>")
    parts.append(_responses(op["responses"]) + "</div>")
    return "".join(parts)


def _operations(doc: dict[str, Any]) -> str:
    return "".join(_operation(path, method, op, doc.get("security", []))
                   for path, item in doc["paths"].items()
                   for method, op in item.items() if method in ("get", "post", "delete"))


def _problems(doc: dict[str, Any]) -> str:
    rows = "".join(
        f'<tr id="problem-{escape(code)}"><td><code>{escape(code)}</code></td>'
        f"<td>{escape(str(p['status']))}</td><td>{escape(p['title'])}</td>"
        f"<td>{inline(p.get('description', ''))}</td></tr>"
        for code, p in doc["x-problem-codes"].items())
    return ("<p>Every error is <code>application/problem+json</code> with <code>type</code> "
            "(a link here), <code>title</code>, <code>status</code>, <code>detail</code> and "
            "<code>code</code>. An illegal command carries the engine's own code and "
            "changes nothing.</p><table><tr><th>code</th><th>status</th><th>title</th>"
            f"<th>meaning</th></tr>{rows}</table>")


def _schemas(doc: dict[str, Any]) -> str:
    out = []
    for name, schema in doc["components"]["schemas"].items():
        out.append(f'<h3 id="schema-{escape(name)}">{escape(name)}</h3>')
        if schema.get("description"):
            out.append(markdown(schema["description"]))
        out.append(f"<pre>{_json(schema)}</pre>")
    return "".join(out)


#: The page, in order.
SECTIONS: list[Section] = [
    Section("overview", "Overview", _overview),
    Section("turns", "Turn structure", _turns),
    Section("absence", "Reminders, deadlines and absent seats", _absence),
    Section("editions", "Rules editions", _editions),
    Section("languages", "Languages", _languages),
    Section("decisions", "Decisions and their answers", engine_docs.decision_kinds),
    Section("prompts", "Decision prompts", engine_docs.prompts),
    Section("events", "Events", engine_docs.events),
    Section("enums", "Enums that may grow", _enums),
    Section("client", "A client in 40 lines", _client),
    Section("alerts", "Turn alerts", _alerts),
    Section("operations", "Operations", _operations),
    Section("problems", "Problem codes", _problems),
    Section("schemas", "Schemas", _schemas),
]


def render(doc: dict[str, Any]) -> str:
    """The whole page for an OpenAPI document."""
    info = doc["info"]
    toc = "".join(f'<li><a href="#{s.id}">{escape(s.title)}</a></li>' for s in SECTIONS)
    out = ["<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">",
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{escape(info['title'])}</title><style>{STYLE}</style></head><body>",
           f"<h1>{escape(info['title'])} {escape(info['version'])}</h1>",
           f"<nav><ul>{toc}</ul></nav>"]
    for s in SECTIONS:
        out.append(f'<section id="{s.id}"><h2>{escape(s.title)}</h2>{s.render(doc)}</section>')
    out.append("</body></html>")
    return "".join(out)


def page(app: Flask) -> tuple[str, str]:
    """The HTML page of ``app``'s API (built once) and the Content-Security-Policy."""
    if "api_docs" not in app.extensions:
        app.extensions["api_docs"] = render(openapi.document(app))
    digest = base64.b64encode(hashlib.sha256(STYLE.encode()).digest()).decode()
    csp = (f"default-src 'none'; style-src 'sha256-{digest}'; img-src 'self'; "
           "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return app.extensions["api_docs"], csp
