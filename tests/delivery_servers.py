"""Real stand-in servers on 127.0.0.1 for the delivery tests (issue 22).

Each is a threaded ``http.server`` on an ephemeral port, used as a context
manager (it stops and joins its threads on exit), that records what it
received and can be told how to answer the next requests::

    with PushService() as push:
        sub = push.subscription()
        ...  # send to sub["endpoint"]
        [message] = push.wait_for(1)
        assert message.data["kind"] == "turn"

- :class:`ScriptedServer` answers every request with scripted replies (200
  by default) and counts them.
- :class:`PushService` is a Web Push service: it checks the VAPID
  ``Authorization`` header (ES256 signature against ``k=``, ``aud``, ``exp``,
  ``sub``) and the ``TTL`` header, decrypts the ``aes128gcm`` body with the
  private key of the subscription it made, and answers 201.
- :class:`WebhookReceiver` verifies Standard Webhooks signatures with the
  specification's own verifier and answers 204 (400 when verification fails).
- :class:`Unresponsive` accepts connections and never answers (timeouts);
  :class:`Dripping` answers one byte at a time (the overall deadline).

Waiting uses a condition variable with a generous timeout, never a sleep.
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import os
import secrets
import socket
import ssl
import tempfile
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Optional, Union

import http_ece
from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils
from cryptography.x509.oid import NameOID
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

#: Seconds a test waits for something to arrive before it fails.
WAIT = 15.0

#: A scripted reply: a status, or (status, headers), or (status, headers, body).
Scripted = Union[int, tuple[int, dict[str, str]], tuple[int, dict[str, str], bytes]]


@dataclass
class Request:
    """One request as the server saw it (header names in lower case)."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    status: int = 0            # what the server answered
    error: Optional[str] = None  # why it refused the request, if it did


