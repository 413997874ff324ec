"""The event pieces rendered through the app's Jinja environment from whole sample events of
every format: the standings partial, the bracket's SVG, the table card."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from markupsafe import Markup

from scorekeeper.events.bracket_svg import bracket_svg, draw_bracket, ordinal
from scorekeeper.events.placing import TIED
from scorekeeper.qr import qr_svg
from scorekeeper.tournament import parse_event, standings

from .samples import names, samples, team_event
from .test_sheets import REFUSED, rr3

SAMPLES = samples()
HOSTILE = '<script>alert(1)</script>=cmd'
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def env():
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "t"})
    with app.test_request_context():  # the templates speak its language
        yield app.jinja_env


def render_standings(env, record, shown=None, **extra) -> str:
    return env.get_template("partials/events/_standings.html").render(
        standings=standings(record), names=shown or names(record), **extra)


def rows(html: str) -> list[str]:
    """Each body row's text, whitespace squeezed."""
    return [" ".join(re.sub(r"<[^>]+>", " ", r).split())
            for r in re.findall(r"<tr class[^>]*>(.*?)</tr>", html, re.S)]


def test_round_robin_standings_rank_names_figures_and_the_deciding_tiebreak(env):
    shown = names(SAMPLES["round-robin"])
    shown[1] = HOSTILE
    html = render_standings(env, SAMPLES["round-robin"], shown)
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;=cmd" in html
    assert rows(html) == [
        "1 Eve &amp; Fay Winner on difference 3–1 10 6 +4",
        "2 &lt;script&gt;alert(1)&lt;/script&gt;=cmd on difference 3–1 9 6 +3",
        "3 Ann &amp; Bob on difference 2–2 7 7 0",
        "4 Gus &amp; Hal on difference 2–2 8 9 −1",
        "5 Ivy &amp; Jon on games won 0–4 6 12 −6"]
    assert "Standings: final" in html and '<th scope="col" class="who">Team</th>' in html


def test_a_refused_record_shows_the_librarys_sentence_not_a_table(env):
    record = REFUSED[0][0]()
    html = render_standings(env, record)
    assert "standings-table" not in html
    assert "No standings: Round 1: Cat &amp; Dan play twice." in html


def test_a_half_played_round_robin_crowns_nobody(env):
    html = render_standings(env, SAMPLES["round-robin-half"])
    assert "Standings so far" in html and "Winner" not in html


def test_an_unbroken_tie_shares_the_rank_and_says_how_to_decide(env):
    html = render_standings(env, rr3(HOSTILE))
    assert [r.split(" ")[:2] for r in rows(html)] == [["1", "="]] * 3
    assert html.count(TIED) == 3 and "Winner" not in html


def test_before_any_result_nobody_is_tied_and_the_seeds_stand_in_order(env):
    for fmt in ("round-robin", "pools"):
        record = team_event(fmt, 6)
        html = render_standings(env, record)
        assert TIED not in html and 'class="tied' not in html and "=</span>" not in html
        assert [r.split(" ")[0] for r in rows(html)] == ["–"] * len(rows(html))
    record = team_event("round-robin", 6)
    assert [r.split(" ", 1)[1] for r in rows(render_standings(env, record))] == [
        f"{n.replace('&', '&amp;')} 0–0 0 0 0" for n in names(record)]


def test_the_events_tiebreak_order_is_followed(env):
    record = SAMPLES["round-robin"]
    html = render_standings(env, record, tiebreaks=["wins", "scored", "difference"])
    assert rows(html)[0].endswith("on scored 3–1 10 6 +4")


def test_pools_show_the_places_then_one_table_per_pool(env):
    html = render_standings(env, SAMPLES["pools"])
    captions = re.findall(r"<caption>(.*?)</caption>", html)
    assert captions == ["Places: final (the bracket, then the pools&#39; places)", "Pool A", "Pool B"]
    assert rows(html)[0] == "1 Ann &amp; Bob Champion 10–2 30 16 +14"
    assert rows(html)[8] == "1 Ann &amp; Bob on games won 6–1 18 9 +9"  # pool A's first row
    assert "Winner" not in html


