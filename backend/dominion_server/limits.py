"""Rate limits per client address, with Flask-Limiter.

Flask-Limiter rather than code of our own: it counts in a shared store
(Redis, Memcached, ...) when ``RATE_LIMIT_STORAGE`` names one, so every
worker and machine enforces one limit, and it sends the standard headers.
The client address is the real one behind ``PROXY_COUNT`` proxies.

Each app gets a limiter of its own: Flask-Limiter keeps its settings on the
limiter object, so one shared by several apps (as in the tests) would take
the settings of the last.
"""

from __future__ import annotations

import math
import time
from typing import Mapping

from flask import Flask, Response, current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address


def init_app(app: Flask, limits: Mapping[str, str]) -> Limiter:
    """Limit each endpoint of ``limits`` to the rate its config setting names.

    :param limits: endpoint -> name of the config setting holding its limit
        (e.g. ``"30 per minute"``), read per request so tests may change it.
    """
    # Registered before the limiter's own hook, so it runs after it (Flask
    # runs after_request hooks in reverse order) and sees its Retry-After.
    app.after_request(_retry_after_rounded_up)
    limiter = Limiter(get_remote_address, app=app)
    app.extensions["rate_limiter"] = limiter  # the views hold it weakly only
    for endpoint, setting in limits.items():
        limit = limiter.limit(lambda setting=setting: current_app.config[setting])
        app.view_functions[endpoint] = limit(app.view_functions[endpoint])
    return limiter


def _retry_after_rounded_up(resp: Response) -> Response:
    """``Retry-After`` in whole seconds rounded up, and at least 1.

    Flask-Limiter truncates the time left, so a per-second limit answers
    ``Retry-After: 0`` and a client that waits as told retries at once.
    """
    value = resp.headers.get("Retry-After", "")
    if not value.isdigit():
        return resp  # absent, or an HTTP date
    wait = int(value)
    try:
        current = current_app.extensions["rate_limiter"].current_limit
        if current is not None:
            wait = math.ceil(current.window.reset_time - time.time())
    except Exception:  # noqa: BLE001 - an unreachable store: Flask-Limiter reports it
        pass
    resp.headers["Retry-After"] = str(max(1, wait))
    return resp
