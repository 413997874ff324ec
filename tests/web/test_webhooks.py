"""Webhooks (issue 42, item 11): a club's admin registers them (http(s) to public addresses
only, unless configured), each hand saved and game finished is a delivery written with the
write, sent after it by a sender that claims it (several at once send each once), signed with
HMAC-SHA256 and a timestamp, retried while the receiver is down, across a restart."""
from __future__ import annotations

import hashlib
import html
import hmac
import json
import random
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from scorekeeper import create_app, store, webhooks
from scorekeeper.extensions import db
from scorekeeper.models import EventMatch, Webhook, WebhookDelivery

from tests.api.helpers import bearer, club_token
from tests.random_games import random_record
from tests.web.clubs.helpers import create_club, join_club


class Receiver:
    """A real HTTP receiver on 127.0.0.1: keeps what it is sent; `answer` is its status."""

    def __init__(self, port: int = 0, answer: int = 200):
        received, receiver = [], self
        self.received, self.answer = received, answer

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                received.append((dict(self.headers), body))
                self.send_response(receiver.answer)
                self.end_headers()
                self.wfile.write(b"thanks")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.port = self.server.server_port
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _add(client, club_id: int, url: str, events=("game.finished", "hand.saved")):
    return client.post(f"/clubs/{club_id}/webhooks", data={"url": url, "events": list(events)})


def _verified(secret: str, headers: dict, body: bytes) -> dict:
    """What a receiver does: check the signature and the timestamp, then read the body."""
    fields = dict(part.split("=", 1) for part in headers["Scorekeeper-Signature"].split(","))
    expected = hmac.new(secret.encode(), f"{fields['t']}.".encode() + body,
                        hashlib.sha256).hexdigest()
    assert hmac.compare_digest(expected, fields["v1"])
    assert abs(time.time() - int(fields["t"])) < 300
    return json.loads(body)


def _finishing_game(app, client, club_id: int) -> tuple[int, str, dict]:
    """A club game one hand from its end (made through the API), its token, and that hand."""
    token = club_token(client, club_id, "club-write")
    record = random_record(random.Random(1), "lechner42", ["Ann", "Bob", "Cat", "Dan"], hands=6)
    last = record["hands"].pop()
    r = app.test_client().post(f"/api/v1/clubs/{club_id}/games", json={"record": record},
                               headers=bearer(token))
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"], token, last


def test_only_the_admin_adds_webhooks_to_public_http_urls(app, client):
    club_id = create_club(client)
    for url in ("ftp://files.example/x", "http://127.0.0.1:9000/hook", "http://10.1.2.3/x",
                "http://169.254.169.254/latest/meta-data", "http://[::1]/x",
                "https://user:pw@93.184.216.34/x", "not a url", ""):
        r = _add(client, club_id, url)
        assert r.status_code == 422, url
    assert db.session.scalar(db.select(db.func.count()).select_from(Webhook)) == 0
    r = _add(client, club_id, "https://93.184.216.34/hooks/42")  # a public address
    assert r.status_code == 303
    app.config["WEBHOOK_ALLOW_PRIVATE"] = True  # a receiver on the club's own network
    assert _add(client, club_id, "http://127.0.0.1:9000/hook").status_code == 303
    other = app.test_client()
    join_club(other, club_id)
    assert _add(other, club_id, "https://93.184.216.34/x").status_code == 403
    assert other.get(f"/clubs/{club_id}/webhooks").status_code == 403


