"""The outbound HTTP client: URL safety (issue 22 §3) and how it talks.

Every test here contacts 127.0.0.1 only. A guard fails any test whose code
tries to open a connection anywhere else, so a refused address is shown to be
refused before a connection is even tried. Public-looking names resolve
through a small in-test resolver, never through real DNS.
"""

from __future__ import annotations

import socket
from datetime import datetime, timezone

import pytest

from dominion_server.delivery import outbound
from dominion_server.delivery.outbound import (
    DeliveryError, UnsafeUrl, check_url, parse_allowed_hosts, parse_retry_after, post,
)
from tests.delivery_servers import (
    Dripping, ScriptedServer, Unresponsive, closed_port, only_loopback, tls_contexts,
)

PUBLIC_V4 = "93.184.215.14"
PUBLIC_V6 = "2606:2800:21f:cb07:6820:80da:af6b:8b2c"


@pytest.fixture(autouse=True)
def guard(monkeypatch):
    only_loopback(monkeypatch)


def dns(table: dict[str, list[str]], calls: list[str] | None = None):
    """A resolver that knows only ``table``; other names do not resolve."""
    def resolve(host: str, port: int) -> list[str]:
        if calls is not None:
            calls.append(host)
        if host not in table:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return table[host]
    return resolve


PUBLIC_DNS = dns({"example.com": [PUBLIC_V4, PUBLIC_V6]})


def refused(url: str, code: str, resolver=PUBLIC_DNS) -> UnsafeUrl:
    """Both check_url and post refuse ``url`` with ``code`` (post sends nothing)."""
    with pytest.raises(UnsafeUrl) as checked:
        check_url(url, (), resolver)
    assert checked.value.code == code, checked.value
    with pytest.raises(UnsafeUrl) as posted:
        post(url, b"{}", {"Content-Type": "application/json"}, (), resolver=resolver)
    assert posted.value.code == code
    return checked.value


# -- Addresses ------------------------------------------------------------------------

def test_refuses_loopback_ipv4():
    error = refused("https://127.0.0.1/hook", "private_address")
    assert "127.0.0.1" in error.detail


def test_refuses_loopback_in_the_rest_of_127_8():
    refused("https://127.8.9.10/hook", "private_address")


def test_refuses_localhost_through_the_system_resolver():
    # /etc/hosts answers for localhost: no DNS traffic leaves the machine.
    refused("https://localhost/hook", "private_address", outbound.system_resolver)


def test_refuses_private_10_8():
    refused("https://10.0.0.1/", "private_address")


def test_refuses_private_172_16_12():
    refused("https://172.16.0.1/", "private_address")
    refused("https://172.31.255.254/", "private_address")


def test_refuses_private_192_168_16():
    refused("https://192.168.1.1/", "private_address")


def test_refuses_cloud_metadata_address():
    refused("https://169.254.169.254/latest/meta-data/", "private_address")


def test_refuses_carrier_grade_nat():
    refused("https://100.64.0.1/", "private_address")


def test_refuses_unspecified_address():
    refused("https://0.0.0.0/", "private_address")
    refused("https://[::]/", "private_address")


def test_refuses_multicast_and_broadcast():
    refused("https://224.0.0.1/", "private_address")
    refused("https://255.255.255.255/", "private_address")
    refused("https://[ff02::1]/", "private_address")


def test_refuses_ipv6_loopback():
    refused("https://[::1]/hook", "private_address")


def test_refuses_ipv4_mapped_loopback():
    refused("https://[::ffff:127.0.0.1]/hook", "private_address")


def test_refuses_ipv4_mapped_private():
    refused("https://[::ffff:10.0.0.1]/hook", "private_address")
    refused("https://[::ffff:a9fe:a9fe]/", "private_address")  # 169.254.169.254


def test_refuses_ipv4_compatible_loopback():
    refused("https://[::127.0.0.1]/", "private_address")


def test_refuses_nat64_of_a_private_address():
    refused("https://[64:ff9b::7f00:1]/", "private_address")      # 127.0.0.1
    refused("https://[64:ff9b::a9fe:a9fe]/", "private_address")   # 169.254.169.254


