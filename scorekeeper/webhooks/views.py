"""The club admin's webhook pages: the club's webhooks and the form that adds one; a webhook's
page, its secret and its deliveries, each with its answer and "Send again", and "Send a test"."""
from __future__ import annotations

import secrets

from flask import Blueprint, abort, current_app, redirect, request, url_for
from flask_babel import gettext as _
from sqlalchemy import select

from .. import i18n, store, web
from ..clubs import roster
from ..extensions import db
from ..models import Webhook, WebhookDelivery
from . import EVENTS
from .targets import refused_target

bp = Blueprint("webhooks", __name__)
SHOWN = 50  # deliveries listed on a webhook's page, the latest first


def _admin(club_id: int):
    club, phone = roster.load_club(club_id)
    if not phone.is_admin:
        abort(web.refuse(403, _("The admin's"), _("Only the club's admin adds and removes "
                                                  "the club's webhooks.")))
    return club


def _hook(club_id: int, webhook_id: int) -> Webhook:
    hook = db.session.get(Webhook, webhook_id)
    if hook is None or hook.club_id != club_id:
        abort(404)
    return hook


@bp.route("/clubs/<int:club_id>/webhooks", methods=["GET", "POST"])
def club_webhooks(club_id: int):
    club = _admin(club_id)
    error, status = None, 200
    if request.method == "POST":
        url = request.form.get("url", "").strip()[:500]
        events = [e for e in request.form.getlist("events") if e in EVENTS]
        error = i18n.say(refused_target(url, current_app.config.get("WEBHOOK_ALLOW_PRIVATE",
                                                                     False))) \
            if url else _("Give the URL the events go to.")
        if not error and not events:
            error = _("Pick the events it is sent.")
        if error:
            status = 422
        else:
            hook = store.add_webhook(club.id, url, events, secrets.token_hex(32))
            return redirect(url_for("webhooks.webhook", club_id=club.id,
                                           webhook_id=hook.id), 303)
    hooks = db.session.scalars(select(Webhook).where(Webhook.club_id == club.id)
                               .order_by(Webhook.id)).all()
    return web.render("webhooks/list.html", "webhooks/_list.html", status, club=club,
                      hooks=hooks, events=EVENTS, error=error)


@bp.get("/clubs/<int:club_id>/webhooks/<int:webhook_id>")
def webhook(club_id: int, webhook_id: int):
    club = _admin(club_id)
    hook = _hook(club.id, webhook_id)
    deliveries = db.session.scalars(
        select(WebhookDelivery).where(WebhookDelivery.webhook_id == hook.id)
        .order_by(WebhookDelivery.id.desc()).limit(SHOWN)).all()
    return web.render("webhooks/webhook.html", "webhooks/_webhook.html", club=club, hook=hook,
                      deliveries=deliveries, events=EVENTS)


@bp.post("/clubs/<int:club_id>/webhooks/<int:webhook_id>/test")
def send_test(club_id: int, webhook_id: int):
    store.enqueue_test(_hook(_admin(club_id).id, webhook_id))
    return redirect(url_for("webhooks.webhook", club_id=club_id, webhook_id=webhook_id),
                    303)


@bp.post("/clubs/<int:club_id>/webhooks/<int:webhook_id>/deliveries/<int:delivery_id>/again")
def send_again(club_id: int, webhook_id: int, delivery_id: int):
    store.send_again(_hook(_admin(club_id).id, webhook_id).id, delivery_id)
    return redirect(url_for("webhooks.webhook", club_id=club_id, webhook_id=webhook_id),
                    303)


@bp.post("/clubs/<int:club_id>/webhooks/<int:webhook_id>/remove")
def remove(club_id: int, webhook_id: int):
    store.remove_webhook(_admin(club_id).id, webhook_id)
    return redirect(url_for("webhooks.club_webhooks", club_id=club_id), 303)