def test_a_hand_and_a_finished_game_are_sent_once_signed_after_the_write(app, client):
    app.config["WEBHOOK_ALLOW_PRIVATE"] = True
    receiver = Receiver()
    try:
        club_id = create_club(client)
        assert _add(client, club_id, f"http://127.0.0.1:{receiver.port}/hook").status_code == 303
        hook = db.session.scalars(db.select(Webhook)).one()
        gid, token, last = _finishing_game(app, client, club_id)
        r = app.test_client().post(f"/api/v1/games/{gid}/hands",
                                   json={"hand": last, "version": 1}, headers=bearer(token))
        assert r.status_code == 201 and r.get_json()["finished"]
        assert receiver.received == []  # written with the save, sent after it
        assert webhooks.send_due(app) == 2
        assert webhooks.send_due(app) == 0  # each once
        bodies = {h["Scorekeeper-Event"]: _verified(hook.secret, h, b)
                  for h, b in receiver.received}
        assert set(bodies) == {"hand.saved", "game.finished"}
        finished = bodies["game.finished"]["game"]
        assert finished["id"] == gid and finished["finished"] and finished["winners"]
        assert finished["winners"][0] in ("Ann & Cat", "Bob & Dan")
        assert bodies["hand.saved"]["hand"] == {"number": 15, "action": "entered", "data": last}
        # the page lists each delivery with its answer; Send again and Send a test send more
        page = client.get(f"/clubs/{club_id}/webhooks/{hook.id}").get_data(as_text=True)
        assert page.count("Send again") == 2 and "game.finished" in page and "200" in page
        delivery = db.session.scalars(db.select(WebhookDelivery)).first()
        assert client.post(f"/clubs/{club_id}/webhooks/{hook.id}/deliveries/{delivery.id}"
                           "/again").status_code == 303
        assert client.post(f"/clubs/{club_id}/webhooks/{hook.id}/test").status_code == 303
        assert webhooks.send_due(app) == 2
        events = [h["Scorekeeper-Event"] for h, _b in receiver.received]
        assert sorted(events[2:]) == sorted(["ping", delivery.event])
        # a tampered body fails the check a receiver makes
        headers, body = receiver.received[0]
        with pytest.raises(AssertionError):
            _verified(hook.secret, headers, body.replace(b"}", b" }", 1))
    finally:
        receiver.stop()


def test_a_receiver_down_for_a_while_and_a_restart_lose_nothing_and_send_nothing_twice(
        app, client, monkeypatch):
    """The receiver is down: the first server tries, then stops (a restart); two new ones
    start together while it is back up: every delivery arrives, once."""
    monkeypatch.setattr(webhooks, "BACKOFF", [webhooks.timedelta(milliseconds=50)])
    app.config["WEBHOOK_ALLOW_PRIVATE"] = True
    port = free_port()
    club_id = create_club(client)
    assert _add(client, club_id, f"http://127.0.0.1:{port}/hook").status_code == 303
    gid, token, last = _finishing_game(app, client, club_id)
    api = app.test_client()
    assert api.post(f"/api/v1/games/{gid}/hands", json={"hand": last, "version": 1},
                    headers=bearer(token)).status_code == 201
    assert api.post(f"/api/v1/games/{gid}/hands/undo", json={"version": 2},
                    headers=bearer(token)).status_code == 200
    config = {"TESTING": True, "SECRET_KEY": "test-secret", "WEBHOOK_ALLOW_PRIVATE": True,
              "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"]}

    first = create_app(config)
    stop = webhooks.start_sender(first, poll=0.02)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the receiver is down: it tries, and tries again
        db.session.expire_all()
        tries = [d.attempts for d in db.session.scalars(db.select(WebhookDelivery))]
        if len(tries) == 3 and min(tries) >= 2:
            break
        time.sleep(0.05)
    stop.set()  # the server stops
    time.sleep(0.2)
    assert all(d.status == "due" and d.answer.startswith("No answer")
               for d in db.session.scalars(db.select(WebhookDelivery)))

    receiver = Receiver(port)  # back up, and two servers start at once
    stops = [webhooks.start_sender(create_app(config), poll=0.01) for _ in range(2)]
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and len(receiver.received) < 3:
            time.sleep(0.05)
        time.sleep(0.3)  # (a second send of any would arrive meanwhile)
    finally:
        for s in stops:
            s.set()
        receiver.stop()
    delivered = [h["Scorekeeper-Delivery"] for h, _b in receiver.received]
    assert len(delivered) == len(set(delivered)) == 3, delivered
    assert sorted(h["Scorekeeper-Event"] for h, _b in receiver.received) == [
        "game.finished", "hand.saved", "hand.saved"]
    db.session.expire_all()
    assert {d.status for d in db.session.scalars(db.select(WebhookDelivery))} == {"sent"}


def test_an_events_round_started_is_sent(app, client):
    from tests.web.events.helpers import new_event, start_round

    app.config["WEBHOOK_ALLOW_PRIVATE"] = True
    receiver = Receiver()
    try:
        club_id = create_club(client)
        assert _add(client, club_id, f"http://127.0.0.1:{receiver.port}/hook",
                    events=("event.round_started",)).status_code == 303
        event_id = new_event(client, club_id)
        assert start_round(client, club_id, event_id).status_code in (200, 303)
        assert webhooks.send_due(app) == 1
        (headers, body), = receiver.received
        sent = json.loads(body)
        assert headers["Scorekeeper-Event"] == "event.round_started" == sent["event"]
        assert sent["club_event"]["id"] == event_id and sent["round"] == 1
        assert sent["tables"] >= 1 and sent["playoff"] is False
    finally:
        receiver.stop()