class Refused(Exception):
    """The stand-in refuses a request: answer ``status`` with ``reason``."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class StandIn:
    """A threaded HTTP server on 127.0.0.1 with scripted replies.

    Subclasses override :meth:`handle`. ``requests`` lists every request in
    arrival order, with the status it got.
    """

    default_status = 200

    def __init__(self, tls: Optional[ssl.SSLContext] = None) -> None:
        self._cond = threading.Condition()
        self._script: deque[tuple[int, dict[str, str], bytes]] = deque()
        self._tls = tls
        self.requests: list[Request] = []
        self._server: Optional[ThreadingHTTPServer] = None
        self._thread: Optional[threading.Thread] = None

    # -- lifecycle --------------------------------------------------------
    def __enter__(self):
        server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        server.daemon_threads = False   # server_close() joins the handlers
        server.handle_error = _ignore_disconnects  # type: ignore[method-assign]
        if self._tls is not None:
            server.socket = self._tls.wrap_socket(server.socket, server_side=True)
        self._server = server
        self._thread = threading.Thread(target=server.serve_forever,
                                        kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None and self._thread is not None
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(WAIT)

    @property
    def port(self) -> int:
        assert self._server is not None, "use the stand-in as a context manager"
        return self._server.server_address[1]

    def url(self, path: str = "/", host: str = "127.0.0.1") -> str:
        scheme = "https" if self._tls is not None else "http"
        return f"{scheme}://{host}:{self.port}{path}"

    @property
    def origin(self) -> str:
        return self.url("")

    @property
    def allowed_hosts(self) -> frozenset[str]:
        """What ``OUTBOUND_ALLOW_HOSTS`` must hold to reach this stand-in."""
        return frozenset({f"127.0.0.1:{self.port}"})

    # -- scripting and waiting ---------------------------------------------
    def script(self, *replies: Scripted) -> None:
        """Answer the next requests (that pass the checks) with these replies,
        in order; afterwards the default again."""
        with self._cond:
            for reply in replies:
                if isinstance(reply, int):
                    reply = (reply, {})
                status, headers, *body = reply
                self._script.append((status, dict(headers), body[0] if body else b""))

    def next_reply(self) -> tuple[int, dict[str, str], bytes]:
        with self._cond:
            if self._script:
                return self._script.popleft()
        return self.default_status, {}, b""

    def wait_until(self, done: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
        """Wait until ``done()`` (checked under the lock) is true.

        :raises AssertionError: not within ``timeout`` seconds.
        """
        with self._cond:
            if not self._cond.wait_for(done, timeout):
                raise AssertionError(f"{type(self).__name__}: still waiting for {what} "
                                     f"after {timeout}s; requests: {self.requests}")

    def wait_for_requests(self, n: int, timeout: float = WAIT) -> list[Request]:
        """Wait for ``n`` requests of any kind; return all so far."""
        self.wait_until(lambda: len(self.requests) >= n, f"{n} requests", timeout)
        with self._cond:
            return list(self.requests)

    # -- request handling ------------------------------------------------------
    def handle(self, request: Request) -> tuple[int, dict[str, str], bytes]:
        """Answer a request; raise :class:`Refused` to refuse it."""
        return self.next_reply()

    def _serve(self, request: Request) -> tuple[int, dict[str, str], bytes]:
        try:
            status, headers, body = self.handle(request)
        except Refused as exc:
            status, headers, body = exc.status, {}, exc.reason.encode()
            request.error = exc.reason
        request.status = status
        with self._cond:
            self.requests.append(request)
            self._cond.notify_all()
        return status, headers, body


def _handler_for(owner: StandIn) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        timeout = WAIT  # a stuck client cannot hold the server's exit forever

        def _any(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            request = Request(self.command, self.path,
                              {k.lower(): v for k, v in self.headers.items()}, body)
            status, headers, reply = owner._serve(request)
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        do_POST = do_GET = do_PUT = do_DELETE = _any

        def log_message(self, format: str, *args: Any) -> None:
            pass  # keep the test output clean

    return Handler


def _ignore_disconnects(request: Any, client_address: Any) -> None:
    """A client that hangs up early (the 4 KiB cap) is no server error."""


class ScriptedServer(StandIn):
    """Answers every request with the scripted replies, 200 by default."""


# -- Web Push -------------------------------------------------------------------

@dataclass
class PushMessage:
    """A push message that the service accepted and decrypted."""

    endpoint: str
    data: Any                  # the decrypted JSON
    headers: dict[str, str]    # lower-case names
    claims: dict[str, Any]     # the VAPID JWT claims


@dataclass
class _Subscription:
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes
    application_server_key: Optional[str]


class PushService(StandIn):
    """A Web Push service (RFC 8030/8291/8292) that decrypts what it gets.

    :meth:`subscription` makes a subscription as a browser's
    ``pushManager.subscribe`` would; when given the server's public key
    (``applicationServerKey``) the service, like the real ones, accepts only
    messages signed by that key (403 otherwise). A request with a bad VAPID
    token gets 401, a bad ``TTL``, encoding or body 400, an unknown endpoint
    404, a body over 4096 bytes 413; the rest get the scripted replies, 201
    by default. ``received`` lists the accepted (2xx) messages.
    """

    default_status = 201

    def __init__(self, tls: Optional[ssl.SSLContext] = None) -> None:
        super().__init__(tls)
        self._subscriptions: dict[str, _Subscription] = {}
        self.received: list[PushMessage] = []

    def subscription(self, application_server_key: Optional[str] = None,
                     host: str = "127.0.0.1") -> dict[str, Any]:
        """A new subscription, shaped like the browser's ``PushSubscription.toJSON()``."""
        token = secrets.token_urlsafe(12)
        private_key = ec.generate_private_key(ec.SECP256R1())
        auth = os.urandom(16)
        with self._cond:
            self._subscriptions[token] = _Subscription(private_key, auth,
                                                       application_server_key)
        public = private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": self.url(f"/push/{token}", host), "expirationTime": None,
                "keys": {"p256dh": b64url(public), "auth": b64url(auth)}}

    def wait_for(self, n: int, timeout: float = WAIT) -> list[PushMessage]:
        """Wait until ``n`` messages were accepted; return all accepted so far."""
        self.wait_until(lambda: len(self.received) >= n, f"{n} push messages", timeout)
        with self._cond:
            return list(self.received)

    def handle(self, request: Request) -> tuple[int, dict[str, str], bytes]:
        token = request.path.removeprefix("/push/")
        with self._cond:
            sub = self._subscriptions.get(token)
        if request.method != "POST" or sub is None:
            raise Refused(404, "no such subscription")
        host = request.headers.get("host", "")
        claims = verify_vapid(request.headers.get("authorization", ""),
                              audience=f"{'https' if self._tls else 'http'}://{host}",
                              key=sub.application_server_key)
        ttl = request.headers.get("ttl", "")
        if not ttl.isdigit():
            raise Refused(400, f"TTL header missing or not a number: {ttl!r}")
        if request.headers.get("content-encoding") != "aes128gcm":
            raise Refused(400, "Content-Encoding must be aes128gcm")
        if len(request.body) > 4096:
            raise Refused(413, "payload over 4096 bytes")
        data = decrypt_push(request.body, sub.private_key, sub.auth)
        status, headers, body = self.next_reply()
        if 200 <= status < 300:
            headers = {"Location": f"/message/{secrets.token_hex(8)}", **headers}
            with self._cond:
                self.received.append(PushMessage(self.url(request.path), data,
                                                 dict(request.headers), claims))
        return status, headers, body


