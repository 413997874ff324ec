"""A club's kept numbers (ClubStats: stats.Tallies) move on in the transaction of each write
to one of its games, so the first view after it sums nothing again; after every kind of write
they equal the numbers summed from scratch from every game's record."""
from __future__ import annotations

from sqlalchemy import select

from scorekeeper import stats, store
from scorekeeper.extensions import db
from scorekeeper.models import AuditEvent, ClubStats
from scorekeeper.players import queries

from ..clubs.helpers import club_game, person_id
from ..helpers import game, post_hand, text
from .test_club_pages import club_records, fresh_numbers, import_club

MOON_WIN = {"mode": "quick", "bidder": "0", "bid": "21", "tricks-0": "7", "tricks-1": "0",
            "tricks-2": "0"}
MOON_SET = {**MOON_WIN, "tricks-0": "3", "tricks-1": "4"}
MOON_SET_AGAIN = {**MOON_WIN, "tricks-0": "2", "tricks-1": "5"}


def kept_numbers_are_fresh(club_id: int, moved_on: bool = True) -> None:
    """The kept numbers are the club's now (moved on by the write itself, when `moved_on`;
    else summed again by the view) and equal those summed from every record again."""
    db.session.expunge_all()
    kept = db.session.get(ClubStats, club_id)
    current = kept.stamp == store.club_stamp(club_id)
    assert current == moved_on, (kept.stamp, store.club_stamp(club_id))
    if not moved_on:
        return
    tallies = stats.Tallies.from_json(kept.data)
    players = tallies.player_stats(by_key=True)
    assert players == fresh_numbers(club_id)
    fresh = stats.Tallies.of(queries.club_summaries(club_id))
    assert tallies.club_summary(players) == fresh.club_summary(fresh.player_stats(by_key=True))


def test_every_write_moves_the_kept_numbers_on(client):
    club_id = import_club(client, club_records(9))
    ann, bob = person_id(club_id, "Ann"), person_id(club_id, "Bob")
    assert client.get(f"/clubs/{club_id}/stats").status_code == 200  # the numbers are kept
    kept_numbers_are_fresh(club_id)

    gid = club_game(client, club_id, "moon", [ann, bob, "Cat"])  # a new game
    kept_numbers_are_fresh(club_id)
    for hand in (MOON_SET, MOON_WIN, MOON_WIN, MOON_WIN):  # hands, the last one ends it
        assert post_hand(client, gid, hand).status_code == 303
        kept_numbers_are_fresh(club_id)
        if game(gid).finished:
            break
    assert game(gid).finished
    assert post_hand(client, gid, MOON_SET_AGAIN, number=0).status_code == 303  # an edit
    kept_numbers_are_fresh(club_id)
    last = len(game(gid).hands)
    r = client.post(f"/games/{gid}/hands/undo", data={"version": str(game(gid).version)})
    assert r.status_code == 303 and not game(gid).finished  # no longer over
    kept_numbers_are_fresh(club_id)
    undone = db.session.scalar(select(AuditEvent.id).where(AuditEvent.game_id == gid)
                               .order_by(AuditEvent.id.desc()).limit(1))
    r = client.post(f"/games/{gid}/hands/put-back",
                    data={"version": str(game(gid).version), "undone": str(undone)})
    assert r.status_code == 303 and len(game(gid).hands) == last and game(gid).finished
    kept_numbers_are_fresh(club_id)

    oldest = queries.club_summaries(club_id)[0].order[1]  # her streaks change in the middle
    assert game(oldest).finished
    g = store.get_game(oldest)  # imported: this phone watches it; the write as a scorer's
    last_hand = g.hands[-1]
    assert store.write_hand(g, g.version, "undone", last_hand.number, last_hand.data, None,
                            "test") is not None
    assert not game(oldest).finished
    kept_numbers_are_fresh(club_id)

    assert client.post(f"/games/{gid}/rematch").status_code == 303
    kept_numbers_are_fresh(club_id)
    r = client.post(f"/clubs/{club_id}/roster/{ann}/rename", data={"name": "Annie"})
    assert r.status_code in (200, 303), text(r)[:300]
    kept_numbers_are_fresh(club_id)

    client.post(f"/clubs/{club_id}/roster", data={"name": "Zoe"})
    zoe = person_id(club_id, "Zoe")
    club_game(client, club_id, "castle-rock", [zoe])
    kept_numbers_are_fresh(club_id)
    client.post(f"/clubs/{club_id}/roster/{zoe}/merge", data={"into": str(bob), "confirm": "1"})
    kept_numbers_are_fresh(club_id, moved_on=False)  # a merge: summed again at the next view
    assert client.get(f"/clubs/{club_id}/stats").status_code == 200
    kept_numbers_are_fresh(club_id)



