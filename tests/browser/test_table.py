"""At the table (issue 12): a hand in a few taps, nothing missed, at 390x844.

The tap counts are measured: every click from an empty hand form to the saved hand goes through
Taps.tap, and the test asserts the count (and that the keyboard was never needed). Each count is
also recorded (record_property "taps: ..."), and the run's summary lists them.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from . import ui


class Taps:
    """Clicks, counted: the scorer's taps."""

    def __init__(self, page: Page):
        self.page = page
        self.count = 0

    def tap(self, locator) -> None:
        locator.click()
        self.count += 1
        ui.settle(self.page)

    def chip(self, name: str, value: str) -> None:
        """Tap a choice (a chip: the label of a radio button), as a finger does."""
        self.tap(self.page.locator(f"#hand-form label.chip:has(input[name='{name}'][value='{value}'])"))
        expect(self.page.locator(f"#hand-form input[name='{name}'][value='{value}']")).to_be_checked()

    def save(self) -> None:
        before = self.page.locator(ui.HAND_ROWS).count()
        self.tap(self.page.locator("#save-hand"))
        expect(self.page.locator(ui.HAND_ROWS)).to_have_count(before + 1)


def keyboard_never_used(page: Page) -> None:
    """No text box of the hand form was filled: the whole hand was tapped."""
    assert page.evaluate("""() => [...document.querySelectorAll('#hand-form input[type=text]')]
                              .every(i => !i.value)""")


@pytest.mark.parametrize("variant", ["lechner42", "texas42"])
def test_a_straight_hand_in_four_taps_and_the_mode_stays(page, live, variant, record_property):
    gid = ui.new_game(page, live.url, variant, ["Ann", "Bob", "Cat", "Dan"])
    # the scorer picks "just the bid" once: it stays for every later hand of this game
    ui.quick_mode(page)
    for number, (bidder, bid, made) in enumerate([("1", "34", "1"), ("2", "84", "0")]):
        expect(page.locator("#hand-form input[name=mode]")).to_have_value("quick")
        expect(page.locator("#save-hand")).to_have_attribute("aria-disabled", "true")
        taps = Taps(page)
        taps.chip("bidder", bidder)
        taps.chip("bid", bid)
        taps.chip("made", made)
        taps.save()
        assert taps.count <= 4
        record_property(f"taps: {variant}, a straight hand, just the bid", taps.count)
        keyboard_never_used(page)
        assert live.hands(gid)[number] == {"bidder": int(bidder), "bid": int(bid),
                                           "contract": "straight", "made": made == "1"}
    page.reload()
    expect(page.locator("#hand-form input[name=mode]")).to_have_value("quick")  # survives a reload
    expect(page.locator("#hand-form #mode-quick")).to_have_attribute("aria-pressed", "true")
    # the points caught stay available for tables that count them
    page.locator("#hand-form .optional-points summary").click()
    expect(page.locator("#hand-form .points-grid")).to_be_visible()
    # the choice is this phone's for the variant: a new game of it starts the same way
    ui.new_game(page, live.url, variant, ["Ann", "Bob", "Cat", "Dan"])
    expect(page.locator("#hand-form input[name=mode]")).to_have_value("quick")


@pytest.mark.parametrize("variant, contract", [("texas42-1986", {"contract": "trumps"}),
                                               ("forty-two", {})])
def test_a_points_hand_without_the_keyboard(page, live, variant, contract, record_property):
    # texas42-1986's setup form typed here (test_games types the other families')
    gid = ui.new_game(page, live.url, variant, ["Ann", "Bob", "Cat", "Dan"],
                      typed=variant == "texas42-1986")
    ui.quick_mode(page)
    taps = Taps(page)
    taps.chip("bidder", "2")
    taps.chip("bid", "32")
    taps.chip("points", "35")
    expect(page.locator("#hand-form #points-other")).to_contain_text("The other team caught 7")
    taps.save()
    assert taps.count <= 6
    record_property(f"taps: {variant}, a points hand, just the bid", taps.count)
    keyboard_never_used(page)
    assert live.hands(gid) == [{"bidder": 2, "bid": 32, **contract, "points": 35}]


