"""A club's stored ratings (RatingMove) against the pure replay (spec/ratings.md: "the numbers are
always those of replaying every rated game in order"), over random sequences of the app's writes:
games finishing, old hands edited, last hands taken back and put back, people merged. On SQLite,
and on PostgreSQL with TEST_DATABASE_URL."""
from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, func, select

from scorekeeper import club_ratings, ratings
from scorekeeper.extensions import db
from scorekeeper.models import Game, RatingMove
from scorekeeper.rules import VARIANTS

from ..clubs.helpers import club_game, create_club, person_id
from ..helpers import post_hand
from ..test_live_scale import statements

PEOPLE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def won_by(side: int) -> dict:
    """The one hand that ends a lechner42 game to 2 marks: seat `side` bids 84 and makes it."""
    return {"mode": "quick", "bidder": str(side), "bid": "84", "contract": "straight",
            "points": "42"}


def replayed(club_id: int) -> ratings.Ratings:
    """The pure library's replay of the club's finished games, in the app's order."""
    db.session.rollback()  # a fresh snapshot: what the app's requests committed
    games, _ = club_ratings.club_finished(club_id)
    return ratings.replay(game for game, _ in games)


def stored_state(club_id: int):
    """The replay as the stored rows give it, and what was stale in them (None: nothing)."""
    db.session.rollback()
    found, stale = club_ratings._all_time(club_id)
    return found.ratings, stale


def assert_kept(club_id: int) -> None:
    """Every reader's numbers equal the full replay, stale rows or not; once the club is
    re-rated no row is stale, and the stored numbers alone are the replay."""
    expected = replayed(club_id)
    found, _ = stored_state(club_id)
    assert found == expected
    assert club_ratings.club_ratings(club_id).ratings == expected
    club_ratings.rerate(club_id)
    found, stale = stored_state(club_id)
    assert stale is None and found == expected


WRITES = st.lists(st.one_of(
    st.tuples(st.just("finish"), st.permutations(range(6)), st.integers(0, 1)),
    st.tuples(st.just("edit"), st.integers(0, 20), st.integers(0, 1)),
    st.tuples(st.just("undo"), st.integers(0, 20)),
    st.tuples(st.just("put back"), st.integers(0, 20)),
    st.tuples(st.just("merge"), st.integers(0, 5), st.integers(0, 5))), min_size=3, max_size=9)


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(writes=WRITES)
def test_stored_ratings_equal_the_replay_through_any_writes(client, writes):
    club_id = create_club(client)
    games: list[int] = []
    for write in writes:
        kind = write[0]
        if kind == "finish":
            seats = [PEOPLE[i] for i in write[1][:4]]
            people = {p.name: p.id for p in _roster(club_id)}
            seats = [people.get(name, name) for name in seats]
            game_id = club_game(client, club_id, "lechner42", seats, target_marks=2)
            clean = stored_state(club_id)[1] is None
            assert post_hand(client, game_id, won_by(write[2])).status_code in (200, 303)
            games.append(game_id)
            if clean:  # the finishing write rated it in its own transaction, and rightly
                assert stored_state(club_id)[1] is None
        elif not games:
            continue
        elif kind == "edit":
            game_id = games[write[1] % len(games)]
            if _hands(game_id):
                r = post_hand(client, game_id, won_by(write[2]), number=0)
                assert r.status_code in (200, 303)
        elif kind == "undo":
            game_id = games[write[1] % len(games)]
            r = client.post(f"/games/{game_id}/hands/undo",
                            data={"version": str(db.session.get(Game, game_id).version)})
            assert r.status_code in (200, 303, 409)
        elif kind == "put back":
            game_id = games[write[1] % len(games)]
            if not _hands(game_id):
                assert post_hand(client, game_id, won_by(0)).status_code in (200, 303)
        else:
            roster = sorted(_roster(club_id), key=lambda p: p.id)
            if len(roster) > max(write[1], write[2]):
                gone, into = roster[write[1]], roster[write[2]]
                r = client.post(f"/clubs/{club_id}/roster/{gone.id}/merge",
                                data={"into": str(into.id), "confirm": "1"})
                assert r.status_code in (303, 422)
        assert_kept(club_id)


def four_games_of_one_table(client) -> tuple[int, list[int]]:
    """A club and four lechner42 games of Ann, Bob, Cat and Dan, each finished (won in turn by
    one side, then the other): each rated as it finishes."""
    club_id = create_club(client)
    games = []
    for i in range(4):
        seats = ["Ann", "Bob", "Cat", "Dan"] if i == 0 else [
            person_id(club_id, name) for name in ("Ann", "Bob", "Cat", "Dan")]
        games.append(club_game(client, club_id, "lechner42", seats, target_marks=2))
        post_hand(client, games[-1], won_by(i % 2))
    return club_id, games


def test_an_edit_of_the_first_game_re_rates_after_the_answer(client):
    """The writes that finish games store their moves as they go; an edit of the first game
    leaves every row stale, and the club is re-rated once its answer is sent, not in it."""
    club_id, games = four_games_of_one_table(client)
    assert db.session.scalar(select(func.count()).select_from(RatingMove)
                             .where(RatingMove.club_id == club_id)) == 4 * 6
    assert stored_state(club_id)[1] is None
    before = {row.game_id: row.mark for row in db.session.execute(
        select(RatingMove.game_id, RatingMove.mark).where(RatingMove.key == "p"
                                                            + str(person_id(club_id, "Ann"))))}
    r = post_hand(client, games[0], won_by(1), number=0)
    assert r.status_code == 303
    assert stored_state(club_id)[1] is not None  # stale until the answer is sent
    r.close()  # the answer sent (the server closes it): the club is re-rated
    db.session.rollback()
    after = {row.game_id: row.mark for row in db.session.execute(
        select(RatingMove.game_id, RatingMove.mark).where(RatingMove.key == "p"
                                                            + str(person_id(club_id, "Ann"))))}
    assert set(after) == set(before) and not set(after.values()) & set(before.values())
    found, stale = stored_state(club_id)
    assert stale is None and found == replayed(club_id)


