"""The game review page (/games/<id>/review) and its CSV (/games/<id>/hands.csv)."""
from __future__ import annotations

import csv
import io
import json
import re

from scorekeeper.extensions import db
from scorekeeper.models import Hand

from ..helpers import HX, create, game, post_hand, text

RECORD = {"variant": "lechner42", "players": ["Ann", "=cmd|' /C calc'!A0", "Cat", "Dan"],
          "first_dealer": 0, "options": {},
          "hands": [{"bidder": 1, "bid": 30, "contract": "straight", "points": 34},
                    {"auction": ["pass", 31, 84, "pass"], "contract": "straight", "points": 42},
                    {"bidder": 3, "bid": 84, "contract": "sevens", "made": False}]}


def imported(client, record=RECORD) -> int:
    r = client.post("/games/import", data={"record": json.dumps(record)})
    assert r.status_code == 303, text(r)
    return int(r.headers["Location"].rsplit("/", 1)[1])


def parse_csv(r) -> list[list[str]]:
    assert r.data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM: Excel reads it as UTF-8
    return list(csv.reader(io.StringIO(r.data.decode("utf-8-sig"), newline="")))


def test_a_finished_games_review_is_not_the_game_so_far(client):
    hand = {"bidder": 0, "bid": 30, "contract": "straight", "points": 34}
    gid = imported(client, {**RECORD, "hands": [hand] * 7})
    t = text(client.get(f"/games/{gid}/review"))
    assert "Game over." in t and "the game so far" not in t
    assert ": the whole game" in t
    assert "the game so far" in text(client.get(f"/games/{imported(client)}/review"))


PLUNGE_AND_SPLASH = {
    "variant": "texas42", "players": ["Ann", "Bob", "Cat", "Dan"], "first_dealer": 0,
    "options": {}, "hands": [
        {"bidder": 1, "bid": 168, "contract": "plunge", "call": "straight", "made": True,
         "doubles": 4},
        {"auction": ["pass", "splash", "pass", "pass"], "contract": "splash", "call": "sevens",
         "made": False, "doubles": 3}]}


def test_a_plunge_and_a_splash_show_by_name_and_marks_on_both_sheets(client):
    gid = imported(client, PLUNGE_AND_SPLASH)
    page = client.get(f"/games/{gid}?view=grid").get_data(as_text=True)
    bids = re.findall(r'<b class="bid-what">([^<]*)</b>', page)
    assert bids == ["Plunge (4 marks)", "Splash (3 marks)"]
    t = text(client.get(f"/games/{gid}/review"))
    assert "Bob Plunge (4 marks) Straight 42 made" in t
    assert "Dan Splash (3 marks) Sevens set" in t


def test_game_page_links_to_the_review(client):
    gid = create(client, "moon", 3)
    assert f"/games/{gid}/review" in client.get(f"/games/{gid}").get_data(as_text=True)


def test_review_page_and_partial(client):
    gid = imported(client)
    r = client.get(f"/games/{gid}/review")
    assert r.status_code == 200
    body = r.get_data(as_text=True)
    assert "<html" in body and "<svg" in body and 'class="chart-svg"' in body
    t = text(r)
    assert "In progress after 3 hands" in t
    assert "Running totals (marks)" in t
    assert "Hand by hand" in t and "The chart as a table" in t
    assert "Bob 2 marks" not in t and "Ann 2 marks" in t  # hand 2: Ann won the auction at 84
    assert "Dan 2 marks Sevens set" in t
    assert f"/games/{gid}/hands.csv" in body
    assert "<script" not in body.split("</head>")[1]  # no inline script in the page body
    assert " on" + "click=" not in body
    # the chart's lines: one path per side, with the dash of the second
    assert body.count('class="chart-line"') >= 2 and 'stroke-dasharray="7 4"' in body
    # the screen-reader description names each side's total
    assert "Ann &amp; Cat 4, =cmd|&#39; /C calc&#39;!A0 &amp; Dan 1 marks" in body
    r = client.get(f"/games/{gid}/review", headers=HX)
    assert r.status_code == 200
    part = r.get_data(as_text=True)
    assert "<html" not in part and 'class="chart-svg"' in part and "Hand by hand" in part


def test_review_of_a_game_without_hands(client):
    gid = create(client, "mexican-train", 3)
    r = client.get(f"/games/{gid}/review")
    assert r.status_code == 200
    assert "No rounds yet" in text(r) and "after 0 rounds" in text(r)
    rows = parse_csv(client.get(f"/games/{gid}/hands.csv"))
    assert rows == [["Round", "Dealer", "Went out", "Ann change", "Ann total", "Bob change",
                     "Bob total", "Cat change", "Cat total"]]