def verify_vapid(authorization: str, audience: str, key: Optional[str] = None,
                 now: Optional[float] = None) -> dict[str, Any]:
    """Check an RFC 8292 ``Authorization: vapid t=<jwt>, k=<key>`` header.

    :param key: when given, ``k`` must be this public key (base64url).
    :return: the JWT claims.
    :raises Refused: 401 for a missing or bad token, 403 for another key.
    """
    scheme, _, params = authorization.partition(" ")
    if scheme.lower() != "vapid":
        raise Refused(401, f"not a vapid Authorization header: {authorization!r}")
    parts = dict(p.strip().split("=", 1) for p in params.split(",") if "=" in p)
    token, k = parts.get("t", ""), parts.get("k", "")
    try:
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(k))
        head, body, signature = token.split(".")
        header = json.loads(b64url_decode(head))
        claims = json.loads(b64url_decode(body))
        raw = b64url_decode(signature)
    except ValueError as exc:
        raise Refused(401, f"malformed vapid token or key: {exc}") from None
    if header.get("alg") != "ES256" or len(raw) != 64:
        raise Refused(401, f"not an ES256 token: {header}")
    der = utils.encode_dss_signature(int.from_bytes(raw[:32], "big"),
                                     int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, f"{head}.{body}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise Refused(401, "the vapid signature does not verify with k") from None
    now = time.time() if now is None else now
    if claims.get("aud") != audience:
        raise Refused(401, f"aud {claims.get('aud')!r} is not {audience!r}")
    exp = claims.get("exp")
    if not isinstance(exp, int) or not now < exp <= now + 24 * 3600:
        raise Refused(401, f"exp {exp!r} is not within the next 24 hours")
    if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
        raise Refused(401, f"sub {claims.get('sub')!r} is not a mailto: or https: URL")
    if key is not None and k != key:
        raise Refused(403, "the vapid key is not the subscription's applicationServerKey")
    return claims


def decrypt_push(body: bytes, private_key: ec.EllipticCurvePrivateKey, auth: bytes) -> Any:
    """Decrypt an RFC 8291 message (one aes128gcm record) to its JSON.

    :raises Refused: 400 when it is no such message.
    """
    # RFC 8291: the key id is the sender's uncompressed P-256 public key.
    if len(body) < 21 or body[20] != 65:
        raise Refused(400, "the aes128gcm header does not carry a 65-byte key id")
    try:
        plain = http_ece.decrypt(body, private_key=private_key, auth_secret=auth,
                                 version="aes128gcm")
        return json.loads(plain)
    except (http_ece.ECEException, ValueError) as exc:
        raise Refused(400, f"cannot decrypt the payload: {exc}") from None


# -- Standard Webhooks -------------------------------------------------------------

@dataclass
class WebhookDelivery:
    """A verified webhook call."""

    id: str
    timestamp: int
    data: Any
    headers: dict[str, str] = field(repr=False)


class WebhookReceiver(StandIn):
    """A webhook endpoint that verifies with ``standardwebhooks.Webhook(secret)``.

    A request that does not verify (bad signature, stale or future timestamp,
    missing headers) gets 400; the rest the scripted replies, 204 by default.
    ``deliveries`` lists every accepted call, ``unique`` one per
    ``webhook-id`` (as a receiver that drops repeats sees them). Assign
    ``secret`` to rotate it.
    """

    default_status = 204

    def __init__(self, secret: str, path: str = "/hook",
                 tls: Optional[ssl.SSLContext] = None) -> None:
        super().__init__(tls)
        self.secret = secret
        self.path = path
        self.deliveries: list[WebhookDelivery] = []

    @property
    def hook_url(self) -> str:
        return self.url(self.path)

    @property
    def unique(self) -> list[WebhookDelivery]:
        with self._cond:
            first: dict[str, WebhookDelivery] = {}
            for delivery in self.deliveries:
                first.setdefault(delivery.id, delivery)
            return list(first.values())

    def wait_for(self, n: int, unique: bool = False,
                 timeout: float = WAIT) -> list[WebhookDelivery]:
        """Wait for ``n`` accepted calls (or ``n`` distinct ids); return them all."""
        count = (lambda: len({d.id for d in self.deliveries})) if unique else \
            (lambda: len(self.deliveries))
        self.wait_until(lambda: count() >= n, f"{n} webhook deliveries", timeout)
        return self.unique if unique else list(self.deliveries)

    def handle(self, request: Request) -> tuple[int, dict[str, str], bytes]:
        if request.method != "POST" or request.path != self.path:
            raise Refused(404, "no such hook")
        try:
            data = Webhook(self.secret).verify(request.body, request.headers)
        except (WebhookVerificationError, ValueError) as exc:
            raise Refused(400, f"webhook verification failed: {exc}") from None
        status, headers, body = self.next_reply()
        if 200 <= status < 300:
            with self._cond:
                self.deliveries.append(WebhookDelivery(
                    request.headers["webhook-id"], int(request.headers["webhook-timestamp"]),
                    data, dict(request.headers)))
        return status, headers, body


# -- Other helpers -------------------------------------------------------------------

class Unresponsive:
    """A TCP port on 127.0.0.1 that accepts connections (the kernel does, from
    the backlog) but never answers: a read timeout."""

    def __enter__(self) -> "Unresponsive":
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(8)
        self.port = self._sock.getsockname()[1]
        return self

    def __exit__(self, *exc: object) -> None:
        self._sock.close()


class Dripping:
    """A server on 127.0.0.1 that answers 200 with a 4096-byte body sent one
    byte every 50 ms: each read is quick, the whole reply takes minutes."""

    def __enter__(self) -> "Dripping":
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(1)
        self.port = self._sock.getsockname()[1]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._drip, daemon=True)
        self._thread.start()
        return self

    def _drip(self) -> None:
        conn, _ = self._sock.accept()
        with conn:
            conn.recv(65536)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 4096\r\n\r\n")
            deadline = time.monotonic() + WAIT
            # The pacing of the drip, not a wait for a result.
            while not self._stop.wait(0.05) and time.monotonic() < deadline:
                try:
                    conn.sendall(b"x")
                except OSError:  # the client hung up: done
                    return

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._sock.close()
        self._thread.join(WAIT)


