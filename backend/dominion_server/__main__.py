"""Development server: ``python3 -m dominion_server`` or ``dominion-server``.

Creates the SQLite database under the instance folder (unless ``DATABASE_URL``
says otherwise), applies the migrations and serves the API and the web client
on http://127.0.0.1:5000.
"""

from __future__ import annotations

import argparse
import os
from typing import Optional, Sequence


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(prog="dominion-server", description=__doc__.split("\n")[0])
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "5000")))
    parser.add_argument("--debug", action="store_true", help="reload on code changes")
    args = parser.parse_args(argv)

    from . import create_app, upgrade_database
    from .delivery.worker import serve_in_background

    app = create_app()
    if not app.config["AUTO_MIGRATE"]:
        upgrade_database(app)  # a dev run always brings its database up to date
    if not args.debug or os.environ.get("WERKZEUG_RUN_MAIN") == "true":
        serve_in_background(app)  # turn alerts; with --debug only in the reloaded child
    print(f"Dominion on http://{args.host}:{args.port}/  (database: {_safe_url(app)})")
    app.run(host=args.host, port=args.port, debug=args.debug, threaded=True)


def _safe_url(app) -> str:
    from sqlalchemy.engine import make_url

    return make_url(app.config["SQLALCHEMY_DATABASE_URI"]).render_as_string(hide_password=True)


if __name__ == "__main__":
    main()
