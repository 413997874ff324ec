"""The club's ratings pages (spec/ratings.md): the leaderboard and its CSV equal a replay of the
club's games by the pure library, seasons (named by the admin, never overlapping), a person's
rating history, rivals and head to head."""
from __future__ import annotations

import json
from datetime import date, timedelta

from sqlalchemy import func, select, update

from scorekeeper import club_ratings, ratings
from scorekeeper.cli import read_games
from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand
from scorekeeper.players.charts import rating_history
from scorekeeper.players.rating_pages import shown
from scorekeeper.players.review import safe_text

from ..clubs.helpers import MOON_WIN, club_game, join_club, person_id
from ..helpers import HX, post_hand, text
from .test_club_pages import club_records, import_club, parse_csv


def lechner_records(n: int) -> list[dict]:
    """n finished lechner42 games among four people, A & C winning all but every third."""
    players = [["Ann", "Bob", "Cat", "Dan"], ["Ann", "Cat", "Bob", "Dan"]]
    return [{"variant": "lechner42", "players": players[i % 2], "options": {"target_marks": 2},
             "hands": [{"bidder": 1 if i % 3 == 2 else 0, "bid": 84, "contract": "straight",
                        "points": 42}]} for i in range(n)]


def test_the_leaderboard_is_the_replay_of_the_club_games_and_its_csv_too(client, tmp_path):
    records = club_records(18) + lechner_records(6)
    club_id = import_club(client, records)
    r = client.get(f"/clubs/{club_id}/ratings?group=dominoes-42")
    assert r.status_code == 200
    page = text(r)
    assert "Thursday: ratings" in page and "All time." in page and "Partnerships" in page
    # the command line's numbers over the export, in the same order (imported games finish in
    # id order)
    export = tmp_path / "club.json"
    export.write_text(json.dumps(client.get(f"/clubs/{club_id}/export.json").get_json()))
    expected = ratings.replay(read_games("ratings", [str(export)])).groups["dominoes-42"]
    rows = parse_csv(client.get(f"/clubs/{club_id}/ratings.csv?group=dominoes-42"))
    assert rows[0] == ["Place", "Person", "Rating", "Games", "Wins", "Provisional", "mu", "sigma",
                       "ordinal"]
    by_name = {row[1]: row for row in rows[1:]}
    assert set(by_name) == {safe_text(name) for name in expected.players}  # "'@Fay": no formula
    for name, s in expected.players.items():
        row = by_name[safe_text(name)]
        assert float(row[8]) == s.ordinal and int(row[3]) == s.games and int(row[4]) == s.wins
        assert row[5] == ("yes" if s.provisional else "no")
        assert shown(s.ordinal) in page
    # ranked: the others by ordinal, then the provisional
    provisional = [row[5] == "yes" for row in rows[1:]]
    assert provisional == sorted(provisional)
    settled = [float(row[8]) for row in rows[1:] if row[5] == "no"]
    assert settled == sorted(settled, reverse=True)
    pairs = parse_csv(client.get(f"/clubs/{club_id}/ratings.csv?group=dominoes-42&board=pairs"))
    assert pairs[0][1] == "Pair" and {row[1] for row in pairs[1:]} >= {"Ann & Cat", "Bob & Dan"}
    # a group without partners has no pairs
    assert "Partnerships" not in text(client.get(f"/clubs/{club_id}/ratings?group=moon"))


def test_a_hand_that_finishes_a_game_moves_the_ratings(client):
    club_id = import_club(client, lechner_records(1))
    ann = person_id(club_id, "Ann")
    before = text(client.get(f"/clubs/{club_id}/people/{ann}/ratings"))
    assert "Moon" not in before
    game_id = club_game(client, club_id, "moon", [ann, person_id(club_id, "Bob"),
                                                  person_id(club_id, "Cat")])
    start = text(client.get(f"/games/{game_id}"))
    assert "Win chance on the club's ratings: Ann 34%, Bob 33%, Cat 33%." in start  # all new
    assert post_hand(client, game_id, MOON_WIN).status_code in (200, 303)
    over = text(client.get(f"/games/{game_id}"))
    moon = ratings.replay([(g.summary, [p.person_id for p in g.players])
                           for g in [db.session.get(Game, game_id)]]).groups["moon"]
    moves = {pid: shown(s.ordinal).replace("\u2212", "") for pid, s in moon.players.items()}
    assert f"Ratings: Ann +{moves[ann]}, Bob \u2212{moves[person_id(club_id, 'Bob')]}" in over
    assert "Win chance" not in over
    page = text(client.get(f"/clubs/{club_id}/people/{ann}/ratings"))
    assert "Ann's ratings" in page and "Moon" in page
    assert "Rating after each rated game" in page
    board = text(client.get(f"/clubs/{club_id}/ratings?group=moon"))
    assert "1 rated game" in board and "provisional" in board


