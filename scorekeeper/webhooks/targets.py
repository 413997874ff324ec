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
    """Why the server may not send to `url`, or None. Resolved now: a host that later resolves
    elsewhere is checked again at each attempt."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return Text("That is not a URL.")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return Text("A webhook is an http:// or https:// URL.")
    if parts.username or parts.password:
        return Text("A webhook URL holds no user name or password: the signature proves the "
                    "sender.")
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(
            parts.hostname, port or (443 if parts.scheme == "https" else 80),
            proto=socket.IPPROTO_TCP)}
    except (socket.gaierror, UnicodeError):
        return Text("The host {host} could not be found.", host=parts.hostname)
    for address in addresses:
        ip = ipaddress.ip_address(address.split("%")[0])
        if ip.is_multicast or ip.is_unspecified or ip.is_reserved:
            return Text("{host} is not an address to send to.", host=parts.hostname)
        if not allow_private and (ip.is_private or ip.is_loopback or ip.is_link_local
                                  or not ip.is_global):
            return Text("{host} is a private, loopback or link-local address: the server sends "
                        "webhooks to public addresses only (WEBHOOK_ALLOW_PRIVATE allows a "
                        "receiver on your own network).", host=parts.hostname)
    return None
