"""The club's archive, person pages, stats and their CSVs: content, filters, access, and a
number of SQL statements that does not grow with the number of games."""
from __future__ import annotations

import csv
import io
import json
import random
from datetime import datetime

import pytest
from sqlalchemy import select, update

from scorekeeper import stats
from scorekeeper.extensions import db
from scorekeeper.models import Game, Person
from scorekeeper.store import derive_summary
from tests.random_games import random_record

from ..clubs.helpers import club, create_club, join_club, person_id
from ..helpers import HX, create, game, text
from ..test_live_scale import statements

PEOPLE = ["Ann", "Bob", "Cat", "Dan", "Eve", "@Fay"]
VARIANTS = ["lechner42", "moon", "card42", "mexican-train", "forty-two", "castle-rock",
            "texas42", "texas42-1986", "card42-teams"]
SEATS = {"moon": 3, "card42": 4, "mexican-train": 4, "castle-rock": 1}


def club_records(n: int, seed: int = 1) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        variant = VARIANTS[i % len(VARIANTS)]
        out.append(random_record(rng, variant, rng.sample(PEOPLE, SEATS.get(variant, 4)),
                                 hands=8, finish=i % 4 != 3))
    return out


def import_club(client, records, name="Thursday") -> int:
    r = client.post("/clubs/import", data={"name": name, "label": "Ann's phone",
                                           "records": json.dumps(records)})
    assert r.status_code == 303, text(r)[:500]
    r.close()  # the answer sent, as a server sends it: the club is re-rated (its ratings kept)
    return int(r.headers["Location"].rstrip("/").rsplit("/", 1)[1])


def parse_csv(r) -> list[list[str]]:
    assert r.status_code == 200 and r.mimetype == "text/csv"
    assert r.data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(r.data.decode("utf-8-sig"), newline="")))


def club_game_ids(club_id):
    return list(db.session.scalars(select(Game.id).where(Game.club_id == club_id)
                                   .order_by(Game.id)))


def fresh_numbers(club_id):
    """player_stats from summaries derived again from every record (not the cache) of a game
    with a hand (a game without one counts nowhere)."""
    games = []
    for gid in club_game_ids(club_id):
        g = game(gid)
        if not g.hands:
            continue
        games.append(stats.Game(derive_summary(g.record()), [p.person_id for p in g.players],
                                (g.created_at, g.id)))
    return stats.player_stats(games)


@pytest.fixture
def member_club(client):
    return import_club(client, club_records(12))


# --------------------------------------------------------------------------- archive

def test_archive_page_and_partial(client, member_club):
    r = client.get(f"/clubs/{member_club}/games")
    assert r.status_code == 200
    t = text(r)
    assert "Every game of Thursday" in t and "12 games" in t
    body = r.get_data(as_text=True)
    ids = [int(x) for x in __import__("re").findall(r'href="/games/(\d+)"', body)]
    assert ids == sorted(club_game_ids(member_club), reverse=True)  # newest first
    assert 'method="get"' in body and 'hx-get=' in body
    assert "In progress" in t and "Won by" in t
    r = client.get(f"/clubs/{member_club}/games?variant=moon", headers=HX)
    part = r.get_data(as_text=True)
    assert r.status_code == 200 and "<html" not in part and 'method="get"' not in part
    assert "Moon" in text(r) and "Texas" not in text(r)


def test_archive_filters(client, member_club):
    ids = club_game_ids(member_club)
    finished = {gid for gid in ids if game(gid).finished}
    assert 0 < len(finished) < len(ids)

    def listed(query):
        body = client.get(f"/clubs/{member_club}/games?{query}").get_data(as_text=True)
        return {int(x) for x in __import__("re").findall(r'href="/games/(\d+)"', body)}

    assert listed("status=finished") == finished
    assert listed("status=playing") == set(ids) - finished
    assert listed("variant=card42") == {g for g in ids if game(g).variant == "card42"}
    bob = person_id(member_club, "Bob")
    assert listed(f"person={bob}") == {g for g in ids
                                       if bob in [p.person_id for p in game(g).players]}
    # dates: move one game into last month
    old = ids[0]
    db.session.execute(update(Game).where(Game.id == old)
                       .values(created_at=datetime(2026, 10, 5, 21, 0)))
    db.session.commit()
    assert listed("from=2026-10-01&to=2026-10-05") == {old}
    assert old not in listed("from=2026-10-06")
    assert listed("to=2026-10-04") == set()
    # anything unreadable is ignored, never an error
    assert listed("variant=poker&person=99999&from=yesterday&status=x&page=-3") == set(ids)


