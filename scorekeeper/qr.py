"""URLs other phones can reach, and their QR codes: the game's invite, a club's, the server's.

base_url() is where other phones reach this server (PUBLIC_URL, else this machine's LAN
address); qr_svg() draws a URL as an inline SVG. Shared by every page that shows a code.
"""
from __future__ import annotations

import functools
import re
from urllib.parse import urlsplit

import qrcode
from flask import current_app, request
from markupsafe import Markup
from qrcode.image.svg import SvgPathFillImage

from . import network


def base_url() -> str:
    """Where other phones reach this server: PUBLIC_URL, else this machine's LAN address.

    The port is the one this request came in on; never localhost (see network.py).
    """
    configured = (current_app.config.get("PUBLIC_URL") or "").strip()
    if configured:
        return configured.rstrip("/")
    port = urlsplit(request.host_url).port
    if port is None:
        port = int(request.environ.get("SERVER_PORT") or (443 if request.is_secure else 80))
    return network.public_base_url(port)


def absolute_url(path: str) -> str:
    """A URL of this app that other phones can open (for QR codes), from a path."""
    return base_url() + path


_SVG_SIZE = re.compile(r'\s(?:width|height)="[^"]*"')


def qr_svg(url: str, label: str = "QR code") -> Markup:
    """An inline <svg> QR code for url: vector, so it stays sharp; no Pillow needed."""
    head, rest = _qr_svg_parts(url)
    return Markup(f'{head} class="qr" role="img" aria-label="{Markup.escape(label)}">{rest}')


@functools.lru_cache(maxsize=256)
def _qr_svg_parts(url: str) -> tuple[str, str]:
    """The SVG of url's QR code, split after the tag name and attributes of <svg>.

    Encoding takes ~24 ms and the answer depends on the URL alone, so it is memoized: this
    holds no game state, only the drawing of a URL. A white background and quiet zone keep
    it scannable in dark mode; width and height are dropped so CSS sizes it through the
    viewBox; the path's fixed id is dropped, as the page carries two codes.
    """
    qr = qrcode.QRCode(border=4, error_correction=qrcode.constants.ERROR_CORRECT_M,
                       image_factory=SvgPathFillImage)
    qr.add_data(url)
    qr.make(fit=True)
    svg = qr.make_image().to_string(encoding="unicode")
    svg = re.sub(r"^<\?xml[^>]*\?>\s*", "", svg)
    head, rest = svg.split(">", 1)
    return _SVG_SIZE.sub("", head), rest.replace(' id="qr-path"', "")
