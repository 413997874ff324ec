"""Calling time in a round (events.md, game-record.md's `called`): each table finishes the
hand it is playing. The game waits for that hand (Game.called_after), its scorer phone and its
watchers are told so, the hand makes the record `called` (the engine then says who won or that
a shared lead plays on), taking it back waits again, and a scorer with no hand in play stops
the game at once. A form made just before the call, a kept hand and two phones at once save
the hand in play once."""
from __future__ import annotations

import json
import threading

from ..helpers import text
from .helpers import club_with_event, event, play, round_games, start_round, url

SIDE = {0: {"mode": "quick", "bidder": "0", "bid": "30", "contract": "straight",
            "points": "34"},
        1: {"mode": "quick", "bidder": "1", "bid": "30", "contract": "straight",
            "points": "34"}}
LAST_HAND = "Finish the hand you are playing: it is the last."


def scorer_of(app, game):
    """A phone at the table, joined by the table card's scorer link."""
    phone = app.test_client()
    assert phone.get(f"/s/{game.scorer_secret}").status_code == 303
    return phone


def enter(phone, game_id: int, side: int, version: int | None = None):
    if version is None:
        version = game_now(game_id).version
    return phone.post(f"/games/{game_id}/hands", data={"version": str(version), **SIDE[side]})


def game_now(game_id: int):
    from scorekeeper.extensions import db
    from scorekeeper.models import Game

    db.session.expire_all()
    return db.session.get(Game, game_id)


def call(client, club_id: int, event_id: int):
    r = client.post(url(club_id, event_id, "/rounds/1/call"))
    assert r.status_code == 303
    return r


def test_time_called_waits_for_the_hand_in_play_and_says_so(client, app):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    ahead, level = round_games(event_id, 1)
    play(ahead.id, [0])
    play(level.id, [0, 1])
    assert "Call time in round 1" in text(client.get(url(club_id, event_id)))
    call(client, club_id, event_id)
    for game in round_games(event_id, 1):
        assert game.time_called and not game.called and not game.finished
        assert game.called_after == len(game.hands) + 1
    scorer = scorer_of(app, ahead)
    page = text(scorer.get(f"/games/{ahead.id}"))
    assert "Time called" in page and LAST_HAND in page
    assert "No hand was in play: stop here" in page
    watcher = text(client.get(f"/games/{ahead.id}/tv"))  # a watcher is told, with no button
    assert LAST_HAND in watcher and "stop here" not in watcher
    event_page = text(client.get(url(club_id, event_id)))
    assert event_page.count("time called: last hand") == 2
    assert "Call time in round 1" not in event_page  # called once: nothing left to call
    # the standings count no game of the round yet: both are still played (the leader too)
    from scorekeeper import tournament

    record = client.get(url(club_id, event_id, "/export.json")).get_json()
    assert not any(g.get("called") for m in record["matches"] for g in m.get("games", []))
    assert [row["played"] for row in tournament.standings(record)["standings"]] == [0] * 4
    assert [h.action for h in event(event_id).history][-1] == "time called"
    assert [e.action for e in game_now(ahead.id).events][-1] == "time called"
    assert "Time called" in text(client.get(f"/games/{ahead.id}/history"))


def test_the_hand_in_play_ends_the_game_or_a_shared_lead_plays_on(client, app):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    ahead, level = round_games(event_id, 1)
    call(client, club_id, event_id)
    first, second = scorer_of(app, ahead), scorer_of(app, level)
    assert enter(first, ahead.id, 0).status_code == 303  # the hand in play: 1-0
    game = game_now(ahead.id)
    assert game.called and game.finished and game.summary["winners"] == [0]
    assert "Time was called" in text(first.get(f"/games/{ahead.id}"))
    exported = first.get(f"/games/{ahead.id}/record.json").get_json()
    assert exported["called"] is True and len(exported["hands"]) == 1

    play(level.id, [0])  # hand 1 was entered before the call (from another phone)...
    assert enter(second, level.id, 1).status_code == 303  # ...this is the one in play: 1-1
    game = game_now(level.id)
    assert game.called and not game.finished
    page = text(second.get(f"/games/{level.id}"))
    assert "The lead is shared: play one more hand" in page and LAST_HAND not in page
    assert enter(second, level.id, 1).status_code == 303
    game = game_now(level.id)
    assert game.finished and game.summary["winners"] == [1]
    table = client.get(url(club_id, event_id, "/export.json")).get_json()["matches"]
    assert [g["called"] for m in table for g in m["games"]] == [True, True]


