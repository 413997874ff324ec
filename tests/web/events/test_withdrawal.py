"""Withdrawal (issue 38, item 3; spec/events.md "Check-in and withdrawal"): a team that has to
leave after the event began. The page first says what will happen; confirmed, each of its
matches not yet played is its forfeit, now and in every round seated later; a match being
played stands; undone until the next round is seated; in the event's history."""
from __future__ import annotations

from scorekeeper import tournament
from scorekeeper.events import record as records

from ..helpers import text
from .helpers import club_with_event, event, play, round_games, start_round, url


def match_of(event_id: int, number: int, seed: int):
    return next(m for m in event(event_id).matches if m.round == number and seed in m.entrants)


def withdraw(client, club_id, event_id, seed, confirm=True, undo=False):
    path = f"/entrants/{seed}/withdraw" + ("/undo" if undo else "")
    return client.post(url(club_id, event_id, path), data={"confirm": "1"} if confirm else {})


def test_a_withdrawal_says_what_happens_forfeits_now_and_later_and_is_undone_until_the_next_round(
        client):
    club_id, event_id = club_with_event(client)  # Ann & Bob, Cat & Dan, Eve & Fay, Gus & Hal
    assert start_round(client, club_id, event_id).status_code == 303
    version = event(event_id).version
    match = match_of(event_id, 1, 3)
    other = match.entrants[1 - match.entrants.index(3)]
    names = ["Ann & Bob", "Cat & Dan", "Eve & Fay", "Gus & Hal"]
    page = text(client.get(url(club_id, event_id)))
    assert "Withdraw Gus & Hal…" in page
    r = withdraw(client, club_id, event_id, 3, confirm=False)
    assert r.status_code == 200
    assert (f"Withdraw Gus & Hal? They forfeit round 1, table {match.table} against "
            f"{names[other]}, and every match seated for them later.") in " ".join(text(r).split())
    assert event(event_id).version == version  # nothing changed yet
    assert withdraw(client, club_id, event_id, 3).status_code == 303
    e = event(event_id)
    assert e.withdrawn == [3] and match_of(event_id, 1, 3).forfeit == match.entrants.index(3)
    record = records.event_record(e)
    assert record["withdrawn"] == [3]
    row = next(r for r in tournament.standings(record)["standings"] if r["entrant"] == other)
    assert row["won"] == 1
    assert "withdrawn · Gus & Hal" in text(client.get(url(club_id, event_id, "/history")))
    assert withdraw(client, club_id, event_id, 3).status_code == 422  # withdrew already
    # undone: the match is played again, with a new first game
    assert withdraw(client, club_id, event_id, 3, undo=True).status_code == 303
    again = match_of(event_id, 1, 3)
    assert again.forfeit is None and len(again.games) == 1 and not event(event_id).withdrawn
    assert "withdrawal undone · Gus & Hal" in text(client.get(url(club_id, event_id,
                                                                   "/history")))
    # withdrawn again; the next round seats its match as its forfeit, and the undo is gone
    assert withdraw(client, club_id, event_id, 3).status_code == 303
    for game in round_games(event_id, 1):
        play(game.id, [0] * 7)
    assert start_round(client, club_id, event_id).status_code == 303
    later = match_of(event_id, 2, 3)
    assert later.forfeit == later.entrants.index(3) and later.games == []
    r = withdraw(client, club_id, event_id, 3, undo=True)
    assert r.status_code == 422 and "Round 2 was seated since" in text(r)
    assert tournament.standings(records.event_record(event(event_id)))["ok"]


def test_a_match_being_played_stands_when_its_team_withdraws(client):
    club_id, event_id = club_with_event(client)
    assert start_round(client, club_id, event_id).status_code == 303
    match = match_of(event_id, 1, 0)
    play(match.games[0].id, [0, 1])
    r = withdraw(client, club_id, event_id, 0, confirm=False)
    assert "Every match seated for them later is their forfeit." in " ".join(text(r).split())
    assert withdraw(client, club_id, event_id, 0).status_code == 303
    stands = match_of(event_id, 1, 0)
    assert stands.forfeit is None and len(stands.games) == 1
    assert event(event_id).withdrawn == [0]


def test_nobody_withdraws_before_round_1(client):
    club_id, event_id = club_with_event(client)
    r = withdraw(client, club_id, event_id, 0)
    assert r.status_code == 422 and "not begun" in text(r)
    assert withdraw(client, club_id, event_id, 9).status_code == 404


