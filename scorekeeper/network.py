"""The URL phones on the same network can open: public_base_url(port); and who a client is,
for the limits that count per client: client_key(address)."""
from __future__ import annotations

import ipaddress
import os
import socket
import time


def _usable(ip: str | None) -> bool:
    if not ip:
        return False
    try:
        addr = ipaddress.ip_address(ip)
    except ValueError:
        return False
    return not (addr.is_loopback or addr.is_unspecified or addr.is_link_local)


def lan_ip() -> str | None:
    """This machine's LAN address, or None.

    Connecting a UDP socket sends nothing: it only asks the kernel which interface and source
    address it would route through. Falls back to what the hostname resolves to.
    """
    for target in ("10.254.254.254", "192.0.2.1", "8.8.8.8"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((target, 1))
                ip = s.getsockname()[0]
        except OSError:
            continue
        if _usable(ip):
            return ip
    try:
        host = socket.gethostname()
        for info in socket.getaddrinfo(host, None, socket.AF_INET):
            ip = info[4][0]
            if _usable(ip):
                return ip
    except OSError:
        pass
    return None


# lan_ip() costs a socket (~0.1 ms), and every poll's ETag holds the address (qr.base_url):
# asked again after this many seconds, so a machine that moves to another network follows.
LAN_IP_SECONDS = 10.0
_lan_ip_seen: list = []  # [when (monotonic), the address], once asked


def known_lan_ip() -> str | None:
    """lan_ip(), asked at most once every LAN_IP_SECONDS."""
    now = time.monotonic()
    if not _lan_ip_seen or now - _lan_ip_seen[0] > LAN_IP_SECONDS:
        _lan_ip_seen[:] = [now, lan_ip()]
    return _lan_ip_seen[1]


def forget_lan_ip() -> None:
    """Ask lan_ip() again on the next known_lan_ip() (the network changed, or a test)."""
    _lan_ip_seen.clear()


def public_base_url(port: int | str) -> str:
    """Base URL (no trailing slash) for phones: $PUBLIC_URL if set, else http://<LAN IP>:<port>.

    Never localhost unless nothing else exists (then the hostname, then localhost).
    """
    override = os.environ.get("PUBLIC_URL", "").strip()
    if override:
        return override.rstrip("/")
    ip = known_lan_ip()
    if ip is None:
        try:
            ip = socket.gethostname() or "localhost"
        except OSError:
            ip = "localhost"
    if ":" in ip:  # an IPv6 literal
        ip = f"[{ip}]"
    return f"http://{ip}:{int(port)}"


def client_key(address: str) -> str:
    """The client an address stands for, for limits that count per client: an IPv4 address;
    an IPv6 address by its /64 (one host or home usually owns a whole /64, and picks any address
    in it at will); anything else (a Unix socket's name) as it is, cut to 64 characters."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if ip.version == 6:
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def networks(text: str, setting: str) -> tuple:
    """The addresses or networks in a setting ("127.0.0.1, ::1", "10.0.0.0/8"), or a
    RuntimeError naming the setting and the entry it cannot read."""
    found = []
    for entry in text.replace(",", " ").split():
        try:
            found.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise RuntimeError(f"{setting}: {entry!r} is no IP address or network.") from None
    return tuple(found)


class TrustedProxyFix:
    """werkzeug's ProxyFix (`hops` proxies' X-Forwarded-For, -Proto, -Host, -Port believed) for
    requests whose peer is at one of `addresses`, the proxy's: anyone else can send those
    headers too, and theirs are never read (the request stays the socket's: its address,
    plain http). An app that listens on every interface (`make run`) behind a proxy stays
    safe from a phone on the LAN claiming to be another."""

    def __init__(self, app, hops: int, addresses: tuple):
        from werkzeug.middleware.proxy_fix import ProxyFix

        self.app = app
        self.fixed = ProxyFix(app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops)
        self.addresses = addresses

    def from_proxy(self, peer: str | None) -> bool:
        try:
            ip = ipaddress.ip_address(peer or "")
        except ValueError:
            return False
        ip = getattr(ip, "ipv4_mapped", None) or ip
        return any(ip in network for network in self.addresses)

    def __call__(self, environ, start_response):
        app = self.fixed if self.from_proxy(environ.get("REMOTE_ADDR")) else self.app
        return app(environ, start_response)
