"""The card pictures (issue 23): frontend/icons/cards.svg, built by
scripts/icons/build.mjs from scripts/icons/cards.json and the npm package
@iconify-json/game-icons, has a picture for every card of the catalog, is the
build's output for the mapping as committed, and card.js's VP shields say what
the engine scores."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from dominion import CARDS

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "scripts" / "icons"
SPRITE = ROOT / "frontend" / "icons" / "cards.svg"
CARD_JS = ROOT / "frontend" / "js" / "card.js"
UI_ICONS = {"ui-banned"}  # table.js: a pile named by Contraband


def symbol_id(name: str) -> str:
    """As card.js and build.mjs name a card's symbol: "King's Court" -> "king-s-court"."""
    return re.sub(r"^-|-$", "", re.sub(r"[^a-z0-9]+", "-", name.lower()))


def symbols() -> dict[str, str]:
    """Symbol id -> its path data, from the committed sprite."""
    return dict(re.findall(r'<symbol id="([^"]+)" viewBox="0 0 \d+ \d+"><path d="([^"]+)"/></symbol>', SPRITE.read_text()))


def mapping() -> dict[str, str]:
    return {k: v for k, v in json.loads((ICONS / "cards.json").read_text()).items() if not k.startswith("_")}


def test_every_card_of_the_catalog_has_a_picture_of_its_own():
    found = symbols()
    ids = {symbol_id(name) for name in CARDS}
    assert len(ids) == len(CARDS)  # no two cards share an id
    assert sorted(ids - found.keys()) == []
    assert UI_ICONS <= found.keys()
    assert set(found) == ids | UI_ICONS  # nothing in the sprite that nothing uses
    assert all(len(d) > 40 for d in found.values())
    # One icon a card: no two cards look the same.
    chosen = mapping()
    assert set(chosen) == set(CARDS) | UI_ICONS
    assert len(set(chosen.values())) == len(chosen)


def test_the_sprite_is_built_from_the_mapping_as_committed():
    """The digest the build records is that of the mapping, the icon set's pinned version and the grid."""
    version = json.loads((ICONS / "package.json").read_text())["devDependencies"]["@iconify-json/game-icons"]
    grid = re.search(r"^const GRID = (\d+);", (ICONS / "build.mjs").read_text(), re.M).group(1)
    text = (ICONS / "cards.json").read_text()
    digest = hashlib.sha256(f"{text}\0{version}\0{grid}".encode()).hexdigest()[:16]
    recorded = re.search(r'data-source="([0-9a-f]+)"', SPRITE.read_text()).group(1)
    assert recorded == digest, "the mapping changed: run `node scripts/icons/build.mjs`"
    assert "CC BY 3.0" in SPRITE.read_text() and "Lorc, Delapouite" in SPRITE.read_text()


def test_the_build_is_reproducible(tmp_path):
    """With the icon set installed (.ci/run installs it), the build gives the committed file byte for byte."""
    node = shutil.which("node")
    if node is None or not (ICONS / "node_modules" / "@iconify-json" / "game-icons").is_dir():
        pytest.fail("run `npm ci --prefix scripts/icons` (and have node): .ci/run does")
    out = tmp_path / "cards.svg"
    subprocess.run([node, str(ICONS / "build.mjs"), str(out)], check=True, capture_output=True, timeout=120)
    assert out.read_bytes() == SPRITE.read_bytes(), "the sprite is stale: run `node scripts/icons/build.mjs`"


def test_the_vp_shields_say_what_the_engine_scores():
    body = re.search(r"export const VP = \{(.*?)\};", CARD_JS.read_text(), re.S).group(1)
    shown = {(a or b): (None if v == "'*'" else int(v))
             for a, b, v in re.findall(r"(?:'([^']+)'|(\w+)): ('\*'|-?\d+)", body)}
    expected = {c.name: (None if c.score and not c.vp else c.vp) for c in CARDS.values() if c.vp or c.score}
    assert shown == expected