def only_loopback(monkeypatch: Any) -> None:
    """Make any attempt to connect to a host other than 127.0.0.1 fail the
    test (call it from an autouse fixture with pytest's ``monkeypatch``)."""
    real = socket.create_connection

    def guarded(address: tuple[str, int], *args: Any, **kwargs: Any) -> socket.socket:
        if address[0] != "127.0.0.1":
            raise AssertionError(f"the test tried to connect to {address}")
        return real(address, *args, **kwargs)

    monkeypatch.setattr(socket, "create_connection", guarded)


def closed_port() -> int:
    """A port on 127.0.0.1 where nothing listens (bound, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def tls_contexts(name: str) -> tuple[ssl.SSLContext, ssl.SSLContext]:
    """A server context with a fresh self-signed certificate for ``name``,
    and a client context that trusts just that certificate."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = dt.datetime.now(dt.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(hours=1))
            .not_valid_after(now + dt.timedelta(hours=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_pem = cert.public_bytes(serialization.Encoding.PEM)
    key_pem = key.private_bytes(serialization.Encoding.PEM,
                                serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    # load_cert_chain wants files; a private temporary directory holds them.
    with tempfile.TemporaryDirectory() as folder:
        cert_file, key_file = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
        with open(cert_file, "wb") as f:
            f.write(cert_pem)
        with open(key_file, "wb") as f:
            f.write(key_pem)
        server.load_cert_chain(cert_file, key_file)
    client = ssl.create_default_context(cadata=cert_pem.decode())
    return server, client


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