def test_a_bracket_under_way_lists_who_is_still_in_without_a_place(env):
    html = render_standings(env, SAMPLES["single-elimination-half"])
    still = [r for r in rows(html) if r.startswith("–")]
    assert len(still) == 4 and all("still in the bracket" in r for r in still)
    assert rows(html)[0].startswith("5 Eve &amp; Fay")


def test_a_tables_event_shows_no_conceded_or_difference(env):
    html = render_standings(env, SAMPLES["tables"])
    assert "Agst" not in html and "+/−" not in html
    assert '<th scope="col" class="who">Player</th>' in html
    assert rows(html)[3] == "4 Gus on scored 1–2 40"  # (9 players seated by the schedule)


def test_double_elimination_and_progressive_render_every_entrant(env):
    for key in ("double-elimination", "progressive", "double-elimination-half", "pools-half"):
        record = SAMPLES[key]
        html = render_standings(env, record)
        for name in names(record):
            assert name.replace("&", "&amp;") in html, (key, name)


# the bracket -----------------------------------------------------------------------------


def drawn(record, shown=None) -> ET.Element:
    """The bracket's <svg>, parsed (so it is well-formed and every name escaped)."""
    markup = bracket_svg(record, shown or names(record))
    assert isinstance(markup, Markup)
    assert markup.startswith('<div class="bracket-scroll"')
    return ET.fromstring(str(markup)).find(f"{SVG}svg")


def texts(svg: ET.Element, cls: str | None = None) -> list[str]:
    return ["".join(t.itertext()) for t in svg.iter(f"{SVG}text")
            if cls is None or cls in t.get("class", "").split()]


def test_single_elimination_marks_winners_shows_byes_and_escapes_names(env):
    record = SAMPLES["single-elimination"]
    shown = names(record)
    shown[0] = HOSTILE
    svg = drawn(record, shown)
    assert svg.find(f"{SVG}title").text == "Single elimination: Friday night"
    assert "Champion: " + HOSTILE in svg.find(f"{SVG}desc").text
    assert texts(svg, "round-head") == ["Quarter-finals", "Semi-finals", "Final"]
    assert texts(svg, "bye") == ["bye", "bye"]  # 6 teams in 8 places: seeds 1 and 2 wait
    winners = texts(svg, "won")  # the name and "✓ games", in bold: every match played
    assert winners == ["Gus & Hal", "✓ 1", "Kim & Lou", "✓ 1", "<script>alert(1)</…", "✓ 1",
                       "Cat & Dan", "✓ 1", "<script>alert(1)</…", "✓ 1"]
    assert any(HOSTILE + " 1 v Cat & Dan 0: " + HOSTILE + " won" in t.text
               for t in svg.iter(f"{SVG}title"))  # the whole name where the box cuts it
    assert len(svg.findall(f".//{SVG}rect[@class='win-bar']")) == 5
    labels = texts(svg, "match-label")
    assert labels[:3] == ["M1 · bye", "M2 · table 1", "M3 · bye"] and len(labels) == 7
    assert len(svg.findall(f".//{SVG}rect[@class='match-box bye-box']")) == 2


def test_a_bracket_under_way_says_who_waits_for_what(env):
    svg = drawn(SAMPLES["single-elimination-half"])
    assert texts(svg, "waiting") == ["Winner of M5", "Winner of M6"]
    assert "Under way" in svg.find(f"{SVG}desc").text


def test_double_elimination_draws_the_losers_bracket_and_the_final(env):
    svg = drawn(SAMPLES["double-elimination"])
    assert texts(svg, "section-head") == ["Winners' bracket", "Losers' bracket"]
    labels = texts(svg, "match-label")
    assert sum("Final" in label for label in labels) == 1 and len(labels) == 14
    half = drawn(SAMPLES["double-elimination-half"])
    assert texts(half, "waiting") == ["Winner of M11", "Winner of M12"]
    assert texts(half, "bye") == ["bye"] * 5  # 5 teams in 8 places: byes in both brackets