def test_seasons_are_named_by_the_admin_never_overlap_and_rate_again_from_the_default(client, app):
    club_id = import_club(client, lechner_records(6))
    today = date.today()
    form = {"name": "Spring", "first_day": (today - timedelta(days=3)).isoformat(),
            "last_day": (today + timedelta(days=30)).isoformat()}
    r = client.post(f"/clubs/{club_id}/seasons", data=form)
    assert r.status_code == 303
    clash = {**form, "name": "Overlap", "first_day": (today + timedelta(days=30)).isoformat(),
             "last_day": (today + timedelta(days=60)).isoformat()}
    r = client.post(f"/clubs/{club_id}/seasons", data=clash)
    assert r.status_code == 422 and "overlap the season Spring" in text(r)
    backwards = {**clash, "first_day": (today + timedelta(days=90)).isoformat()}
    assert "cannot come before" in text(client.post(f"/clubs/{club_id}/seasons", data=backwards))
    # the current season is shown by default: its games finished today, so the same numbers
    page = text(client.get(f"/clubs/{club_id}/ratings"))
    assert "Spring: games finished" in page
    # games moved to before the season: the season has none, all time still has them all
    with app.app_context():
        for hand in db.session.scalars(select(Hand)):
            hand.created_at -= timedelta(days=10)
        db.session.execute(update(Game).values(version=Game.version + 1))  # as a write does
        db.session.commit()
    page = text(client.get(f"/clubs/{club_id}/ratings?group=dominoes-42"))
    assert "No rated games yet" in page
    assert "6 rated games" in text(client.get(f"/clubs/{club_id}/ratings?group=dominoes-42&season=all"))
    ann = person_id(club_id, "Ann")
    assert "Ann has no rated game in this season" in text(
        client.get(f"/clubs/{club_id}/people/{ann}/ratings"))
    assert "Ann has no rated game" not in text(
        client.get(f"/clubs/{club_id}/people/{ann}/ratings?season=all"))
    # only the admin names seasons
    other = app.test_client()
    join_club(other, club_id)
    r = other.post(f"/clubs/{club_id}/seasons", data={**form, "name": "Autumn",
                                                       "first_day": "2001-01-01",
                                                       "last_day": "2001-02-01"})
    assert r.status_code == 422 and "Only the club's admin" in text(r)
    assert "Name a season" not in text(other.get(f"/clubs/{club_id}/ratings"))


def test_rivals_and_head_to_head_on_the_person_page(client):
    club_id = import_club(client, lechner_records(9))
    ann, bob, cat = (person_id(club_id, n) for n in ("Ann", "Bob", "Cat"))
    r = client.get(f"/clubs/{club_id}/people/{ann}/ratings")
    page = text(r)
    for label in ("Nemesis", "Favourite opponent", "Best partner", "Head to head"):
        assert label in page
    r = client.get(f"/clubs/{club_id}/people/{ann}/ratings?vs={bob}", headers=HX)
    body = text(r)
    assert "Against Games Ann won They won" in body
    assert "Dan" not in body.split("They won", 1)[1]  # only Bob's row
    assert client.get(f"/clubs/{club_id}/people/{cat}/ratings?vs=abc").status_code == 200
    assert client.get(f"/clubs/{club_id}/people/999999/ratings").status_code == 404


def test_ratings_are_shown_to_one_decimal_and_a_season_start_is_marked():
    assert (shown(8.25), shown(-0.04), shown(-1.26), shown(0.0)) == ("8.2", "0.0", "\u22121.3", "0.0")
    days = [date(2026, 1, d) for d in (1, 2, 2, 9)]
    chart = rating_history([1.0, 2.5, -1.0, 3.0], days, [date(2026, 1, 2), date(2026, 1, 5),
                                                         date(2026, 2, 1)])
    assert chart.series[0].values == (0.0, 1.0, 2.5, -1.0, 3.0)
    # between game 1 and game 2 (the first of Jan 2), between games 3 and 4; none after the end
    assert [m.value for m in chart.marks] == [1, 3]
    x = [t.pos for t in chart.x_ticks]
    assert chart.left < chart.marks[0].pos < chart.marks[1].pos < chart.right and x[0] == chart.left