def test_archive_pages_of_25(client):
    club_id = import_club(client, club_records(30))
    r = client.get(f"/clubs/{club_id}/games")
    body = r.get_data(as_text=True)
    assert body.count('class="game-link"') == 25 and "page 1 of 2" in text(r)
    assert f'href="/clubs/{club_id}/games?page=2"' in body
    r = client.get(f"/clubs/{club_id}/games?page=2")
    assert r.get_data(as_text=True).count('class="game-link"') == 5
    assert client.get(f"/clubs/{club_id}/games?page=9").status_code == 200  # the last page
    # the filters carry over to the other pages
    r = client.get(f"/clubs/{club_id}/games?status=finished")
    n = sum(1 for g in club_game_ids(club_id) if game(g).finished)
    assert f"{n} games match" in text(r)


def test_archive_csv(client, member_club):
    rows = parse_csv(client.get(f"/clubs/{member_club}/games.csv"))
    assert rows[0] == ["Game id", "Started (UTC)", "Game", "Players", "Status", "Hands",
                       "Result", "Winners"]
    assert len(rows) == 13
    assert {int(r[0]) for r in rows[1:]} == set(club_game_ids(member_club))
    for row in rows[1:]:
        g = game(int(row[0]))
        assert row[4] == ("finished" if g.finished else "in progress")
        assert row[5] == str(len(g.hands))
    # a name starting with @ cannot run as a formula
    assert any("'@Fay" in r[3] for r in rows[1:])
    assert not any(cell.startswith(("=", "+", "-", "@")) for r in rows for cell in r)
    moon = parse_csv(client.get(f"/clubs/{member_club}/games.csv?variant=moon"))
    assert len(moon) > 1 and all(r[2].startswith("Moon") for r in moon[1:])


# --------------------------------------------------------------------------- person, stats

def test_person_page_numbers_come_from_the_stats_library(client, member_club):
    bob = person_id(member_club, "Bob")
    mine = fresh_numbers(member_club)[bob]
    r = client.get(f"/clubs/{member_club}/people/{bob}")
    assert r.status_code == 200
    t = text(r)
    assert t.startswith("Bob · Thursday")
    assert f"Games {mine['games']}" in t
    assert f"Wins {mine['wins']} of {mine['finished']}" in t
    if mine["made_rate"] is not None:
        assert f"Bids made {round(mine['made_rate'] * 100)}% {mine['made']} of {mine['bids']}" in t
    assert f"Winning streak {mine['streak']['current']} now · best {mine['streak']['longest']}" in t
    for vid, b in mine["by_variant"].items():
        assert f'id="v-{vid}"' in r.get_data(as_text=True)
        if "train" in b:
            assert f"went out {b['train']['out']} time" in t
    assert "Partners" in t or "Head to head" in t
    r = client.get(f"/clubs/{member_club}/people/{bob}", headers=HX)
    assert r.status_code == 200 and "<html" not in r.get_data(as_text=True)


def test_person_page_shows_every_kind_of_number(client):
    records = [
        {"variant": "lechner42", "players": ["Ann", "Bob", "Cat", "Dan"],
         "hands": [{"bidder": 0, "bid": 30, "contract": "straight", "points": 34},
                   {"bidder": 0, "bid": 84, "contract": "sevens", "made": False},
                   {"bidder": 1, "bid": 31, "contract": "straight", "points": 10}]},
        {"variant": "card42", "players": ["Ann", "Bob", "Cat"],
         "hands": [{"bids": [2, 3, 1], "tricks": [2, 3, 2]}]},
        {"variant": "mexican-train", "players": ["Ann", "Bob"], "options": {"rounds": 2},
         "hands": [{"pips": [0, 12], "out": 0}, {"pips": [7, 0], "out": 1}]},
        {"variant": "castle-rock", "players": ["Ann"],
         "hands": [{"remaining": 0}, {"remaining": 5}, {"remaining": 2}]},
    ]
    club_id = import_club(client, records)
    ann = person_id(club_id, "Ann")
    t = text(client.get(f"/clubs/{club_id}/people/{ann}"))
    assert "Her bids: 2 won, 1 made, 1 set (50% made)" in t
    assert "Made by bid Bid Bids Made Set Made % 30-41 1 1 0 100% 2 marks 1 0 1 0%" in t
    assert "Made by contract" in t and "straight 1 1 0 100%" in t and "sevens 1 0 1 0%" in t
    assert "Her side set the other side 1 of 1 times (100%)" in t
    assert "Exact bids: 1 of 1 hands (100%)" in t
    assert "3.5 pips a round on average (7 in 2 rounds) · went out 1 time" in t
    assert "Solitaire: 2 won of 3 (67%) · best: 0 left in the row" in t
    assert "Partners" in t and "Head to head" in t
    board = text(client.get(f"/clubs/{club_id}/stats")).split("Castle Rock")[-1]
    assert "Person Played Won Win % Best Ann 3 2 67% 0" in board  # solitaire, not finished
    bob = person_id(club_id, "Bob")
    assert f"/clubs/{club_id}/people/{bob}" in client.get(
        f"/clubs/{club_id}/people/{ann}").get_data(as_text=True)