def test_refuses_6to4_of_a_private_address():
    refused("https://[2002:c0a8:101::1]/", "private_address")     # 192.168.1.1


def test_refuses_ipv6_unique_local_and_link_local():
    refused("https://[fc00::1]/", "private_address")
    refused("https://[fd12:3456::1]/", "private_address")
    refused("https://[fe80::1]/", "private_address")


def test_refuses_a_name_that_resolves_to_a_private_address():
    resolver = dns({"hooks.example.com": ["192.168.0.10"]})
    error = refused("https://hooks.example.com/cb", "private_address", resolver)
    assert "hooks.example.com" in error.detail and "192.168.0.10" in error.detail


def test_refuses_a_name_with_any_private_address_among_public_ones():
    resolver = dns({"hooks.example.com": [PUBLIC_V4, "10.9.8.7"]})
    refused("https://hooks.example.com/cb", "private_address", resolver)


def test_refuses_a_name_mapped_to_loopback_in_ipv6():
    resolver = dns({"hooks.example.com": ["::ffff:127.0.0.1"]})
    refused("https://hooks.example.com/cb", "private_address", resolver)


def test_accepts_a_public_name_and_keeps_its_addresses():
    target = check_url("https://Example.COM:8443/push/1?x=2", (), PUBLIC_DNS)
    assert (target.scheme, target.host, target.port, target.path) == \
        ("https", "example.com", 8443, "/push/1?x=2")
    assert target.addresses == (PUBLIC_V4, PUBLIC_V6)
    assert target.origin == "https://example.com:8443"
    assert not target.allowed


def test_accepts_public_address_literals():
    assert check_url(f"https://{PUBLIC_V4}/", ()).addresses == (PUBLIC_V4,)
    assert check_url(f"https://[{PUBLIC_V6}]/", ()).origin == f"https://[{PUBLIC_V6}]"


# -- The URL itself ---------------------------------------------------------------------

def test_refuses_plain_http_to_a_public_host():
    error = refused("http://example.com/hook", "scheme")
    assert "https" in error.detail


@pytest.mark.parametrize("url", ["ftp://example.com/", "file:///etc/passwd",
                                 "gopher://example.com/", "javascript:alert(1)",
                                 "//example.com/"])
def test_refuses_other_schemes(url):
    refused(url, "scheme")


def test_refuses_credentials_in_the_url():
    refused("https://u:p@example.com/", "credentials")


def test_refuses_a_user_name_alone_and_tricky_at_signs():
    refused("https://u@example.com/", "credentials")
    refused("https://example.com@10.0.0.1/", "credentials")


def test_refuses_an_over_long_url():
    base = "https://example.com/"
    refused(base + "a" * (2001 - len(base)), "too_long")
    # 2000 characters exactly are fine.
    assert check_url(base + "a" * (2000 - len(base)), (), PUBLIC_DNS).host == "example.com"


@pytest.mark.parametrize("url", [
    "https:///hook", "https://exa_mple.com/", "https://-bad.example.com/",
    "https://a..example.com/", "https://[::1%25lo]/", "https://[not-v6]/",
    "https://[::1/", "https://ex ample.com/", "https://example.com\n.evil/",
    "https://" + "a" * 64 + ".com/", "",
])
def test_refuses_bad_hosts(url):
    refused(url, "bad_host")


@pytest.mark.parametrize("host", ["2130706433", "127.1", "0x7f.1", "0177.0.0.1"])
def test_refuses_numeric_host_forms_that_the_c_resolver_reads_as_ipv4(host):
    # Each of these means 127.0.0.1 to inet_aton.
    refused(f"https://{host}/", "bad_host", outbound.system_resolver)


def test_refuses_privileged_ports_other_than_web_ports():
    refused("https://example.com:22/", "port")
    refused("https://example.com:25/", "port")
    assert check_url("https://example.com:443/", (), PUBLIC_DNS).port == 443
    assert check_url("https://example.com:8443/", (), PUBLIC_DNS).port == 8443


def test_refuses_impossible_ports():
    refused("https://example.com:0/", "port")
    refused("https://example.com:70000/", "port")
    refused("https://example.com:http/", "port")


