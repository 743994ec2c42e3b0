"""The client's version: URLs of its files that a browser may keep for a year.

The page (``/``) is revalidated on every visit (``no-cache``). It names the
client's other files under ``/v/<version>/``, where ``<version>`` is a digest
of every file of the client, and those answers are ``immutable``: a reload
takes them from the browser's cache without a request. ES modules import each
other by relative paths (``./dom.js``), so a module under a version's prefix
imports its siblings, and the language tables, under the same prefix; styles
name their images the same way. A change to any file changes the version, so
the revalidated page names new URLs at once: updates show on the next load.

One digest for the whole client, not one per file: a bundler's job otherwise
(rewriting every import), and an update moves the compressed client again
(about 60 KB), which is rare next to reloads.
"""

from __future__ import annotations

import hashlib
import os
import re
from functools import lru_cache
from pathlib import Path


def version(root: Path) -> str:
    """A digest of the files under ``root``, read again only when one changed
    (by its size or modification time, checked on every call: one ``stat`` a
    file, about 0.1 ms for the client; every versioned file's answer checks)."""
    stamp = []
    top = len(str(root)) + 1
    folders = [str(root)]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for e in entries:
                if e.is_dir():
                    folders.append(e.path)
                elif e.is_file():
                    st = e.stat()
                    stamp.append((e.path[top:].replace(os.sep, "/"), st.st_mtime_ns, st.st_size))
    return _digest(str(root), tuple(sorted(stamp)))


@lru_cache(maxsize=8)
def _digest(root: str, stamp: tuple[tuple[str, int, int], ...]) -> str:
    h = hashlib.sha256()
    for name, _, _ in stamp:
        h.update(name.encode() + b"\0" + (Path(root) / name).read_bytes() + b"\0")
    return h.hexdigest()[:12]


#: ``src``/``href`` values naming a file in a folder of the client (``js/``,
#: ``css/``, ``icons/``). Files at the top stay where they are: the manifest
#: (its ``start_url`` and ``scope`` are relative to it) and the service worker
#: (its scope is its folder).
_IN_A_FOLDER = re.compile(r'(\s(?:src|href)=")(?=[\w-]+/)')


def versioned_page(html: str, prefix: str) -> str:
    """``html`` with the files it names in folders under ``prefix`` (``v/<version>/``)."""
    return _IN_A_FOLDER.sub(lambda m: m.group(1) + prefix, html)