def test_the_new_game_page_gives_the_win_chance_and_seats_fair_teams(client):
    # Ann & Cat won 4 of 6 together: seated together again, they are favourites
    club_id = import_club(client, lechner_records(6))
    ann, bob, cat, dan = (person_id(club_id, n) for n in ("Ann", "Bob", "Cat", "Dan"))
    form = {"variant": "lechner42", "first_dealer": "0", "person-0": str(ann),
            "person-1": str(bob), "person-2": str(cat), "person-3": str(dan)}
    r = client.post(f"/clubs/{club_id}/games/new", data={**form, "seating": "chance"})
    assert r.status_code == 200
    page = text(r)
    chance = page.split("Win chance:", 1)[1]
    a, b = (int(chance.split(name, 1)[1].split("%", 1)[0]) for name in ("Ann & Cat", "Bob & Dan"))
    assert a + b == 100 and a > 50
    r = client.post(f"/clubs/{club_id}/games/new", data={**form, "seating": "fair"}, headers=HX)
    body = r.get_data(as_text=True)
    picked = [body.split(f'name="person-{i}"', 1)[1].split("selected", 1)[0].rsplit('value="', 1)[1]
              .split('"', 1)[0] for i in range(4)]
    assert picked[0] == str(ann) and picked[2] != str(cat)  # Ann and Cat split up
    assert "Win chance:" in text(r)
    assert db.session.scalar(select(func.count()).select_from(Game)
                             .where(Game.club_id == club_id)) == 6  # no game started


def test_an_undo_unrates_a_game_and_finishing_it_again_rates_it_last(client, tmp_path,
                                                                   monkeypatch):
    records = lechner_records(4)
    club_id = import_club(client, records)
    seats = [person_id(club_id, n) for n in ("Ann", "Dan", "Bob", "Cat")]
    win = {"mode": "quick", "bidder": "0", "bid": "84", "contract": "straight", "points": "42"}
    played = []
    for bidder in ("0", "1"):  # Ann & Bob win the first, Dan & Cat the second: order matters
        played.append(club_game(client, club_id, "lechner42", seats, target_marks=2))
        assert post_hand(client, played[-1], {**win, "bidder": bidder}).status_code == 303
    first, second = (db.session.get(Game, gid).record() for gid in played)

    def board():
        rows = parse_csv(client.get(f"/clubs/{club_id}/ratings.csv?group=dominoes-42"))[1:]
        return {row[1]: (int(row[3]), int(row[4]), float(row[8])) for row in rows}

    def replayed(in_order):
        path = tmp_path / "order.json"
        path.write_text(json.dumps(in_order))
        group = ratings.replay(read_games("ratings", [str(path)])).groups["dominoes-42"]
        return {name: (s.games, s.wins, s.ordinal) for name, s in group.players.items()}

    assert board() == replayed(records + [first, second])
    version = db.session.get(Game, played[0]).version
    r = client.post(f"/games/{played[0]}/hands/undo", data={"version": str(version)})
    assert r.status_code == 303
    r.close()  # the answer sent: the club is re-rated from the game taken back on
    assert board() == replayed(records + [second])  # not finished: not rated
    moved_on = []
    one_more = club_ratings._one_more
    monkeypatch.setattr(club_ratings, "_one_more",
                        lambda *a: moved_on.append(one_more(*a)) or moved_on[-1])
    assert post_hand(client, played[0], win).status_code == 303
    assert board() == replayed(records + [second, first])  # finished last: rated last
    assert [m is not None for m in moved_on] == [True]  # the kept replay moved on by one game
    assert board() != replayed(records + [first, second])


def test_a_missing_summary_is_made_again_for_the_ratings(client):
    club_id = import_club(client, lechner_records(5))
    before = client.get(f"/clubs/{club_id}/ratings.csv?group=dominoes-42").data
    db.session.execute(update(Game).where(Game.club_id == club_id)
                       .values(summary=None, version=Game.version + 1))
    db.session.commit()
    assert client.get(f"/clubs/{club_id}/ratings.csv?group=dominoes-42").data == before
    assert all(g.summary is not None for g in db.session.scalars(
        select(Game).where(Game.club_id == club_id).execution_options(populate_existing=True)))
