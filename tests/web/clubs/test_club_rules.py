"""A club's house rules per variant: saved from a club game's rules card (members only) or from
the club's new-game form, they pre-fill the next club game; the card says where a game differs."""
from __future__ import annotations

import re

from sqlalchemy import text as sql

from scorekeeper import store

from ..helpers import HX, empty_app, game, text
from .helpers import club_game, create_club, join_club

SEATS = ["Ann", "Bob", "Cat", "Dan"]


def _selected(html: str, name: str) -> str:
    select = re.search(rf'<select name="opt-{name}">(.*?)</select>', html, re.S).group(1)
    return re.search(r'<option value="([^"]+)" selected', select).group(1)


def test_member_saves_a_games_rules_and_the_next_game_starts_from_them(client, app):
    club_id = create_club(client)
    gid = club_game(client, club_id, "texas42", SEATS, splash_marks=2, ladder="free")
    page = text(client.get(f"/games/{gid}/rules"))
    assert "has not saved its rules" in page and "Make these our club's rules" in page
    r = client.post(f"/games/{gid}/rules/club")
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{gid}/rules"
    assert store.club_rules(club_id, "texas42") == {"splash_marks": 2, "ladder": "free"}
    page = text(client.get(f"/games/{gid}/rules"))
    assert "Played by Thursday Night's rules" in page and "Make these our club" not in page
    html = client.get(f"/clubs/{club_id}/games/new?variant=texas42").get_data(as_text=True)
    assert _selected(html, "splash_marks") == "2" and _selected(html, "ladder") == "free"
    assert _selected(html, "forced_minimum") == "30"
    assert "Filled in from Thursday Night's rules" in text(
        client.get(f"/clubs/{club_id}/games/new?variant=texas42"))
    # another variant has no saved rules: the defaults
    html = client.get(f"/clubs/{club_id}/games/new?variant=lechner42").get_data(as_text=True)
    assert "Filled in from" not in html


def test_card_marks_lines_that_differ_from_the_club(client):
    club_id = create_club(client)
    first = club_game(client, club_id, "texas42", SEATS, splash_marks=2)
    client.post(f"/games/{first}/rules/club")
    gid = club_game(client, club_id, "texas42", SEATS, splash_marks=2, all_pass="redeal")
    r = client.get(f"/games/{gid}/rules", headers=HX)
    body = r.get_data(as_text=True)
    assert "<html" not in body and body.count("Not the club's rule") == 2  # legend + 1 line
    assert "1 line differs from Thursday Night's rules" in text(r)


def test_an_option_without_effect_is_the_clubs_rule(client):
    """The club plays redeal; a game that also sets a forced minimum (no effect under redeal)
    is played by the club's rules: nothing says "Not the club's rule"."""
    club_id = create_club(client)
    first = club_game(client, club_id, "texas42", SEATS, all_pass="redeal")
    client.post(f"/games/{first}/rules/club")
    gid = club_game(client, club_id, "texas42", SEATS, all_pass="redeal", forced_minimum=31)
    page = text(client.get(f"/games/{gid}/rules"))
    assert "Not the club's rule" not in page and "Played by Thursday Night's rules" in page


def test_new_game_form_saves_the_club_rules(client):
    club_id = create_club(client)
    data = {"variant": "moon", "first_dealer": "0", "name-0": "Ann", "name-1": "Bob",
            "name-2": "Cat", "opt-target_points": "15", "save_rules": "1"}
    r = client.post(f"/clubs/{club_id}/games/new", data=data)
    assert r.status_code == 303
    assert store.club_rules(club_id, "moon") == {"target_points": 15}
    html = client.get(f"/clubs/{club_id}/games/new?variant=moon").get_data(as_text=True)
    assert 'name="opt-target_points" value="15"' in html


def test_a_viewer_outside_the_club_is_refused(client, app):
    club_id = create_club(client)
    gid = club_game(client, club_id, "texas42", SEATS, ladder="free")
    viewer = app.test_client()
    viewer.get(f"/g/{game(gid).code}")
    page = text(viewer.get(f"/games/{gid}/rules"))
    assert "Free bidding" in page and "Make these our club" not in page
    assert viewer.post(f"/games/{gid}/rules/club").status_code == 404  # members only
    assert store.club_rules(club_id, "texas42") is None
    stranger = app.test_client()
    assert stranger.post(f"/games/{gid}/rules/club").status_code == 404
    member = app.test_client()
    join_club(member, club_id)
    assert member.post(f"/games/{gid}/rules/club").status_code == 303


def test_no_club_game_or_no_game_is_404(client):
    from ..helpers import create

    gid = create(client, "moon", 3)
    assert client.post(f"/games/{gid}/rules/club").status_code == 404
    assert client.post("/games/999999/rules/club").status_code == 404


def test_migration_keeps_data_and_adds_club_rules(tmp_path, monkeypatch):
    from flask_migrate import upgrade

    from scorekeeper.extensions import db
    from scorekeeper.models import Club, ClubRules

    with empty_app(tmp_path, monkeypatch).app_context():
        upgrade(revision="b7e2c4a91d05")
        with db.engine.begin() as conn:
            conn.execute(sql("INSERT INTO club (id, name, code, created_at) VALUES "
                             "(1, 'Old club', 'ABCDEFG', '2026-11-01 20:00:00.000000')"))
        upgrade()
        db.session.remove()
        assert db.session.get(Club, 1).name == "Old club"
        db.session.add(ClubRules(club_id=1, variant="moon", options={"target_points": 15}))
        db.session.commit()
        assert store.club_rules(1, "moon") == {"target_points": 15}
