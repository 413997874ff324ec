"""The phone-app routes: the manifest, the service worker, the offline page, the TV view, and
what a kept hand is (POST /games/<id>/hands/kept)."""
from __future__ import annotations

import json
import re

import pytest

from .helpers import create, game, post_hand, text

HAND = {"mode": "quick", "bidder": "1", "bid": "30", "contract": "straight", "points": "34"}


def test_manifest(client):
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200 and r.mimetype == "application/manifest+json"
    m = json.loads(r.get_data(as_text=True))
    assert m["display"] == "standalone" and m["start_url"] == "/" and m["scope"] == "/"
    for icon in m["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_service_worker_precaches_the_shell_by_the_urls_pages_use(client):
    r = client.get("/sw.js")
    assert r.status_code == 200 and r.mimetype == "text/javascript"
    assert r.headers["Service-Worker-Allowed"] == "/" and r.headers["Cache-Control"] == "no-cache"
    body = r.get_data(as_text=True)
    shell = json.loads(body.split("self.SK_SHELL = ", 1)[1].split(";\n", 1)[0])
    assert "/offline" in shell
    page = client.get("/").get_data(as_text=True)
    for name in ("css/app.css", "js/htmx.min.js", "js/pwa.js"):
        # the very URL the page uses, fingerprint and all (assets.py)
        url = re.search(rf'"(/static/{re.escape(name)}(?:\?v=\w+)?)"', page)[1]
        assert url in shell
    assert client.get("/sw.js").get_data(as_text=True) == body  # stable while nothing changes


def test_offline_page(client):
    r = client.get("/offline")
    assert r.status_code == 200 and "Reconnecting" in text(r) and "data-offline" in r.get_data(
        as_text=True)


def test_tv_view_reads_like_the_game_page_and_offers_no_change(client, app):
    gid = create(client, "lechner42")
    assert post_hand(client, gid, HAND).status_code == 303
    r = client.get(f"/games/{gid}/tv")
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and 'id="scoreboard"' in html and 'id="live"' in html
    assert "hand-form" not in html and "Undo" not in html and "/edit" not in html
    stranger = app.test_client()
    r = stranger.get(f"/games/{gid}/tv")
    assert r.status_code == 404 and "No game here" in r.get_data(as_text=True)


SAVE = {"save_id": "a1b2c3d4e5f60718"}  # what pwa.js draws for each save


def test_a_kept_hand_this_phone_saved_is_known_as_saved(client):
    gid = create(client, "lechner42")
    version = game(gid).version
    assert post_hand(client, gid, {**HAND, **SAVE}).status_code == 303  # its answer was lost
    again = post_hand(client, gid, {**HAND, **SAVE}, version=version)  # resent: stale
    assert again.status_code == 409 and len(game(gid).hands) == 1
    r = client.post(f"/games/{gid}/hands/kept", data={"number": "0", "version": str(version),
                                                       **HAND, **SAVE})
    assert r.get_json() == {"saved": True, "text": "Bob bid 30 straight 42, caught 34: made",
                            "now": "Bob bid 30 straight 42, caught 34: made"}


def test_an_identical_hand_another_phone_on_the_scorer_link_saved_is_not_this_phones(client,
                                                                                      app):
    """Two phones hold the same scorer link; the other one saves the very hand this phone
    kept, at the same number: this phone's save never went through, so it is not saved."""
    gid = create(client, "lechner42")
    version = game(gid).version
    phones = []
    for _ in range(2):
        phone = app.test_client()
        assert phone.get(f"/s/{game(gid).scorer_secret}").status_code == 303
        phones.append(phone)
    mine, other = phones
    assert post_hand(other, gid, {**HAND, "save_id": "0ther0ther0ther0"}).status_code == 303
    kept = {"number": "0", "version": str(version), **HAND}
    r = mine.post(f"/games/{gid}/hands/kept", data={**kept, **SAVE})
    assert r.get_json()["saved"] is False
    assert mine.post(f"/games/{gid}/hands/kept", data=kept).get_json()["saved"] is False
    r = other.post(f"/games/{gid}/hands/kept", data={**kept, "save_id": "0ther0ther0ther0"})
    assert r.get_json()["saved"] is True
    # a save without an id (no JavaScript) is never taken for a kept hand's
    gid = create(client, "lechner42")
    version = game(gid).version
    assert post_hand(client, gid, HAND).status_code == 303
    r = client.post(f"/games/{gid}/hands/kept", data={"number": "0", "version": str(version),
                                                       **HAND})
    assert r.get_json()["saved"] is False


def test_the_save_id_is_kept_in_the_audit_row_and_checked(client):
    from scorekeeper.extensions import db
    from scorekeeper.models import AuditEvent

    gid = create(client, "lechner42")
    assert post_hand(client, gid, {**HAND, **SAVE}).status_code == 303
    assert post_hand(client, gid, {**HAND, "save_id": "x'; --"}, number=0).status_code == 303
    rows = db.session.scalars(db.select(AuditEvent.save_id).where(
        AuditEvent.game_id == gid, AuditEvent.hand_number == 0).order_by(AuditEvent.id)).all()
    assert rows == [SAVE["save_id"], None]


def test_a_kept_hand_another_phone_beat_is_not_saved(client, app):
    gid = create(client, "lechner42")
    version = game(gid).version
    assert post_hand(client, gid, {**HAND, "points": "20"}).status_code == 303
    r = client.post(f"/games/{gid}/hands/kept", data={"number": "0", "version": str(version),
                                                       **HAND})
    # the kept hand beside the hand as it stands (a change kept on a phone is shown so too)
    assert r.get_json() == {"saved": False, "text": "Bob bid 30 straight 42, caught 34: made",
                            "now": "Bob bid 30 straight 42, caught 20: set"}
    viewer = app.test_client()
    viewer.get(f"/g/{game(gid).code}")
    assert viewer.post(f"/games/{gid}/hands/kept", data={"number": "0", **HAND}).status_code == 403


def test_not_found_is_a_plain_page(client):
    r = client.get("/games/987654")
    assert r.status_code == 404 and "<main>" in r.get_data(as_text=True)
    assert "No game here" in text(r)  # the same as for a game this phone may not read


def test_rules_may_be_kept_on_the_phone_but_a_game_page_never(client):
    """The service worker keeps what is not no-store: the rules, but never a game page, which
    carries its join code and the scorer's link."""
    game_id = create(client, "moon", 3)
    for url in ("/rules/", "/rules/moon"):
        assert client.get(url).headers["Cache-Control"] == "private, no-cache"
    assert client.get(f"/games/{game_id}").headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize("url", ["/manifest.webmanifest", "/sw.js"])
def test_manifest_and_worker_revalidate_with_a_304(client, url):
    """no-cache with an ETag: a revalidation that finds the file unchanged downloads nothing
    (issue 20); the security headers are on the 304 too."""
    first = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
    etag = first.headers["ETag"]
    again = client.get(url, headers={"If-None-Match": etag, "Accept-Encoding": "gzip"})
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in again.headers["Content-Security-Policy"]
    assert client.get(url, headers={"If-None-Match": 'W/"other"'}).status_code == 200
