"""Mexican Train's phones at the table, a seat each (issue 31): claims (one phone a seat, the
scorer lets go), each seat's count for the round to be entered (a sum, "I went out", corrected
until the round is saved, refused once it is), and the scorer's one tap that saves the round as
an ordinary hand, checked by the engine."""
from __future__ import annotations

import pytest

from scorekeeper import store
from scorekeeper.games.seats import pip_sum
from scorekeeper.models import PendingCount, SeatClaim

from .helpers import at_once, create, game, text

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def gid(client):
    return create(client, "mexican-train", PLAYERS)


def phone(app, gid):
    """Another phone that opened the viewer link."""
    p = app.test_client()
    assert p.get(f"/g/{game(gid).code}").status_code == 303
    return p


def claim(p, gid, seat):
    return p.post(f"/games/{gid}/seats/{seat}/claim")


def count(p, gid, seat, pips="", out=False, number=None):
    data = {"seat": str(seat), "number": str(len(game(gid).hands) if number is None else number),
            "pips": pips}
    if out:
        data["out"] = "1"
    return p.post(f"/games/{gid}/counts", data=data)


def claims(gid):
    game(gid)
    return store.seat_claims(gid)


def counts(gid, number=0):
    game(gid)
    return {s: (c.pips, c.out) for s, c in store.pending_counts(gid, number).items()}


def save(client, gid, version=None, counts=None, **more):
    """The scorer's save, from a page drawn at `version` and `counts` (the game's version and
    count_version; now, by default)."""
    if version is None or counts is None:
        g = game(gid)
        version = g.version if version is None else version
        counts = g.count_version if counts is None else counts
    return client.post(f"/games/{gid}/counts/save",
                       data={"version": str(version), "counts": str(counts), **more})


@pytest.mark.parametrize("typed,total", [("30", 30), ("12+11+7", 30), (" 12 + 11 +7 ", 30),
                                         ("0", 0), ("9999", 9999)])
def test_a_sum_is_added_up(typed, total):
    assert pip_sum(typed) == total


@pytest.mark.parametrize("typed", ["", "+", "12+", "+12", "12++3", "3*4", "12-2", "1e3", "abc",
                                   "__import__('os')", "10000", "9999+1", "1" * 81, "١٢"])
def test_anything_but_digits_and_plus_is_refused(typed):
    assert pip_sum(typed) is None


def test_a_phone_claims_a_seat_and_the_page_asks_its_pips(app, gid):
    cat = phone(app, gid)
    page = text(cat.get(f"/games/{gid}"))
    assert "Playing? Tap your name" in page and "I am Cat" in page
    r = claim(cat, gid, 2)
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{gid}#seats")
    assert set(claims(gid)) == {2}
    page = text(cat.get(f"/games/{gid}"))  # after a reload too
    assert "Round 1 (engine double 12): your pips" in page and "You are Cat" in page
    assert "I went out" in page and "I am Ann" not in page
    assert game(gid).events[-1].action == "seat claimed"
    history = text(cat.get(f"/games/{gid}/history"))
    assert "Cat's seat claimed" in history


def test_a_seat_has_one_phone_and_a_phone_one_seat(app, gid):
    cat, other = phone(app, gid), phone(app, gid)
    assert claim(cat, gid, 2).status_code == 303
    r = claim(other, gid, 2)
    assert r.status_code == 409 and "Cat's seat is taken" in text(r)
    assert "Cat has a phone" in text(other.get(f"/games/{gid}"))
    claim(cat, gid, 3)  # Cat's phone was Dan's: it moves
    assert claims(gid) == {3: claims(gid)[3]} and len(claims(gid)) == 1
    assert claim(other, gid, 2).status_code == 303
    assert set(claims(gid)) == {2, 3}
    version = game(gid).version
    assert claim(other, gid, 2).status_code == 303  # again: nothing written
    assert game(gid).version == version


def test_a_seat_claimed_twice_at_once_goes_to_one_phone(app, gid):
    phones = [phone(app, gid) for _ in range(4)]
    import threading
    barrier, statuses = threading.Barrier(4), []

    def tap(p):
        barrier.wait()
        statuses.append(claim(p, gid, 1).status_code)
    threads = [threading.Thread(target=tap, args=(p,)) for p in phones]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [303, 409, 409, 409]
    assert len(claims(gid)) == 1
    assert [e.action for e in game(gid).events].count("seat claimed") == 1


