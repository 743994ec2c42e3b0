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

Threads and long polling
    Each worker is a ``gthread`` worker with ``GUNICORN_THREADS`` threads
    (default 600; ``--threads`` on the command line wins). A poll with
    ``Prefer: wait=N`` is held for up to 25 s and keeps its thread all that
    time (it holds no database connection), so a sync worker (one request at
    a time) would stop serving while one player waits for the other. With
    threads, held polls wait side by side while the other threads serve
    commands and plain requests. At start the app's cap on held polls per
    process, ``LONGPOLL_MAX_WAITERS``, is set (unless given) to the thread
    count minus ``RESERVED_THREADS`` (16), so past the cap polls are answered
    at once and some threads always stay free for commands. Idle kept-alive
    connections wait in the worker's event loop, not in a thread. gunicorn's
    ``timeout`` does not cut held requests: a gthread worker reports itself
    alive from its event loop, not per request.

    When a worker is told to stop (SIGTERM: shutdown, reload, scale-down) it
    first wakes every held poll (:func:`dominion_server.watch.shutdown_all`),
    which answer at once, so stopping does not wait up to 25 s for them.

Keep-alive
    An idle kept-alive connection stays open ``keepalive`` seconds (15; gunicorn's
    default is 2). The docs (*Turn structure*) advise a client whose poll was not
    held to pause 1 s growing to 8 s before the next one; with 2 s its connection
    was closed during that pause, and the next request was written into a closed
    socket. 15 s outlasts the longest advised pause with room for the request
    itself. Idle connections cost no thread (see above), only a socket. A reverse
    proxy in front keeps its own upstream connections; its client-side idle
    timeout should be at least as long.

Bind address and worker count stay on the command line (the Procfile's
``$PORT`` and ``WEB_CONCURRENCY``).
"""

import os
import signal
import sys
import threading

limit_request_line = 8190
limit_request_fields = 128
limit_request_field_size = 16384

control_socket_disable = True

#: Seconds an idle connection is kept: longer than the longest back-off between
#: polls that the docs advise (8 s), so a client that follows them reuses it.
keepalive = 15

worker_class = "gthread"
#: 600: an instance of the Procfile's 2 workers holds 1,168 long polls (issue 24 asks
#: for 1,000), command p99 under 10 ms meanwhile (``benchmarks/api.py --parts
#: capacity``). gunicorn starts threads only as requests need them, and a held
#: poll's thread only waits on an event, so an idle instance costs no more.
threads = int(os.environ.get("GUNICORN_THREADS") or 600)
#: Threads kept for commands and plain requests when every held poll is taken.
RESERVED_THREADS = 16


def on_starting(server):
    """Cap the held polls per process below the threads each worker really has."""
    os.environ.setdefault("LONGPOLL_MAX_WAITERS",
                          str(max(1, server.cfg.threads - RESERVED_THREADS)))


def post_worker_init(worker):
    """Deliver turn alerts from this worker when configured (the embedded
    default, SQLite); on SIGTERM, wake the held polls before the worker drains
    its requests."""
    from dominion_server.delivery.worker import serve_in_background

    serve_in_background(worker.wsgi)
    stop = worker.handle_exit

    def handle_exit(sig, frame):
        watch = sys.modules.get("dominion_server.watch")
        if watch is not None:
            # Not in the signal handler itself: the watcher takes locks.
            threading.Thread(target=watch.shutdown_all, daemon=True).start()
        stop(sig, frame)

    worker.handle_exit = handle_exit
    signal.signal(signal.SIGTERM, handle_exit)
    signal.siginterrupt(signal.SIGTERM, False)  # as gunicorn set it
