"""The event page and TV view live like the game pages: one render per stamp, polls answered
304 while nothing changed, a new answer as soon as any game of the event changes."""
from __future__ import annotations

import re

from ..helpers import text
from .helpers import club_with_event, drop_caches, play, round_games, start_round, url


def _poll(client, path, etag=None):
    headers = {"HX-Request": "true"}
    if etag:
        headers["If-None-Match"] = etag
    return client.get(path, headers=headers)


def test_polls_are_304_until_a_game_of_the_event_changes(client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    path = url(club_id, event_id, "/live")
    first = _poll(client, path)
    assert first.status_code == 200 and "Round 1" in text(first)
    etag = first.headers["ETag"]
    assert _poll(client, path, etag).status_code == 304
    game = round_games(event_id, 1)[0]
    play(game.id, [0])
    changed = _poll(client, path, etag)
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert "1 – 0" in text(changed)
    assert _poll(client, path, changed.headers["ETag"]).status_code == 304


def test_the_tv_view_shows_the_tables_and_standings(client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    play(round_games(event_id, 1)[0].id, [0] * 7)
    page = text(client.get(url(club_id, event_id, "/tv")))
    assert "Friday tournament" in page and "Table 1" in page and "Standings" in page
    assert "Start round" not in page and "Forfeit" not in page


def test_an_organizer_and_a_watcher_get_their_own_renders(client, app):
    from ..clubs.helpers import join_club

    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    watcher = app.test_client()
    join_club(watcher, club_id)
    organizer_page = client.get(url(club_id, event_id))
    watcher_page = watcher.get(url(club_id, event_id))
    assert "Forfeit" in text(organizer_page) and "Forfeit" not in text(watcher_page)
    assert organizer_page.headers["ETag"] != watcher_page.headers["ETag"]


def test_the_tv_polls_its_own_view_and_gets_304_while_unchanged(client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    path = url(club_id, event_id, "/tv")
    page = client.get(path)
    assert 'hx-get="' + path + '"' in page.get_data(as_text=True)
    first = _poll(client, path)
    assert first.status_code == 200 and 'id="tv-live"' in first.get_data(as_text=True)
    assert _poll(client, path, first.headers["ETag"]).status_code == 304


def test_the_tv_shows_the_pools_side_by_side_then_the_champion_without_a_clock(client):
    """Two pools of 2, their winners in a final: during the pools each pool's table and the
    round's tables, never "still in the bracket"; the bracket's round named as players say it;
    at the end the champion named and no round clock."""
    club_id, event_id = club_with_event(client, fmt="pools", pool_size="2", advance="1",
                                        time_limit="30")
    start_round(client, club_id, event_id)
    pools = text(client.get(url(club_id, event_id, "/tv")))
    assert "Pools · round 1" in pools and "Pool A" in pools and "Pool B" in pools
    assert "still in the bracket" not in pools and re.search(r"\b(30|29) min left", pools)
    for game in round_games(event_id, 1):
        play(game.id, [0] * 7)
    assert "min left" not in text(client.get(url(club_id, event_id, "/tv")))  # round over
    start_round(client, club_id, event_id)
    final = client.get(url(club_id, event_id, "/tv")).get_data(as_text=True)
    assert '<p class="tv-phase">Final</p>' in final and "min left" in final
    assert "tv-pools" not in final and final.count('<li class="tv-table') == 1
    for game in round_games(event_id, 2):
        play(game.id, [0] * 7)
    over = client.get(url(club_id, event_id, "/tv")).get_data(as_text=True)
    assert "Champion" in over and "min left" not in over and '<li class="tv-table' not in over


def _fresh_render(app, client, path, headers=None):
    """`path` as `client` gets it with nothing kept (drop_caches): what the event is now."""
    drop_caches(app)
    return client.get(path, headers=headers or {})


def test_a_hand_saved_at_a_table_is_seen_by_every_view_of_the_event_at_once(app, client):
    """Every view warmed (the kept head, the derived event, the rendered pages), a table's
    phone saves hands through its game page: each hand changes the event's ETag, and the
    page, poll, TV and standings then served from the caches are what a render with nothing
    kept shows (the finished game's win in the standings): no view is ever stale."""
    from ..clubs.helpers import join_club
    from .helpers import scorer_path

    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    watcher, table = app.test_client(), app.test_client()
    join_club(watcher, club_id)
    game = round_games(event_id, 1)[0]
    assert table.get(scorer_path(game)).status_code == 303
    views = {"page": ("", {}), "poll": ("/live", {"HX-Request": "true"}),
             "tv": ("/tv", {}), "tv poll": ("/tv", {"HX-Request": "true"}),
             "standings": ("/standings.csv", {})}
    etags = set()
    for hand in range(1, 8):  # side 0 makes a mark each hand: 7 marks win the game
        for path, headers in views.values():  # warm every cache at this stamp
            assert watcher.get(url(club_id, event_id, path), headers=headers).status_code == 200
        etag = _poll(watcher, url(club_id, event_id, "/live")).headers["ETag"]
        assert _poll(watcher, url(club_id, event_id, "/live"), etag).status_code == 304
        etags.add(etag)
        r = table.post(f"/games/{game.id}/hands", data={
            "version": str(round_games(event_id, 1)[0].version), "mode": "quick",
            "bidder": "0", "bid": "30", "contract": "straight", "points": "34"})
        assert r.status_code == 303, text(r)[:300]
        moved = _poll(watcher, url(club_id, event_id, "/live"), etag)
        assert moved.status_code == 200 and moved.headers["ETag"] not in etags, hand
        assert f"{hand} – 0" in text(moved)
        for name, (path, headers) in views.items():
            kept = watcher.get(url(club_id, event_id, path), headers=headers)
            fresh = _fresh_render(app, watcher, url(club_id, event_id, path), headers)
            assert kept.get_data() == fresh.get_data(), (hand, name)
    standings = watcher.get(url(club_id, event_id, "/standings.csv")).get_data(as_text=True)
    winner = next(line for line in standings.splitlines() if line.startswith("1,"))
    assert ",1,1,0," in winner, standings  # played 1, won 1, lost 0


def test_an_unchanged_event_poll_is_answered_before_the_app_as_the_view_answers_it(app, client):
    """The event's poll and the TV's, unchanged: answered by kept_polls.KeptPolls without
    Flask's dispatch, with the headers the view gives; a phone not in the club that copied
    the ETag learns nothing (the members-only page, from the app)."""
    from ..test_kept_polls import dispatch_counted

    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    polls = app.wsgi_app.wsgi_app  # HeadersOnEveryAnswer(KeptPolls(the app's own))
    for path in (url(club_id, event_id, "/live"), url(club_id, event_id, "/tv")):
        etag = _poll(client, path).headers["ETag"]
        with dispatch_counted(app) as dispatched:
            fast = _poll(client, path, etag)
            app.wsgi_app.wsgi_app = polls.wsgi_app
            try:
                slow = _poll(client, path, etag)
            finally:
                app.wsgi_app.wsgi_app = polls
            stranger = _poll(app.test_client(), path, etag)
        assert fast.status_code == slow.status_code == 304 and fast.get_data() == b""
        assert dispatched == [path, path], dispatched  # the view's, the stranger's
        for name in ("ETag", "Cache-Control", "Content-Security-Policy", "X-Frame-Options"):
            assert fast.headers[name] == slow.headers[name], name
        assert set(fast.headers["Vary"].split(", ")) == set(slow.headers["Vary"].split(", "))
        assert stranger.status_code == 404 and "Members only" in text(stranger)


def test_a_renamed_entrant_is_renamed_on_the_event_before_any_game(app, client):
    """An entrant's name is the roster person's: a rename moves the event's ETag, and the
    page kept under the old one is not served again."""
    from scorekeeper import store
    from scorekeeper.extensions import db
    from scorekeeper.models import Person

    club_id, event_id = club_with_event(client)
    path = url(club_id, event_id, "/live")
    etag = _poll(client, path).headers["ETag"]
    before = client.get(url(club_id, event_id)).get_data(as_text=True)
    assert "Anna" not in before
    ann = db.session.scalars(db.select(Person).where(Person.club_id == club_id,
                                                     Person.name == "Ann")).one()
    store.rename_person(ann, "Anna", "test")
    renamed = _poll(client, path, etag)
    assert renamed.status_code == 200 and renamed.headers["ETag"] != etag
    page = client.get(url(club_id, event_id)).get_data(as_text=True)
    assert "Anna &amp; Bob" in page  # (the late entrant field's placeholder keeps its example)
    assert page.count("Ann &amp; Bob") < before.count("Ann &amp; Bob")


def test_the_event_page_and_tv_view_are_no_store_and_their_polls_revalidated(client):
    """A page with a CSRF token goes out no-store (security.py), the event's too; its polls
    carry none and are revalidated by ETag."""
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    for path in (url(club_id, event_id), url(club_id, event_id, "/tv")):
        for _ in range(2):  # rendered, then from the render cache
            page = client.get(path)
            assert page.headers["Cache-Control"] == "no-store", path
            assert "csrf" in page.get_data(as_text=True).lower()
    for path in (url(club_id, event_id, "/live"), url(club_id, event_id, "/tv")):
        assert _poll(client, path).headers["Cache-Control"] == "no-cache"