def test_the_scorer_lets_go_of_a_seat_and_a_viewer_may_not(app, client, gid):
    cat, dan = phone(app, gid), phone(app, gid)
    claim(cat, gid, 2)
    claim(dan, gid, 3)
    assert dan.post(f"/games/{gid}/seats/2/release").status_code == 403
    assert set(claims(gid)) == {2, 3}
    assert "Let go" in text(client.get(f"/games/{gid}"))
    assert client.post(f"/games/{gid}/seats/2/release").status_code == 303
    assert set(claims(gid)) == {3}
    assert dan.post(f"/games/{gid}/seats/3/release").status_code == 303  # its own: "not me"
    assert claims(gid) == {}
    assert text(client.get(f"/games/{gid}/history")).count("seat let go") == 2


def test_a_stranger_cannot_claim(app, gid):
    stranger = app.test_client()
    assert claim(stranger, gid, 0).status_code == 404  # no game for it
    assert claims(gid) == {}


def test_seats_are_for_variants_whose_players_count_their_own(client):
    other = create(client, "lechner42")
    assert client.post(f"/games/{other}/seats/0/claim").status_code == 404
    assert "Tap your name" not in text(client.get(f"/games/{other}"))


def test_counts_a_sum_out_and_a_correction_and_the_scorer_sees_them(app, client, gid):
    ann, bob, cat = phone(app, gid), phone(app, gid), phone(app, gid)
    for seat, p in enumerate((ann, bob, cat)):
        claim(p, gid, seat)
    page = text(client.get(f"/games/{gid}"))
    assert "Round 1 (engine double 12): the counts" in page
    assert "Waiting for Ann, Bob, Cat, Dan." in page
    assert count(ann, gid, 0, "12+11+7").status_code == 303
    assert count(bob, gid, 1, out=True).status_code == 303
    assert counts(gid) == {0: (30, False), 1: (0, True)}
    assert "You counted 30" in text(ann.get(f"/games/{gid}"))
    assert count(ann, gid, 0, "25").status_code == 303  # corrected
    assert counts(gid) == {0: (25, False), 1: (0, True)}
    page = text(client.get(f"/games/{gid}"))
    assert "Ann 25" in page and "went out 0" in page and "Waiting for Cat, Dan." in page
    # live: the poll of a phone that showed the page before the count brings it
    etag = client.get(f"/games/{gid}/live").headers["ETag"]
    count(cat, gid, 2, "8")
    r = client.get(f"/games/{gid}/live", headers={"If-None-Match": etag})
    assert r.status_code == 200 and 'id="seats"' in r.text and "Waiting for Dan." in text(r)
    # a phone counts its own seat only; the scorer types any
    r = count(cat, gid, 3, "5")
    assert r.status_code == 409 and "no longer plays that seat" in text(r)
    assert 3 not in counts(gid)
    assert count(client, gid, 3, "5").status_code == 303
    assert counts(gid)[3] == (5, False)


def test_a_count_that_is_not_a_number_is_refused(app, gid):
    ann = phone(app, gid)
    claim(ann, gid, 0)
    r = count(ann, gid, 0, "12+x")
    assert r.status_code == 422 and "digits and + only" in text(r)
    assert counts(gid) == {}


def test_the_scorer_saves_the_round_as_a_hand(app, client, gid):
    ann, bob = phone(app, gid), phone(app, gid)
    claim(ann, gid, 0)
    claim(bob, gid, 1)
    count(ann, gid, 0, "12+11+7")
    count(bob, gid, 1, out=True)
    r = save(client, gid)
    assert r.status_code == 422 and "Still counting: Cat, Dan." in text(r)
    count(client, gid, 2, "40")
    count(client, gid, 3, "3+4")
    r = save(client, gid)
    assert r.status_code == 303
    g = game(gid)
    assert g.record()["hands"] == [{"pips": [30, 0, 40, 7], "out": 1}]
    assert [e.action for e in g.events][-1] == "entered"
    assert counts(gid, 0) == {}  # let go with the save
    page = text(ann.get(f"/games/{gid}"))
    assert "Round 2 (engine double 11): your pips" in page
    # a count for the round saved is refused plainly, nothing written
    drawn = game(gid).count_version
    r = count(ann, gid, 0, "3", number=0)
    assert r.status_code == 409 and "Round 1 is saved already" in text(r)
    assert game(gid).count_version == drawn and counts(gid, 0) == {}


