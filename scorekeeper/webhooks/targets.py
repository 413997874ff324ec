"""Where a webhook may point: an http(s) URL whose host is a public address, so that a club's
admin cannot aim the server at its own neighbours (the database, a router's page, a cloud's
metadata address). WEBHOOK_ALLOW_PRIVATE lets a server send to private and loopback addresses
too (a receiver on the club's own network).

Why not is a Text (rules/text.py): English where the sender keeps it as a delivery's answer,
said in the admin's language on the form (i18n.say)."""
from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from ..rules.text import Text


def refused_target(url: str, allow_private: bool = False) -> str | None:
    """Why the server may not send to `url`, or None (checked_address's)."""
    return checked_address(url, allow_private)[1]


def checked_address(url: str, allow_private: bool = False) -> tuple[str | None, str | None]:
    """(the address to send to `url` at, None) or (None, why the server may not). Resolved
    now, at each attempt; the sender connects to this very address (webhooks._post), so a host
    that resolves elsewhere a moment later (DNS rebinding) is not asked again."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None, Text("That is not a URL.")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None, Text("A webhook is an http:// or https:// URL.")
    if parts.username or parts.password:
        return None, Text("A webhook URL holds no user name or password: the signature "
                          "proves the sender.")
    try:
        addresses = sorted({info[4][0] for info in socket.getaddrinfo(
            parts.hostname, port or (443 if parts.scheme == "https" else 80),
            proto=socket.IPPROTO_TCP)})
    except (socket.gaierror, UnicodeError):
        return None, Text("The host {host} could not be found.", host=parts.hostname)
    for address in addresses:
        ip = ipaddress.ip_address(address.split("%")[0])
        if ip.is_multicast or ip.is_unspecified or ip.is_reserved:
            return None, Text("{host} is not an address to send to.", host=parts.hostname)
        if not allow_private and (ip.is_private or ip.is_loopback or ip.is_link_local
                                  or not ip.is_global):
            return None, Text("{host} is a private, loopback or link-local address: the "
                              "server sends webhooks to public addresses only "
                              "(WEBHOOK_ALLOW_PRIVATE allows a receiver on your own "
                              "network).", host=parts.hostname)
    return addresses[0], None