def test_a_name_that_does_not_resolve_is_refused_at_check_but_retryable_at_delivery():
    with pytest.raises(UnsafeUrl) as error:
        check_url("https://nowhere.example/", (), dns({}))
    assert error.value.code == "unresolvable"
    with pytest.raises(DeliveryError):
        post("https://nowhere.example/", b"", {}, (), resolver=dns({}))


# -- Checked again on every delivery ---------------------------------------------------

def test_checks_again_on_delivery_and_a_rebound_name_is_refused():
    answers = iter([[PUBLIC_V4], ["127.0.0.1"]])
    resolver = lambda host, port: next(answers)  # noqa: E731
    assert check_url("https://hooks.example.com/", (), resolver).addresses == (PUBLIC_V4,)
    # The guard fails the test if post connects anywhere.
    with pytest.raises(UnsafeUrl) as error:
        post("https://hooks.example.com/", b"{}", {}, (), resolver=resolver)
    assert error.value.code == "private_address"


def test_connects_to_the_checked_address_without_resolving_again():
    with ScriptedServer() as server:
        calls: list[str] = []
        resolver = dns({"hooks.test": ["127.0.0.1"]}, calls)
        allowed = {f"hooks.test:{server.port}"}
        reply = post(server.url("/cb", host="hooks.test"), b'{"a": 1}',
                     {"Content-Type": "application/json"}, allowed, resolver=resolver)
        assert reply.status == 200
        # hooks.test exists only in the test's resolver, consulted once: the
        # connection went to the address it returned.
        assert calls == ["hooks.test"]
        [request] = server.requests
        assert request.headers["host"] == f"hooks.test:{server.port}"
        assert request.body == b'{"a": 1}' and request.path == "/cb"


# -- Allowed hosts (tests, local stand-ins) ----------------------------------------------

def test_allowed_hosts_setting_is_parsed():
    assert parse_allowed_hosts(" 127.0.0.1:8080, Push.Test ,") == \
        frozenset({"127.0.0.1:8080", "push.test"})
    assert parse_allowed_hosts(None) == frozenset()


def test_an_allowed_host_may_be_http_and_loopback_but_only_that_one():
    with ScriptedServer() as server:
        assert check_url(server.url("/x"), server.allowed_hosts).allowed
        assert check_url(server.url("/x"), {"127.0.0.1"}).allowed  # any port
        with pytest.raises(UnsafeUrl) as error:  # another port of the same host
            check_url(f"http://127.0.0.1:{server.port + 1}/", server.allowed_hosts)
        assert error.value.code == "scheme"
        with pytest.raises(UnsafeUrl) as error:
            check_url(f"https://127.0.0.1:{server.port + 1}/", server.allowed_hosts)
        assert error.value.code == "private_address"


# -- The exchange -----------------------------------------------------------------------

def test_posts_the_body_and_headers_and_returns_the_reply():
    with ScriptedServer() as server:
        server.script((202, {"X-Thing": "yes"}, b"accepted"))
        reply = post(server.url("/in?q=1"), b"hello", {"Content-Type": "text/plain",
                                                         "Content-Length": "999"},
                     server.allowed_hosts)
        assert (reply.status, reply.body, reply.headers["x-thing"]) == (202, b"accepted", "yes")
        assert reply.ok and reply.retry_after is None
        [request] = server.requests
        assert (request.method, request.path, request.body) == ("POST", "/in?q=1", b"hello")
        # Content-Length is always the real one, whatever a caller passes.
        assert request.headers["content-length"] == "5"
        assert request.headers["content-type"] == "text/plain"
        assert "dominion" in request.headers["user-agent"]


def test_a_path_outside_ascii_is_sent_percent_encoded():
    with ScriptedServer() as server:
        reply = post(server.url("/hook/ž?a=%20b&c=ř"), b"", {}, server.allowed_hosts)
        assert reply.status == 200
        assert server.requests[0].path == "/hook/%C5%BE?a=%20b&c=%C5%99"


