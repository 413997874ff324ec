"""`scorekeeper serve`: the app under waitress on all interfaces, with the URL and a QR code."""
from __future__ import annotations

import io
import os
import sys

import qrcode

from .network import public_base_url

DEFAULT_PORT = 5000


def qr_text(url: str) -> str:
    qr = qrcode.QRCode(border=1)
    qr.add_data(url)
    qr.make(fit=True)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()


def port_from_env() -> int:
    try:
        return int(os.environ.get("PORT", DEFAULT_PORT))
    except ValueError:
        return DEFAULT_PORT


def serve(port: int | None = None, host: str = "0.0.0.0", threads: int = 8) -> None:
    from waitress import serve as waitress_serve

    from . import create_app

    port = port or port_from_env()
    app = create_app()
    url = public_base_url(port)
    print(f"\nScorekeeper is running. On a phone on this network, open:\n\n    {url}/\n")
    try:
        print(qr_text(url + "/"))
    except Exception:  # a terminal that cannot print the blocks must not stop the server
        pass
    sys.stdout.flush()
    waitress_serve(app, host=host, port=port, threads=threads, ident="scorekeeper")
