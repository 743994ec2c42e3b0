"""gunicorn settings of the app: ``gunicorn --config backend/dominion_server/gunicorn_conf.py``.

The Procfile's ``web`` process and ``benchmarks/api.py`` use this file. It is
loaded by path, so it imports nothing of the app (it works before the app is
importable, e.g. ahead of ``--chdir backend``).

Request limits
    gunicorn parses the request line and headers before the app runs and
    refuses what exceeds its limits itself, with a small HTML page. The app
    has lower limits of its own (:mod:`dominion_server.request_limits`):
    request target 4096 bytes (414), 100 header fields and 8190 bytes per
    field (431), all answered as ``application/problem+json``. gunicorn's
    limits below are set above those, so everything the app can answer, it
    answers; gunicorn's own refusals stay as the last line of defence:

    - a request line over 8190 bytes (gunicorn's maximum): 414, HTML;
    - more than 128 header fields, or one over 16384 bytes: 431, HTML;
    - a malformed request line, header, chunked framing or HTTP version, or
      conflicting ``Content-Length``/``Transfer-Encoding``: 400, HTML.

    Such requests never reach the app, so they cannot be answered in JSON; no
    client of the API sends them. A reverse proxy in front usually refuses
    them before gunicorn does.

Control socket
    gunicorn 25.1+ opens a control socket for ``gunicornc`` at
    ``$XDG_RUNTIME_DIR/gunicorn.ctl`` or ``~/.gunicorn/gunicorn.ctl``: one path
    for every instance a user runs on a host, so a second instance takes it
    over and the first one's shutdown deletes it. The app does not use
    ``gunicornc`` (signals do the same: HUP reloads, TTIN/TTOU add and remove
    workers), so it is off. Older gunicorn versions ignore the setting.

Bind address and worker count stay on the command line (the Procfile's
``$PORT`` and ``WEB_CONCURRENCY``).
"""

limit_request_line = 8190
limit_request_fields = 128
limit_request_field_size = 16384

control_socket_disable = True