def test_a_re_rating_keeps_the_rows_an_edit_left_the_same(client):
    """An edit of the first game that leaves its outcome as it was (its rows dropped, as an
    edit that changes it leaves them) re-rates it; the later games' rows come out the same
    and are kept (the next of each key moved on from the new rows), none written again."""
    club_id, games = four_games_of_one_table(client)

    def rows() -> dict:
        db.session.rollback()
        return {row.id: row for row in db.session.execute(
            select(RatingMove.id, RatingMove.game_id, RatingMove.mark, RatingMove.before_mark)
            .where(RatingMove.club_id == club_id))}

    before = rows()
    db.session.execute(delete(RatingMove).where(RatingMove.game_id == games[0]))
    db.session.commit()
    assert stored_state(club_id)[1] is not None
    club_ratings.rerate(club_id)
    after = rows()
    kept = {i: r for i, r in before.items() if r.game_id != games[0]}
    assert {i: r.mark for i, r in after.items() if i in kept} == {
        i: r.mark for i, r in kept.items()} and len(after) == len(before)
    new_marks = {r.mark for i, r in after.items() if i not in before}
    assert {r.before_mark for r in after.values() if r.game_id == games[1]} == new_marks
    found, stale = stored_state(club_id)
    assert stale is None and found == replayed(club_id)


def _roster(club_id: int):
    from scorekeeper.models import Person

    db.session.rollback()
    return list(db.session.scalars(select(Person).where(Person.club_id == club_id)))


def _hands(game_id: int) -> int:
    db.session.rollback()
    return len(db.session.get(Game, game_id).hands)


def test_a_finished_games_rating_changes_follow_an_edit_of_an_earlier_game(client):
    """The game page is kept by the game's version; its rating changes depend on the games
    before it too, so an edit of an earlier game shows at once on a later game's page."""
    club_id = create_club(client)
    first = club_game(client, club_id, "lechner42", ["Ann", "Bob", "Cat", "Dan"], target_marks=2)
    post_hand(client, first, won_by(0))
    later = club_game(client, club_id, "lechner42",
                      [person_id(club_id, name) for name in ("Ann", "Bob", "Cat", "Dan")],
                      target_marks=2)
    post_hand(client, later, won_by(0))

    def shown() -> str:
        html = client.get(f"/games/{later}").get_data(as_text=True)
        return re.search(r'id="rating-changes">([^<]*)<', html).group(1)

    def expected() -> str:
        db.session.rollback()
        game = db.session.get(Game, later)
        note = club_ratings.game_note(club_id, later, VARIANTS["lechner42"],
                                      [[p.person_id for p in game.players[0::2]],
                                       [p.person_id for p in game.players[1::2]]], True, True)
        names = {p.person_id: p.name for p in game.players}
        return "Ratings: " + ", ".join(f"{names[p]} {move}"
                                       for p, move in note["changes"].items()) + "."

    before = shown()
    assert before == expected()
    assert post_hand(client, first, won_by(1), number=0).status_code == 303  # Bob & Dan won
    assert shown() == expected() != before


def test_a_kept_replay_moves_on_by_the_games_finished_since(client, monkeypatch):
    """A worker that missed a few finishes moves its kept replay on by them, in order, without
    reading the club's stored replay again; the numbers are the full replay's."""
    club_id = create_club(client)
    seats: list = ["Ann", "Bob", "Cat", "Dan"]
    for i in range(4):
        if i == 3:  # the view that keeps a replay, then two more finishes
            assert club_ratings.club_ratings(club_id).ratings == replayed(club_id)
        game_id = club_game(client, club_id, "lechner42", seats, target_marks=2)
        seats = [person_id(club_id, name) for name in ("Ann", "Bob", "Cat", "Dan")]
        post_hand(client, game_id, won_by(i % 2))
    game_id = club_game(client, club_id, "lechner42", seats, target_marks=2)
    post_hand(client, game_id, won_by(1))
    monkeypatch.setattr(club_ratings, "_all_time", None)  # not called
    db.session.rollback()
    assert club_ratings.club_ratings(club_id).ratings == replayed(club_id)
    assert replayed(club_id).rated == 5


def test_a_finishing_hand_reads_the_moves_before_it_in_one_statement(client):
    """The write that finishes a club game reads the latest move of each of its people and
    pairs (4 and 2 here) in one indexed statement, and sends as many statements for the
    club's first rated game as for its fifth."""
    club_id = create_club(client)
    sent = []
    for i in range(5):
        seats = ["Ann", "Bob", "Cat", "Dan"] if i == 0 else [
            person_id(club_id, name) for name in ("Ann", "Bob", "Cat", "Dan")]
        game_id = club_game(client, club_id, "lechner42", seats, target_marks=2)
        version = db.session.get(Game, game_id).version
        db.session.remove()  # an empty session, as a server's request starts with
        with statements() as seen:
            r = client.post(f"/games/{game_id}/hands",
                            data={"version": str(version), **won_by(i % 2)})
        assert r.status_code == 303
        reads = [s for s in seen if s.lstrip().startswith("SELECT") and "rating_move" in s]
        assert len(reads) == 1, reads
        sent.append(len(seen))
    assert db.session.scalar(select(func.count()).select_from(RatingMove)
                             .where(RatingMove.club_id == club_id)) == 5 * 6
    assert stored_state(club_id)[1] is None
    assert len(set(sent)) == 1, sent
