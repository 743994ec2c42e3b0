"""``dominion-sim --plot out.svg``: the per-turn figures as a plain SVG chart.

Three panels side by side (average VP, money density, deck size at the end
of each of a bot's own turns), one line per bot in a colour-blind-safe
colour (Okabe-Ito) and its own dash pattern, a legend, and axes with ticks.
Written by hand, as SVG is text: no plotting library to install for one
chart. Each panel is a ``<g class="panel" data-series="...">`` and each line
a ``<polyline data-bot="...">``, so scripts and tests can read the chart.

Turns that fewer than :data:`MIN_REACHED` of a bot's games reach are not
drawn: their averages are over a few long games only.
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from .sim_report import MIN_REACHED, labels

#: (key in a ``per_turn`` series, panel title)
PANELS = (
    ("vp", "Victory points"),
    ("money_density", "Money density ($ per card)"),
    ("deck_size", "Deck size (cards)"),
)
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "4 4", "1 2")

PANEL_W, PANEL_H = 300, 230  # one panel, axes and labels included
LEFT, RIGHT, TOP, BOTTOM = 46, 12, 28, 34  # margins of the plot area in a panel
LEGEND_ROW = 18


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values (1, 2, 2.5 or 5 times a power of ten apart) covering
    ``low``..``high`` in about ``count`` steps."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = []
    k = 0
    while True:
        v = round(first + k * step, 10)
        ticks.append(v)
        if v >= high:
            return ticks
        k += 1


def _fmt(v: float) -> str:
    return f"{v:g}"


def drawn(series: Mapping[str, Any], games: int) -> int:
    """How many of a bot's turns the chart draws (see :data:`MIN_REACHED`)."""
    return sum(1 for c in series["games"] if c >= MIN_REACHED * games)


def _panel(x0: float, key: str, title: str, series: Sequence[Mapping[str, Any]],
           games: int, names: Sequence[str]) -> list[str]:
    counts = [drawn(s, games) for s in series]
    values = [v for s, c in zip(series, counts) for v in s[key][:c]]
    ys = nice_ticks(min(0.0, *values), max(values)) if values else [0.0, 1.0]
    xs = nice_ticks(1, max(max(counts), 2), 6)
    xs = [x for x in xs if x >= 1] or [1.0]
    if xs[0] > 1:
        xs.insert(0, 1.0)
    pw, ph = PANEL_W - LEFT - RIGHT, PANEL_H - TOP - BOTTOM
    left, top = x0 + LEFT, TOP

    def px(x: float) -> float:
        return left + (x - xs[0]) / (xs[-1] - xs[0]) * pw

    def py(y: float) -> float:
        return top + ph - (y - ys[0]) / (ys[-1] - ys[0]) * ph

    out = [f'<g class="panel" data-series="{key}">',
           f'<text class="title" x="{left + pw / 2:.1f}" y="{top - 10}" '
           f'text-anchor="middle">{escape(title)}</text>']
    for y in ys:
        out.append(f'<line class="grid" x1="{left}" x2="{left + pw}" y1="{py(y):.1f}" '
                   f'y2="{py(y):.1f}" stroke="#e3e3e3"/>')
        out.append(f'<text class="tick" x="{left - 5}" y="{py(y) + 4:.1f}" '
                   f'text-anchor="end">{_fmt(y)}</text>')
    for x in xs:
        out.append(f'<line class="xtick" x1="{px(x):.1f}" x2="{px(x):.1f}" '
                   f'y1="{top + ph}" y2="{top + ph + 4}" stroke="#444"/>')
        out.append(f'<text class="tick" x="{px(x):.1f}" y="{top + ph + 16}" '
                   f'text-anchor="middle">{_fmt(x)}</text>')
    out.append(f'<path class="axes" d="M{left},{top}V{top + ph}H{left + pw}" '
               f'fill="none" stroke="#444"/>')
    out.append(f'<text class="label" x="{left + pw / 2:.1f}" y="{top + ph + 30}" '
               f'text-anchor="middle">turn</text>')
    for i, (s, c, name) in enumerate(zip(series, counts, names)):
        points = " ".join(f"{px(k + 1):.1f},{py(v):.1f}" for k, v in enumerate(s[key][:c]))
        dash = f' stroke-dasharray="{DASHES[i % len(DASHES)]}"' if DASHES[i % len(DASHES)] else ""
        out.append(f'<polyline data-bot={quoteattr(name)} points="{points}" fill="none" '
                   f'stroke="{COLOURS[i % len(COLOURS)]}" stroke-width="2"{dash}/>')
    out.append("</g>")
    return out


def render_svg(out: Mapping[str, Any]) -> str:
    """The chart of a :func:`dominion.sim.simulate` result made with
    ``per_turn``, as an SVG document.

    :raises ValueError: if the result has no per-turn figures.
    """
    series = out.get("per_turn")
    if not series:
        raise ValueError("the chart needs per-turn figures (simulate(..., per_turn=True))")
    names = labels(out["bots"])
    games = out["games"]
    legend_h = LEGEND_ROW * ((len(names) + 2) // 3) + 44
    width, height = PANEL_W * len(PANELS), PANEL_H + legend_h
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
        f"<title>dominion-sim: {escape(', '.join(names))}, {games} games</title>",
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
    ]
    for p, (key, title) in enumerate(PANELS):
        parts += _panel(PANEL_W * p, key, title, series, games, names)
    y0 = PANEL_H + 8
    parts.append(f'<g class="legend" transform="translate(0,{y0})">')
    for i, name in enumerate(names):
        x, y = LEFT + (i % 3) * PANEL_W, (i // 3) * LEGEND_ROW
        dash = DASHES[i % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<line x1="{x}" x2="{x + 28}" y1="{y}" y2="{y}" '
                     f'stroke="{COLOURS[i % len(COLOURS)]}" stroke-width="2"{dash_attr}/>')
        parts.append(f'<text x="{x + 34}" y="{y + 4}">{escape(name)}</text>')
    note_y = LEGEND_ROW * ((len(names) + 2) // 3) + 8
    notes = (f"Averages at the end of each bot's own turn over the games still running "
             f"({games} games); turns fewer than {MIN_REACHED:.0%} of the games reach are "
             "not drawn.",
             "Money density: the fixed $ of the Treasures owned (Bank and the like: 0) "
             "over the number of cards owned.")
    for i, note in enumerate(notes):
        parts.append(f'<text class="note" x="{LEFT}" y="{note_y + 14 * i}" '
                     f'fill="#555">{escape(note)}</text>')
    parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