def test_a_round_the_engine_refuses_names_the_seat(app, client, gid):
    for seat, pips in enumerate(["5", "6", "7", "8"]):
        count(client, gid, seat, pips)
    r = save(client, gid)  # nobody out: blocked, or a count to fix? no seat is named
    assert r.status_code == 422 and "Nobody went out: was the round blocked?" in text(r)
    assert "The round was blocked: save round 1" in text(r) and "Check first" not in text(r)
    assert game(gid).hands == []
    ann = phone(app, gid)
    claim(ann, gid, 0)
    count(ann, gid, 0, out=True)
    count(client, gid, 1, out=True)
    r = save(client, gid)
    assert r.status_code == 422 and "Ann and Bob each say they went out" in text(r)
    count(client, gid, 1, "6")
    count(client, gid, 2, "2000")
    r = save(client, gid)
    assert r.status_code == 422 and "The pips add up to" in text(r)
    count(client, gid, 2, "7")
    assert save(client, gid).status_code == 303
    assert game(gid).record()["hands"] == [{"pips": [0, 6, 7, 8], "out": 0}]


def test_a_round_nobody_went_out_of_is_saved_as_blocked_when_the_scorer_says_so(client, gid):
    for seat, pips in enumerate(["5", "6", "7", "8"]):
        count(client, gid, seat, pips)
    assert save(client, gid, blocked="1").status_code == 303
    assert game(gid).record()["hands"] == [{"pips": [5, 6, 7, 8], "blocked": True}]


def test_a_save_from_a_page_drawn_before_a_count_is_refused(app, client, gid):
    for seat in range(4):
        count(client, gid, seat, "0" if seat == 0 else "9")
    drawn = game(gid).count_version
    count(client, gid, 3, "10")  # a correction after the scorer's page was drawn
    r = save(client, gid, counts=drawn)
    assert r.status_code == 409 and "Check the numbers" in text(r)
    assert game(gid).hands == []
    assert save(client, gid).status_code == 303
    assert game(gid).record()["hands"] == [{"pips": [0, 9, 9, 10]}]


def test_a_viewer_cannot_save_the_round(app, gid):
    ann = phone(app, gid)
    assert save(ann, gid).status_code == 403


