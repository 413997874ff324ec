"""Table phones follow their table (issue 29, item 4): the phone that scanned a table's card
goes by itself, at its game's next poll once that game is over, to the game seated at its
table next, as its scorer; the organizer moves a phone to another table; a card scanned again
still works; a move racing a hand loses nothing."""
from __future__ import annotations

import re

import pytest

from scorekeeper import store
from scorekeeper.extensions import db
from scorekeeper.models import TablePhone

from ..helpers import text
from .helpers import (club_with_event, event, new_event, play, round_games, scorer_path,
                      start_round, url)

HAND_FORM = {"mode": "quick", "bidder": "1", "bid": "30", "points": "35"}


def poll(phone, game_id: int):
    """A game page's poll, as live.js sends it after the page load (its ETag unknown here)."""
    return phone.get(f"/games/{game_id}/live", headers={"HX-Request": "true"})


def led_to(phone, game_id: int) -> str | None:
    """Where the poll of `game_id` sends this phone by itself (HX-Redirect), if anywhere."""
    return poll(phone, game_id).headers.get("HX-Redirect")


def follow(phone, game_id: int) -> int:
    """The phone follows its poll's HX-Redirect (a GET, as htmx's); the game it lands on."""
    r = phone.get(led_to(phone, game_id))
    assert r.status_code == 303, text(r)[:500]
    return int(r.headers["Location"].rsplit("/", 1)[1])


def saves_a_hand(phone, game_id: int) -> int:
    game = store.get_game(game_id)
    return phone.post(f"/games/{game_id}/hands",
                      data={"version": str(game.version), **HAND_FORM}).status_code


@pytest.fixture()
def night(app, client):
    """A 4-team round robin at round 1, two phones that scanned the cards of tables 1 and 2."""
    club_id, event_id = club_with_event(client)
    assert start_round(client, club_id, event_id).status_code == 303
    phones = [app.test_client(), app.test_client()]
    for phone, game in zip(phones, round_games(event_id, 1)):
        assert phone.get(scorer_path(game)).status_code == 303
    assert [table for _phone, table in store.table_phones(event_id)] == [1, 2]
    return club_id, event_id, phones


def phone_at(event_id: int, table: int) -> int:
    """The id of the (one) phone following `table`."""
    [phone] = [phone for phone, at in store.table_phones(event_id) if at == table]
    return phone


def test_a_table_phone_follows_by_itself_once_the_next_round_is_seated(app, client, night):
    club_id, event_id, (first_phone, second_phone) = night
    first, second = round_games(event_id, 1)
    assert led_to(first_phone, first.id) is None  # its game is being played
    play(first.id, [0] * 7)
    assert "Next round at table 1" in text(first_phone.get(f"/games/{first.id}"))
    assert led_to(first_phone, first.id) is None  # over, but round 2 is not seated
    play(second.id, [1] * 7)
    assert start_round(client, club_id, event_id).status_code == 303
    one, two = round_games(event_id, 2)
    watcher = app.test_client()  # a phone that scores nothing is led nowhere
    watcher.get(f"/g/{first.code}")
    assert poll(watcher, first.id).status_code == 200 and led_to(watcher, first.id) is None
    assert led_to(first_phone, first.id) == f"/games/{first.id}/table/next"
    assert follow(first_phone, first.id) == one.id
    assert follow(second_phone, second.id) == two.id
    page = text(first_phone.get(f"/games/{one.id}"))
    assert "round 2, table 1" in page and all(name in page for name in one.player_names)
    assert saves_a_hand(first_phone, one.id) == 303 and saves_a_hand(second_phone, two.id) == 303
    assert led_to(first_phone, one.id) is None  # its new game is being played
    # a card scanned again still works: the second phone takes table 1's card of round 2
    phone_two = phone_at(event_id, 2)
    assert second_phone.get(scorer_path(one)).status_code == 303
    assert saves_a_hand(second_phone, one.id) == 303
    assert db.session.get(TablePhone, (event_id, phone_two)).table == 1


def test_the_organizer_moves_a_table_phone_to_another_table(app, client, night):
    """Table 1 is over and table 2's phone died: the organizer moves table 1's phone there; it
    goes to table 2's game at its next poll, and follows table 2 from then on. Two phones
    scoring table 2 then: the second to save the same hand is refused, nothing lost."""
    club_id, event_id, (first_phone, second_phone) = night
    first, second = round_games(event_id, 1)
    page = text(client.get(url(club_id, event_id, "/phones")))
    assert page.count("Table 1") == 1 and page.count("Table 2") == 1
    mover = phone_at(event_id, 1)
    r = client.post(url(club_id, event_id, f"/phones/{mover}"), data={"table": "2"})
    assert r.status_code == 303
    assert [h.action for h in event(event_id).history][-1] == "phone moved"
    assert led_to(first_phone, first.id) is None  # its own game is not over: it stays
    play(first.id, [0] * 7)
    assert "Next round at table 2" in text(first_phone.get(f"/games/{first.id}"))
    assert follow(first_phone, first.id) == second.id  # table 2's game, being played
    stale = store.get_game(second.id).version
    assert saves_a_hand(first_phone, second.id) == 303
    assert second_phone.post(f"/games/{second.id}/hands", data={
        "version": str(stale), **HAND_FORM}).status_code == 409
    assert len(store.get_game(second.id).hands) == 1
    play(second.id, [1] * 6)
    assert start_round(client, club_id, event_id).status_code == 303
    _one, two = round_games(event_id, 2)
    assert follow(first_phone, second.id) == two.id and follow(second_phone, second.id) == two.id


