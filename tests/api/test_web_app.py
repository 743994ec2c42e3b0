"""The installable web client as served: the manifest, its icons and the
service worker (types, scope, caching headers, CSP)."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest

from dominion_server.web import FRONTEND_CSP


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
def test_the_page_preloads_every_module_and_the_likely_language_table(client, app, accept, table):
    headers = {"Accept-Language": accept} if accept else {}
    link = client.get("/", headers=headers).headers["Link"]
    preloads = [part.split(";")[0].strip(" <>") for part in link.split(",")]
    assert all(part.strip().endswith("; rel=modulepreload") for part in link.split(","))
    js = Path(app.config["FRONTEND_DIR"], "js")
    modules = {"/js/" + p.relative_to(js).as_posix() for p in js.rglob("*.js") if p.parent.name != "lang"}
    assert "/js/main.js" in modules and set(preloads) == modules | {f"/js/lang/{table}.js"}
    for path in preloads:
        assert client.get(path).status_code == 200
