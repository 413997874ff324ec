"""Static files: fingerprinted URLs with long cache lifetimes, and compression of every answer.

url_for('static', filename=...) gets ?v=<first 10 hex of the file's SHA-256> (an url_defaults
hook, so every template and every new file gets it without asking); a request carrying the
file's current fingerprint is answered `Cache-Control: public, max-age=31536000, immutable`,
one without it (or with an old one) `no-cache`, revalidated by ETag. The path itself never
changes, so a file that must keep a stable URL (a service worker: sw.js) is left without the
query (NO_FINGERPRINT), or asked for with url_for('static', filename=..., v=None).

Compression: Flask-Compress (brotli, gzip; zstd when installed) on HTML, CSS, JS, JSON, SVG
answers over 500 bytes, chosen by Accept-Encoding, with Vary: Accept-Encoding. A static file
is compressed once per version and encoding, as small as brotli (or gzip) makes it, and kept
(a phone's first load is mostly these files: the smallest bytes are worth the encoder's
second, spent once).
"""
from __future__ import annotations

import hashlib
import os
from functools import lru_cache

from flask import current_app, request

from .render_cache import accepted_encoding, compress

NO_FINGERPRINT = {"sw.js"}  # service workers must be fetched from one unchanging URL
LONG = "public, max-age=31536000, immutable"


@lru_cache(maxsize=512)
def _digest(path: str, mtime_ns: int, size: int) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(65536), b""):
            h.update(block)
    return h.hexdigest()[:10]


@lru_cache(maxsize=512)
def _static_path(folder: str, filename: str) -> str | None:
    """Where a static file is, resolved once per name (two realpaths cost more than the rest
    of a url_for, and a page asks for a dozen files): None outside the static folder."""
    path = os.path.realpath(os.path.join(folder, filename))
    return path if path.startswith(os.path.realpath(folder) + os.sep) else None


def fingerprint(filename: str) -> str | None:
    """The current fingerprint of a static file, or None when it does not exist."""
    path = _static_path(current_app.static_folder, filename)
    if path is None:
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    return _digest(path, st.st_mtime_ns, st.st_size)


def _add_fingerprint(endpoint: str, values: dict) -> None:
    if endpoint != "static" or "v" in values:
        return
    filename = values.get("filename") or ""
    if filename.rsplit("/", 1)[-1] in NO_FINGERPRINT:
        return
    digest = fingerprint(filename)
    if digest:
        values["v"] = digest


def _cache_static(response):
    if request.endpoint == "static" and response.status_code in (200, 304):
        filename = (request.view_args or {}).get("filename", "")
        v = request.args.get("v")
        response.headers["Cache-Control"] = LONG if v and v == fingerprint(filename) \
            else "no-cache"
    return response


@lru_cache(maxsize=128)
def _packed(path: str, digest: str, encoding: str) -> bytes:
    """The static file at `path`, in this version (`digest`), compressed its smallest."""
    with open(path, "rb") as f:
        return compress(f.read(), encoding, smallest=True)


def _compress_static(response):
    """A static file's answer, compressed once and kept (before Flask-Compress, which leaves
    an answer with a Content-Encoding alone): the ETag tells the encoding, as
    Flask-Compress's does, so a revalidation of the compressed file gets its 304."""
    config = current_app.config
    if request.endpoint != "static" or response.status_code != 200 \
            or "Content-Encoding" in response.headers \
            or response.mimetype not in config["COMPRESS_MIMETYPES"] \
            or (response.content_length or 0) < config["COMPRESS_MIN_SIZE"]:
        return response
    encoding = accepted_encoding()
    filename = (request.view_args or {}).get("filename", "")
    path = _static_path(current_app.static_folder, filename)
    digest = fingerprint(filename)
    if encoding is None or path is None or digest is None:
        return response
    response.direct_passthrough = False
    response.set_data(_packed(path, digest, encoding))
    response.headers["Content-Encoding"] = encoding
    response.vary.add("Accept-Encoding")
    etag, weak = response.get_etag()
    if etag:
        response.set_etag(f"{etag}:{encoding}", weak=weak)
    return response.make_conditional(request)


def init_app(app) -> None:
    from .extensions import compress as flask_compress

    app.url_defaults(_add_fingerprint)
    app.after_request(_cache_static)
    app.config.setdefault("COMPRESS_ALGORITHM", ["zstd", "br", "gzip", "deflate"])
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)
    flask_compress.init_app(app)
    app.after_request(_compress_static)  # after Flask-Compress's hook: run before it
