"""Sections of ``/api/docs`` generated from the engine's registries.

What each decision kind expects as an answer, every decision prompt and every
event type come from :mod:`dominion.decisions`, :mod:`dominion.prompts` and
:mod:`dominion.events`, so a new card's prompts and events are documented by
registering them. Each function renders one section's body
(:class:`.docs.Section`); the OpenAPI document it is given is not needed.
"""

from __future__ import annotations

from html import escape
from typing import Any, Iterable

from dominion.decisions import KIND_ANSWERS
from dominion.events import EVENT_TYPES
from dominion.prompts import PROMPTS


def _code(text: str) -> str:
    return f"<code>{escape(text)}</code>"


def _pairs(items: Iterable[tuple[str, str]]) -> str:
    """A compact definition list, or a dash when there is nothing to list."""
    rows = "".join(f"<dt>{_code(k)}</dt><dd>{escape(v)}</dd>" for k, v in items)
    return f"<dl>{rows}</dl>" if rows else "—"


def decision_kinds(doc: dict[str, Any]) -> str:
    """What a decision of each ``kind`` takes as ``answer``."""
    rows = "".join(
        f'<tr id="kind-{escape(kind)}"><td>{_code(kind)}</td><td>{escape(text)}</td></tr>'
        for kind, text in KIND_ANSWERS.items())
    return (
        "<p>When a card needs a choice, the view of the seat that must choose holds "
        "<code>decision</code> (<code>kind</code>, <code>prompt</code>, <code>options</code>, "
        "<code>min</code>, <code>max</code>, <code>card</code>, <code>args</code>) and the only "
        "legal command is <code>{\"type\": \"answer\", \"answer\": …}</code>. Other seats "
        "see in <code>waiting_for</code> whom the game waits for, and the prompt and card "
        "only where the prompt is public (its existence reveals nothing hidden).</p>"
        f"<table><tr><th>kind</th><th>answer</th></tr>{rows}</table>")


def prompts(doc: dict[str, Any]) -> str:
    """Every decision prompt: its kind, card, options, args and meaning."""
    rows = "".join(
        f'<tr id="prompt-{escape(p.key)}"><td>{_code(p.key)}</td><td>{_code(p.kind)}</td>'
        f"<td>{escape(p.card or 'any (a rule)')}</td><td>{escape(p.text)}</td>"
        f"<td>{escape(p.options)}</td><td>{_pairs(p.args.items())}</td>"
        f"<td>{'yes' if p.public else 'no'}</td></tr>"
        for p in sorted(PROMPTS.values(), key=lambda p: p.key))
    return (
        "<p>Every <code>decision.prompt</code> the engine can ask. <em>Public</em>: whether "
        "other seats see the prompt in <code>waiting_for</code>.</p>"
        "<table><tr><th>prompt</th><th>kind</th><th>card</th><th>what is chosen</th>"
        f"<th>options</th><th>args</th><th>public</th></tr>{rows}</table>")


def events(doc: dict[str, Any]) -> str:
    """Every event ``type`` with its fields."""
    rows = "".join(
        f'<tr id="event-{escape(e.type)}"><td>{_code(e.type)}</td><td>{escape(e.text)}</td>'
        f"<td>{_pairs(e.fields.items())}</td><td>{escape(e.private or 'never')}</td></tr>"
        for e in sorted(EVENT_TYPES.values(), key=lambda e: e.type))
    return (
        "<p>Command answers carry <code>events</code>, and <code>GET /api/games/{id}/log</code> "
        "pages through them; each also has <code>seq</code>, its number in the game. "
        "Cards hidden from the viewer are replaced by their <code>count</code>.</p>"
        "<table><tr><th>type</th><th>what happened</th><th>fields</th>"
        f"<th>cards hidden from others</th></tr>{rows}</table>")

