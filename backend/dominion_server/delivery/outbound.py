"""The one HTTP client through which the server calls a URL that a user gave it.

Push endpoints and webhook URLs come from users, so a request to them must not
reach the server's own network (SSRF): loopback, private ranges, link-local
and cloud metadata addresses, and so on. :func:`check_url` refuses such URLs
with :class:`UnsafeUrl`; :func:`post` checks again on every call, after DNS
resolution, and then connects to the very address it checked, so that a name
whose DNS answer changes between check and use (DNS rebinding) cannot slip
through. The ``Host`` header and the TLS certificate check keep the name.

Only hosts listed in ``allowed_hosts`` (the ``OUTBOUND_ALLOW_HOSTS`` setting,
for tests and local stand-ins) may be plain ``http`` and may be private.
"""

from __future__ import annotations

import email.utils
import http.client
import ipaddress
import re
import socket
import ssl
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Callable, Collection, Mapping, Optional, Sequence, Union
from urllib.parse import quote, urlsplit

IPAddress = Union[ipaddress.IPv4Address, ipaddress.IPv6Address]

#: ``resolver(host, port)`` returns the host's addresses as strings; it raises
#: ``OSError`` (``socket.gaierror``) when the name does not resolve.
Resolver = Callable[[str, int], Sequence[str]]

MAX_URL_LENGTH = 2000
#: Bytes of a reply body that are ever read; the rest is dropped unread.
MAX_BODY = 4096
#: (connect, read) seconds.
DEFAULT_TIMEOUT = (3.0, 5.0)
USER_AGENT = "dominion-online (turn notifications)"

#: The reason codes of :class:`UnsafeUrl` (the API names them in its 422).
REASONS = ("scheme", "credentials", "too_long", "bad_host", "private_address",
           "unresolvable", "port")

# Addresses a user's URL must never reach. Written out rather than left to
# ``ipaddress``'s flags alone, whose tables differ between Python versions;
# ``is_global`` is checked as well, as a backstop.
_BLOCKED_V4 = tuple(ipaddress.IPv4Network(n) for n in (
    "0.0.0.0/8",           # "this network", incl. 0.0.0.0
    "10.0.0.0/8",          # private
    "100.64.0.0/10",       # carrier-grade NAT
    "127.0.0.0/8",         # loopback
    "169.254.0.0/16",      # link-local, incl. the 169.254.169.254 metadata service
    "172.16.0.0/12",       # private
    "192.0.0.0/24",        # IETF protocol assignments
    "192.0.2.0/24",        # documentation
    "192.88.99.0/24",      # 6to4 relay anycast
    "192.168.0.0/16",      # private
    "198.18.0.0/15",       # benchmarking
    "198.51.100.0/24",     # documentation
    "203.0.113.0/24",      # documentation
    "224.0.0.0/4",         # multicast
    "240.0.0.0/4",         # reserved, incl. 255.255.255.255
))
_BLOCKED_V6 = tuple(ipaddress.IPv6Network(n) for n in (
    "::/96",               # unspecified, loopback, IPv4-compatible (deprecated)
    "64:ff9b:1::/48",      # local-use NAT64
    "100::/64",            # discard-only
    "2001::/23",           # IETF protocol assignments, incl. Teredo
    "2001:db8::/32",       # documentation
    "fc00::/7",            # unique local (private)
    "fe80::/10",           # link-local
    "fec0::/10",           # site-local (deprecated)
    "ff00::/8",            # multicast
))
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_SIXTOFOUR = ipaddress.IPv6Network("2002::/16")

# One DNS label: letters, digits, inner hyphens (after IDNA encoding).
_LABEL = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")
# A port that is neither a web port nor unprivileged may reach mail, SSH...
_WEB_PORTS = frozenset({80, 443})


class UnsafeUrl(ValueError):
    """A URL that the server refuses to call.

    :ivar code: one of :data:`REASONS`.
    :ivar detail: a sentence for the user.
    """

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


class DeliveryError(Exception):
    """The request did not get a reply (network failure, timeout, TLS): retry later."""


