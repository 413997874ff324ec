"""HTTPS behind the club's reverse proxy (README "Host it for your club"): Strict-Transport-
Security on every answer that came over HTTPS, and only then; a client's own X-Forwarded-Proto
is believed only from TRUSTED_PROXIES."""
from __future__ import annotations

from scorekeeper.security import HSTS


def test_hsts_over_https_only(client):
    assert client.get("/", base_url="https://score.example.org").headers[
        "Strict-Transport-Security"] == HSTS
    assert "Strict-Transport-Security" not in client.get("/").headers  # a LAN's plain http


def test_a_forwarded_proto_is_believed_from_a_trusted_proxy_only(client, app_factory):
    said_https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.9"}
    # No proxy configured: anyone could send the header, so the answer is plain http's.
    assert "Strict-Transport-Security" not in client.get("/", headers=said_https).headers
    proxied = app_factory("proxied.sqlite", TRUSTED_PROXIES=1).test_client()
    answer = proxied.get("/", headers=said_https, environ_base={"REMOTE_ADDR": "127.0.0.1"})
    assert answer.headers["Strict-Transport-Security"] == HSTS
    # the CSP lets NoSleep.js's data: video play, and no other media
    assert "media-src data:;" in answer.headers["Content-Security-Policy"] + ";"
