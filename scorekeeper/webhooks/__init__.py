"""Webhooks: a club's admin registers a URL and the events it wants; each event is sent to it as
a JSON body signed with HMAC-SHA256, after the write it tells of commits, never delaying it.

store.enqueue writes each delivery in the write's own transaction; a sender thread per server
process (start_sender: `scorekeeper serve`, each gunicorn worker) sends the due ones, claiming
each first (store.claim_delivery) so that one process sends it, once. An answer other than 2xx
(or none within TIMEOUT) is tried again after BACKOFF, for a day; the deliveries stay in the
database, so a restart loses none. Only http(s) URLs, and only to public addresses unless
WEBHOOK_ALLOW_PRIVATE (targets.py).

The signature (Stripe's scheme): `Scorekeeper-Signature: t=<unix time>,v1=<hex>` where hex is
HMAC-SHA256(secret, "<t>.<body>"); a receiver recomputes it and refuses an old t (replays).
"""
from __future__ import annotations

import hashlib
import hmac
import http.client
import socket
import threading
import time
from datetime import timedelta
from urllib.parse import urlsplit

from .. import store
from ..extensions import db
from ..models import Webhook, WebhookDelivery, utcnow
from ..rules.text import N_
from .targets import checked_address

# The events a webhook may ask for, with the words the page says them in (said in its
# language where shown).
EVENTS = {"game.finished": N_("A game finished"),
          "hand.saved": N_("A hand saved (entered, changed or taken back)"),
          "event.round_started": N_("An event's round started (a playoff too)"),
          "event.round_finished": N_("An event's round finished (every match won or "
                                     "forfeited)"),
          "event.champion": N_("An event complete: its champion")}
TIMEOUT = 5  # seconds an attempt waits for its answer
LEASE = timedelta(seconds=60)  # a claim outlives any attempt: no second sender meanwhile
BACKOFF = [timedelta(seconds=s) for s in (30, 120, 600, 1800, 3600, 7200, 14400, 28800)]
GIVE_UP = timedelta(days=1)
POLL = 2.0  # seconds between looks for due deliveries


def signature(secret: str, timestamp: int, body: bytes) -> str:
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={digest.hexdigest()}"


class _AtAddress(http.client.HTTPConnection):
    """A connection to `address`, the one targets.checked_address let through, whatever the
    host's name resolves to by now (its Host header stays the URL's)."""

    def __init__(self, host, address: str, **kwargs):
        super().__init__(host, **kwargs)
        self.address = address

    def connect(self):
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _TlsAtAddress(http.client.HTTPSConnection):
    """_AtAddress over TLS: the certificate checked for the URL's host name (SNI too)."""

    def __init__(self, host, address: str, **kwargs):
        super().__init__(host, **kwargs)
        self.address = address

    def connect(self):
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def _post(url: str, address: str, body: bytes, headers: dict) -> tuple[int | None, str]:
    """POST `body` to `url` at `address`: (status, the start of the answer or why there is
    none). A 3xx is an answer, never followed."""
    parts = urlsplit(url)
    kind = _TlsAtAddress if parts.scheme == "https" else _AtAddress
    connection = kind(parts.hostname, address, port=parts.port, timeout=TIMEOUT)
    try:
        connection.request("POST", (parts.path or "/") + (f"?{parts.query}" if parts.query
                                                          else ""), body, headers)
        answer = connection.getresponse()
        return answer.status, answer.read(300).decode("utf-8", "replace")
    except (OSError, ValueError, http.client.HTTPException) as error:
        return None, f"No answer: {error}"[:300]
    finally:
        connection.close()


def _next_try(delivery: WebhookDelivery, now) -> object | None:
    """When to try again after a failed attempt: BACKOFF's step, or None past a day."""
    step = BACKOFF[min(delivery.attempts - 1, len(BACKOFF) - 1)]
    return now + step if now + step < delivery.created_at + GIVE_UP else None


def send_one(app, delivery_id: int) -> bool:
    """Claim the delivery and send it; False when another sender has it (or nothing is due)."""
    if not store.claim_delivery(delivery_id, utcnow(), LEASE):
        return False
    delivery = db.session.get(WebhookDelivery, delivery_id, populate_existing=True)
    hook = delivery and db.session.get(Webhook, delivery.webhook_id)
    if hook is None:  # removed a moment ago, its deliveries with it
        return False
    body = delivery.body.encode()
    address, why_not = checked_address(hook.url, app.config.get("WEBHOOK_ALLOW_PRIVATE", False))
    if why_not:
        status, answer = None, why_not
    else:
        status, answer = _post(hook.url, address, body, {
            "Content-Type": "application/json", "User-Agent": "Scorekeeper-Webhooks/1",
            "Scorekeeper-Event": delivery.event, "Scorekeeper-Delivery": str(delivery.id),
            "Scorekeeper-Signature": signature(hook.secret, int(time.time()), body)})
    now = utcnow()
    ok = status is not None and 200 <= status < 300
    store.delivered(delivery.id, now, status, answer, None if ok else _next_try(delivery, now))
    return True


def send_due(app) -> int:
    """Send every delivery due now (this process's share of them): how many were sent."""
    sent = 0
    with app.app_context():
        for delivery_id in store.due_deliveries(utcnow()):
            sent += send_one(app, delivery_id)
        db.session.remove()
    return sent


def start_sender(app, poll: float = POLL) -> threading.Event:
    """The sender thread of this process (a daemon): set the returned event to stop it."""
    stop = threading.Event()

    def run():
        while not stop.is_set():
            try:
                send_due(app)
            except Exception:  # a database hiccup: the deliveries wait for the next look
                app.logger.exception("webhook sender")
            stop.wait(poll)

    threading.Thread(target=run, name="webhook-sender", daemon=True).start()
    return stop
