"""A club's webhooks and their deliveries (scorekeeper.webhooks sends them).

A delivery is written in the transaction of the write it tells of (enqueue: a hand saved, a
game finished), so none is lost and none tells of a write that was rolled back; the sender
claims it with one conditional UPDATE (claim), which one worker of any number wins."""
from __future__ import annotations

import hashlib
import json
from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import or_, select, update

from ..extensions import db
from ..models import ClubEvent, EventMatch, Game, Webhook, WebhookDelivery, utcnow
from .common import _insert_or_ignore


def add_webhook(club_id: int, url: str, events: list[str], secret: str) -> Webhook:
    hook = Webhook(club_id=club_id, url=url, events=events, secret=secret)
    db.session.add(hook)
    db.session.commit()
    return hook


def remove_webhook(club_id: int, webhook_id: int) -> None:
    db.session.execute(db.delete(Webhook).where(Webhook.id == webhook_id,
                                                Webhook.club_id == club_id))
    db.session.commit()


# What a webhook is told of once (name -> the key of what it tells): a round finished again
# after a hand was taken back and saved again, or an event complete again with the same
# champions, is the same news; another champion is news.
ONCE = {"event.round_finished":
        lambda body: f"event {body['club_event']['id']} round {body['round']}",
        "event.champion":
        lambda body: f"event {body['club_event']['id']} champion " + hashlib.blake2s(
            json.dumps(body["champions"]).encode(), digest_size=8).hexdigest()}


def enqueue(club_id: int | None, events: dict[str, dict], now: datetime) -> None:
    """Deliveries of `events` (name -> body) to the club's webhooks that asked for them,
    written in the caller's transaction (its commit writes them with its write); one told
    once (ONCE) is left out where that webhook was told of it already."""
    if club_id is None or not events:
        return
    rows = [{"webhook_id": hook_id, "event": name, "created_at": now, "next_at": now,
             "once": ONCE[name](body) if name in ONCE else None, "status": "due",
             "attempts": 0,
             "body": json.dumps({"event": name, "at": now.isoformat() + "Z", **body},
                                ensure_ascii=False, separators=(",", ":"))}
            for hook_id, wanted in db.session.execute(
                select(Webhook.id, Webhook.events).where(Webhook.club_id == club_id))
            for name, body in events.items() if name in wanted]
    if rows:
        _insert_or_ignore(WebhookDelivery, rows, ["webhook_id", "once"])


def game_events(game_id: int, version: int, record: dict, summary: dict | None, action: str,
                number: int, hand: dict | None, finished_before: bool) -> dict[str, dict]:
    """The events a hand's write makes (name -> body): "hand.saved" always, "game.finished"
    when it finished the game. Each tells the game as it stands: its sides, totals, winners."""
    players = record["players"]
    game = {"id": game_id, "variant": record["variant"], "version": version,
            "players": players, "hands": len(record.get("hands") or []), "finished": False}
    if summary:
        sides = [{"name": " & ".join(players[s] for s in side["seats"]),
                  "total": side["total"], "won": side["won"]} for side in summary["sides"]]
        game.update(finished=summary["finished"], units=summary["units"], sides=sides,
                    winners=[side["name"] for side in sides if side["won"]])
    events = {"hand.saved": {"game": game, "hand": {"number": number, "action": action,
                                                    "data": hand}}}
    if game["finished"] and not finished_before:
        events["game.finished"] = {"game": game}
    return events


EVENT_DECIDED = ("event.round_finished", "event.champion")  # what decided_events tells of