@dataclass(frozen=True)
class Target:
    """A checked URL: where to connect and what to send.

    ``addresses`` are the resolved addresses, every one of them checked; the
    request connects to one of these, never to a fresh DNS answer.
    """

    url: str
    scheme: str
    host: str               # lower-case name or address literal, no brackets
    port: int
    path: str               # path and query, as sent in the request line
    addresses: tuple[str, ...]
    allowed: bool           # listed in allowed_hosts: may be http and private

    @property
    def origin(self) -> str:
        """``scheme://host[:port]``, the port only when not the default one."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        default = 443 if self.scheme == "https" else 80
        return f"{self.scheme}://{host}" + ("" if self.port == default else f":{self.port}")


@dataclass(frozen=True)
class Reply:
    """What the other side answered.

    ``headers`` has lower-case names; ``body`` is at most :data:`MAX_BODY`
    bytes; ``retry_after`` is the ``Retry-After`` header in seconds, if any.
    """

    status: int
    headers: dict[str, str]
    body: bytes
    retry_after: Optional[float]

    @property
    def ok(self) -> bool:
        """True for a 2xx status."""
        return 200 <= self.status < 300


def parse_allowed_hosts(setting: Optional[str]) -> frozenset[str]:
    """Turn the ``OUTBOUND_ALLOW_HOSTS`` setting (``host`` or ``host:port``,
    comma-separated) into the ``allowed_hosts`` that the functions here take."""
    return frozenset(h.strip().lower() for h in (setting or "").split(",") if h.strip())


def system_resolver(host: str, port: int) -> list[str]:
    """Resolve ``host`` with the operating system's resolver.

    :raises OSError: the name does not resolve.
    """
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def is_public_address(ip: IPAddress) -> bool:
    """Whether a user's URL may reach ``ip``: no loopback, private, link-local,
    CGNAT, multicast, reserved or unspecified address, also not when wrapped
    in IPv6 (IPv4-mapped, NAT64, 6to4)."""
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = _embedded_ipv4(ip)
        if embedded is not None:
            return is_public_address(embedded)
        if ip.scope_id or any(ip in net for net in _BLOCKED_V6):
            return False
    elif any(ip in net for net in _BLOCKED_V4):
        return False
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_loopback
                                 or ip.is_link_local or ip.is_private
                                 or ip.is_unspecified)


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> Optional[ipaddress.IPv4Address]:
    """The IPv4 address that an IPv6 address carries (mapped, NAT64, 6to4)."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip in _NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if ip in _SIXTOFOUR:
        return ip.sixtofour
    return None


def check_url(url: str, allowed_hosts: Collection[str] = (),
              resolver: Optional[Resolver] = None) -> Target:
    """Check that the server may call ``url``, resolving its host.

    :param allowed_hosts: ``host`` or ``host:port`` entries (lower case) that
        may use plain ``http`` and private addresses.
    :param resolver: for tests; the system resolver by default.
    :raises UnsafeUrl: with the reason code (see :data:`REASONS`).
    """
    if not isinstance(url, str) or not url:
        raise UnsafeUrl("bad_host", "the URL is empty")
    if len(url) > MAX_URL_LENGTH:
        raise UnsafeUrl("too_long", f"the URL is longer than {MAX_URL_LENGTH} characters")
    if any(ord(c) <= 0x20 or ord(c) == 0x7F for c in url):
        raise UnsafeUrl("bad_host", "the URL contains a space or a control character")
    try:
        parts = urlsplit(url)
    except ValueError as exc:  # e.g. an unbalanced "[" in the host
        raise UnsafeUrl("bad_host", f"the URL cannot be parsed: {exc}") from None
    scheme = parts.scheme.lower()
    if scheme not in ("https", "http"):
        raise UnsafeUrl("scheme", "only https URLs are accepted")
    # "@" anywhere in the authority means user info, even when urlsplit
    # would read it differently from another parser.
    if "@" in parts.netloc or parts.username is not None or parts.password is not None:
        raise UnsafeUrl("credentials", "the URL must not contain a user name or password")
    host = _check_host(parts.hostname or "", parts.netloc)
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port is None:
        port = 443 if scheme == "https" else 80
    if not 0 < port < 65536:
        raise UnsafeUrl("port", "the port is not a number between 1 and 65535")
    names = {host, f"{host}:{port}", f"[{host}]", f"[{host}]:{port}"}
    allowed = any(h.lower() in names for h in allowed_hosts)
    if scheme == "http" and not allowed:
        raise UnsafeUrl("scheme", "only https URLs are accepted, not plain http")
    if not allowed and port not in _WEB_PORTS and port < 1024:
        raise UnsafeUrl("port", f"port {port} is not a web port (443, 80 or 1024-65535)")
    addresses = _resolve(host, port, resolver or system_resolver)
    if not allowed:
        for address in addresses:
            if not is_public_address(ipaddress.ip_address(address)):
                where = host if address == host else f"{host} resolves to {address}, which"
                raise UnsafeUrl("private_address", f"{where} is not a public address")
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    # The request line is ASCII: percent-encode the rest (existing escapes stay).
    path = quote(path, safe="/?%:@!$&'()*+,;=-._~")
    return Target(url=url, scheme=scheme, host=host, port=port, path=path,
                  addresses=addresses, allowed=allowed)