def test_writes_to_two_games_at_once_move_the_numbers_on_one_after_the_other(app, client):
    """Two phones each enter a hand in their own game of the club at the same moment, round
    after round (threads with their own sessions; on PostgreSQL too): the kept numbers never
    count one of them twice or lose one (PostgreSQL: the club's row is locked)."""
    import threading

    records = club_records(8)
    records = [r for r in records if r["variant"] != "castle-rock" and len(r["hands"]) >= 4][:2]
    started = [{**r, "hands": r["hands"][:1]} for r in records]
    club_id = import_club(client, started)
    assert client.get(f"/clubs/{club_id}/stats").status_code == 200
    games = [g.order[1] for g in queries.club_summaries(club_id)]
    rounds = min(len(r["hands"]) for r in records) - 1
    barrier = threading.Barrier(2)
    failed = []

    def play(game_id: int, hands: list) -> None:
        with app.app_context():
            try:
                for number, hand in enumerate(hands, start=1):
                    barrier.wait(timeout=30)
                    g = store.get_game(game_id)
                    assert store.write_hand(g, g.version, "entered", number, None, hand,
                                            "test") is not None
                    db.session.remove()
            except Exception as error:  # reported below
                failed.append(error)
                barrier.abort()
            finally:
                db.session.remove()

    threads = [threading.Thread(target=play, args=(gid, record["hands"][1:rounds + 1]))
               for gid, record in zip(games, records)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failed, failed
    assert [len(game(gid).hands) for gid in games] == [rounds + 1] * 2
    kept_numbers_are_fresh(club_id)


def test_an_events_writes_leave_the_kept_numbers_to_the_next_view(client):
    """An organizer's writes keep to a few statements (issue 29), so they leave the kept numbers
    to the next view, which sums them again: a round seated (its games made), time called on
    the round (a version bump each), a forfeit (a match's games deleted). The tables' hands
    move them on, as every hand does, once a view has summed them."""
    from ..events.helpers import club_with_event, event, play, round_games, start_round, url

    def summed_by_the_next_view():
        kept_numbers_are_fresh(club_id, moved_on=False)
        assert client.get(f"/clubs/{club_id}/stats").status_code == 200
        kept_numbers_are_fresh(club_id)

    club_id, event_id = club_with_event(client, entrants="Ann & Bob\nCat & Dan\nEve & Fay\n"
                                                         "Gus & Hal\nIvy & Jo")
    assert client.get(f"/clubs/{club_id}/stats").status_code == 200  # the numbers are kept
    assert start_round(client, club_id, event_id).status_code == 303
    summed_by_the_next_view()
    ahead, level = round_games(event_id, 1)
    play(ahead.id, [0, 0])
    play(level.id, [0, 1])
    kept_numbers_are_fresh(club_id)
    assert client.post(url(club_id, event_id, "/rounds/1/call")).status_code == 303
    assert not round_games(event_id, 1)[0].finished  # each table finishes the hand in play
    summed_by_the_next_view()
    play(ahead.id, [0])  # the hand in play: the record is called, the side ahead wins
    assert round_games(event_id, 1)[0].finished
    kept_numbers_are_fresh(club_id)
    play(level.id, [1])  # the tie broken by the hand in play: the round is over
    assert start_round(client, club_id, event_id).status_code == 303
    summed_by_the_next_view()
    match = next(m for m in event(event_id).matches if m.round == 2 and m.bye is None)
    r = client.post(url(club_id, event_id, f"/matches/{match.id}/forfeit"), data={"side": "1"})
    assert r.status_code == 303 and not [g for g in round_games(event_id, 2)
                                         if g.event_match_id == match.id]
    summed_by_the_next_view()


def test_the_numbers_parts_are_rendered_once_per_stamp_and_follow_what_else_they_show(client):
    """The stats and person pages' parts are served from the process's cache until a write
    moves the club's stamp, or the roster or the person's events change."""
    from ..events.helpers import new_event

    club_id = import_club(client, club_records(4))
    ann = person_id(club_id, "Ann")
    stats_page = f"/clubs/{club_id}/stats"
    first = text(client.get(stats_page))
    assert text(client.get(stats_page)) == first and "4 games" in first
    club_pages = [key for key in client.application.extensions["scorekeeper_render_cache"].keys()
                  if key.startswith("en|club:")]  # in the page's language (render_cache)
    assert len(club_pages) == 1 and club_pages[0].startswith("en|club:players/club_stats.html:")
    gid = club_game(client, club_id, "moon", [ann, "Bob", "Cat"])  # a write: a new stamp
    assert "4 games" in text(client.get(stats_page))  # no hand: counted nowhere yet
    assert post_hand(client, gid, MOON_WIN).status_code == 303
    assert "5 games" in text(client.get(stats_page))
    r = client.post(f"/clubs/{club_id}/roster/{ann}/rename", data={"name": "Annie"})
    assert r.status_code in (200, 303)
    assert "Annie" in text(client.get(stats_page))
    person_page = f"/clubs/{club_id}/people/{ann}"
    assert "Friday tournament" not in text(client.get(person_page))
    new_event(client, club_id, entrants="Annie & Bob\nCat & Dan")  # no game yet: same stamp
    assert "Friday tournament" in text(client.get(person_page))
    htmx = client.get(person_page, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<html" not in htmx and "Friday tournament" in htmx


def test_time_stopped_moves_the_kept_numbers_on_and_rates_the_game(client, app):
    """A game stopped at time with no hand in play (the side ahead wins) moves the kept
    numbers on in its own transaction, and rates the game there, as a finishing hand does."""
    from ..events.helpers import club_with_event, play, round_games, start_round, url
    from ..events.test_time_called import game_now, scorer_of
    from .test_ratings_kept import replayed, stored_state

    club_id, event_id = club_with_event(client)
    assert start_round(client, club_id, event_id).status_code == 303
    ahead, _level = round_games(event_id, 1)
    ahead_id = ahead.id
    play(ahead_id, [1])
    assert client.post(url(club_id, event_id, "/rounds/1/call")).status_code == 303
    assert client.get(f"/clubs/{club_id}/stats").status_code == 200  # the numbers are kept
    kept_numbers_are_fresh(club_id)
    now = game_now(ahead_id)
    r = scorer_of(app, now).post(f"/games/{ahead_id}/time/stop",
                                 data={"version": str(now.version)})
    assert r.status_code == 303 and game_now(ahead_id).finished
    kept_numbers_are_fresh(club_id)
    found, stale = stored_state(club_id)
    assert stale is None and found == replayed(club_id) and found.rated == 1
