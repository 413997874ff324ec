"""An event in a club through its pages: the form, the schedule seated by the same pure
function `scorekeeper schedule` prints, games made with the event's rules and seats, live
standings derived from the games, time called, forfeits, late entrants, swaps, playoffs,
who may do what, and the export."""
from __future__ import annotations

import json
import re

import pytest

from scorekeeper import store, tournament
from scorekeeper.events import record as records
from scorekeeper.extensions import db
from scorekeeper.models import ClubEvent

from ..clubs.helpers import create_club, join_club
from ..helpers import text
from .helpers import (club_with_event, event, new_event, play, round_games, scorer_path,
                      start_round, url)


def test_a_member_starts_an_event_and_its_page_shows_the_first_round(client):
    club_id, event_id = club_with_event(client)
    page = text(client.get(url(club_id, event_id)))
    assert "Friday tournament" in page and "Start round 1 (2 tables)" in page
    e = event(event_id)
    assert [x.players for x in e.entrants] == [["Ann", "Bob"], ["Cat", "Dan"], ["Eve", "Fay"],
                                               ["Gus", "Hal"]]
    assert [h.action for h in e.history] == ["created"]


def test_starting_a_round_seats_it_as_the_schedule_command_prints(client):
    club_id, event_id = club_with_event(client)
    expected = tournament.schedule(records.event_record(event(event_id)))["rounds"][0]
    r = start_round(client, club_id, event_id)
    assert r.status_code == 303
    e = event(event_id)
    seated = [{"table": m.table, "entrants": m.entrants} for m in records.ordered(e.matches)]
    assert seated == [{"table": m["table"], "entrants": m["entrants"]} for m in expected["matches"]]
    games = round_games(event_id, 1)
    teams = [x.players for x in e.entrants]
    assert [g.player_names for g in games] == [
        [teams[a][0], teams[b][0], teams[a][1], teams[b][1]]
        for a, b in (m["entrants"] for m in expected["matches"])]
    assert all(g.club_id == club_id and g.first_dealer == 0 and g.variant == "texas42"
               for g in games)
    # a second tap seats nothing more: the round is being played
    r = client.post(url(club_id, event_id, "/rounds"), data={"version": "2"})
    assert r.status_code == 422 and "Round 1 is still being played" in text(r)
    # and a phone that started it from the same version as another is refused by the store
    with pytest.raises(store.Refused, match="was started from another phone"):
        store.seat_matches(e, 1, 2, [], "test")
    assert len(round_games(event_id, 1)) == 2 and len(event(event_id).matches) == 2


