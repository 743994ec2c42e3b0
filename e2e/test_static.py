"""The client's files: what a visit moves over the wire, and Content-Security-Policy
friendliness."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from e2e_support import ROOT, Traffic, home_usable, open_context

FRONTEND = ROOT / "frontend"
LANG_TABLES = FRONTEND / "js" / "lang"
LANGS = ("en", "cs", "hu")
LOCALES = {"en": "en-US", "cs": "cs-CZ", "hu": "hu-HU"}
#: Bytes received (headers and bodies, as sent) by a first visit to the home
#: page in a new browser, and by a reload of it (issue 23: 90 KB and 15 KB).
#: This replaces issue 12's rule (150,000 B of uncompressed JS and CSS): what a
#: player waits for is what travels, compressed and cached, so the rule counts
#: that, measured in the browser, with the service worker's requests and the
#: API answers the home form needs (catalog, presets, a random kingdom).
#: Measured for issue 23: en 83.8 KB first, 2.0 KB reload; cs, hu 86.1 KB, 2.0 KB.
#: A reload takes the catalog and the presets from the browser's cache
#: (max-age=300); 5 minutes later it moves about 8.5 KB more.
#:
#: The card pictures (issue 23, section 1) are one SVG sprite, icons/cards.svg,
#: of every card: the home form is usable without it (its kingdom preview asks
#: for it by its ``<use>`` elements, drawn as it arrives), so it is counted on
#: its own, against SPRITE, and not in FIRST_VISIT. To make room in FIRST_VISIT
#: for the card component and the themes, the modules the home form does not
#: need (the game's lobby, table and bar, About) load on demand (``import()``)
#: and the page does not preload them (dominion_server.preloads).
#: Measured with the card component, motion and themes: en 82.7 KB first; cs
#: 85.1 KB, hu 85.0 KB; reload 2.0 KB; the sprite 23.8 KB as sent (brotli level 5
#: of 69.2 KB raw; gzip -9 23.0 KB, brotli 11 20.2 KB).
#: With the layouts for every size and compact tiles: en 87.4 KB first; cs, hu
#: 89.9 KB. So the table's stylesheet (table.css) comes with the game's screens:
#: en 84.9 KB first; cs 87.2 KB, hu 87.2 KB; reload 2.0 KB.
FIRST_VISIT = 90_000
RELOAD = 15_000
SPRITE = 26_000


@pytest.mark.parametrize("lang", LANGS)
def test_a_first_visit_and_a_reload_stay_within_the_transfer_budget(browser, server, lang):
    ctx = open_context(browser, server, lang=LOCALES[lang])  # nothing cached, no worker
    traffic = Traffic(ctx)
    page = ctx.new_page()
    page.goto("/")
    home_usable(page)
    assert page.evaluate("document.documentElement.lang") == lang
    first = traffic.settle()
    # Every language table is loaded on demand: a visit loads its own only.
    tables = {re.sub(r".*/js/lang/", "", url) for url, _ in traffic.received if "/js/lang/" in url}
    assert tables == {f"{lang}.js"}, tables
    # The API answers the page preloads are the ones the client uses: asked once.
    for api in (f"/api/cards?lang={lang}", "/api/kingdoms/presets"):
        assert [url for url, _ in traffic.received if url.endswith(api)] == [server + api]
    page.reload()
    home_usable(page)
    reload = traffic.settle() - first
    sprite = sum(n for url, n in traffic.received if url.endswith("/icons/cards.svg"))
    first -= sprite
    print(f"{lang}: first visit {first:,} B and the sprite {sprite:,} B, reload {reload:,} B")
    ctx.close()
    assert 0 < first <= FIRST_VISIT, (first, traffic.received)
    assert 0 < sprite <= SPRITE, sprite
    # Modules loaded on demand stay out of a first visit.
    assert not [url for url, _ in traffic.received if re.search(r"/(screens/(lobby|table|bar|about)|motion)\.js$", url)]
    assert 0 < reload <= RELOAD, (reload, traffic.received)


def test_there_is_a_table_for_each_language():
    assert {p.stem for p in LANG_TABLES.glob("*.js")} == set(LANGS)


def test_no_inline_script_or_style_that_the_csp_would_block():
    html = (FRONTEND / "index.html").read_text()
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag, tag  # only external scripts
    assert "<style" not in html
    assert not re.search(r"\sstyle\s*=", html)
    assert not re.search(r"\son[a-z]+\s*=", html)  # no inline event handlers
    for js in FRONTEND.rglob("*.js"):
        text = js.read_text()
        assert "innerHTML" not in text, js
        assert "eval(" not in text and "new Function" not in text, js
        assert "'style'" not in text and '"style"' not in text, js  # no style attributes


def test_every_module_is_reachable_from_main():
    js = FRONTEND / "js"
    seen: set[Path] = set()
    # main.js, and the classic scripts the page names (boot-theme.js, before the first paint).
    page = (FRONTEND / "index.html").read_text()
    todo = [js / "main.js"] + [FRONTEND / src for src in re.findall(r'<script src="([^"]+)"', page)]
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        assert f.exists(), f
        seen.add(f)
        text = f.read_text()
        # Static imports, and modules loaded on demand (import('./ondemand/stats.js')).
        for imp in re.findall(r"(?:from |import\()'(\.[^']+)'", text):
            todo.append((f.parent / imp).resolve())
        # Language tables loaded on demand: `./lang/${l}.js`, `../lang/tutorial/${l}.js`.
        for folder in re.findall(r"import\(`(\.\.?/lang/(?:\w+/)?)\$\{", text):
            todo += [(f.parent / folder / f"{lang}.js").resolve() for lang in LANGS]
    assert {p.resolve() for p in js.rglob("*.js")} == seen


def ui_strings() -> dict[str, set[str]]:
    """Keys of each language table in js/lang/<lang>.js ("home.new": `new` in its `home` section),
    with the sections of the tables loaded on demand (js/lang/tutorial/<lang>.js)."""
    out = {}
    for lang in LANGS:
        keys, section = set(), None
        for table in (LANG_TABLES / f"{lang}.js", *sorted(LANG_TABLES.glob(f"*/{lang}.js"))):
            body = table.read_text().split(f"const {lang} = {{", 1)[1].split("\n};", 1)[0]
            for line in body.splitlines():
                if m := re.match(r"  (\w+): \{$", line):
                    section = m.group(1)
                elif m := re.match(r"    '?([\w.-]+)'?: ", line):
                    keys.add(f"{section}.{m.group(1)}")
        out[lang] = keys
    return out


def test_every_ui_string_is_translated_and_every_used_key_exists():
    strings = ui_strings()
    en = strings["en"]
    assert len(en) > 150
    for lang in ("cs", "hu"):
        missing = sorted(k for k in en if k not in strings[lang])
        assert missing == [], f"{lang} lacks {missing}"
    used = set()
    for js in FRONTEND.rglob("*.js"):
        used |= set(re.findall(r"\bt\('([a-z][\w.-]*)'", js.read_text()))
    assert used and sorted(used - en) == []

