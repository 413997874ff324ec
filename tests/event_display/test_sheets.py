"""The standings and schedule CSVs: names, pools, byes, refused records, formula injection."""
from __future__ import annotations

import csv
import io

import pytest

from scorekeeper.events.placing import TIED, decided_by
from scorekeeper.events.sheets import schedule_csv, standings_csv
from scorekeeper.tournament import standings

from .samples import mark, samples, team_event

SAMPLES = samples()


def table(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def rr3(hostile: str = "Cat") -> dict:
    """Three teams, each beats the next 3-0 once: an unbroken three-way tie."""
    event = team_event("round-robin", 3)
    event["entrants"][1] = {"name": hostile, "players": ["Cat", "Dan"]}
    def match(rnd, a, b):
        seats = [event["entrants"][a]["players"][0], event["entrants"][b]["players"][0],
                 event["entrants"][a]["players"][1], event["entrants"][b]["players"][1]]
        return {"round": rnd, "table": 1, "entrants": [a, b],
                "games": [{"players": seats, "first_dealer": 0, "hands": [mark(0)] * 3}]}
    event["matches"] = [match(1, 0, 1), match(2, 1, 2), match(3, 2, 0)]
    return event


def test_round_robin_standings_rows_are_names_with_the_deciding_tiebreak():
    rows = table(standings_csv(SAMPLES["round-robin"]))
    assert list(rows[0]) == ["Rank", "Entrant", "Players", "Played", "Won", "Lost", "Scored",
                             "Conceded", "Difference", "Decided by"]
    assert [(r["Rank"], r["Entrant"], r["Won"], r["Difference"], r["Decided by"]) for r in rows] == [
        ("1", "Eve & Fay", "3", "4", "on difference"), ("2", "Cat & Dan", "3", "3", "on difference"),
        ("3", "Ann & Bob", "2", "0", "on difference"), ("4", "Gus & Hal", "2", "-1", "on difference"),
        ("5", "Ivy & Jon", "0", "-6", "on games won")]


def test_an_unbroken_tie_says_how_to_decide_it():
    rows = table(standings_csv(rr3()))
    assert [(r["Rank"], r["Entrant"], r["Decided by"]) for r in rows] == [
        ("1", "Ann & Bob", TIED), ("1", "Cat", TIED), ("1", "Eve & Fay", TIED)]


def test_head_to_head_is_named_when_no_figure_differs():
    rows = [{"rank": 1, "tied": False, "won": 2, "difference": 1, "scored": 5},
            {"rank": 2, "tied": False, "won": 2, "difference": 1, "scored": 5},
            {"rank": 3, "tied": False, "won": 1, "difference": 1, "scored": 5}]
    assert decided_by(rows) == ["on head to head", "on head to head", "on games won"]
    assert decided_by(rows, ["scored", "wins"]) == ["on games won", "on games won", "on games won"]
    assert decided_by(rows[:1]) == [""]


def test_pools_give_each_entrants_pool_and_place():
    rows = table(standings_csv(SAMPLES["pools"]))
    assert list(rows[0])[-3:] == ["Pool", "Pool place", "Pool place decided by"]
    champion = rows[0]
    assert (champion["Rank"], champion["Entrant"], champion["Pool"], champion["Pool place"]) == \
        ("1", "Ann & Bob", "A", "1")
    assert {r["Pool"] for r in rows} == {"A", "B"}
    assert all(r["Pool place decided by"].startswith("on ") for r in rows)


def test_a_bracket_half_played_leaves_the_rank_empty_for_who_is_still_in():
    rows = table(standings_csv(SAMPLES["single-elimination-half"]))
    still = [r["Entrant"] for r in rows if r["Rank"] == ""]
    assert still == ["Ann & Bob", "Cat & Dan", "Gus & Hal", "Kim & Lou"]
    assert {r["Decided by"] for r in rows if r["Rank"] == ""} == {"still in the bracket"}


def test_schedule_lists_played_matches_byes_and_what_is_still_to_seat():
    rows = table(schedule_csv(SAMPLES["pools-half"]))
    assert list(rows[0]) == ["Round", "Table", "Bracket", "Pool", "Side 1", "Side 2", "Games won",
                             "Winner", "Status"]
    assert rows[0] == {"Round": "1", "Table": "1", "Bracket": "pool", "Pool": "1",
                       "Side 1": "Ann & Bob", "Side 2": "Gus & Hal", "Games won": "0–1",
                       "Winner": "Gus & Hal", "Status": "played"}
    assert {"Round": "1", "Table": "", "Bracket": "", "Pool": "", "Side 1": "Ivy & Jon", "Side 2": "",
            "Games won": "", "Winner": "", "Status": "bye"} in rows
    to_play = [(r["Round"], r["Table"], r["Bracket"], r["Side 1"], r["Side 2"]) for r in rows
               if r["Status"] == "to play"]
    assert to_play == [("4", "1", "winners", "Gus & Hal", "Eve & Fay"),
                       ("4", "2", "winners", "Cat & Dan", "Ann & Bob")]


def test_a_fresh_round_robin_prints_every_round_to_play():
    rows = table(schedule_csv(team_event("round-robin", 4)))
    assert len(rows) == 6 and {r["Status"] for r in rows} == {"to play"}
    assert [r["Round"] for r in rows] == ["1", "1", "2", "2", "3", "3"]


def test_progressive_sides_are_partners_and_tables_list_players_in_seat_order():
    rows = table(schedule_csv(SAMPLES["progressive"]))
    assert (rows[0]["Side 1"], rows[0]["Side 2"], rows[0]["Winner"]) == ("Hal & Ann", "Bob & Dan", "Bob & Dan")
    rows = table(schedule_csv(SAMPLES["tables"]))
    assert list(rows[0]) == ["Round", "Table", "Players (seat order)", "Winner", "Status"]
    assert rows[0]["Players (seat order)"] == "Ann, Cat, Eve, Gus, Ivy"


def test_a_forfeit_is_a_row_of_its_own():
    event = team_event("round-robin", 2)
    event["matches"] = [{"round": 1, "table": 1, "entrants": [0, 1], "forfeit": 1}]
    row = table(schedule_csv(event))[0]
    assert (row["Winner"], row["Games won"], row["Status"]) == ("Ann & Bob", "1–0", "forfeit")


def twice() -> dict:
    event = team_event("round-robin", 3)
    event["matches"] = [{"round": 1, "table": 1, "entrants": [0, 1]},
                        {"round": 1, "table": 2, "entrants": [1, 2]}]
    return event


def unseated() -> dict:
    """A bracket match the bracket does not seat: refused when the bracket is drawn."""
    event = team_event("single-elimination", 4)
    event["matches"] = [{"round": 1, "table": 1, "entrants": [0, 1], "bracket": "winners"}]
    return event


REFUSED = [(twice, "Round 1: Cat & Dan play twice."),
           (unseated, "Round 1, table 1: Ann & Bob and Cat & Dan do not meet in round 1 of the "
                      "winners' bracket (not with the results so far).")]


@pytest.mark.parametrize("make", [standings_csv, schedule_csv])
@pytest.mark.parametrize("record, message", REFUSED)
def test_a_refused_record_is_a_value_error_with_the_librarys_message(make, record, message):
    with pytest.raises(ValueError) as refused:
        make(record())
    assert str(refused.value) == standings(record())["error"] == message


@pytest.mark.parametrize("hostile", ["=HYPERLINK(\"http://x\")", "+1+2", "-2+3", "@SUM(A1)"])
def test_a_name_that_looks_like_a_formula_is_quoted(hostile):
    standings_text = standings_csv(rr3(hostile))
    assert f"'{hostile}" in table(standings_text)[1]["Entrant"]
    for text in (standings_text, schedule_csv(rr3(hostile))):
        for row in csv.reader(io.StringIO(text)):
            assert not any(c.startswith(("=", "+", "@")) for c in row)
            assert not any(c.startswith("-") and not c.lstrip("-").isdigit() for c in row)


def test_every_sample_gives_both_sheets():
    for name, record in SAMPLES.items():
        assert len(table(standings_csv(record))) == len(record["entrants"]), name
        assert table(schedule_csv(record)), name