def test_a_withdrawn_player_sits_out_every_later_round(client):
    """A progressive night of five: the one who goes home sits out from the next round on, the
    one who sat out taking the seat; with nobody to take it, that table sits out."""
    club_id, event_id = club_with_event(client, entrants="Ann\nBob\nCat\nDan\nEve",
                                        fmt="progressive")
    assert start_round(client, club_id, event_id).status_code == 303
    r = withdraw(client, club_id, event_id, 0, confirm=False)
    assert "They sit out every round seated later" in " ".join(text(r).split())
    assert withdraw(client, club_id, event_id, 0).status_code == 303
    for number in (2, 3):
        for game in round_games(event_id, number - 1):
            play(game.id, [0] * 7)
        assert start_round(client, club_id, event_id).status_code == 303
        seated = [m for m in event(event_id).matches if m.round == number and m.bye is None]
        assert [sorted(m.entrants) for m in seated] == [[1, 2, 3, 4]]
        assert [m.bye for m in event(event_id).matches if m.round == number] == [None, 0]
    assert tournament.standings(records.event_record(event(event_id)))["ok"]
    assert withdraw(client, club_id, event_id, 1).status_code == 303
    for game in round_games(event_id, 3):
        play(game.id, [0] * 7)
    assert start_round(client, club_id, event_id).status_code == 303
    assert sorted(m.bye for m in event(event_id).matches if m.round == 4) == [0, 1, 2, 3, 4]


def test_a_check_in_takes_out_who_is_not_here_closes_up_the_seeds_and_is_undone(client):
    """events.md "Check-in": before round 1 the entrants not here are taken out (they are not
    in the record) and the seeds close up; it says so first; undone until round 1 is seated."""
    club_id, event_id = club_with_event(client)  # Ann & Bob, Cat & Dan, Eve & Fay, Gus & Hal
    page = text(client.get(url(club_id, event_id)))
    assert page.index("Check-in: who is here?") < page.index("Start round 1")  # ticked first
    version = event(event_id).version
    r = client.post(url(club_id, event_id, "/check-in"), data={"here": ["0", "2", "3"]})
    assert r.status_code == 200
    assert ("Start with the 3 here? Cat & Dan is taken out of the event, and the seeds close "
            "up.") in " ".join(text(r).split())
    assert event(event_id).version == version
    r = client.post(url(club_id, event_id, "/check-in"),
                    data={"here": ["0", "2", "3"], "confirm": "1"})
    assert r.status_code == 303
    record = records.event_record(event(event_id))
    assert [e["players"] for e in record["entrants"]] == [["Ann", "Bob"], ["Eve", "Fay"],
                                                          ["Gus", "Hal"]]
    assert "checked in · Cat & Dan" in text(client.get(url(club_id, event_id, "/history")))
    assert client.post(url(club_id, event_id, "/check-in/undo")).status_code == 303
    record = records.event_record(event(event_id))
    assert [e["players"][0] for e in record["entrants"]] == ["Ann", "Cat", "Eve", "Gus"]
    assert client.post(url(club_id, event_id, "/check-in/undo")).status_code == 422
    assert client.post(url(club_id, event_id, "/check-in"),
                       data={"here": ["1", "2", "3"], "confirm": "1"}).status_code == 303
    assert start_round(client, club_id, event_id).status_code == 303
    r = client.post(url(club_id, event_id, "/check-in/undo"))
    assert r.status_code == 422 and "check-in is over" in text(r)
    assert [e["players"][0] for e in records.event_record(event(event_id))["entrants"]] == [
        "Cat", "Eve", "Gus"]
    r = client.post(url(club_id, event_id, "/check-in"), data={"here": ["0"]})
    assert r.status_code == 422


def test_a_withdrawn_team_forfeits_its_playoff_matches(client):
    """A playoff is seated after the withdrawal: each match of the withdrawn team in it is its
    forfeit (the state machine's find: it was seated to be played)."""
    from .test_ties import matches_of, post, tied_pools

    club_id, event_id = tied_pools(client)  # pool 1 (Ann & Bob, Gus & Hal, Ivy & Jon) tied
    assert withdraw(client, club_id, event_id, 3).status_code == 303  # Gus & Hal leave
    assert post(client, club_id, event_id, "playoff", entrant=["0", "3", "4"]).status_code == 303
    playoff = matches_of(event_id, range(4, 10))
    assert len(playoff) == 3
    for match in playoff:
        if 3 in match.entrants:
            assert match.forfeit == match.entrants.index(3) and match.games == []
        else:
            assert match.forfeit is None and len(match.games) == 1
    page = text(client.get(url(club_id, event_id)))
    assert "Gus & Hal forfeited." in page
    # pool 2's playoff shares the rounds from the earliest open one (round 5: round 4 is
    # decided): the TV shows the round being played, not the latest seated
    assert post(client, club_id, event_id, "playoff", entrant=["1", "2", "5"]).status_code == 303
    tv = text(client.get(url(club_id, event_id, "/tv")))
    assert "Playoff · pools A & B · round 5" in tv
    assert "Call time in round 5" in text(client.get(url(club_id, event_id)))