def test_taking_the_last_hand_back_waits_for_it_again_and_putting_it_back_ends_it(client, app):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    game = round_games(event_id, 1)[0]
    call(client, club_id, event_id)
    phone = scorer_of(app, game)
    assert enter(phone, game.id, 1).status_code == 303
    assert game_now(game.id).finished
    version = game_now(game.id).version
    assert phone.post(f"/games/{game.id}/hands/undo",
                      data={"version": str(version)}).status_code == 303
    after = game_now(game.id)
    assert after.time_called and not after.called and not after.finished and not after.hands
    assert LAST_HAND in text(phone.get(f"/games/{game.id}"))
    undone = after.events[-1]
    assert phone.post(f"/games/{game.id}/hands/put-back",
                      data={"version": str(after.version), "undone": str(undone.id)}
                      ).status_code == 303
    again = game_now(game.id)
    assert again.called and again.finished and again.summary["winners"] == [1]


def test_no_hand_in_play_stops_the_game_at_once(client, app):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    ahead, level = round_games(event_id, 1)
    play(ahead.id, [1])
    call(client, club_id, event_id)
    phone = scorer_of(app, ahead)
    version = game_now(ahead.id).version
    r = phone.post(f"/games/{ahead.id}/time/stop", data={"version": str(version)})
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{ahead.id}")
    game = game_now(ahead.id)
    assert game.called and game.finished and game.summary["winners"] == [1]
    assert len(game.hands) == 1
    assert "Stopped at time" in text(phone.get(f"/games/{ahead.id}/history"))
    # a second tap (the other phone's) changes nothing
    again = phone.post(f"/games/{ahead.id}/time/stop", data={"version": str(version)})
    assert again.status_code == 303 and game_now(ahead.id).version == game.version
    # with no hand in, the lead is shared: one more hand decides
    other = scorer_of(app, level)
    level_version = game_now(level.id).version
    other.post(f"/games/{level.id}/time/stop", data={"version": str(level_version)})
    game = game_now(level.id)
    assert game.called and not game.finished
    assert "The lead is shared: play one more hand" in text(other.get(f"/games/{level.id}"))
    # a phone that may not even watch it may not stop a game
    watcher = app.test_client()
    assert watcher.post(f"/games/{level.id}/time/stop",
                        data={"version": str(game.version)}).status_code == 404
    assert game_now(level.id).version == game.version


def test_a_form_made_before_the_call_saves_the_hand_in_play_once(client, app):
    """The scorer's form (and a hand kept offline) carries the version before the call: it is
    the hand in play, saved once; a second phone sending the same old version is refused."""
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    game = round_games(event_id, 1)[0]
    before = game.version
    first, second = scorer_of(app, game), scorer_of(app, game)
    call(client, club_id, event_id)
    preview = first.post(f"/games/{game.id}/hands/preview",
                         data={"version": str(before), **SIDE[0]}, headers={"HX-Request": "1"})
    assert preview.status_code == 200
    assert enter(first, game.id, 0, version=before).status_code == 303
    assert enter(second, game.id, 0, version=before).status_code == 409
    after = game_now(game.id)
    assert len(after.hands) == 1 and after.called and after.finished
    # a form older than that (a hand saved since) is stale as ever
    club_id2, event_id2 = club_with_event(client, entrants="A & B\nC & D")
    start_round(client, club_id2, event_id2)
    other = round_games(event_id2, 1)[0]
    old = other.version
    play(other.id, [0])
    call(client, club_id2, event_id2)
    assert enter(scorer_of(app, other), other.id, 0, version=old).status_code == 409
    assert len(game_now(other.id).hands) == 1 and game_now(other.id).time_called