def _check_host(hostname: str, netloc: str) -> str:
    """Return the lower-case host (a DNS name or an address literal).

    :raises UnsafeUrl: ``bad_host``.
    """
    if not hostname:
        raise UnsafeUrl("bad_host", "the URL has no host")
    if "%" in hostname:  # an IPv6 zone id or a percent-encoded name
        raise UnsafeUrl("bad_host", f"{hostname!r} is not a valid host")
    if netloc.startswith("[") or ":" in hostname:  # an IPv6 literal
        try:
            ip = ipaddress.IPv6Address(hostname)
        except ValueError:  # also a zone id ("fe80::1%eth0")
            raise UnsafeUrl("bad_host", f"{hostname!r} is not an IPv6 address") from None
        return str(ip)
    try:
        return str(ipaddress.IPv4Address(hostname))
    except ValueError:
        pass
    try:
        name = hostname.rstrip(".").encode("idna").decode("ascii").lower()
    except UnicodeError:
        raise UnsafeUrl("bad_host", f"{hostname!r} is not a valid host name") from None
    labels = name.split(".")
    if len(name) > 253 or not all(_LABEL.match(label) for label in labels):
        raise UnsafeUrl("bad_host", f"{hostname!r} is not a valid host name")
    # An all-digit last label is no top-level domain but an IPv4 address in a
    # form that the C resolver accepts ("2130706433", "127.1", "0x7f.1").
    if labels[-1].isdigit() or re.fullmatch(r"0x[0-9a-f]*", labels[-1]):
        raise UnsafeUrl("bad_host", f"{hostname!r} is not a valid host name")
    return name


def _resolve(host: str, port: int, resolver: Resolver) -> tuple[str, ...]:
    """The host's addresses, each a valid IP address string.

    :raises UnsafeUrl: ``unresolvable``.
    """
    try:
        ipaddress.ip_address(host)
        return (host,)
    except ValueError:
        pass
    try:
        found = resolver(host, port)
    except (OSError, UnicodeError) as exc:
        raise UnsafeUrl("unresolvable", f"{host} cannot be resolved ({exc})") from None
    addresses = []
    for address in found:
        try:  # a scoped IPv6 answer ("fe80::1%2") keeps its scope: refused later
            addresses.append(str(ipaddress.ip_address(address)))
        except ValueError:
            raise UnsafeUrl("unresolvable",
                            f"{host} resolves to {address!r}, not an address") from None
    if not addresses:
        raise UnsafeUrl("unresolvable", f"{host} has no address")
    return tuple(addresses)


def post(url: str, body: bytes, headers: Mapping[str, str],
         allowed_hosts: Collection[str] = (),
         timeout: tuple[float, float] = DEFAULT_TIMEOUT, *,
         resolver: Optional[Resolver] = None,
         tls: Optional[ssl.SSLContext] = None) -> Reply:
    """POST ``body`` to ``url`` after checking it again, without following
    redirects (a 3xx is returned as it is) and reading at most
    :data:`MAX_BODY` bytes of the reply.

    :param timeout: (connect, read) seconds: to connect, and to wait for each
        read; the whole exchange with one address, TLS included, must be over
        within their sum.
    :param tls: the TLS context (tests); ``ssl.create_default_context()`` by default.
    :raises UnsafeUrl: the URL is refused (see :func:`check_url`); nothing was sent.
    :raises DeliveryError: no reply: the name did not resolve right now, the
        connection failed or timed out, TLS failed, the reply was malformed.
    """
    try:
        target = check_url(url, allowed_hosts, resolver)
    except UnsafeUrl as exc:
        if exc.code == "unresolvable":  # DNS may be down for a moment: retry later
            raise DeliveryError(exc.detail) from None
        raise
    connect_timeout, read_timeout = timeout
    failures = []
    for address in target.addresses:
        conn = _connection(target, address, connect_timeout, read_timeout, tls)
        # Per-read timeouts alone let a server drip one byte at a time for
        # hours; a watchdog cuts the connection at the overall deadline.
        watchdog = threading.Timer(connect_timeout + read_timeout, conn.cut)
        watchdog.daemon = True
        watchdog.start()
        try:
            try:
                conn.connect()
            except OSError as exc:
                failures.append(f"{address}: {exc}")
                continue
            try:
                reply = _exchange(conn, target, body, headers)
            except (OSError, http.client.HTTPException) as exc:
                raise DeliveryError(f"{target.origin} ({address}): {exc!r}"
                                    + conn.cut_note) from None
            if conn.was_cut:  # the reply may look whole but was cut short
                raise DeliveryError(f"{target.origin} ({address}):" + conn.cut_note)
            return reply
        finally:
            watchdog.cancel()
            conn.close()
    raise DeliveryError(f"cannot connect to {target.origin}: {'; '.join(failures)}")


