"""The installable web client as served: the manifest, its icons and the
service worker (types, scope, caching headers, CSP), and the versioned URLs
of its files."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest

from dominion_server import assets, preloads
from dominion_server.web import API_CSP, FRONTEND_CSP


def test_the_manifest_is_served_as_a_web_app_manifest(client):
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200
    assert r.mimetype == "application/manifest+json"
    assert r.headers["Content-Security-Policy"] == FRONTEND_CSP
    manifest = json.loads(r.data)
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == manifest["scope"] == "./"
    for icon in manifest["icons"]:
        png = client.get("/" + icon["src"])
        assert png.status_code == 200 and png.mimetype == "image/png", icon
        assert png.data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png.data[16:24])
        assert icon["sizes"] == f"{width}x{height}", icon
    purposes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert purposes >= {("192x192", "any"), ("512x512", "any"),
                        ("192x192", "maskable"), ("512x512", "maskable")}


def test_the_page_links_the_manifest_and_its_icons(client):
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="manifest.webmanifest">' in page
    assert client.get("/icons/icon.svg").mimetype == "image/svg+xml"


def test_the_service_worker_is_a_script_at_the_root_revalidated_on_every_use(client):
    # At /sw.js its default scope is the whole app; "no-cache" lets a new
    # version replace the installed one at the next visit.
    r = client.get("/sw.js")
    assert r.status_code == 200
    assert r.mimetype == "text/javascript"
    assert r.headers["Cache-Control"] == "no-cache"
    assert r.headers["Content-Security-Policy"] == FRONTEND_CSP
    assert "Service-Worker-Allowed" not in r.headers  # not needed at the root



@pytest.mark.parametrize("accept, table", [(None, "en"), ("cs-CZ,cs;q=0.9,en;q=0.8", "cs"),
                                           ("hu", "hu"), ("de-DE,de", "en")])
def test_the_page_preloads_the_first_screens_modules_and_the_likely_language_table(client, app, accept, table):
    headers = {"Accept-Language": accept} if accept else {}
    link = client.get("/", headers=headers).headers["Link"]
    parts = [part.strip() for part in link.split(",")]
    preloads = [p.split(";")[0].strip("<>") for p in parts if p.endswith("; rel=modulepreload")]
    # And the API answers the first screen waits for, as fetch() asks for them.
    fetched = [p for p in parts if not p.endswith("; rel=modulepreload")]
    assert fetched == [f"</api/cards?lang={table}>; rel=preload; as=fetch; crossorigin",
                       "</api/kingdoms/presets>; rel=preload; as=fetch; crossorigin"]
    js = Path(app.config["FRONTEND_DIR"], "js")
    base = f"/v/{assets.version(js.parent)}/js/"  # the client's current version
    # Classic scripts the page names itself (boot-theme.js) are not modules to preload.
    classic = set(re.findall(r'<script src="js/([^"]+)"', (js.parent / "index.html").read_text()))
    assert classic == {"boot-theme.js"}
    every = {base + p.relative_to(js).as_posix() for p in js.rglob("*.js")
             if p.relative_to(js).parts[0] != "lang" and p.relative_to(js).as_posix() not in classic}
    # The modules loaded on demand (import()) and what only they import stay out.
    on_demand = {base + m for m in (
        "screens/lobby.js", "screens/table.js", "screens/bar.js", "screens/about.js", "motion.js",
        "ondemand/stats.js", "ondemand/charts.js", "ondemand/tutorial.js")}
    assert on_demand <= every
    assert set(preloads) == (every - on_demand) | {f"{base}lang/{table}.js"}
    assert {base + "main.js", base + "screens/home.js", base + "card.js"} <= set(preloads)
    for path in preloads + [p.split(";")[0].strip("<>") for p in fetched]:
        assert client.get(path).status_code == 200, path


def test_a_module_imported_only_on_demand_is_not_preloaded(tmp_path):
    js = tmp_path / "js"
    (js / "screens").mkdir(parents=True)
    (js / "main.js").write_text("import { a } from './a.js';\nconst m = () => import('./screens/late.js');\n")
    (js / "a.js").write_text("export {\n  b,\n} from './screens/b.js';\n")
    (js / "screens" / "b.js").write_text("export const b = 1;\n")
    (js / "screens" / "late.js").write_text("import { c } from './c.js';\n")
    (js / "screens" / "c.js").write_text("export const c = 1;\n")
    assert preloads.static_modules(js) == ["a.js", "main.js", "screens/b.js"]


# ---------------------------------------------------------------------------
# Caching (issue 23): the page revalidated, the files under its version kept


def test_the_page_names_the_files_under_the_clients_version_and_revalidates(client, app):
    root = Path(app.config["FRONTEND_DIR"])
    r = client.get("/")
    assert r.headers["Cache-Control"] == "no-cache"
    page = r.get_data(as_text=True)
    prefix = f"v/{assets.version(root)}/"
    assert f'<script type="module" src="{prefix}js/main.js">' in page
    assert f'<link rel="stylesheet" href="{prefix}css/app.css">' in page
    # Files at the top keep their URL: the manifest's scope is relative to it.
    assert 'href="manifest.webmanifest"' in page and 'href="#main"' in page
    again = client.get("/", headers={"If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    assert "Link" not in again.headers  # its modules are in the browser's cache already


def test_files_under_the_current_version_are_immutable_others_revalidate(client, app):
    root = Path(app.config["FRONTEND_DIR"])
    current = assets.version(root)
    r = client.get(f"/v/{current}/js/main.js")
    assert r.status_code == 200 and r.data == (root / "js" / "main.js").read_bytes()
    assert r.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert client.get(f"/v/{current}/icons/icon-192.png").headers["Cache-Control"].endswith("immutable")
    # A page open through an update still gets today's file, but keeps it under no old name.
    old = client.get("/v/0123456789ab/js/main.js")
    assert old.status_code == 200 and old.headers["Cache-Control"] == "no-cache"
    assert client.get(f"/v/{current}/js/nope.js").status_code == 404
    assert client.get(f"/v/{current}/../pyproject.toml").status_code == 404
    # Unversioned URLs (old service-worker caches, tools) still work, revalidated.
    assert client.get("/js/main.js").headers["Cache-Control"] == "no-cache"


def test_any_change_to_a_file_changes_the_version(tmp_path):
    for name, text in (("index.html", '<script src="js/a.js"></script>'), ("js/a.js", "1")):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    before = assets.version(tmp_path)
    assert assets.version(tmp_path) == before  # stable while nothing changes
    (tmp_path / "js" / "a.js").write_text("22")
    assert assets.version(tmp_path) != before


def test_policies_go_where_they_govern(client):
    """The page's CSP on documents and the worker; scripts and styles get the short default."""
    assert client.get("/").headers["Content-Security-Policy"] == FRONTEND_CSP
    assert client.get("/sw.js").headers["Content-Security-Policy"] == FRONTEND_CSP
    assert client.get("/icons/icon.svg").headers["Content-Security-Policy"] == FRONTEND_CSP
    for path in ("/js/main.js", "/css/app.css"):
        assert client.get(path).headers["Content-Security-Policy"] == API_CSP, path