def decided_events(club_id: int, match_id: int) -> dict[str, dict]:
    """The events of a write that has just decided match `match_id` (a game finished, a
    forfeit, time stopped): "event.round_finished" when every match of its round is now
    decided, and "event.champion" when the event is then complete (events.md) with a
    champion. Run only by such a write, and past its first statement only when a webhook of
    the club asks for one of them: the round's matches are locked (a statement of its own, so
    that the read after it sees a write that held them: of two tables finishing at once, the
    second sees the first's game and tells of the round, the first does not), then read with
    their games (one statement); the event's record is built only when the round is over."""
    wanted = {name for events in db.session.scalars(
        select(Webhook.events).where(Webhook.club_id == club_id)) for name in events}
    if not wanted & set(EVENT_DECIDED):
        return {}
    of_match = select(EventMatch.event_id, EventMatch.round).where(
        EventMatch.id == match_id).subquery()
    in_round = (EventMatch.event_id == of_match.c.event_id) & (EventMatch.round == of_match.c.round)
    db.session.execute(select(EventMatch.id).join(of_match, in_round)
                       .with_for_update(of=EventMatch))
    rows = db.session.execute(
        select(EventMatch.id, EventMatch.event_id, EventMatch.round, EventMatch.bye,
               EventMatch.forfeit, Game.finished, Game.summary, ClubEvent.name,
               ClubEvent.settings)
        .join(of_match, in_round).join(ClubEvent, ClubEvent.id == EventMatch.event_id)
        .outerjoin(Game, Game.event_match_id == EventMatch.id)).all()
    if not rows:
        return {}
    needed = (rows[0].settings or {}).get("best_of", 1) // 2 + 1
    wins: dict[int, dict[int, int]] = {}
    for row in rows:
        won = wins.setdefault(row.id, {})
        if row.bye is not None or row.forfeit is not None:
            won[-1] = needed  # (decided without a game)
        for side in (row.summary or {}).get("winners", []) if row.finished else ():
            won[side] = won.get(side, 0) + 1
    if any(max(won.values(), default=0) < needed for won in wins.values()):
        return {}
    club_event = {"id": rows[0].event_id, "name": rows[0].name}
    events = {"event.round_finished": {"club_event": club_event, "round": rows[0].round,
                                       "tables": len({row.id for row in rows if row.bye is None})}}
    champions = _champions(rows[0].event_id) if "event.champion" in wanted else []
    if champions:
        events["event.champion"] = {"club_event": club_event, "champions": champions}
    return events


def _champions(event_id: int) -> list[str]:
    """The event's champions once it is complete, else none: read by the events package
    (events.record.champions), which registers it with the app, since the store imports no
    feature package."""
    read = current_app.extensions.get("scorekeeper_event_champions")
    return read(event_id) if read else []


def enqueue_test(webhook: Webhook) -> None:
    """A test delivery ("ping") to one webhook, sent as any other."""
    now = utcnow()
    body = {"event": "ping", "at": now.isoformat() + "Z", "club_id": webhook.club_id,
            "text": "A test from Scorekeeper: this webhook works."}
    db.session.add(WebhookDelivery(webhook_id=webhook.id, event="ping", created_at=now,
                                   next_at=now, body=json.dumps(body, ensure_ascii=False)))
    db.session.commit()


def send_again(webhook_id: int, delivery_id: int) -> None:
    """The delivery is due again now, with a day of retries from now."""
    now = utcnow()
    db.session.execute(update(WebhookDelivery).where(
        WebhookDelivery.id == delivery_id, WebhookDelivery.webhook_id == webhook_id)
        .values(status="due", next_at=now, created_at=now, claimed_until=None)
        .execution_options(synchronize_session=False))
    db.session.commit()


def due_deliveries(now: datetime, limit: int = 20) -> list[int]:
    """Ids of deliveries due now and not claimed by a sender."""
    return list(db.session.scalars(
        select(WebhookDelivery.id).where(
            WebhookDelivery.status == "due", WebhookDelivery.next_at <= now,
            or_(WebhookDelivery.claimed_until.is_(None), WebhookDelivery.claimed_until < now))
        .order_by(WebhookDelivery.next_at, WebhookDelivery.id).limit(limit)))


def claim_delivery(delivery_id: int, now: datetime, lease: timedelta) -> bool:
    """Claim the delivery for `lease`: True for the one sender whose UPDATE found it still
    due and unclaimed (the database serialises the UPDATEs: any number of workers)."""
    claimed = db.session.execute(update(WebhookDelivery).where(
        WebhookDelivery.id == delivery_id, WebhookDelivery.status == "due",
        WebhookDelivery.next_at <= now,
        or_(WebhookDelivery.claimed_until.is_(None), WebhookDelivery.claimed_until < now))
        .values(claimed_until=now + lease, attempts=WebhookDelivery.attempts + 1)
        .execution_options(synchronize_session=False)).rowcount
    db.session.commit()
    return claimed == 1


def delivered(delivery_id: int, now: datetime, status: int | None, answer: str,
              next_at: datetime | None) -> None:
    """The answer to an attempt: sent (next_at None and a 2xx), due again at `next_at`, or
    failed for good (next_at None otherwise)."""
    done = status is not None and 200 <= status < 300
    db.session.execute(update(WebhookDelivery).where(WebhookDelivery.id == delivery_id).values(
        status="sent" if done else "due" if next_at else "failed",
        next_at=next_at or now, claimed_until=None, answered_at=now, answer_status=status,
        answer=answer[:300]).execution_options(synchronize_session=False))
    db.session.commit()
