"""Ties decided right (issue 38, item 1; spec/events.md "Deciding a tie"): a 6-team pools night
whose two pools of three both end in three-way ties. Both playoffs share rounds 4 to 6, each at
its own table; a table's phone goes to the earliest open match at its table; the bracket waits
for every playoff match; a playoff seated is offered again to nobody; a draw decides what a
playoff left level; the champion is named only once the record is complete."""
from __future__ import annotations

from scorekeeper import tournament
from scorekeeper.events import record as records

from ..helpers import text
from .helpers import club_with_event, event, play, round_games, scorer_path, start_round, url
from .test_table_phones import follow

TEAMS = "\n".join(f"{a} & {b}" for a, b in (("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"),
                                             ("Gus", "Hal"), ("Ivy", "Jon"), ("Kim", "Lou")))
POOLS = {1: (0, 3, 4), 2: (1, 2, 5)}  # snake seeding of six into two pools of three


def win(match, winner: int) -> None:
    """Play the match's game 7-0 to `winner` (an entrant)."""
    play(match.games[-1].id, [list(match.entrants).index(winner)] * 7)


def cycle_wins(matches, members) -> None:
    """Each member beats the next in turn (a beats b, b beats c, c beats a): all level."""
    a, b, c = members
    beats = {frozenset((a, b)): a, frozenset((b, c)): b, frozenset((c, a)): c}
    for match in matches:
        win(match, beats[frozenset(match.entrants)])


def matches_of(event_id: int, rounds, pool: int | None = None):
    return [m for m in event(event_id).matches if m.round in rounds and m.bye is None
            and (pool is None or m.pool == pool)]


def standings(event_id: int) -> dict:
    return tournament.standings(records.event_record(event(event_id)))


def post(client, club_id, event_id, action, **data):
    return client.post(url(club_id, event_id, f"/{action}"),
                       data={"version": str(event(event_id).version), **data})


def tied_pools(client):
    club_id, event_id = club_with_event(client, entrants=TEAMS, fmt="pools", pool_size="3")
    for number in (1, 2, 3):
        assert start_round(client, club_id, event_id).status_code == 303
        for pool, members in POOLS.items():
            cycle_wins(matches_of(event_id, [number], pool), members)
    return club_id, event_id


