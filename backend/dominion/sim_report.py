"""The simulator's text output: the figures of :func:`dominion.sim.simulate`
as lines people read (the ``--json`` object holds the same and more)."""

from __future__ import annotations

import os
from typing import Any, Mapping, Sequence

#: Per-turn rows printed: turns that at least this share of a bot's games reached.
MIN_REACHED = 0.1


def _pct(rate: Mapping[str, float]) -> str:
    return f"{rate['value']:.1%} ({100 * rate['low']:.1f}-{100 * rate['high']:.1f})"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], indent: str = "  ") -> list[str]:
    """Columns padded to their widest cell: the first left-aligned, the rest right."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = [c.rjust(w) for c, w in zip(cells[1:], widths[1:])]
        return (indent + "  ".join([first, *rest])).rstrip()

    return [line(header), *(line(r) for r in rows)]


#: Longest label shown for a bot (a legend column of the chart holds about 40 characters).
MAX_LABEL = 38


def short_name(bot: str) -> str:
    """A ``--bots`` entry as shown: a bot file's player by its name
    (``path/bots.xml:Smithy BM`` is ``Smithy BM``, a file of one player its
    file name), cut to :data:`MAX_LABEL` characters."""
    path, sep, player = bot.partition(".xml:")
    if sep and player:
        name = player
    elif bot.endswith(".xml"):
        name = os.path.basename(bot)[:-4]
    else:
        name = bot
    return name if len(name) <= MAX_LABEL else name[:MAX_LABEL - 3] + "..."


def labels(bots: Sequence[str]) -> list[str]:
    """Bot names as shown (:func:`short_name`); a name shown twice gets the
    bot's place in ``--bots`` (``#2``)."""
    names = [short_name(b) for b in bots]
    return [f"{n} #{i + 1}" if names.count(n) > 1 else n for i, n in enumerate(names)]


def results_table(out: Mapping[str, Any]) -> list[str]:
    """Win, tie, loss and score per bot with 95% intervals, and turns per game."""
    rows = []
    for name, r in zip(labels(out["bots"]), out["results"]):
        t = r["turns"]
        rows.append([
            name,
            f"{r['wins']} {_pct(r['win_rate'])}",
            f"{r['ties']} {_pct(r['tie_rate'])}",
            f"{r['losses']} {_pct(r['loss_rate'])}",
            _pct(r["score"]),
            f"{t['mean']:.2f} ({t['low']:.2f}-{t['high']:.2f}) sd {t['sd']:.2f}",
        ])
    return [
        "results with 95% confidence intervals (Wilson score interval; score: a tie "
        "shared by k bots is 1/k of a win; turns: mean +- 1.96 sd/sqrt(n)):",
        *_table(["bot", "wins", "ties", "losses", "score", "turns per game"], rows),
    ]


def per_turn_table(out: Mapping[str, Any]) -> list[str]:
    """Average VP, money density and deck size at the end of each bot's own
    turns, while at least :data:`MIN_REACHED` of its games last."""
    series = out["per_turn"]
    names = labels(out["bots"])
    games = out["games"]
    last = max(sum(1 for c in s["games"] if c >= MIN_REACHED * games) for s in series)
    header = ["turn"]
    for name in names:
        header += [f"{name} VP", "money/card", "cards"]
    rows = []
    for k in range(last):
        row = [str(k + 1)]
        for s in series:
            if k < len(s["turn"]) and s["games"][k] >= MIN_REACHED * games:
                row += [f"{s['vp'][k]:.2f}", f"{s['money_density'][k]:.3f}",
                        f"{s['deck_size'][k]:.2f}"]
            else:
                row += ["", "", ""]
        rows.append(row)
    return [
        "per turn, at the end of each bot's own turn (averages over the games still "
        f"running; turns fewer than {MIN_REACHED:.0%} of games reach are left out):",
        *_table(header, rows),
    ]


def text_lines(out: Mapping[str, Any], plot: str = "") -> list[str]:
    """The whole text output; its first two and last lines, the ``wins`` and
    ``ties`` lines are stable (scripts read them)."""
    lines = [
        f"{out['games']} games in {out['seconds']} s ({out['games_per_second']} games/s)",
        f"average turns per player: {out['avg_turns']}",
    ]
    for name, w, r in zip(out["bots"], out["wins"], out["win_rates"]):
        lines.append(f"  {name:<20} wins {w:>8} ({r:.1%})")
    lines.append(f"  ties {out['ties']}")
    lines += results_table(out)
    if out.get("per_turn"):
        lines += per_turn_table(out)
    if plot:
        lines.append(f"chart written to {plot}")
    if out["colony_games"]:
        lines.append(f"  games with Platinum and Colony: {out['colony_games']}")
    lines.append("end reasons: " + ", ".join(
        f"{k} {v}" for k, v in sorted(out["end_reasons"].items())))
    return lines