def _event_deliveries() -> list[dict]:
    db.session.expire_all()
    return [json.loads(d.body) for d in db.session.scalars(
        db.select(WebhookDelivery).order_by(WebhookDelivery.id))]


def _event_with_webhook(app, client) -> tuple[int, int]:
    """A club's round robin of four teams (two tables a round, three rounds) whose webhook
    asks for an event's rounds finished and its champion."""
    from tests.web.events.helpers import new_event

    app.config["WEBHOOK_ALLOW_PRIVATE"] = True
    club_id = create_club(client)
    assert _add(client, club_id, f"http://127.0.0.1:{free_port()}/hook",
                events=("event.round_finished", "event.champion")).status_code == 303
    return club_id, new_event(client, club_id)


def test_an_events_rounds_finished_and_its_champion_are_told_once_by_the_deciding_write(
        app, client):
    """A round is finished by the write that decides its last match (a game's last hand, a
    forfeit, time stopped), not before; the event's champion with the last round."""
    from tests.web.events.helpers import play, round_games, start_round, url
    from tests.web.events.test_time_called import scorer_of

    club_id, event_id = _event_with_webhook(app, client)
    for number in (1, 2, 3):
        assert start_round(client, club_id, event_id).status_code in (200, 303)
        first, second = round_games(event_id, number)
        play(first.id, [0] * 6)
        if number == 2:  # round 2: the first table played, the second is forfeited
            play(first.id, [0])
            assert not [d for d in _event_deliveries() if d["round"] == 2]
            r = client.post(url(club_id, event_id, f"/matches/{second.event_match_id}/forfeit"),
                            data={"side": "1"})
            assert r.status_code == 303
        else:
            play(second.id, [0] * 7)
            assert not [d for d in _event_deliveries() if d.get("round") == number]
        if number == 1:  # the first table's last hand finishes round 1
            play(first.id, [0])
        if number == 3:  # time is called with the first table a hand from its end: stopped
            assert client.post(url(club_id, event_id, "/rounds/3/call")).status_code == 303
            game = round_games(event_id, 3)[0]
            r = scorer_of(app, game).post(f"/games/{game.id}/time/stop",
                                          data={"version": str(game.version)})
            assert r.status_code == 303, r.get_data(as_text=True)[:500]
        assert [d["event"] for d in _event_deliveries() if d.get("round") == number] == [
            "event.round_finished"]
    told = _event_deliveries()
    assert [(d["event"], d.get("round")) for d in told] == [
        ("event.round_finished", 1), ("event.round_finished", 2), ("event.round_finished", 3),
        ("event.champion", None)]
    assert told[0]["club_event"] == {"id": event_id, "name": "Friday tournament"}
    assert [d["tables"] for d in told[:3]] == [2, 2, 2]
    # the champion the event's TV names
    tv = client.get(url(club_id, event_id, "/tv")).get_data(as_text=True)
    assert len(told[3]["champions"]) == 1
    assert f'<strong>{html.escape(told[3]["champions"][0])}</strong>' in tv
    assert told[3]["club_event"]["id"] == event_id


def test_a_withdrawal_forfeiting_a_rounds_last_match_finishes_the_round(app, client):
    """A withdrawal's forfeits are forfeits: the one that decides a round's last match tells
    of the round."""
    from tests.web.events.helpers import play, round_games, start_round, url

    club_id, event_id = _event_with_webhook(app, client)
    assert start_round(client, club_id, event_id).status_code in (200, 303)
    gus_and_hal = 3
    played, = [g for g in round_games(event_id, 1)
               if gus_and_hal not in db.session.get(EventMatch, g.event_match_id).entrants]
    play(played.id, [0] * 7)
    assert _event_deliveries() == []
    r = client.post(url(club_id, event_id, f"/entrants/{gus_and_hal}/withdraw"),
                    data={"confirm": "1"})
    assert r.status_code == 303
    assert [(d["event"], d["round"]) for d in _event_deliveries()] == [
        ("event.round_finished", 1)]