def test_the_pools_bracket_waits_for_the_pools_by_place(env):
    svg = drawn(team_event("pools", 8))
    assert texts(svg, "waiting")[:4] == ["Pool A, 1st", "Pool B, 2nd", "Pool B, 1st", "Pool A, 2nd"]
    svg = drawn(SAMPLES["pools"])
    assert texts(svg, "seed")[:4] == ["A1", "B2", "B1", "A2"]


@pytest.mark.parametrize("record, message", [
    (SAMPLES["round-robin"], "A round-robin event has no bracket."),
    (team_event("single-elimination", 1), "A single-elimination event needs 2 to 256 teams, not 1."),
] + [(make(), message) for make, message in REFUSED])
def test_no_bracket_or_a_refused_record_is_a_value_error(record, message):
    with pytest.raises(ValueError) as refused:
        bracket_svg(record, names(record))
    assert str(refused.value) == message


def test_a_page_that_parsed_the_event_draws_the_same_bracket():
    record = SAMPLES["double-elimination"]
    assert draw_bracket(parse_event(record), names(record)) == bracket_svg(record, names(record))


# the table card --------------------------------------------------------------------------


def card(**changes) -> dict:
    url = "http://192.168.1.20:8000/join/K7QX"
    return {"event_name": "Friday <b>night</b>", "round": 2, "table": 7,
            "seats": [{"seat": 0, "name": "Ann", "team": "Ann & Bob"},
                      {"seat": 1, "name": HOSTILE, "team": "Cat & Dan"},
                      {"seat": 2, "name": "Bob", "team": "Ann & Bob"},
                      {"seat": 3, "name": "Dan", "team": "Cat & Dan"}],
            "shakes_first": 1, "qr_svg": qr_svg(url, "Scan to score table 7"), "url": url, **changes}


def test_the_table_card_seats_everyone_names_the_shaker_and_carries_the_qr(env):
    html = env.get_template("partials/events/_table_card.html").render(card=card())
    assert "<script>" not in html and "<b>" not in html and "Friday &lt;b&gt;night&lt;/b&gt;" in html
    assert re.search(r'<p class="card-table"><span>Table</span> <strong>7</strong>', html)
    assert "Round 2" in html
    seats = re.findall(r'<span class="seat-no">(Seat \d)</span>\s*<span class="seat-name">(.*?)</span>', html)
    assert seats == [("Seat 1", "Ann"), ("Seat 2", "&lt;script&gt;alert(1)&lt;/script&gt;=cmd"),
                     ("Seat 3", "Bob"), ("Seat 4", "Dan")]
    assert html.count("shakes first") == 3  # the diagram, the list, the sentence
    assert "<strong>&lt;script&gt;alert(1)&lt;/script&gt;=cmd</strong> shakes first." in html
    assert "partners sit across the table" in html
    assert '<svg' in html and 'aria-label="Scan to score table 7"' in html
    assert "http://192.168.1.20:8000/join/K7QX" in html
    assert 'class="team-a shaker"' not in html and 'class="team-b shaker"' in html


def test_a_card_of_players_on_their_own_has_no_teams_and_no_diagram(env):
    seats = [{"seat": i, "name": n, "team": None} for i, n in enumerate(["Ann", "Bob", "Cat"])]
    html = env.get_template("partials/events/_table_card.html").render(
        card=card(seats=seats, shakes_first=0))
    assert "card-round-table" not in html and "team-a" not in html and "partners" not in html
    assert "<strong>Ann</strong> shakes first." in html


def test_every_sample_renders(env):
    for key, record in SAMPLES.items():
        assert "standings-table" in render_standings(env, record), key
        if record["format"] in ("pools", "single-elimination", "double-elimination"):
            assert drawn(record) is not None


def test_pool_places_are_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 112)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "112th"]