def test_two_pools_tied_three_ways_play_off_side_by_side_to_a_champion(app, client):
    club_id, event_id = tied_pools(client)
    page = text(client.get(url(club_id, event_id)))
    assert "Playoff: Ann & Bob v Gus & Hal v Ivy & Jon (3 matches, each pair once)" in page
    assert "Playoff: Cat & Dan v Eve & Fay v Kim & Lou (3 matches, each pair once)" in page
    assert "Draw for me" in page and "Start round" not in page and "Champion" not in page
    assert post(client, club_id, event_id, "playoff", entrant=["0", "3", "4"]).status_code == 303
    page = text(client.get(url(club_id, event_id)))
    assert "Playoff: Ann &amp; Bob" not in page and "Playoff: Ann & Bob" not in page
    assert "Playoff: Cat & Dan v Eve & Fay v Kim & Lou" in page
    # a second tap on the first playoff (a page read before it was seated) seats nothing
    r = post(client, club_id, event_id, "playoff", entrant=["0", "3", "4"])
    assert r.status_code == 422 and "being played" in text(r)
    assert post(client, club_id, event_id, "playoff", entrant=["1", "2", "5"]).status_code == 303
    playoffs = matches_of(event_id, range(4, 10))
    assert sorted((m.round, m.table, m.pool) for m in playoffs) == [
        (4, 1, 1), (4, 2, 2), (5, 1, 1), (5, 2, 2), (6, 1, 1), (6, 2, 2)]
    assert all(m.playoff for m in playoffs)
    page = text(client.get(url(club_id, event_id)))
    assert "Playoff:" not in page
    assert "The playoff of Ann & Bob v Gus & Hal v Ivy & Jon is being played" in page

    # table 1's phone plays round 4, then goes to round 5 (not the latest, 6), then 6
    phone = app.test_client()
    [first] = round_games(event_id, 4)[:1]
    assert phone.get(scorer_path(first)).status_code == 303
    [match] = matches_of(event_id, [4], 1)
    win(match, min(match.entrants))  # pool 1's playoff: the lower seed wins each
    assert standings(event_id)["complete"] is False
    assert post(client, club_id, event_id, "rounds").status_code == 422  # round 4 still open
    page = text(client.get(url(club_id, event_id)))
    assert "Start round" not in page and "Champion" not in page
    [fifth] = [g for g in round_games(event_id, 5) if g.event_match_id ==
               matches_of(event_id, [5], 1)[0].id]
    assert follow(phone, first.id) == fifth.id
    [match] = matches_of(event_id, [5], 1)
    win(match, min(match.entrants))
    [sixth] = matches_of(event_id, [6], 1)
    assert follow(phone, fifth.id) == sixth.games[0].id
    win(sixth, min(sixth.entrants))  # pool 1: 0 beat both, 3 beat 4
    # pool 2's playoff: still open, so no bracket, no champion, nothing to start
    assert standings(event_id)["complete"] is False
    assert "Start round" not in text(client.get(url(club_id, event_id)))
    cycle_wins(matches_of(event_id, [4, 5, 6], 2), POOLS[2])  # level again
    page = text(client.get(url(club_id, event_id)))
    assert "Playoff: Cat & Dan v Eve & Fay v Kim & Lou" in page  # another, or a draw
    assert post(client, club_id, event_id, "draw", entrant=["1", "2", "5"],
                order=["5", "1", "9"]).status_code == 422
    assert post(client, club_id, event_id, "draw", entrant=["1", "2", "5"],
                order=["5", "1", "2"]).status_code == 303
    record = records.event_record(event(event_id))
    assert record["draws"] == [[5, 1, 2]]
    r = post(client, club_id, event_id, "draw", entrant=["1", "2", "5"], random="1")
    assert r.status_code == 422 and "not tied" in text(r)

    # the bracket: A1-B2 and B1-A2 after the playoffs' last round, then the final
    assert start_round(client, club_id, event_id).status_code == 303
    semis = matches_of(event_id, [7])
    assert sorted(sorted(m.entrants) for m in semis) == [[0, 1], [3, 5]]
    for m in semis:
        win(m, min(m.entrants, key=lambda e: (e not in (0, 5), e)))
    assert "Champion" not in text(client.get(url(club_id, event_id)))
    assert start_round(client, club_id, event_id).status_code == 303
    [final] = matches_of(event_id, [8])
    win(final, 0)
    result = standings(event_id)
    assert result["complete"] is True and result["standings"][0]["entrant"] == 0
    assert "Champion" in text(client.get(url(club_id, event_id)))
    assert "Every match played" in text(client.get(url(club_id, event_id, "/tv")))


def test_a_double_tap_on_a_playoff_seats_it_once(client):
    club_id, event_id = tied_pools(client)
    version = str(event(event_id).version)
    for expected in (303, 422):
        r = client.post(url(club_id, event_id, "/playoff"),
                        data={"version": version, "entrant": ["0", "3", "4"]})
        assert r.status_code == expected
    assert len(matches_of(event_id, range(4, 10))) == 3


def test_a_draw_for_me_is_kept_in_the_record_and_the_history(client):
    club_id, event_id = tied_pools(client)
    assert post(client, club_id, event_id, "draw", entrant=["0", "3", "4"],
                random="1").status_code == 303
    [drawn] = records.event_record(event(event_id))["draws"]
    assert sorted(drawn) == [0, 3, 4]
    pool = standings(event_id)["pools"][0]["standings"]
    assert [(r["entrant"], r["rank"], r["tied"]) for r in pool] == [
        (e, place, False) for place, e in enumerate(drawn, start=1)]
    names = {0: "Ann & Bob", 3: "Gus & Hal", 4: "Ivy & Jon"}
    history = text(client.get(url(club_id, event_id, "/history")))
    assert "draw · " + ", ".join(names[e] for e in drawn) in history