def test_review_of_a_record_that_no_longer_scores(client, app):
    gid = create(client, "moon", 3)
    db.session.add(Hand(game_id=gid, number=0, data={"bidder": 0, "bid": 5,
                                                      "tricks": [1, 1, 1]}))
    db.session.commit()
    r = client.get(f"/games/{gid}/review")
    assert r.status_code == 200
    assert "no longer scores" in text(r) and "(hand 1)" in text(r)
    assert len(parse_csv(client.get(f"/games/{gid}/hands.csv"))) == 1  # the header alone


def test_csv_hand_by_hand(client):
    gid = imported(client)
    r = client.get(f"/games/{gid}/hands.csv")
    assert r.status_code == 200 and r.content_type == "text/csv; charset=utf-8"
    assert f'filename="scorekeeper-lechner42-{gid}-hands.csv"' in r.headers["Content-Disposition"]
    rows = parse_csv(r)
    assert rows[0] == ["Hand", "Dealer", "Bidder", "Bid", "Contract", "Made",
                       "Ann & Cat change", "Ann & Cat total",
                       "'=cmd|' /C calc'!A0 & Dan change", "'=cmd|' /C calc'!A0 & Dan total"]
    assert rows[1] == ["1", "Ann", "'=cmd|' /C calc'!A0", "30", "Straight 42", "made",
                       "0", "0", "1", "1"]
    assert rows[2] == ["2", "'=cmd|' /C calc'!A0", "Ann", "2 marks", "Straight 42", "made",
                       "2", "2", "0", "1"]
    assert rows[3] == ["3", "Cat", "Dan", "2 marks", "Sevens", "set", "2", "4", "0", "1"]
    # no cell a spreadsheet would run
    assert not any(cell[:1] in ("=", "+", "@") for row in rows for cell in row)
    # the same download to htmx
    assert client.get(f"/games/{gid}/hands.csv", headers=HX).data == r.data


def test_csv_card42_and_negative_deltas(client):
    gid = imported(client, {"variant": "moon", "players": ["Ann", "-Bob", "Cat"],
                            "hands": [{"bidder": 0, "bid": 7, "tricks": [3, 2, 2]},
                                      {"passed": True}]})
    rows = parse_csv(client.get(f"/games/{gid}/hands.csv"))
    assert rows[0][:6] == ["Hand", "Dealer", "Bidder", "Bid", "Contract", "Made"]
    assert rows[1] == ["1", "Ann", "Ann", "7", "", "set", "-7", "-7", "2", "2", "2", "2"]
    assert rows[2][:6] == ["2", "'-Bob", "", "", "", "redeal"]
    gid = imported(client, {"variant": "card42", "players": ["Ann", "Bob", "Cat"],
                            "hands": [{"bids": [2, 3, 1], "tricks": [2, 3, 2]}]})
    rows = parse_csv(client.get(f"/games/{gid}/hands.csv"))
    assert rows[0][:8] == ["Hand", "Dealer", "Ann bid", "Ann took", "Bob bid", "Bob took",
                           "Cat bid", "Cat took"]
    assert rows[1][:8] == ["1", "Ann", "2", "2", "3", "3", "1", "2"]


def test_marks_sheet_draws_tallies(client):
    gid = imported(client)
    body = client.get(f"/games/{gid}/review").get_data(as_text=True)
    assert 'aria-label="4 marks"' in body and 'aria-label="1 mark"' in body


def test_review_needs_a_role_like_the_game_page(client):
    gid = imported(client)
    stranger = client.application.test_client()
    for url in (f"/games/{gid}/review", f"/games/{gid}/hands.csv"):
        r = stranger.get(url)
        assert r.status_code == 404 and "No game here" in r.get_data(as_text=True)
        assert client.get(url.replace(str(gid), "999")).status_code == 404
    viewer = client.application.test_client()
    code = game(gid).code
    assert viewer.get(f"/g/{code}").status_code == 303
    assert viewer.get(f"/games/{gid}/review").status_code == 200
    assert viewer.get(f"/games/{gid}/hands.csv").status_code == 200


def test_review_after_hands_entered_through_the_form(client):
    gid = create(client, "forty-two")
    r = post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "30", "points": "35"})
    assert r.status_code == 303, text(r)
    t = text(client.get(f"/games/{gid}/review"))
    assert "Bob 30" in t and "made" in t


def test_negative_numbers_use_the_minus_sign_everywhere(client):
    """One minus sign (U+2212) on the scoreboard, the sheet and the chart, never a hyphen."""
    gid = create(client, "card42-teams")
    r = post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "10", "points_mode": "number",
                                "points": "6"})
    assert r.status_code == 303
    for url in (f"/games/{gid}", f"/games/{gid}/review"):
        html = client.get(url).get_data(as_text=True)
        assert "\u221210" in html, url
        assert not re.search(r"[>\s]-10\b", html), url
    review = client.get(f"/games/{gid}/review").get_data(as_text=True)
    assert review.count("\u221210") >= 3  # the sheet's change and total, the chart