def test_two_tables_finishing_a_round_at_once_tell_of_it_once(app, client):
    """Two scorers save the last hands of a round's two tables at the same moment, in each of
    the three rounds: whichever commits second sees the round over; each round is told of
    once (not twice, not never), the champion once."""
    from tests.web.events.helpers import play, round_games, start_round
    from tests.web.events.test_time_called import enter, scorer_of

    club_id, event_id = _event_with_webhook(app, client)
    for number in (1, 2, 3):
        assert start_round(client, club_id, event_id).status_code in (200, 303)
        for game in round_games(event_id, number):
            play(game.id, [0] * 6)
        games = round_games(event_id, number)
        phones = [scorer_of(app, game) for game in games]
        barrier, statuses = threading.Barrier(2), []

        def last_hand(phone, game_id: int, version: int):
            barrier.wait()
            statuses.append(enter(phone, game_id, 0, version=version).status_code)

        threads = [threading.Thread(target=last_hand, args=(phone, game.id, game.version))
                   for phone, game in zip(phones, games)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert statuses == [303, 303]
        assert all(game.finished for game in round_games(event_id, number))
        assert [(d["event"], d.get("round")) for d in _event_deliveries()] == [
            ("event.round_finished", n) for n in range(1, number + 1)] + [
            ("event.champion", None)] * (number == 3)


def test_a_round_taken_back_and_finished_again_is_told_once(app, client):
    """The last hand of a round taken back and saved again finishes the same round again,
    and completes the event with the same champion: no webhook is told twice. A different
    champion after an edit is news, told."""
    from tests.web.events.helpers import HAND, play, round_games, start_round

    club_id, event_id = _event_with_webhook(app, client)
    for number in (1, 2, 3):
        assert start_round(client, club_id, event_id).status_code in (200, 303)
        for game in round_games(event_id, number):
            play(game.id, [0] * 7)
    told = [(d["event"], d.get("round")) for d in _event_deliveries()]
    assert told == [("event.round_finished", 1), ("event.round_finished", 2),
                    ("event.round_finished", 3), ("event.champion", None)]
    last = round_games(event_id, 3)[0]
    for _again in range(2):
        game = store.get_game(last.id)
        assert store.write_hand(game, game.version, "undone", 6, HAND[0], None, "test")
        play(last.id, [0])
    assert [(d["event"], d.get("round")) for d in _event_deliveries()] == told
    # round 1's first game won the other way: the standings move, the champions change
    champion = _event_deliveries()[-1]["champions"]
    first = round_games(event_id, 1)[0]
    game = store.get_game(first.id)
    for number in range(6, -1, -1):
        assert store.write_hand(game, game.version, "undone", number, HAND[0], None, "test")
        game = store.get_game(first.id)
    play(first.id, [1] * 7)
    now = _event_deliveries()
    assert now[-1]["champions"] != champion  # (a three-way tie, now one team ahead)
    assert [(d["event"], d.get("round")) for d in now] == told + [("event.champion", None)]


def test_a_host_that_resolves_elsewhere_after_the_check_is_not_followed(app, client,
                                                                        monkeypatch):
    """DNS rebinding: the webhook's host resolves to a public address when checked, to the
    server's own loopback a moment later. The sender connects to the address it checked and
    to no other; nothing is sent to the loopback receiver. (No connection leaves the machine:
    the connection is stopped where it is made, and says where it was going.)"""
    receiver = Receiver()
    try:
        club_id = create_club(client)
        app.config["WEBHOOK_ALLOW_PRIVATE"] = True  # to register it by its loopback name
        assert _add(client, club_id, f"http://localhost:{receiver.port}/hook").status_code == 303
        app.config["WEBHOOK_ALLOW_PRIVATE"] = False
        answers = iter(["93.184.215.14"] + ["127.0.0.1"] * 10)  # checked, then rebound

        def resolve(host, port, *args, **kwargs):
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (next(answers), port))]

        tried = []

        def connect(address, *args, **kwargs):
            tried.append(address[0])
            raise OSError("stopped here")

        monkeypatch.setattr(socket, "getaddrinfo", resolve)
        monkeypatch.setattr(socket, "create_connection", connect)
        hook = db.session.scalars(db.select(Webhook).where(Webhook.club_id == club_id)).one()
        store.enqueue_test(hook)
        assert webhooks.send_due(app) == 1
        assert tried == ["93.184.215.14"]
        assert receiver.received == []
        delivery = db.session.scalars(db.select(WebhookDelivery)).one()
        assert delivery.answer.startswith("No answer") and delivery.status == "due"
    finally:
        receiver.stop()