def test_standings_follow_the_games_and_the_export_is_the_record(client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    first, second = round_games(event_id, 1)
    play(first.id, [0] * 7)
    play(second.id, [1, 1])
    exported = json.loads(client.get(url(club_id, event_id, "/export.json")).get_data(as_text=True))
    assert exported == records.event_record(event(event_id))
    result = tournament.standings(exported)
    assert result["ok"] and result["standings"][0]["won"] == 1
    page = text(client.get(url(club_id, event_id)))
    assert "7 – 0" in page and "2 – 0" not in page.replace("0 – 2", "")


def test_the_form_says_plainly_what_is_wrong(client):
    club_id = create_club(client)
    r = client.post(f"/clubs/{club_id}/events", data={
        "name": "", "day": "soon", "variant": "texas42", "format": "round-robin",
        "entrants": "Ann & Bob\nAnn & Cat"})
    page = text(r)
    assert r.status_code == 422
    assert "Give the event a name." in page and "Give the event's date" in page
    r = client.post(f"/clubs/{club_id}/events", data={
        "name": "X", "day": "2026-11-27", "variant": "texas42", "format": "round-robin",
        "entrants": "Ann & Bob\nAnn & Cat"})
    assert r.status_code == 422 and "Ann is in entrant 1 and entrant 2" in text(r)
    r = client.post(f"/clubs/{club_id}/events", data={
        "name": "X", "day": "2026-11-27", "variant": "texas42", "format": "progressive",
        "entrants": "Ann\nBob\nCat", "best_of": "x"})
    assert r.status_code == 422 and "Best of must be a whole number." in text(r)
    assert db.session.scalar(db.select(db.func.count()).select_from(ClubEvent)) == 0


def test_a_stranger_sees_nothing_and_only_the_organizer_and_admin_run_it(client, app):
    club_id, event_id = club_with_event(client)
    stranger = app.test_client()
    for path in ("", "/live", "/tv", "/export.json", "/history"):
        r = stranger.get(url(club_id, event_id, path))
        assert r.status_code in (403, 404) and "Friday tournament" not in text(r)
    member = app.test_client()
    join_club(member, club_id)
    page = text(member.get(url(club_id, event_id)))
    assert "Friday tournament" in page and "Start round" not in page
    r = member.post(url(club_id, event_id, "/rounds"), data={"version": "1"})
    assert r.status_code == 403 and not event(event_id).matches
    # the member's own event: it runs that one
    own = new_event(member, club_id)
    assert start_round(member, club_id, own).status_code == 303
    # another club's event is not found from this club
    other_club = create_club(client, "Other club")
    assert client.get(url(other_club, event_id)).status_code == 404


def test_time_called_reaches_every_open_game_of_the_round(client):
    """Each open game finishes the hand in play (tests/web/events/test_time_called.py has the
    states): the hand after the call makes its record `called`."""
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    ahead, level = round_games(event_id, 1)
    play(ahead.id, [0])
    play(level.id, [0])
    r = client.post(url(club_id, event_id, "/rounds/1/call"))
    assert r.status_code == 303
    assert all(g.time_called for g in round_games(event_id, 1))
    assert "Time called" in text(client.get(f"/games/{level.id}"))
    assert [h.action for h in event(event_id).history][-1] == "time called"
    play(ahead.id, [0])
    play(level.id, [1])
    ahead, level = round_games(event_id, 1)
    assert ahead.called and ahead.finished
    assert level.called and not level.finished
    assert "Time is called" in text(client.get(f"/games/{level.id}"))
    assert "Time was called" in text(client.get(f"/games/{ahead.id}"))
    play(level.id, [1])
    assert round_games(event_id, 1)[1].finished


def test_a_forfeit_a_late_entrant_and_no_playoff_of_entrants_not_tied(client):
    club_id, event_id = club_with_event(client, entrants="Ann & Bob\nCat & Dan\nEve & Fay")
    start_round(client, club_id, event_id)
    match = next(m for m in event(event_id).matches if m.bye is None)
    r = client.post(url(club_id, event_id, f"/matches/{match.id}/forfeit"), data={"side": "1"})
    assert r.status_code == 303
    e = event(event_id)
    assert next(m for m in e.matches if m.id == match.id).forfeit == 1
    assert round_games(event_id, 1) == []
    result = tournament.standings(records.event_record(e))
    assert result["ok"] and result["standings"][0]["won"] == 1
    r = client.post(url(club_id, event_id, "/entrants"), data={"entrant": "Gus & Hal"})
    assert r.status_code == 303
    e = event(event_id)
    assert e.entrants[-1].players == ["Gus", "Hal"]
    assert any(m.bye == 3 and m.round == 1 for m in e.matches)
    assert "Gus" in {p.name for p in e.entrants[-1].person.club.people}
    # a playoff only decides a tie (events.md): these two are not tied
    r = client.post(url(club_id, event_id, "/playoff"),
                    data={"entrant": ["0", "2"], "version": str(e.version)})
    assert r.status_code == 422 and "not tied" in text(r)
    assert max(m.round for m in event(event_id).matches) == 1



def test_two_late_entrants_of_a_round_robin_meet_everyone_and_sit_out_once(client):
    """Two late entrants after round 1 (a bye each in it): every later round is seated around
    round 1 as it was played (the schedule used to give one of them a second bye, a record
    its own check refused), to the end: every pair once, one bye each at most. A third, whose
    count is odd with three sat out, is refused plainly: no round robin could go on."""
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    for late in ("Ivy & Jon", "Kim & Lou"):
        r = client.post(url(club_id, event_id, "/entrants"), data={"entrant": late})
        assert r.status_code == 303
    r = client.post(url(club_id, event_id, "/entrants"), data={"entrant": "Max & Ned"})
    assert r.status_code == 422 and "cannot go on from round 1" in text(r)
    while True:
        for m in event(event_id).matches:
            if m.bye is None and m.forfeit is None:
                client.post(url(club_id, event_id, f"/matches/{m.id}/forfeit"), data={"side": "1"})
        if start_round(client, club_id, event_id).status_code != 303:
            break
    record = records.event_record(event(event_id))
    assert tournament.standings(record)["ok"]
    met = [frozenset(m["entrants"]) for m in record["matches"] if "bye" not in m]
    assert sorted(map(sorted, met)) == [[a, b] for a in range(6) for b in range(a + 1, 6)]
    byes = [m["bye"] for m in record["matches"] if "bye" in m]
    assert len(byes) == len(set(byes))
    assert max(m["round"] for m in record["matches"]) == 6

def test_a_forfeit_with_hands_in_is_refused_plainly(client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    game = round_games(event_id, 1)[0]
    play(game.id, [0])
    r = client.post(url(club_id, event_id, f"/matches/{game.event_match_id}/forfeit"),
                    data={"side": "0"})
    assert r.status_code == 422 and "a hand is in already" in text(r)


def test_a_best_of_three_match_plays_its_next_game_one_seat_on(client):
    club_id, event_id = club_with_event(client, best_of="3")
    start_round(client, club_id, event_id)
    first = round_games(event_id, 1)[0]
    match_path = url(club_id, event_id, f"/matches/{first.event_match_id}/next")
    assert client.post(match_path).status_code == 422  # the first game goes on
    play(first.id, [0] * 7)
    r = client.post(match_path)
    assert r.status_code == 303 and r.headers["Location"].endswith("/card")
    games = [g for g in round_games(event_id, 1) if g.event_match_id == first.event_match_id]
    assert [g.first_dealer for g in games] == [0, 1]
    assert games[1].player_names == games[0].player_names


def test_a_progressive_swap_gives_a_seat_to_a_player_sitting_out(client):
    players = "\n".join(["Ann", "Bob", "Cat", "Dan", "Eve"])
    club_id, event_id = club_with_event(client, entrants=players, fmt="progressive")
    start_round(client, club_id, event_id)
    e = event(event_id)
    match = next(m for m in e.matches if m.bye is None)
    sitting = next(m.bye for m in e.matches if m.bye is not None)
    leaving = match.entrants[1]
    r = client.post(url(club_id, event_id, f"/matches/{match.id}/swap"),
                    data={"out": str(leaving), "in": str(sitting)})
    assert r.status_code == 303
    e = event(event_id)
    match = next(m for m in e.matches if m.id == match.id)
    assert sitting in match.entrants and leaving not in match.entrants
    assert any(m.bye == leaving for m in e.matches)
    names = [x.players[0] for x in e.entrants]
    assert match.games[0].player_names == [names[s] for s in match.entrants]
    assert tournament.standings(records.event_record(e))["ok"]


def test_an_exported_event_imports_into_a_new_event(client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    play(round_games(event_id, 1)[0].id, [0] * 7)
    exported = client.get(url(club_id, event_id, "/export.json")).get_data(as_text=True)
    r = client.post(f"/clubs/{club_id}/events/import", data={"record": exported})
    assert r.status_code == 303, text(r)[:500]
    copy = int(r.headers["Location"].rsplit("/", 1)[1])
    assert records.event_record(event(copy)) == json.loads(exported)
    bad = json.loads(exported)
    bad["matches"][0]["entrants"] = [0, 9]
    r = client.post(f"/clubs/{club_id}/events/import", data={"record": json.dumps(bad)})
    assert r.status_code == 422 and "there is no entrant 9" in text(r)


def test_standings_and_schedule_as_csv(client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    play(round_games(event_id, 1)[0].id, [0] * 7)
    r = client.get(url(club_id, event_id, "/standings.csv"))
    assert r.status_code == 200 and r.mimetype == "text/csv"
    assert "Ann & Bob" in r.get_data(as_text=True).splitlines()[1]
    r = client.get(url(club_id, event_id, "/schedule.csv"))
    assert r.status_code == 200 and "Cat & Dan" in r.get_data(as_text=True)


def test_a_refused_action_shows_the_page_with_its_message(client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    match = event(event_id).matches[0]
    r = client.post(url(club_id, event_id, f"/matches/{match.id}/forfeit"), data={"side": "7"})
    assert r.status_code == 422 and "Pick the side that did not play." in text(r)
    assert 'data-etag="e' in r.get_data(as_text=True)
    for bad in ("/matches/999999/forfeit", "/rounds/9/call", "/matches/2147483647/next"):
        assert client.post(url(club_id, event_id, bad)).status_code == 404


def test_the_archive_filters_by_event_and_games_say_their_event(client):
    from ..clubs.helpers import club_game, person_id

    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    outside = club_game(client, club_id, "texas42", ["Ann", "Bob", "Cat", "Dan"])
    game = round_games(event_id, 1)[0]
    page = text(client.get(f"/games/{game.id}"))
    assert "Played in Friday tournament · round 1, table 1" in page
    assert "Played in" not in text(client.get(f"/games/{outside}"))

    def archived(query=""):
        archive = client.get(f"/clubs/{club_id}/games{query}")
        return archive, {int(g) for g in re.findall(r'href="/games/(\d+)"',
                                                    archive.get_data(as_text=True))}
    assert archived(f"?event={event_id}")[1] == set()  # no hand yet: counted nowhere
    for seated in round_games(event_id, 1):
        play(seated.id, [0])
    archive, listed = archived(f"?event={event_id}")
    assert listed == {g.id for g in round_games(event_id, 1)}
    assert "Friday tournament · round 1, table 1" in text(archive)
    everything, listed = archived()
    assert "2 games" in text(everything) and outside not in listed
    person = text(client.get(f"/clubs/{club_id}/people/{person_id(club_id, 'Ann')}"))
    assert "Ann in Friday tournament" in person


def test_a_table_card_seats_the_table_and_its_code_makes_the_scanning_phone_the_scorer(client, app):
    from .helpers import qr_links

    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    game = round_games(event_id, 1)[0]
    r = client.get(url(club_id, event_id, f"/matches/{game.event_match_id}/card"))
    page = text(r)
    assert r.status_code == 200 and "Table 1" in page and "Round 1" in page
    assert f"{game.player_names[0]} shakes first" in page
    assert "<svg" in r.get_data(as_text=True)
    link = f"/s/{game.scorer_secret}"
    assert any(href.endswith(link) for href in qr_links(r.get_data(as_text=True))) \
        or link in r.get_data(as_text=True)
    phone = app.test_client()  # a phone at the table, in no club: the code is all it needs
    r = phone.get(link)
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{game.id}")
    from ..helpers import post_hand

    r = post_hand(phone, game.id, {"mode": "quick", "bidder": "1", "bid": "30",
                                   "contract": "straight", "points": "34"})
    assert r.status_code == 303
    assert len(round_games(event_id, 1)[0].hands) == 1


def test_a_pools_event_draws_its_bracket_and_standings(client):
    teams = "\n".join(f"P{i} & Q{i}" for i in range(6))
    club_id, event_id = club_with_event(client, entrants=teams, fmt="pools", pool_size="3")
    start_round(client, club_id, event_id)
    page = client.get(url(club_id, event_id)).get_data(as_text=True)
    assert "Standings" in page and "<svg" in page and "pool 1" in page


def test_the_scorer_rematch_of_an_event_game_is_the_next_game_of_its_match(client, app):
    from .helpers import scorer_path

    club_id, event_id = club_with_event(client, best_of="3")
    start_round(client, club_id, event_id)
    first = round_games(event_id, 1)[0]
    scorer = app.test_client()
    scorer.get(scorer_path(first))
    play(first.id, [0] * 7)
    assert "Rematch" in text(scorer.get(f"/games/{first.id}"))
    r = scorer.post(f"/games/{first.id}/rematch")
    assert r.status_code == 303
    games = [g for g in round_games(event_id, 1) if g.event_match_id == first.event_match_id]
    assert len(games) == 2 and games[1].first_dealer == 1
    assert [h.action for h in event(event_id).history][-1] == "next game"
    play(games[1].id, [0] * 7)  # 2-0: the match is decided, no third game
    assert "Rematch" not in text(scorer.get(f"/games/{games[1].id}"))
    assert scorer.post(f"/games/{games[1].id}/rematch").status_code == 403


def test_a_best_of_one_event_game_has_no_rematch(client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    game = round_games(event_id, 1)[0]
    play(game.id, [0] * 7)
    assert "Rematch" not in text(client.get(f"/games/{game.id}"))


def test_an_event_action_on_what_another_phone_changed_is_refused_saying_what_happened(client):
    """Every event action writes only from the event's version its checks read (as a hand
    does from its game's): one read before another phone's change is refused, naming it."""
    club_id, event_id = club_with_event(client, entrants="Ann & Bob\nCat & Dan\nEve & Fay")
    start_round(client, club_id, event_id)
    before = event(event_id)
    match = next(m for m in before.matches if m.bye is None)
    db.session.expunge_all()  # kept as read: before the late entrant joined
    assert client.post(url(club_id, event_id, "/entrants"),
                       data={"entrant": "Gus & Hal"}).status_code == 303
    with pytest.raises(store.Refused, match="a late entrant joined from .*: round 1, table 1 "
                                            "was not forfeited"):
        store.record_forfeit(before, match, 1, "test")
    assert event(event_id).matches[0].forfeit is None and round_games(event_id, 1)


def test_a_tie_of_three_is_offered_a_playoff_among_all_three(client):
    """Three teams each beating one: level after every tie-break. The playoff button names all
    three, and seats every pair of them once (a round robin of the group, no byes listed), in
    the rounds after the last."""
    club_id, event_id = club_with_event(client, entrants="Ann & Bob\nCat & Dan\nEve & Fay")
    beats = {frozenset((0, 1)): 0, frozenset((0, 2)): 2, frozenset((1, 2)): 1}
    for number in (1, 2, 3):
        r = start_round(client, club_id, event_id)
        assert r.status_code == 303, text(r)[-300:]
        [game] = round_games(event_id, number)
        [match] = [m for m in event(event_id).matches if m.round == number and m.bye is None]
        play(game.id, [match.entrants.index(beats[frozenset(match.entrants)])] * 7)
    rows = tournament.standings(records.event_record(event(event_id)))["standings"]
    assert [(r["rank"], r["tied"]) for r in rows] == [(1, True)] * 3
    page = text(client.get(url(club_id, event_id)))
    assert "Playoff: Ann & Bob v Cat & Dan v Eve & Fay (3 matches, each pair once)" in page
    e = event(event_id)
    byes = len([m for m in e.matches if m.bye is not None])
    r = client.post(url(club_id, event_id, "/playoff"),
                    data={"entrant": ["0", "1", "2"], "version": str(e.version)})
    assert r.status_code == 303
    e = event(event_id)
    playoff = [m for m in e.matches if m.round > 3]
    assert sorted(m.round for m in playoff) == [4, 5, 6]
    assert {frozenset(m.entrants) for m in playoff} == set(beats)
    assert all(m.table == 1 and len(m.games) == 1 for m in playoff)
    assert len([m for m in e.matches if m.bye is not None]) == byes
    assert tournament.standings(records.event_record(e))["ok"]


def test_a_table_phone_follows_its_table_to_the_next_round(app, client):
    """The phone that scored table 1's match is table 1's phone: once its game is over, one
    tap takes it to the game at table 1 of the next round, as its scorer, no card scanned;
    before that round is seated it is told so plainly."""
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    first = round_games(event_id, 1)[0]
    phone = app.test_client()  # in no club: the scorer link of the card is all it has
    assert phone.get(scorer_path(first)).status_code == 303
    assert "Next round at table 1" not in text(phone.get(f"/games/{first.id}"))
    for game in round_games(event_id, 1):
        play(game.id, [0] * 7)
    assert "Next round at table 1" in text(phone.get(f"/games/{first.id}"))
    r = phone.post(f"/games/{first.id}/table/next")
    assert r.status_code == 409 and "Round 2 is not seated yet" in text(r)
    assert start_round(client, club_id, event_id).status_code == 303
    r = phone.post(f"/games/{first.id}/table/next")
    second = round_games(event_id, 2)[0]
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{second.id}")
    page = text(phone.get(f"/games/{second.id}"))
    assert "round 2, table 1" in page and all(name in page for name in second.player_names)
    assert phone.post(f"/games/{second.id}/hands", data={
        "version": str(second.version), "mode": "quick", "bidder": "1", "bid": "30",
        "points": "35"}).status_code == 303  # its scorer: the hand is in
    assert len(store.get_game(second.id).hands) == 1
    watcher = app.test_client()  # a phone that scored nothing follows no table
    assert watcher.post(f"/games/{first.id}/table/next").status_code == 404
    assert watcher.get(f"/games/{second.id}").status_code == 404  # no game for it
