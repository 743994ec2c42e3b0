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


def _table(columns: Iterable[str], rows: Iterable[tuple[str, list[str]]]) -> str:
    """A table of (row anchor, cells as HTML) under a header of plain ``columns``."""
    head = "".join(f"<th>{escape(c)}</th>" for c in columns)
    body = "".join(f'<tr id="{escape(anchor)}">' + "".join(f"<td>{c}</td>" for c in cells)
                   + "</tr>" for anchor, cells in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def decision_kinds(doc: dict[str, Any]) -> str:
    """What a decision of each ``kind`` takes as ``answer``."""
    return (
        "<p>When a card needs a choice, the view of the seat that must choose holds "
        "<code>decision</code> (<code>kind</code>, <code>prompt</code>, <code>options</code>, "
        "<code>min</code>, <code>max</code>, <code>card</code>, <code>args</code>) and the only "
        "legal command is <code>{\"type\": \"answer\", \"answer\": …}</code>. Other seats "
        "see in <code>waiting_for</code> whom the game waits for, and the prompt and card "
        "only where the prompt is public (its existence reveals nothing hidden).</p>"
        + _table(("kind", "answer"), ((f"kind-{kind}", [_code(kind), escape(text)])
                                      for kind, text in KIND_ANSWERS.items())))


def prompts(doc: dict[str, Any]) -> str:
    """Every decision prompt: its kind, card, options, args and meaning."""
    return (
        "<p>Every <code>decision.prompt</code> the engine can ask. <em>Public</em>: whether "
        "other seats see the prompt in <code>waiting_for</code>.</p>"
        + _table(("prompt", "kind", "card", "what is chosen", "options", "args", "public"),
                 ((f"prompt-{p.key}",
                   [_code(p.key), _code(p.kind), escape(p.card or "any (a rule)"),
                    escape(p.text), escape(p.options), _pairs(p.args.items()),
                    "yes" if p.public else "no"])
                  for p in sorted(PROMPTS.values(), key=lambda p: p.key))))


def events(doc: dict[str, Any]) -> str:
    """Every event ``type`` with its fields."""
    return (
        "<p>Command answers carry <code>events</code>, and <code>GET /api/games/{id}/log</code> "
        "pages through them; each also has <code>seq</code>, its number in the game. "
        "Cards hidden from the viewer are replaced by their <code>count</code>.</p>"
        + _table(("type", "what happened", "fields", "cards hidden from others"),
                 ((f"event-{e.type}",
                   [_code(e.type), escape(e.text), _pairs(e.fields.items()),
                    escape(e.private or "never")])
                  for e in sorted(EVENT_TYPES.values(), key=lambda e: e.type))))
