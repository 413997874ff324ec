"""URLs other phones can reach, and their QR codes: the game's invite, a club's, the server's.

base_url() is where other phones reach this server (PUBLIC_URL, else this machine's LAN
address); join_url(), viewer_url() and scorer_url() the links a game is shared by (the invite,
an event's table card: here, so that no package imports another's views); qr_svg() draws a URL
as an inline SVG. Shared by every page that shows a code.
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import qrcode
from flask import current_app, request, url_for
from markupsafe import Markup
from qrcode.image.svg import SvgPathFillImage

from . import network
from .render_cache import RenderCache


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


def join_url() -> str:
    """The join page, where a phone types a game's or a club's code."""
    return base_url() + url_for("sharing.join")


def viewer_url(game) -> str:
    """The game's viewer link (its invite's QR code)."""
    return base_url() + url_for("sharing.viewer", code=game.code)


def scorer_url(game) -> str:
    """The game's scorer link: the invite's second QR code, and an event's table card."""
    return base_url() + url_for("sharing.scorer", secret=game.scorer_secret)


_SVG_SIZE = re.compile(r'\s(?:width|height)="[^"]*"')


def qr_svg(url: str, label: str = "QR code") -> Markup:
    """An inline <svg> QR code for url: vector, so it stays sharp; no Pillow needed."""
    svg = _DRAWN.get(url)
    if svg is None:
        svg = _draw(url)
        _DRAWN.put(url, svg)
    head, rest = svg.split(">", 1)
    return Markup(f'{head} class="qr" role="img" aria-label="{Markup.escape(label)}">{rest}')


# The drawings of the URLs shown lately, by URL: each game shows two (its viewer and scorer
# links), and a scorer's page is drawn again at every hand. Bounded in bytes (a drawing is
# 6-11 kB), not in URLs: a server with 500 games at play keeps all of theirs.
_DRAWN = RenderCache(items=8192, max_bytes=16_000_000)


def _draw(url: str) -> str:
    """The SVG of url's QR code (qr_svg adds a class and a label to its <svg> tag).

    Encoding takes 6-25 ms and the answer depends on the URL alone, so it is kept (_DRAWN):
    this holds no game state, only the drawing of a URL. A white background and quiet zone
    keep it scannable in dark mode; width and height are dropped so CSS sizes it through the
    viewBox; the path's fixed id is dropped, as the page carries two codes.
    """
    qr = qrcode.QRCode(border=4, error_correction=qrcode.constants.ERROR_CORRECT_M,
                       image_factory=SvgPathFillImage)
    qr.add_data(url)
    qr.make(fit=True)
    svg = qr.make_image().to_string(encoding="unicode")
    svg = re.sub(r"^<\?xml[^>]*\?>\s*", "", svg)
    head, rest = svg.split(">", 1)
    return _SVG_SIZE.sub("", head) + ">" + rest.replace(' id="qr-path"', "")
