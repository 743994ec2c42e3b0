"""A self-contained HTML page describing the API, rendered from the OpenAPI dict.

No scripts, no CDN: one inline stylesheet, allowed by its hash in the
page's Content-Security-Policy.
"""

from __future__ import annotations

import base64
import hashlib
import json
from functools import lru_cache
from html import escape
from typing import Any

from .openapi import DOCUMENT

STYLE = """
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#222}
h1{margin-top:0}h2{border-bottom:1px solid #ccc;margin-top:2rem}
.op{border:1px solid #ddd;border-radius:6px;margin:1rem 0;padding:.5rem 1rem}
.m{display:inline-block;min-width:4rem;font-weight:bold;color:#fff;border-radius:4px;
text-align:center;margin-right:.5rem}.get{background:#2a7}.post{background:#27c}
code,pre{background:#f5f5f5;border-radius:4px}pre{padding:.5rem;overflow-x:auto;font-size:13px}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left}
""".strip()


def _schema_json(schema: Any) -> str:
    return escape(json.dumps(schema, indent=2, ensure_ascii=False))


def _operation(path: str, method: str, op: dict[str, Any], shared: list[dict]) -> str:
    parts = [f'<div class="op" id="{escape(op["operationId"])}">',
             f'<h3><span class="m {method}">{method.upper()}</span><code>{escape(path)}</code>'
             f' — {escape(op.get("summary", ""))}</h3>']
    if op.get("description"):
        parts.append(f"<p>{escape(op['description'])}</p>")
    if op.get("security") is not None:
        needs = "required" if {} not in op["security"] else "optional (spectator without)"
        parts.append(f"<p>Seat token: {needs}.</p>")
    params = shared + op.get("parameters", [])
    if params:
        rows = "".join(
            f"<tr><td><code>{escape(p['name'])}</code></td><td>{escape(p['in'])}</td>"
            f"<td><code>{_schema_json(p['schema'])}</code></td>"
            f"<td>{escape(p.get('description', ''))}</td></tr>" for p in params)
        parts.append("<table><tr><th>parameter</th><th>in</th><th>schema</th>"
                     f"<th>description</th></tr>{rows}</table>")
    body = op.get("requestBody")
    if body:
        ref = body["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
        parts.append(f'<p>Body: <a href="#schema-{ref}">{ref}</a> (application/json)</p>')
        example = body["content"]["application/json"].get("example")
        if example is not None:
            parts.append(f"<p>Example:</p><pre>{_schema_json(example)}</pre>")
    rows = []
    for status, resp in op["responses"].items():
        content = resp.get("content", {})
        kinds = ", ".join(
            f'{escape(media)} <a href="#schema-{s["$ref"].rsplit("/", 1)[1]}">'
            f'{s["$ref"].rsplit("/", 1)[1]}</a>' if "$ref" in (s := c["schema"])
            else escape(media)
            for media, c in content.items())
        rows.append(f"<tr><td>{status}</td><td>{escape(resp['description'])}</td>"
                    f"<td>{kinds}</td></tr>")
    parts.append("<table><tr><th>status</th><th>meaning</th><th>body</th></tr>"
                 + "".join(rows) + "</table></div>")
    return "".join(parts)


@lru_cache(maxsize=1)
def page() -> tuple[str, str]:
    """The HTML page and the Content-Security-Policy that allows its stylesheet."""
    doc = DOCUMENT
    info = doc["info"]
    out = [
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">",
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(info['title'])}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(info['title'])} {escape(info['version'])}</h1>",
        f"<p>{escape(info['description'])}</p>",
        '<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>',
        "<h2>Operations</h2>",
    ]
    for path, item in doc["paths"].items():
        shared = item.get("parameters", [])
        for method in ("get", "post"):
            if method in item:
                out.append(_operation(path, method, item[method], shared))
    out.append("<h2>Problem codes</h2><p>Every error is <code>application/problem+json</code> "
               "with <code>type</code>, <code>title</code>, <code>status</code>, "
               "<code>detail</code> and <code>code</code>. Illegal commands carry the "
               "engine's own code (e.g. <code>card_not_in_hand</code>, "
               "<code>cannot_afford</code>) with status 422, or 403 for "
               "<code>not_your_turn</code>/<code>not_your_decision</code>.</p><table>"
               "<tr><th>code</th><th>status</th><th>title</th></tr>")
    for code, p in doc["x-problem-codes"].items():
        out.append(f'<tr id="problem-{escape(code)}"><td><code>{escape(code)}</code></td>'
                   f"<td>{p['status']}</td><td>{escape(p['title'])}</td></tr>")
    out.append("</table><h2>Schemas</h2>")
    for name, schema in doc["components"]["schemas"].items():
        out.append(f'<h3 id="schema-{escape(name)}">{escape(name)}</h3>'
                   f"<pre>{_schema_json(schema)}</pre>")
    out.append("</body></html>")
    digest = base64.b64encode(hashlib.sha256(STYLE.encode()).digest()).decode()
    csp = (f"default-src 'none'; style-src 'sha256-{digest}'; img-src 'self'; "
           "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return "".join(out), csp