def _exchange(conn: _PinnedHTTPConnection, target: Target, body: bytes,
              headers: Mapping[str, str]) -> Reply:
    """Send the request on a connected ``conn`` and read the capped reply."""
    conn.putrequest("POST", target.path, skip_accept_encoding=True)
    # Content-Length is ours to set: a caller's value could desync the body.
    given = {k: v for k, v in headers.items() if k.lower() != "content-length"}
    sent = {name.lower() for name in given}
    defaults = {"User-Agent": USER_AGENT, "Connection": "close"}
    for name, value in {**{k: v for k, v in defaults.items() if k.lower() not in sent},
                        **given}.items():
        conn.putheader(name, value)
    conn.putheader("Content-Length", str(len(body)))
    conn.endheaders(body)
    response = conn.getresponse()
    data = b""
    while len(data) < MAX_BODY:
        chunk = response.read(MAX_BODY - len(data))
        if not chunk:
            break
        data += chunk
    reply_headers: dict[str, str] = {}
    for name, value in response.getheaders():
        name = name.lower()
        reply_headers[name] = f"{reply_headers[name]}, {value}" if name in reply_headers else value
    return Reply(status=response.status, headers=reply_headers, body=data,
                 retry_after=parse_retry_after(reply_headers.get("retry-after")))


def _connection(target: Target, address: str, connect_timeout: float,
                read_timeout: float, tls: Optional[ssl.SSLContext]
                ) -> _PinnedHTTPConnection:
    """A connection that will go to ``address`` while naming ``target.host``."""
    if target.scheme == "https":
        return _PinnedHTTPSConnection(target.host, target.port, address, connect_timeout,
                                      read_timeout, tls or ssl.create_default_context())
    return _PinnedHTTPConnection(target.host, target.port, address, connect_timeout,
                                 read_timeout)


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """Connects to a checked address; ``Host`` still names the URL's host.

    :meth:`cut` (from another thread) shuts the connection down, so that a
    blocked read returns at once.
    """

    def __init__(self, host: str, port: int, address: str, connect_timeout: float,
                 read_timeout: float) -> None:
        super().__init__(host, port, timeout=connect_timeout)
        self._address = address
        self._read_timeout = read_timeout
        self._deadline = connect_timeout + read_timeout
        self._lock = threading.Lock()
        self._handle: Optional[socket.socket] = None  # a dup of the TCP socket
        self.was_cut = False

    def connect(self) -> None:
        # Never socket.create_connection(self.host): that would resolve again.
        sock = socket.create_connection((self._address, self.port), self.timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.settimeout(self._read_timeout)
        with self._lock:
            # A TLS socket cannot be dup()ed or shut down from another thread
            # safely; a duplicate of the plain socket can.
            self._handle = sock.dup()
            if self.was_cut:
                self._handle.shutdown(socket.SHUT_RDWR)
        self.sock = sock

    def cut(self) -> None:
        """Shut the connection down (the watchdog's deadline passed)."""
        with self._lock:
            self.was_cut = True
            if self._handle is not None:
                try:
                    self._handle.shutdown(socket.SHUT_RDWR)
                except OSError:  # already closed by the other side
                    pass

    @property
    def cut_note(self) -> str:
        return f" (no complete reply within {self._deadline:g}s)" if self.was_cut else ""

    def close(self) -> None:
        super().close()
        with self._lock:
            if self._handle is not None:
                self._handle.close()
                self._handle = None


class _PinnedHTTPSConnection(_PinnedHTTPConnection):
    """Like :class:`_PinnedHTTPConnection`, with TLS: SNI and the certificate
    check use the URL's host, not the address."""

    def __init__(self, host: str, port: int, address: str, connect_timeout: float,
                 read_timeout: float, context: ssl.SSLContext) -> None:
        super().__init__(host, port, address, connect_timeout, read_timeout)
        self._context = context

    def connect(self) -> None:
        super().connect()
        self.sock = self._context.wrap_socket(self.sock, server_hostname=self.host)


def parse_retry_after(value: Optional[str], now: Optional[datetime] = None) -> Optional[float]:
    """Seconds to wait from a ``Retry-After`` header (delay seconds or an HTTP
    date); ``None`` when absent or unreadable; never negative."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:  # "-0000": UTC by RFC 5322
        when = when.replace(tzinfo=timezone.utc)
    now = now or datetime.now(timezone.utc)
    return max(0.0, (when - now).total_seconds())


__all__ = ["DEFAULT_TIMEOUT", "DeliveryError", "MAX_BODY", "MAX_URL_LENGTH", "REASONS",
           "Reply", "Resolver", "Target", "UnsafeUrl", "check_url", "is_public_address",
           "parse_allowed_hosts", "parse_retry_after", "post", "system_resolver"]