def test_card42_all_bids_in_bidding_order_with_the_dealers_restriction(page, live):
    gid = ui.new_game(page, live.url, "card42", ["Ann", "Bob", "Cat"])  # Ann deals
    ui.quick_mode(page)
    labels = page.locator("#hand-form .bid-order .count-name").all_inner_texts()
    assert labels == ["Bob", "Cat", "Ann (dealer)"]  # the dealer's left first, the dealer last
    rule = page.locator("#hand-form #dealer-rule")
    expect(rule).to_contain_text("May not make the bids total 7")
    expect(page.locator("#save-why")).to_contain_text("Enter Bob's bid.")  # asked in that order
    ui.choose(page, "bid-1", "3")
    expect(page.locator("#save-why")).to_contain_text("Enter Cat's bid.")
    expect(rule).to_contain_text("so far 3")
    ui.choose(page, "bid-2", "2")
    expect(rule).to_contain_text("May not bid 2")
    expect(page.locator("#hand-form input[name='bid-0'][value='2']")).to_be_disabled()
    ui.choose(page, "bid-0", "1")
    # every bid in: the rows fold to one line, in bidding order
    expect(page.locator("#hand-form .bids-fold summary")).to_contain_text("Bob 3 · Cat 2 · Ann 1")
    expect(page.locator("#hand-form .bids-fold")).not_to_have_attribute("open", "")
    ui.choose(page, "tricks-0", "1")
    ui.choose(page, "tricks-1", "3")  # Cat's 3 follow
    ui.save(page)
    assert live.hands(gid) == [{"bids": [1, 3, 2], "tricks": [1, 3, 3]}]
    # the mode stays for the next hand
    expect(page.locator("#hand-form input[name=mode]")).to_have_value("quick")


def test_mexican_train_keypad_moves_on_and_one_tap_went_out(page, live):
    gid = ui.new_game(page, live.url, "mexican-train", ["Ann", "Bob", "Cat", "Dan"],
                      options={"rounds": 2})
    boxes = page.locator("#hand-form input[name^=pips-]")
    assert [b.get_attribute("inputmode") for b in boxes.all()] == ["numeric"] * 4
    assert [b.get_attribute("name") for b in boxes.all()] == [f"pips-{s}" for s in range(4)]
    assert boxes.first.get_attribute("pattern") == "[0-9]*"
    # Bob went out: one tap on his name, his pips are 0
    taps = Taps(page)
    taps.chip("out", "1")
    expect(page.locator("#hand-form input[name='pips-1']")).to_have_value("0")
    # the others' pips, moving on with the keypad's Next (Enter) from box to box
    page.locator("#hand-form input[name='pips-0']").click()
    for pips in ("12", "30", "7"):
        page.keyboard.type(pips)
        page.keyboard.press("Enter")
    ui.settle(page)
    assert live.hands(gid) == []  # Enter moved on, it did not submit
    expect(page.locator("#save-hand")).to_be_focused()
    expect(page.locator("#hand-form input[name='pips-2']")).to_have_value("30")
    expect(page.locator("#hand-form input[name='pips-3']")).to_have_value("7")
    page.keyboard.press("Enter")
    expect(page.locator(ui.HAND_ROWS)).to_have_count(1)
    assert live.hands(gid) == [{"pips": [12, 0, 30, 7], "out": 1}]