def test_person_csv_is_the_page_in_rows(client, member_club):
    bob = person_id(member_club, "Bob")
    mine = fresh_numbers(member_club)[bob]
    rows = parse_csv(client.get(f"/clubs/{member_club}/people/{bob}.csv"))
    assert rows[0] == ["Table", "Game", "What", "Games", "Finished", "Wins", "Win rate", "Bids",
                       "Made", "Set", "Made rate"]
    overall = next(r for r in rows if r[:2] == ["Games", "All games"])
    assert overall[3:6] == [str(mine["games"]), str(mine["finished"]), str(mine["wins"])]
    assert overall[7:10] == [str(mine["bids"]), str(mine["made"]), str(mine["set"])]
    assert len([r for r in rows if r[0] == "Partner"]) == len(mine["partners"])
    assert len([r for r in rows if r[0] == "Against"]) == len(mine["opponents"])
    levels = sum(len(b.get("by_level", {})) for b in mine["by_variant"].values())
    assert len([r for r in rows if r[0] == "By bid"]) == levels


def test_person_without_games(client):
    club_id = create_club(client)
    client.post(f"/clubs/{club_id}/roster", data={"name": "Zed"})
    zed = person_id(club_id, "Zed")
    r = client.get(f"/clubs/{club_id}/people/{zed}")
    assert r.status_code == 200 and "has not played a game" in text(r)
    assert len(parse_csv(client.get(f"/clubs/{club_id}/people/{zed}.csv"))) == 1


def test_club_stats_leaderboards(client, member_club):
    players = fresh_numbers(member_club)
    names = {p.id: p.name for p in club(member_club).people}
    r = client.get(f"/clubs/{member_club}/stats")
    assert r.status_code == 200
    t = text(r)
    assert "Thursday: stats" in t and "12 games" in t
    body = r.get_data(as_text=True)
    for pid in players:
        assert f"/clubs/{member_club}/people/{pid}" in body
    summary = stats.club_summary([], players)  # the overall leaderboard's order
    first = summary["leaderboard"][0]
    assert f"{names[first['player']]} {first['games']} {first['wins']}" in t
    assert 'id="board-lechner42"' in body and "Bids made" in t
    r = client.get(f"/clubs/{member_club}/stats", headers=HX)
    assert r.status_code == 200 and "<html" not in r.get_data(as_text=True)


def test_club_stats_csv(client, member_club):
    players = fresh_numbers(member_club)
    names = {p.id: p.name for p in club(member_club).people}
    rows = parse_csv(client.get(f"/clubs/{member_club}/stats.csv"))
    assert rows[0][:10] == ["Person", "Game", "Games", "Finished", "Wins", "Win rate", "Bids",
                            "Made", "Set", "Made rate"]
    overall = {r[0]: r for r in rows[1:] if r[1] == "All games"}
    for pid, s in players.items():
        name = names[pid] if not names[pid].startswith("@") else "'" + names[pid]
        row = overall[name]
        assert row[2:5] == [str(s["games"]), str(s["finished"]), str(s["wins"])]
        assert row[6:9] == [str(s["bids"]), str(s["made"]), str(s["set"])]
        assert row[5] == ("" if s["win_rate"] is None else str(s["win_rate"]))
        assert len([r for r in rows if r[0] == name]) == len(s["by_variant"]) + 1