def test_a_correction_racing_the_save_is_never_lost(app, client, gid):
    """A phone corrects its count as the scorer saves the round: either the correction lands
    first (and the save, made on the page before it, is refused) or the save does (and the
    correction is refused as late): never both saved, the correction silently dropped."""
    import threading

    dan = phone(app, gid)
    claim(dan, gid, 3)
    for seat, pips in enumerate(["0", "9", "9"]):
        count(client, gid, seat, pips)
    count(dan, gid, 3, "10")
    version, drawn = game(gid).version, game(gid).count_version
    barrier, answers = threading.Barrier(2), {}

    def run(name, send):
        barrier.wait()
        answers[name] = send().status_code
    sends = {"save": lambda: save(client, gid, version, drawn),
             "count": lambda: count(dan, gid, 3, "12", number=0)}
    threads = [threading.Thread(target=run, args=item) for item in sends.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    hands = game(gid).record()["hands"]
    if answers["save"] == 303:
        assert answers["count"] == 409 and hands == [{"pips": [0, 9, 9, 10]}]
    else:
        assert answers == {"save": 409, "count": 303} and hands == []
        assert counts(gid)[3] == (12, False)


def test_the_double_blank_is_marked_where_the_house_rule_counts_it(app, client):
    gid = create(client, "mexican-train", PLAYERS, double_blank=50)
    ann = phone(app, gid)
    claim(ann, gid, 0)
    assert "The double blank is in my hand (+50)" in text(ann.get(f"/games/{gid}"))
    r = ann.post(f"/games/{gid}/counts", data={"seat": "0", "number": "0", "pips": "12",
                                               "double_blank": "1"})
    assert r.status_code == 303
    assert "12 , the double blank among them" in text(ann.get(f"/games/{gid}"))
    assert "0-0 12" in text(client.get(f"/games/{gid}"))
    count(client, gid, 1, out=True)
    count(client, gid, 2, "4")
    client.post(f"/games/{gid}/counts", data={"seat": "3", "number": "0", "pips": "0",
                                              "double_blank": "1"})
    r = save(client, gid)
    assert r.status_code == 422 and "Ann and Dan each say they hold the double blank" in text(r)
    count(client, gid, 3, "9")
    assert save(client, gid).status_code == 303
    assert game(gid).record()["hands"] == [{"pips": [12, 0, 4, 9], "out": 1, "double_blank": 0}]
    # as printed, nothing to mark
    plain = create(client, "mexican-train", PLAYERS)
    claim(ann, plain, 0)
    assert "double blank is in my hand" not in text(ann.get(f"/games/{plain}"))


def test_a_refused_round_names_the_count_to_fix_on_every_phone(app, client, gid):
    """The engine's refusal reaches every phone (the poll's panel), naming the count to check;
    the named phone corrects it, and the mark goes with the correction."""
    cat, ann, watcher = phone(app, gid), phone(app, gid), phone(app, gid)
    claim(cat, gid, 2)
    claim(ann, gid, 0)
    count(ann, gid, 0, out=True)
    count(cat, gid, 2, "1200")  # a slip: 120
    count(client, gid, 1, "9")
    count(client, gid, 3, "11")
    r = save(client, gid)
    assert r.status_code == 422 and "The pips add up to 1220" in text(r)
    assert "Check Cat's count." in text(r)
    said = "Round 1 is not saved. The pips add up to 1220"
    for p in (cat, ann, watcher, client):
        page = text(p.get(f"/games/{gid}"))
        assert said in page and "Check first: Cat" in page
        assert ("Your count is the one to check first" in page) == (p is cat)
    assert said in text(watcher.get(f"/games/{gid}/live"))
    assert game(gid).events[-1].action == "round refused"
    assert "Round 1 not saved" in text(client.get(f"/games/{gid}/history"))
    count(cat, gid, 2, "120")
    for p in (cat, ann, client):
        assert "is not saved" not in text(p.get(f"/games/{gid}"))
    assert save(client, gid).status_code == 303
    assert game(gid).record()["hands"] == [{"pips": [0, 9, 120, 11], "out": 0}]


def test_a_refusal_marks_no_count_corrected_since_it_was_read(app, client, gid):
    for seat, pips in enumerate(["0", "9", "2000", "9"]):
        count(client, gid, seat, pips)
    count(client, gid, 2, "20")  # corrected after the save read 2000, before its refusal
    game(gid)
    store.refuse_round(gid, 0, {2: (2000, False, False)}, "The pips add up to 2018.", "creator")
    assert [c.refused for c in store.pending_counts(gid, 0).values()] == [None] * 4


@pytest.mark.parametrize("hand,engine,seats", [
    ({"pips": [0, 9, 2000, 9]}, 12, [2]),  # too many pips: the most
    ({"pips": [5, 3, 8, 3]}, 12, [1, 3]),  # nobody out: the fewest
    ({"pips": [0, 3, 8, 4], "double_blank": 0}, 12, [0]),  # 0 but holds the double blank
    ({"pips": [0, 3, 8, 4], "out": 0, "double_blank": 2}, 0, [2]),  # the engine is the 0-0
])
def test_the_counts_to_check_when_the_engine_refuses(hand, engine, seats):
    from scorekeeper.games.seats import to_check

    assert to_check(hand, engine) == seats


def test_the_scorer_seats_a_phone_that_has_none(app, client, gid):
    """A phone that joined shows its tag; the scorer picks it for a seat, and that phone then
    counts that seat's hand. A phone seated already, or one that never joined, is refused."""
    from scorekeeper.access import PHONE_COOKIE
    from scorekeeper.games.seats import phone_tag

    gran, cat = phone(app, gid), phone(app, gid)
    claim(cat, gid, 2)
    gran_id = int(gran.get_cookie(PHONE_COOKIE).value.split(".")[0])  # "<id>.<mac>"
    tag = phone_tag(gran_id)
    assert f"This phone is {tag}" in text(gran.get(f"/games/{gid}"))
    page = text(client.get(f"/games/{gid}/seats/3/seat-phone"))
    assert f"Phone {tag}" in page and f"Phone {phone_tag(claims(gid)[2])}" not in page
    assert gran.get(f"/games/{gid}/seats/3/seat-phone").status_code == 403  # the scorer's
    r = client.post(f"/games/{gid}/seats/3/seat-phone", data={"phone": str(gran_id)})
    assert r.status_code == 303 and claims(gid)[3] == gran_id
    assert "You are Dan" in text(gran.get(f"/games/{gid}"))
    assert count(gran, gid, 3, "4+5").status_code == 303 and counts(gid)[3] == (9, False)
    r = client.post(f"/games/{gid}/seats/1/seat-phone", data={"phone": str(gran_id)})
    assert r.status_code == 409 and "That phone plays a seat already" in text(r)
    r = client.post(f"/games/{gid}/seats/1/seat-phone", data={"phone": str(claims(gid)[2] + 99)})
    assert r.status_code == 409 and "That phone has not joined the game" in text(r)
    assert set(claims(gid)) == {2, 3} and game(gid).events[-2].data["by_scorer"] is True


def test_a_count_moves_the_polls_etag_but_not_the_version(app, client, gid):
    """Every phone sees a count at its next poll, and the scorer's hand form, drawn at the
    game's version, is not redrawn for it (the version stays); a hand saved moves it on."""
    cat = phone(app, gid)
    claim(cat, gid, 2)
    version, etag = game(gid).version, client.get(f"/games/{gid}/live").headers["ETag"]
    count(cat, gid, 2, "7")
    r = client.get(f"/games/{gid}/live", headers={"If-None-Match": etag})
    assert r.status_code == 200 and r.headers["ETag"] != etag and "counting…" in text(r)
    assert game(gid).version == version and 'data-version="%d"' % version in r.text
    for seat, pips in ((0, "0"), (1, "5"), (3, "2")):
        count(client, gid, seat, pips)
    assert save(client, gid).status_code == 303
    assert game(gid).version == version + 1


def test_the_save_lets_no_count_go_that_came_after_it_read_them(app, client, gid):
    for seat, pips in enumerate(["0", "9", "9", "10"]):
        count(client, gid, seat, pips)
    read = game(gid).count_version
    count(client, gid, 3, "12")  # between the save's read and its write
    game(gid)
    assert store.drop_counts(gid, 0, read) is False
    assert counts(gid)[3] == (12, False)
    game(gid)
    assert store.drop_counts(gid, 0, game(gid).count_version) is True


def test_the_scorer_seating_a_phone_races_its_own_claim(app, client, gid):
    """The scorer seats Gran's phone as Dan as Gran taps "I am Bob": one of the two wins, the
    other is refused plainly; the phone plays one seat, never two, and the other seat is free."""
    import threading

    from scorekeeper.access import PHONE_COOKIE

    gran = phone(app, gid)
    gran_id = int(gran.get_cookie(PHONE_COOKIE).value.split(".")[0])
    barrier, answers = threading.Barrier(2), {}

    def run(name, send):
        barrier.wait()
        answers[name] = send().status_code
    sends = {"scorer": lambda: client.post(f"/games/{gid}/seats/3/seat-phone",
                                           data={"phone": str(gran_id)}),
             "phone": lambda: claim(gran, gid, 1)}
    threads = [threading.Thread(target=run, args=item) for item in sends.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seated = claims(gid)
    if seated == {3: gran_id}:  # the scorer's got in as the phone's was being written
        assert answers == {"scorer": 303, "phone": 409}
    else:  # the phone's first (the scorer's refused), or after the scorer's (it moved to Bob)
        assert seated == {1: gran_id} and answers["phone"] == 303