def test_mexican_train_lowest_wins_no_green_gains_and_a_leader(page, live):
    ui.new_game(page, live.url, "mexican-train", ["Ann", "Bob", "Cat"], options={"rounds": 2})
    ui.choose(page, "out", "0")
    ui.type_number(page, "pips-1", "20")
    ui.type_number(page, "pips-2", "9")
    expect(page.locator("#preview li.up")).to_have_count(0)
    ui.save(page)
    board = page.locator("#scoreboard")
    expect(board.locator(".side.leading")).to_contain_text("Ann")
    expect(board.locator("#lead-line")).to_contain_text("Ann leads by 9 pips (lowest wins)")
    expect(page.locator("#score-grid .grid-delta.up")).to_have_count(0)
    ui.list_view(page)
    expect(page.locator("#hands .delta.up")).to_have_count(0)


def test_every_game_shows_who_leads(page, live):
    ui.new_game(page, live.url, "forty-two", ["Ann", "Bob", "Cat", "Dan"])
    ui.quick_mode(page)
    ui.choose(page, "bidder", "1")
    ui.choose(page, "bid", "30")
    ui.choose(page, "points", "31")
    ui.save(page)
    expect(page.locator("#lead-line")).to_contain_text("Bob & Dan lead by 20 points")
    expect(page.locator("#scoreboard .side.leading .badge")).to_have_text("Leads")


def test_call_by_call_taps(page, live, record_property):
    """The other entry mode, for the report: every call, then made or set."""
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    taps = Taps(page)
    for call in ("pass", "31", "pass", "pass"):
        taps.tap(page.locator(f"#hand-form #call-{call}"))
    taps.chip("made", "1")
    taps.save()
    record_property("taps: lechner42, call by call (4 calls)", taps.count)
    assert taps.count == 6
    assert live.hands(gid) == [{"auction": ["pass", 31, "pass", "pass"], "contract": "straight",
                                "made": True}]


def test_a_double_tap_never_enters_anything_twice(page, live):
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    # a call
    page.locator("#hand-form #call-pass").dblclick()
    ui.settle(page)
    expect(page.locator("#hand-form ol.calls li")).to_have_count(1)
    # a hand
    ui.quick_mode(page)
    for _ in range(2):
        ui.choose(page, "bidder", "1")
        ui.choose(page, "bid", "30")
        ui.choose(page, "made", "1")
        page.locator("#save-hand").dblclick()
        ui.settle(page)
        expect(page.locator("#hand-form .alert.warn")).to_have_count(0)  # no "another phone"
    assert len(live.hands(gid)) == 2
    # an undo
    page.locator("#undo-hand").dblclick()
    ui.settle(page)
    expect(page.locator("#hand-form")).to_contain_text("Hand 2 taken back")
    expect(page.locator(".alert.warn")).to_have_count(0)
    assert len(live.hands(gid)) == 1


def test_moon_reads_shoot_the_moon_and_game_over_leaves_nothing_misleading(page, live):
    ui.new_game(page, live.url, "moon", ["Ann", "Bob", "Cat"])
    expect(page.locator("#hand-form #call-21")).to_have_text("Shoot the moon")
    ui.quick_mode(page)
    expect(page.locator("#hand-form label.chip:has(#f-bid-21)")).to_have_text("Shoot the moon")
    ui.choose(page, "bidder", "2")
    ui.choose(page, "bid", "21")
    for s, t in enumerate([0, 0, 7]):
        ui.type_number(page, f"tricks-{s}", t)
    ui.save(page)
    board = page.locator("#scoreboard")
    expect(board.locator(".banner.gameover")).to_contain_text("Cat wins")
    expect(board.locator(".side.winner .badge")).to_have_text("Winner")
    expect(board).not_to_contain_text("lead")
    expect(page.locator("#score-grid")).to_contain_text("Cat shot the moon ✓ made")
    ui.list_view(page)
    expect(page.locator("#hands")).to_contain_text("Cat shot the moon")