def test_a_redirect_is_not_followed():
    with ScriptedServer() as target, ScriptedServer() as redirector:
        allowed = redirector.allowed_hosts | target.allowed_hosts
        redirector.script((302, {"Location": target.url("/stolen")}),
                          (307, {"Location": target.url("/stolen")}))
        first = post(redirector.url("/hook"), b"{}", {}, allowed)
        second = post(redirector.url("/hook"), b"{}", {}, allowed)
        assert (first.status, second.status) == (302, 307)
        assert first.headers["location"] == target.url("/stolen") and not first.ok
        assert len(redirector.requests) == 2
        assert target.requests == []


def test_reads_at_most_4_kib_of_the_body():
    with ScriptedServer() as server:
        server.script((200, {}, b"x" * (4 * 1024 * 1024)))
        reply = post(server.url(), b"", {}, server.allowed_hosts)
        assert reply.status == 200
        assert len(reply.body) == 4096 == outbound.MAX_BODY


def test_a_closed_port_raises_delivery_error():
    port = closed_port()
    with pytest.raises(DeliveryError) as error:
        post(f"http://127.0.0.1:{port}/", b"", {}, {"127.0.0.1"}, timeout=(2, 2))
    assert f"127.0.0.1:{port}" in str(error.value)


def test_a_server_that_never_answers_times_out_with_delivery_error():
    with Unresponsive() as silent:
        with pytest.raises(DeliveryError) as error:
            post(f"http://127.0.0.1:{silent.port}/", b"{}", {}, {"127.0.0.1"},
                 timeout=(2, 0.3))
        assert "timed out" in str(error.value)


def test_a_reply_dripping_byte_by_byte_is_cut_at_the_overall_deadline():
    with Dripping() as slow:
        with pytest.raises(DeliveryError) as error:
            # Every byte comes within the 0.5 s read timeout; the whole reply
            # would take 200 s.
            post(f"http://127.0.0.1:{slow.port}/", b"{}", {}, {"127.0.0.1"},
                 timeout=(0.5, 0.5))
        assert "no complete reply within 1s" in str(error.value)


def test_retry_after_in_seconds_from_a_429():
    with ScriptedServer() as server:
        server.script((429, {"Retry-After": "120"}))
        reply = post(server.url(), b"", {}, server.allowed_hosts)
        assert (reply.status, reply.retry_after) == (429, 120.0)


def test_retry_after_as_an_http_date():
    now = datetime(2026, 11, 27, 12, 0, 0, tzinfo=timezone.utc)
    assert parse_retry_after("Fri, 27 Nov 2026 12:01:30 GMT", now) == 90.0
    assert parse_retry_after("Fri, 27 Nov 2026 11:00:00 GMT", now) == 0.0  # past
    assert parse_retry_after("soon", now) is None
    assert parse_retry_after(None, now) is None


# -- TLS ------------------------------------------------------------------------------

def test_https_to_the_checked_address_verifies_the_certificate_for_the_name():
    server_tls, client_tls = tls_contexts("push.test")
    with ScriptedServer(tls=server_tls) as server:
        resolver = dns({"push.test": ["127.0.0.1"]})
        allowed = {"push.test"}
        reply = post(server.url("/p", host="push.test"), b"{}", {}, allowed,
                     resolver=resolver, tls=client_tls)
        assert reply.status == 200
        assert server.requests[0].headers["host"] == f"push.test:{server.port}"


def test_https_refuses_a_certificate_for_another_name():
    server_tls, client_tls = tls_contexts("other.test")
    with ScriptedServer(tls=server_tls) as server:
        resolver = dns({"push.test": ["127.0.0.1"]})
        with pytest.raises(DeliveryError) as error:
            post(server.url("/p", host="push.test"), b"{}", {}, {"push.test"},
                 resolver=resolver, tls=client_tls)
        assert "certificate" in str(error.value).lower()
        assert server.requests == []


def test_https_refuses_an_untrusted_certificate_by_default():
    server_tls, _ = tls_contexts("push.test")
    with ScriptedServer(tls=server_tls) as server:
        resolver = dns({"push.test": ["127.0.0.1"]})
        with pytest.raises(DeliveryError):
            post(server.url("/p", host="push.test"), b"{}", {}, {"push.test"},
                 resolver=resolver)
        assert server.requests == []