def test_empty_club(client):
    club_id = create_club(client)
    assert "No game yet" in text(client.get(f"/clubs/{club_id}/games"))
    assert "No games yet" in text(client.get(f"/clubs/{club_id}/stats"))
    assert len(parse_csv(client.get(f"/clubs/{club_id}/games.csv"))) == 1
    assert len(parse_csv(client.get(f"/clubs/{club_id}/stats.csv"))) == 1


# --------------------------------------------------------------------------- access

def _urls(club_id, pid):
    return [f"/clubs/{club_id}/games", f"/clubs/{club_id}/games.csv",
            f"/clubs/{club_id}/people/{pid}", f"/clubs/{club_id}/people/{pid}.csv",
            f"/clubs/{club_id}/stats",
            f"/clubs/{club_id}/stats.csv"]


def test_access_matrix(client, member_club):
    app = client.application
    pid = person_id(member_club, "Ann")
    stranger = app.test_client()
    other = app.test_client()
    other_club = create_club(other, "Other club")
    other_pid = db.session.scalar(select(Person.id).where(Person.club_id == member_club))
    joined = app.test_client()
    join_club(joined, member_club)
    for url in _urls(member_club, pid):
        assert client.get(url).status_code == 200, url
        assert joined.get(url).status_code == 200, url           # any phone that joined
        assert stranger.get(url).status_code == 403, url         # no cookie: nothing shown
        assert other.get(url).status_code == 403, url            # another club's phone
        assert stranger.get(url, headers=HX).status_code == 403
    for url in _urls(9999, pid):
        assert client.get(url).status_code == 404, url
        assert stranger.get(url).status_code == 404, url
    # a person of another club, or no one: 404 (also to the other club's own member)
    assert client.get(f"/clubs/{member_club}/people/99999").status_code == 404
    assert other.get(f"/clubs/{other_club}/people/{other_pid}").status_code == 404
    assert client.get(f"/clubs/{member_club}/people/{2**31}").status_code == 404
    # a forged member cookie is nobody
    stranger.set_cookie(f"sk_m_{member_club}", "1.forged")
    assert stranger.get(f"/clubs/{member_club}/stats").status_code == 403
    # a phone that left loses the club at once
    assert joined.post(f"/clubs/{member_club}/leave").status_code == 303
    assert joined.get(f"/clubs/{member_club}/games").status_code == 403


def test_game_outside_a_club_is_in_no_archive(client, member_club):
    gid = create(client, "moon", 3)
    body = client.get(f"/clubs/{member_club}/games").get_data(as_text=True)
    assert f'href="/games/{gid}"' not in body


# --------------------------------------------------------------------------- cost

def _counts(client, club_id):
    pid = person_id(club_id, "Ann")
    pages = {"archive": "/clubs/{c}/games", "archive.csv": "/clubs/{c}/games.csv",
             "person": "/clubs/{c}/people/{p}", "person.csv": "/clubs/{c}/people/{p}.csv",
             "stats": "/clubs/{c}/stats",
             "stats.csv": "/clubs/{c}/stats.csv",
             "archive, page 2": "/clubs/{c}/games?page=2&status=finished",
             "archive of a person": "/clubs/{c}/games?person={p}"}
    out = {}
    for name, url in pages.items():
        url = url.format(c=club_id, p=pid)
        for _ in range(2):  # warm: a first request may load, and store, what later ones keep
            client.get(url)
        db.session.expunge_all()  # nothing carried over in the tests' long-lived session
        with statements() as seen:
            r = client.get(url)
        assert r.status_code == 200, url
        out[name] = len(seen)
    # a write to one game: the club's numbers are summed again, in as many statements
    gid = club_game_ids(club_id)[0]
    for name, url in (("stats, recomputed", "/clubs/{c}/stats"),
                      ("person, recomputed", "/clubs/{c}/people/{p}"),
                      ("archive, laid out again", "/clubs/{c}/games")):
        db.session.execute(update(Game).where(Game.id == gid).values(version=Game.version + 1))
        db.session.commit()
        db.session.expunge_all()
        with statements() as seen:
            assert client.get(url.format(c=club_id, p=pid)).status_code == 200
        out[name] = len(seen)
    return out