def test_card42_game_over_has_no_countdown(page, live):
    ui.new_game(page, live.url, "card42", ["Ann", "Bob"])
    ui.quick_mode(page)
    for _ in range(3):  # Bob bids 7 and makes it three times: 42
        ui.type_number(page, "bid-0", "1")
        ui.type_number(page, "bid-1", "7")
        ui.type_number(page, "tricks-0", "0")
        ui.type_number(page, "tricks-1", "7")
        if page.locator("#scoreboard .countdown").count():
            expect(page.locator("#scoreboard .countdown").first).to_contain_text("needs")
        ui.save(page)
    board = page.locator("#scoreboard")
    expect(board.locator(".banner.gameover")).to_contain_text("Bob wins")
    expect(board.locator(".countdown")).to_have_count(0)
    for words in ("needs", "cannot win", "wins with"):
        expect(board).not_to_contain_text(words)


def test_score_sheet_is_the_default_and_the_list_a_toggle_away(page, live):
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    ui.quick_mode(page)
    for bidder, made in (("1", "1"), ("2", "0")):
        ui.choose(page, "bidder", bidder)
        ui.choose(page, "bid", "30")
        ui.choose(page, "made", made)
        ui.save(page)
    grid = page.locator("#score-grid")
    expect(grid).to_be_visible()
    expect(grid.locator("thead th")).to_have_text(["#Hand", "Ann & Cat", "Bob & Dan"])
    expect(grid.locator("tbody")).to_have_count(2)  # a row group a hand: what happened, numbers
    expect(grid.locator("tbody").last.locator(".grid-total")).to_have_text(["0", "2"])
    expect(grid.locator("tbody").last.locator(".outcome")).to_have_text("Cat bid 30 ✗ set")
    expect(grid.locator("tfoot .grid-final")).to_have_text(["0", "2"])
    size = grid.locator("tfoot .grid-final").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 28  # readable at arm's length
    ui.choose(page, "bidder", "3")  # a half-entered hand survives the toggle
    ui.list_view(page)
    expect(page.locator("#hands .hand-list li")).to_have_count(2)
    expect(page.locator("#hand-form input[name=bidder][value='3']")).to_be_checked()
    page.reload()
    expect(page.locator("#hands .hand-list")).to_be_visible()  # the phone keeps its choice
    page.locator("#hands .view-toggle a", has_text="Sheet").click()
    expect(page.locator("#score-grid")).to_be_visible()
    page.locator("#score-grid tbody").first.locator("a").click()
    page.wait_for_url(re.compile(rf"/games/{gid}/hands/0/edit$"))


def test_save_looks_disabled_and_says_why(page, live):
    gid = ui.new_game(page, live.url, "forty-two", ["Ann", "Bob", "Cat", "Dan"])
    ui.quick_mode(page)
    save = page.locator("#save-hand")
    expect(save).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#save-why")).to_have_text("Not yet: Pick who won the bid.")
    ui.choose(page, "bidder", "1")
    expect(page.locator("#save-why")).to_have_text("Not yet: Pick the winning bid.")
    save.click(force=True)  # still a real submit: the server says what is missing
    ui.settle(page)
    expect(page.locator("#hand-form .alert.error")).to_have_text("Pick the winning bid.")
    assert live.hands(gid) == []
    ui.choose(page, "bid", "30")
    ui.choose(page, "points", "30")
    expect(save).not_to_have_attribute("aria-disabled", "true")
    expect(page.locator("#save-why")).to_have_count(0)


def test_a_refused_correction_says_what_to_do_and_offers_it(page, live):
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"],
                      options={"target_marks": 2, "win_by": 1})
    ui.quick_mode(page)
    for bidder in ("0", "1"):
        ui.choose(page, "bidder", bidder)
        ui.choose(page, "bid", "30")
        ui.choose(page, "made", "1")
        ui.save(page)
    # hand 1 as 2 marks would end the game there: hand 2 could not have been played
    page.goto(f"{live.url}/games/{gid}/hands/0/edit")
    ui.choose(page, "bid", "84")
    expect(page.locator("#preview")).to_contain_text("take back hand 2 first")
    page.locator("#take-back-blocking").click()
    # back on the edit page of hand 1, with hand 2 taken back and the change typed still in
    # the form (static/js/hand-keeper.js: hand 1 itself is as it was)
    expect(page.locator("#preview")).to_contain_text("This ends the game")
    expect(page.locator("#hand-form input[name=bid][value='84']")).to_be_checked()
    assert page.url.endswith(f"/games/{gid}/hands/0/edit")
    assert len(live.hands(gid)) == 1
    page.locator("#save-hand").click()
    page.wait_for_url(re.compile(rf"/games/{gid}$"))
    expect(page.locator(".banner.gameover")).to_contain_text("Ann & Cat win")


