"""HTTPS behind the club's reverse proxy (README "Host it for your club"): Strict-Transport-
Security on every answer that came over HTTPS, and only then; X-Forwarded-* headers are believed
only with TRUSTED_PROXIES, and only from the proxy's addresses (TRUSTED_PROXY_ADDRESSES)."""
from __future__ import annotations

import pytest

from scorekeeper import create_app
from scorekeeper.security import HSTS

SAID_HTTPS = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.9"}


def test_hsts_over_https_only(client):
    assert client.get("/", base_url="https://score.example.org").headers[
        "Strict-Transport-Security"] == HSTS
    assert "Strict-Transport-Security" not in client.get("/").headers  # a LAN's plain http


def test_a_forwarded_proto_is_believed_from_a_trusted_proxy_only(client, app_factory):
    # No proxy configured: anyone could send the header, so the answer is plain http's.
    assert "Strict-Transport-Security" not in client.get("/", headers=SAID_HTTPS).headers
    proxied = app_factory("proxied.sqlite", TRUSTED_PROXIES=1).test_client()
    answer = proxied.get("/", headers=SAID_HTTPS, environ_base={"REMOTE_ADDR": "127.0.0.1"})
    assert answer.headers["Strict-Transport-Security"] == HSTS
    # the CSP lets NoSleep.js's data: video play, and no other media
    assert "media-src data:;" in answer.headers["Content-Security-Policy"] + ";"


@pytest.mark.parametrize("peer, believed", [
    ("127.0.0.1", True), ("::1", True), ("::ffff:127.0.0.1", True),  # the proxy, on this machine
    ("192.168.1.50", False),  # a phone on the LAN, straight to an app that listens on it
    ("10.0.0.3", False),
])
def test_forwarded_headers_only_from_the_proxys_address(app_factory, peer, believed):
    client = app_factory("proxied.sqlite", TRUSTED_PROXIES=1).test_client()
    answer = client.get("/", headers=SAID_HTTPS, environ_base={"REMOTE_ADDR": peer})
    assert ("Strict-Transport-Security" in answer.headers) is believed
    for name, cookie in _set_cookies(answer).items():
        assert ("secure" in cookie) is believed, name


def test_the_proxys_addresses_can_be_named(app_factory):
    client = app_factory("proxied.sqlite", TRUSTED_PROXIES=1,
                         TRUSTED_PROXY_ADDRESSES="10.0.0.0/24, fd00::7").test_client()
    for peer, believed in (("10.0.0.3", True), ("fd00::7", True), ("127.0.0.1", False)):
        answer = client.get("/", headers=SAID_HTTPS, environ_base={"REMOTE_ADDR": peer})
        assert ("Strict-Transport-Security" in answer.headers) is believed, peer


def test_an_address_that_is_none_is_refused_by_name(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/x.sqlite")
    monkeypatch.setenv("SECRET_KEY", "k")
    monkeypatch.setenv("TRUSTED_PROXIES", "1")
    monkeypatch.setenv("TRUSTED_PROXY_ADDRESSES", "127.0.0.1, proxy.lan")
    with pytest.raises(RuntimeError, match="TRUSTED_PROXY_ADDRESSES: 'proxy.lan' is no IP"):
        create_app()


def _set_cookies(response) -> dict[str, str]:
    """Each cookie the answer sets: its name and its attributes, lower case."""
    return {header.split("=", 1)[0]: header.lower()
            for header in response.headers.getlist("Set-Cookie")}
