"""The event's smaller pieces: a progressive or tables table card says who partners whom, a
bracket event refuses a late entrant once drawn, the event's house rules (one rules card), a
round's games each with a join code of its own, a new name made by another phone meanwhile."""
from __future__ import annotations

from scorekeeper import store
from scorekeeper.extensions import db
from scorekeeper.models import Club, Person

from ..clubs.helpers import create_club
from ..helpers import option_fields, text
from .helpers import club_with_event, new_event, play, round_games, start_round, url


def test_a_progressive_table_card_says_who_partners_whom(client):
    players = "\n".join(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"])
    club_id, event_id = club_with_event(client, entrants=players, fmt="progressive")
    start_round(client, club_id, event_id)
    game = round_games(event_id, 1)[0]
    seats = game.player_names
    page = text(client.get(url(club_id, event_id, f"/matches/{game.event_match_id}/card")))
    for a, b in ((seats[0], seats[2]), (seats[1], seats[3])):
        assert page.count(f"{a} & {b}") == 2  # beside each of the two partners
    assert "partners sit across the table" in page


def test_a_tables_card_of_a_game_without_partners_names_no_team(client):
    players = "\n".join(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    club_id = create_club(client)
    event_id = new_event(client, club_id, entrants=players, fmt="tables", variant="moon")
    start_round(client, club_id, event_id)
    game = round_games(event_id, 1)[0]
    page = text(client.get(url(club_id, event_id, f"/matches/{game.event_match_id}/card")))
    assert " & " not in page and "partners" not in page


def test_a_bracket_takes_no_late_entrant_once_it_is_drawn(client):
    """events.md seeds a bracket (and fills pools) from every entrant: once round 1 is seated
    a newcomer would change places already played, so the form is gone and a post is refused
    plainly; before round 1 a late entrant simply joins as the last seed."""
    teams = "Ann & Bob\nCat & Dan\nEve & Fay\nGus & Hal\nIvy & Jon"
    for fmt in ("single-elimination", "double-elimination", "pools"):
        club_id, event_id = club_with_event(client, entrants=teams, fmt=fmt)
        r = client.post(url(club_id, event_id, "/entrants"), data={"entrant": "Kim & Lou"})
        assert r.status_code == 303
        start_round(client, club_id, event_id)
        page = text(client.get(url(club_id, event_id)))
        assert "A late entrant" not in page
        r = client.post(url(club_id, event_id, "/entrants"), data={"entrant": "Max & Ned"})
        assert r.status_code == 422
        drawn = "pools were" if fmt == "pools" else "bracket was"
        assert f"The {drawn} drawn from the entrants at round 1: nobody can join now." in text(r)
        export = client.get(url(club_id, event_id, "/export.json")).get_json()
        assert len(export["entrants"]) == 6


def test_the_event_form_sets_the_house_rules_of_every_game(client):
    club_id = create_club(client)
    form = client.get(f"/clubs/{club_id}/events/new").get_data(as_text=True)
    assert 'name="opt-target_marks"' in form and 'name="rules_for" value="texas42"' in form
    # another game picked: its own house rules, the typed text kept, nothing saved
    r = client.post(f"/clubs/{club_id}/events", data={
        "name": "Moon night", "variant": "moon", "show_rules": "1", "rules_for": "texas42",
        "format": "tables", "entrants": "Ann\nBob\nCat"})
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and 'name="rules_for" value="moon"' in page
    assert 'name="opt-target_marks"' not in page and "Moon night" in page
    # a wrong value is a plain message
    r = client.post(f"/clubs/{club_id}/events", data={
        "name": "Friday", "day": "2026-11-27", "variant": "texas42", "rules_for": "texas42",
        "format": "round-robin", "entrants": "Ann & Bob\nCat & Dan",
        **option_fields("texas42", target_marks=0)})
    assert r.status_code == 422 and "Target marks" in text(r)
    event_id = new_event(client, club_id, entrants="Ann & Bob\nCat & Dan",
                         rules_for="texas42", **option_fields("texas42", target_marks=3))
    page = text(client.get(url(club_id, event_id)))
    assert "Rules card: every game of the event (1 house rule)" in page
    assert "Target House rule The first team to 3 marks wins" in page
    start_round(client, club_id, event_id)
    game = round_games(event_id, 1)[0]
    assert game.options == {"target_marks": 3}
    assert client.get(url(club_id, event_id, "/export.json")).get_json()["options"] \
        == {"target_marks": 3}


def test_an_event_form_without_its_rules_fields_plays_the_clubs_rules(client):
    """A form that never showed the rules (an old page) keeps the club's saved rules."""
    from scorekeeper import store
    from scorekeeper.extensions import db
    from scorekeeper.models import Club

    club_id = create_club(client)
    store.save_club_rules(db.session.get(Club, club_id), "texas42", {"target_marks": 5})
    assert 'value="5"' in client.get(f"/clubs/{club_id}/events/new").get_data(as_text=True)
    event_id = new_event(client, club_id, entrants="Ann & Bob\nCat & Dan")
    start_round(client, club_id, event_id)
    assert round_games(event_id, 1)[0].options == {"target_marks": 5}


def test_a_progressive_round_shows_its_tables_as_two_pairs_of_partners(client):
    """The event page and the TV: "Ann & Cat v Bob & Dan" (seats 0-2 against 1-3), the winners
    a pair, and no forfeit (only a team match is forfeited; a player who leaves sits out)."""
    players = "\n".join(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"])
    club_id, event_id = club_with_event(client, entrants=players, fmt="progressive")
    start_round(client, club_id, event_id)
    game = round_games(event_id, 1)[0]
    seats = game.player_names
    pairs = f"{seats[0]} & {seats[2]} v {seats[1]} & {seats[3]}"
    page = text(client.get(url(club_id, event_id)))
    assert pairs in page and "Forfeit" not in page
    assert f"{seats[0]} & {seats[2]}" in text(client.get(url(club_id, event_id, "/tv")))


def test_a_round_seated_with_a_join_code_taken_gives_that_game_another(client, monkeypatch):
    """store._insert_games: a code drawn that a game holds already (or one drawn twice) is left
    out by the insert, and that game goes in again with a fresh code."""
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    first = round_games(event_id, 1)
    for game in first:
        play(game.id, [0] * 7)
    taken = first[0].code
    drawn = iter([taken, taken, "ZZZZZ1", "ZZZZZ1", "ZZZZZ2"])
    monkeypatch.setattr(store.games, "new_code", lambda: next(drawn))  # (_insert_games draws)
    assert start_round(client, club_id, event_id).status_code == 303
    assert sorted(g.code for g in round_games(event_id, 2)) == ["ZZZZZ1", "ZZZZZ2"]
    assert next(drawn, None) is None  # (the taken code went in once and was left out)


def test_a_name_another_phone_made_since_the_roster_was_read_is_that_persons(client):
    """store._people: the insert leaves a name made since the roster was read (it returns no
    row for it), and that person is read, not made twice."""
    club = db.session.get(Club, create_club(client))
    assert club.people == []  # (the roster as read)
    made = Person(club_id=club.id, name="Zed", key="zed")
    db.session.add(made)
    db.session.flush()  # (another phone's, after the read: club.people has not got it)
    roster = store._people(club, ["ZED", "Amy"])
    assert roster["zed"].id == made.id and roster["amy"].id != made.id
    assert db.session.scalar(db.select(db.func.count()).select_from(Person)
                             .where(Person.club_id == club.id)) == 2
