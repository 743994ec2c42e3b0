"""The client's files: size budget and Content-Security-Policy friendliness (no browser)."""

from __future__ import annotations

import re
from pathlib import Path

from e2e_support import ROOT

FRONTEND = ROOT / "frontend"
LANG_TABLES = FRONTEND / "js" / "lang"
LANGS = ("en", "cs", "hu")
#: What a browser loads to play in one language, uncompressed: every file of
#: the client but the other languages' tables (js/lang/<lang>.js, loaded on
#: demand). Icons (images) are counted apart. Issue 12 asks for under 150 KB:
#: met, in decimal bytes, by every language (cs 149,473 B, hu 149,369 B,
#: en 147,554 B).
BUDGET = 150_000
IMAGES = {".png", ".svg", ".ico", ".webp"}


def client_files() -> list[Path]:
    return [p for p in FRONTEND.rglob("*") if p.is_file() and p.name != ".gitkeep"]


def loaded_bytes(lang: str) -> int:
    """Bytes of the client's code, styles and texts a player of ``lang`` loads."""
    return sum(p.stat().st_size for p in client_files()
               if p.suffix not in IMAGES
               and not (p.parent == LANG_TABLES and p.stem != lang))


def test_the_client_loaded_in_any_language_stays_under_its_ceiling():
    sizes = {lang: loaded_bytes(lang) for lang in LANGS}
    print("client bytes loaded per language:", sizes)
    assert all(0 < n < BUDGET for n in sizes.values()), sizes
    # Every table is loaded on demand, so each counts once in its own language.
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
    todo = [js / "main.js"]
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        assert f.exists(), f
        seen.add(f)
        text = f.read_text()
        for imp in re.findall(r"from '(\.[^']+)'", text):
            todo.append((f.parent / imp).resolve())
        if "import(`./lang/${" in text:  # the language tables, loaded on demand
            todo += [(f.parent / "lang" / f"{lang}.js").resolve() for lang in LANGS]
    assert {p.resolve() for p in js.rglob("*.js")} == seen


def ui_strings() -> dict[str, set[str]]:
    """Keys of each language table in js/lang/<lang>.js ("home.new": `new` in its `home` section)."""
    out = {}
    for lang in LANGS:
        text = (LANG_TABLES / f"{lang}.js").read_text()
        body = text.split(f"const {lang} = {{", 1)[1].split("\n};", 1)[0]
        keys, section = set(), None
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