def test_two_phones_a_hand_and_time_called_at_once(app):
    """A scorer saves a hand while the organizer calls time: whichever lands first, the hand
    is saved once, time is called once, and the game waits for at most one more hand."""
    from ..clubs.helpers import create_club
    from .helpers import new_event

    for attempt in range(4):
        organizer = app.test_client()
        club_id = create_club(organizer)
        event_id = new_event(organizer, club_id, entrants="A & B\nC & D")
        start_round(organizer, club_id, event_id)
        game = round_games(event_id, 1)[0]
        phone = scorer_of(app, game)
        version = game.version
        barrier = threading.Barrier(2)
        statuses = {}

        def save():
            barrier.wait()
            statuses["hand"] = enter(phone, game.id, 0, version=version).status_code

        def call_time():
            barrier.wait()
            statuses["call"] = organizer.post(url(club_id, event_id, "/rounds/1/call")).status_code

        threads = [threading.Thread(target=save), threading.Thread(target=call_time)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert statuses == {"hand": 303, "call": 303}
        after = game_now(game.id)
        actions = [e.action for e in after.events]
        assert actions.count("entered") == 1 and actions.count("time called") == 1
        assert len(after.hands) == 1
        if actions.index("time called") < actions.index("entered"):
            assert after.called and after.finished  # the hand was the one in play
        else:
            assert after.time_called and after.called_after == 2  # one more hand to play


def test_two_organizers_calling_time_at_once_call_each_game_once(app):
    from ..clubs.helpers import create_club
    from ..helpers import at_once
    from .helpers import new_event

    organizer = app.test_client()
    club_id = create_club(organizer)
    event_id = new_event(organizer, club_id)
    start_round(organizer, club_id, event_id)
    assert at_once(app, organizer, url(club_id, event_id, "/rounds/1/call"), {}, 3) \
        == [303, 303, 303]
    for game in round_games(event_id, 1):
        assert [e.action for e in game.events].count("time called") == 1
        assert game.called_after == 1
    assert [h.action for h in event(event_id).history].count("time called") == 1


def test_an_imported_event_keeps_called_as_its_record_says(client):
    """The export says `called` only of a record that is called; a time-called game still
    playing imports as a game in play."""
    club_id, event_id = club_with_event(client, entrants="A & B\nC & D")
    start_round(client, club_id, event_id)
    call(client, club_id, event_id)
    record = client.get(url(club_id, event_id, "/export.json")).get_json()
    assert "called" not in record["matches"][0]["games"][0]
    r = client.post(f"/clubs/{club_id}/events/import", data={"record": json.dumps(record)})
    assert r.status_code == 303


def test_any_play_after_time_is_called_keeps_the_record_and_its_summary_in_step(app):
    """Hands entered, taken back and put back, and a stop, in any order after time was called
    on a game with some hands in: the record is `called` exactly while it holds the hand in
    play (or the scorer stopped it), and the cached summary is always the engine's."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from sqlalchemy import update

    from scorekeeper import rules, store
    from scorekeeper.extensions import db
    from scorekeeper.models import AuditEvent, Game

    from .helpers import HAND

    steps = st.lists(st.sampled_from(["enter 0", "enter 1", "undo", "put back", "stop"]),
                     max_size=8)

    @settings(max_examples=25, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(before=st.lists(st.sampled_from([0, 1]), max_size=3), steps=steps)
    def check(before, steps):
        game = store.start_game({"variant": "texas42", "players": ["A", "B", "C", "D"],
                                 "first_dealer": 0, "options": {},
                                 "hands": [HAND[s] for s in before]})
        db.session.commit()
        db.session.execute(update(Game).where(Game.id == game.id)
                           .values(called_after=len(before) + 1))
        db.session.add(AuditEvent(game_id=game.id, action="time called", via="test"))
        db.session.commit()
        stopped_at = None
        for step in steps:
            db.session.expire_all()
            game = store.get_game(game.id)
            if step.startswith("enter") and not game.finished:
                store.write_hand(game, game.version, "entered", len(game.hands), None,
                                 HAND[int(step[-1])], "test")
            elif step == "undo" and game.hands:
                last = game.hands[-1]
                store.write_hand(game, game.version, "undone", last.number, last.data, None,
                                 "test")
            elif step == "put back":
                last = db.session.scalars(db.select(AuditEvent).where(
                    AuditEvent.game_id == game.id).order_by(AuditEvent.id.desc())).first()
                try:
                    store.put_back_hand(game, game.version, last.id, "test")
                except store.Refused:
                    pass
            elif step == "stop" and game.time_called:
                stopped_at = len(game.hands)
                store.stop_at_time(game, game.version, "test")
            db.session.expire_all()
            game = store.get_game(game.id)
            needed = len(before) + 1 if stopped_at is None else stopped_at
            assert game.called == (len(game.hands) >= needed)
            assert game.time_called == (not game.called)
            assert game.summary == store.derive_summary(game.record())
            assert game.finished == rules.score(game.record())["finished"]

    with app.app_context():
        check()