def test_a_move_is_refused_plainly(app, client, night):
    club_id, event_id, (first_phone, _second) = night
    mover = phone_at(event_id, 1)
    for table in ("3", "0", "x", ""):
        r = client.post(url(club_id, event_id, f"/phones/{mover}"), data={"table": table})
        assert r.status_code == 422 and "Pick a table of the event." in text(r)
    r = client.post(url(club_id, event_id, "/phones/999999"), data={"table": "2"})
    assert r.status_code == 422 and "That phone scores no table of this event." in text(r)
    assert client.post(url(club_id, event_id, f"/phones/{2**40}"),
                       data={"table": "2"}).status_code == 404
    for outsider in (first_phone, app.test_client()):  # only the organizer moves phones
        assert outsider.get(url(club_id, event_id, "/phones")).status_code in (403, 404)
        assert outsider.post(url(club_id, event_id, f"/phones/{mover}"),
                             data={"table": "2"}).status_code in (403, 404)
    assert db.session.get(TablePhone, (event_id, mover)).table == 1
    assert [h.action for h in event(event_id).history][-1] == "round started"


def test_a_move_and_a_hand_at_the_same_moment_both_stand(app, client, night):
    """The move writes the event's rows, the hand its game's: read at the same version, both
    are saved, in either order."""
    club_id, event_id, (first_phone, _second) = night
    first, _ = round_games(event_id, 1)
    mover = phone_at(event_id, 1)
    for table, hands in ((2, 1), (1, 2)):
        before = event(event_id)
        form_version = store.get_game(first.id).version
        db.session.expunge_all()
        if hands == 1:  # the hand first, then the move read before it
            assert saves_a_hand(first_phone, first.id) == 303
            store.move_table_phone(before, mover, table, "test")
        else:  # the move first, then the hand typed before it
            store.move_table_phone(before, mover, table, "test")
            assert first_phone.post(f"/games/{first.id}/hands", data={
                "version": str(form_version), **HAND_FORM}).status_code == 303
        assert len(store.get_game(first.id).hands) == hands
        assert db.session.get(TablePhone, (event_id, mover)).table == table
    stale = event(event_id)
    db.session.expunge(stale)  # kept as read: before the move below
    store.move_table_phone(event(event_id), mover, 2, "test")
    with pytest.raises(store.Refused, match="a table phone was moved .*the phone was not moved"):
        store.move_table_phone(stale, mover, 1, "test")


def test_another_event_further_on_leads_no_phone_astray(app, client, night):
    """The club's other event at round 3: this one's phones still follow to its round 2."""
    club_id, event_id, (first_phone, _second) = night
    other = new_event(client, club_id)
    for number in (1, 2, 3):
        assert start_round(client, club_id, other).status_code == 303
        for game in round_games(other, number) if number < 3 else ():
            play(game.id, [0] * 7)
    for game in round_games(event_id, 1):
        play(game.id, [0] * 7)
    assert start_round(client, club_id, event_id).status_code == 303
    assert follow(first_phone, round_games(event_id, 1)[0].id) == round_games(event_id, 2)[0].id


def test_the_phones_page_names_each_phone_as_the_phone_itself_shows(app, client, night):
    """Two phones at one table told apart: the organizer's page lists each by the name its
    own game page shows ("This phone: Phone 4821 · Table 1"); a watcher is shown none."""
    club_id, event_id, (first_phone, second_phone) = night
    first, _second = round_games(event_id, 1)
    assert second_phone.get(scorer_path(first)).status_code == 303  # a second card scan
    names = [re.search(r"This phone: (Phone \d{4}) · Table 1", text(phone.get(
        f"/games/{first.id}"))).group(1) for phone in (first_phone, second_phone)]
    assert names[0] != names[1]
    listed = re.findall(r"Table (\d) · (Phone \d{4})", text(client.get(
        url(club_id, event_id, "/phones"))))
    assert sorted(listed) == sorted([("1", names[0]), ("1", names[1])])
    watcher = app.test_client()
    watcher.get(f"/g/{first.code}")
    assert "This phone" not in text(watcher.get(f"/games/{first.id}"))