def test_invite_folds_away_once_the_game_has_started(page, live):
    ui.new_game(page, live.url, "forty-two", ["Ann", "Bob", "Cat", "Dan"])
    fold = page.locator("#share .share-fold")
    expect(fold).to_have_attribute("open", "")
    ui.quick_mode(page)
    ui.choose(page, "bidder", "1")
    ui.choose(page, "bid", "30")
    ui.choose(page, "points", "30")
    ui.save(page)
    expect(fold).not_to_have_attribute("open", "")
    expect(page.locator("#share .join-code")).not_to_be_visible()
    page.locator("#share .share-fold > summary").click()  # one tap brings it back
    expect(page.locator("#share .join-code")).to_be_visible()
    page.reload()
    expect(page.locator("#share .join-code")).not_to_be_visible()
    page.get_by_role("link", name="Invite").click()  # so does "Invite" in the top bar
    expect(page.locator("#share .join-code")).to_be_visible()


def test_focus_stays_in_the_hand_form(page, live, record_property):
    """A keyboard or screen-reader user: after each call or choice the focus is on the control
    used or the next one to fill, never back at the top of the page."""
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    presses = 0
    page.locator("#hand-form #call-pass").focus()

    def press(key):
        nonlocal presses
        page.keyboard.press(key)
        presses += 1
        ui.settle(page)
        assert page.evaluate("() => !!document.activeElement.closest('#hand-form')"), key

    for _ in range(3):  # pass, pass, pass: the focus is on a call button each time
        press("Enter")
        expect(page.locator("#hand-form .call-grid button:focus")).to_have_count(1)
    # the dealer may not pass: the focus moved to the first call she may make
    expect(page.locator("#hand-form #call-30")).to_be_focused()
    press("Enter")  # 30: the auction is over; the focus goes to what is left: made or set
    expect(page.locator("#hand-form #f-made-1")).to_be_focused()
    press("ArrowRight")  # "Set": a radio's arrow keys choose; the redrawn form keeps the focus
    expect(page.locator("#hand-form #f-made-0")).to_be_focused()
    expect(page.locator("#hand-form #f-made-0")).to_be_checked()
    while page.evaluate("() => document.activeElement.id") != "save-hand":
        press("Tab")
        assert presses < 12
    press("Enter")
    expect(page.locator(ui.HAND_ROWS)).to_have_count(1)
    assert live.hands(gid) == [{"auction": ["pass", "pass", "pass", 30], "contract": "straight",
                                "made": False}]
    assert presses <= 12
    record_property("taps: lechner42 keyboard, call by call (key presses)", presses)


def test_eight_players_fit_the_score_sheet(page, live):
    names = ["Annabelle", "Bob", "Cat", "Dan", "Eve", "Fitzgerald", "Gus", "Hal"]
    ui.new_game(page, live.url, "mexican-train", names, options={"rounds": 2})
    seats = page.locator("#hand-form .choices.seats .chip")
    heights = {round(b["height"]) for b in (c.bounding_box() for c in seats.all())}
    assert max(heights) < 60  # no name broken over two lines
    ui.choose(page, "out", "3")
    for s in range(8):
        if s != 3:
            ui.type_number(page, f"pips-{s}", str(100 + s))
    ui.save(page)
    wrap = page.locator("#hands .score-grid-wrap")
    assert wrap.evaluate("e => e.scrollWidth <= e.clientWidth")  # all eight columns in view
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