def test_statements_per_page_do_not_grow_with_games(client):
    small = _counts(client, import_club(client, club_records(3, seed=5), "Small"))
    big = _counts(client, import_club(client, club_records(30, seed=6), "Big"))
    assert small == big
    # Asked again with nothing committed since, a page is sent from what the process keeps
    # (kept_reads: where a SQLite file says so; PostgreSQL reads its head again).
    again = {"archive": 3, "stats": 2, "person": 3} if db.engine.dialect.name != "sqlite" else {
        "archive": 0, "stats": 0, "person": 0}
    assert {name: big[name] for name in again} == again, big
    # the club with its stamp and this phone's membership, the roster, the club's events (the
    # filter), then the page of games (a count, the page, their seats) laid out again
    assert big["archive, laid out again"] == 6, big
    assert big["stats, recomputed"] <= 11, big  # + games, seats, store the numbers


def test_club_numbers_follow_every_write(client):
    """The club's numbers are kept between page views, and summed again after any write to
    one of its games: a new game, a hand, a hand taken back, a merge."""
    from ..clubs.helpers import club_game
    from ..helpers import post_hand

    club_id = import_club(client, club_records(4))
    ann = person_id(club_id, "Ann")

    def shown():
        return text(client.get(f"/clubs/{club_id}/people/{ann}")).split(" By game")[0]

    def expected():
        mine = fresh_numbers(club_id)[ann]
        return f"Games {mine['games']}", f"Wins {mine['wins']} of {mine['finished']}"

    before = shown()
    assert all(e in before for e in expected())
    gid = club_game(client, club_id, "moon", [ann, "Bob", "Cat"])
    assert shown() == before  # a game without a hand counts nowhere
    moon_win = {"mode": "quick", "bidder": "0", "bid": "21", "tricks-0": "7", "tricks-1": "0",
                "tricks-2": "0"}
    assert post_hand(client, gid, moon_win).status_code == 303
    assert all(e in shown() for e in expected()) and shown() != before
    g = game(gid)
    client.post(f"/games/{gid}/hands/undo", data={"version": str(g.version)})
    assert all(e in shown() for e in expected()) and shown() == before
    client.post(f"/clubs/{club_id}/roster", data={"name": "Zoe"})
    zoe = person_id(club_id, "Zoe")
    solitaire = club_game(client, club_id, "castle-rock", [zoe])
    assert "Zoe" not in text(client.get(f"/clubs/{club_id}/stats"))
    assert post_hand(client, solitaire, {"remaining": "2"}).status_code == 303
    assert "Zoe" in text(client.get(f"/clubs/{club_id}/stats"))
    client.post(f"/clubs/{club_id}/roster/{zoe}/merge", data={"into": str(ann), "confirm": "1"})
    assert all(e in shown() for e in expected())
    assert "Zoe" not in text(client.get(f"/clubs/{club_id}/stats"))


def test_stale_summaries_are_recomputed_on_read_in_constant_statements(client):
    club_id = import_club(client, club_records(10))
    ids = club_game_ids(club_id)
    expected = {gid: game(gid).summary for gid in ids}
    db.session.execute(update(Game).where(Game.id.in_(ids[:4])).values(summary=None))
    db.session.execute(update(Game).where(Game.id.in_(ids[4:6]))
                       .values(summary={"version": -1}))
    db.session.commit()
    db.session.expunge_all()
    with statements() as seen:
        assert client.get(f"/clubs/{club_id}/stats").status_code == 200
    assert len(seen) <= 16
    assert {gid: game(gid).summary for gid in ids} == expected


# --------------------------------------------------------------------------- renames, merges

def test_summaries_stay_fresh_through_renames_and_merges(client, member_club):
    ann, bob = person_id(member_club, "Ann"), person_id(member_club, "Bob")
    before = fresh_numbers(member_club)
    r = client.post(f"/clubs/{member_club}/roster/{ann}/rename", data={"name": "Annie"})
    assert r.status_code in (200, 303), text(r)[:300]
    client.post(f"/clubs/{member_club}/roster", data={"name": "Zoe"})
    zoe = person_id(member_club, "Zoe")
    r = client.post(f"/clubs/{member_club}/roster/{zoe}/merge",
                    data={"into": str(bob), "confirm": "1"})
    assert r.status_code in (200, 303), text(r)[:300]
    for gid in club_game_ids(member_club):
        g = game(gid)
        assert g.summary == derive_summary(g.record())
    assert fresh_numbers(member_club) == before  # stats follow people, not names
    t = text(client.get(f"/clubs/{member_club}/people/{ann}"))
    assert "Annie" in t and f"Games {before[ann]['games']}" in t
    assert "Annie" in text(client.get(f"/clubs/{member_club}/stats"))
