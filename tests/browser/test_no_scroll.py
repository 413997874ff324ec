"""A hand with no scroll and few taps, at 390x844 (issue 16).

Each typical hand of every variant, in each entry mode, is tapped from an empty form to Save.
Before every tap the control it needs must be on screen as it stands (inside the viewport and
not under anything, Save's sticky row included): Playwright's click would scroll to it, so the
check comes first. The taps are counted (each recorded as "taps: ..." for the report) and the
saved hand checked.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from . import ui
from .live import VIEWPORT, new_phone
from .ui import TARGETS

NAMES = ["Ann", "Bob", "Cat", "Dan"]

ON_SCREEN = """el => {
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.top < 0 || box.left < 0 || box.bottom > innerHeight
      || box.right > innerWidth) return false;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !!hit && (el.contains(hit) || hit.contains(el));
}"""


# Marks the form on screen; window.handSettled turns true once htmx has settled a new one (after
# hand-form.js, whose listener came first, has brought the next row on screen).
SETTLED = """() => {
  document.getElementById('hand-form').dataset.tapped = '1';
  window.handSettled = false;
  document.addEventListener('htmx:afterSettle', function settled() {
    if (document.querySelector('#hand-form[data-tapped]')) return;
    window.handSettled = true;
    document.removeEventListener('htmx:afterSettle', settled);
  });
}"""


class Hand:
    """A scorer tapping one hand: every tap first asserts its control is on screen."""

    def __init__(self, page: Page):
        self.page = page
        self.taps = 0

    def tap(self, selector: str, redraws: bool = True) -> None:
        """Tap the control (on screen as it stands); a tap that redraws the form is waited for
        until the new form is in and settled."""
        control = self.page.locator(selector)
        expect(control).to_have_count(1)
        assert control.evaluate(ON_SCREEN), f"{selector} is not on screen: a scroll is needed"
        if redraws:
            self.page.evaluate(SETTLED)
        control.click()
        self.taps += 1
        if redraws:
            self.page.wait_for_function("() => window.handSettled")
        ui.settle(self.page)

    def call(self, value) -> None:
        self.tap(f"#hand-form #call-{value}")

    def chip(self, name: str, value) -> None:
        self.tap(f"#hand-form label.chip:has(input[name='{name}'][value='{value}'])")
        expect(self.page.locator(f"#hand-form input[name='{name}'][value='{value}']")).to_be_checked()

    def save(self) -> None:
        before = self.page.locator(ui.HAND_ROWS).count()
        self.tap("#save-hand")
        expect(self.page.locator(ui.HAND_ROWS)).to_have_count(before + 1)


# variant, players, mode, the taps of a typical hand, the most taps allowed, the saved hand.
# Ann deals the first hand: Bob calls first. ("c", x) is a call, ("open", id) a fold opened,
# ("name", value) a chip.
TYPICAL = [
    ("lechner42", 4, "auction", [("c", "pass"), ("c", "31"), ("c", "pass"), ("c", "pass"),
                                 ("made", "1")], 6,
     {"auction": ["pass", 31, "pass", "pass"], "contract": "straight", "made": True}),
    ("lechner42", 4, "auction", [("c", "plunge"), ("c", "pass"), ("c", "pass"), ("c", "pass"),
                                 ("played", "straight"), ("made", "1")], 7,
     {"auction": ["plunge", "pass", "pass", "pass"], "contract": "plunge", "call": "straight",
      "doubles": 4, "made": True}),
    ("lechner42", 4, "quick", [("bidder", "1"), ("bid", "34"), ("made", "1")], 4,
     {"bidder": 1, "bid": 34, "contract": "straight", "made": True}),
    ("texas42", 4, "auction", [("c", "30"), ("c", "pass"), ("c", "pass"), ("c", "pass"),
                               ("made", "0")], 6,
     {"auction": [30, "pass", "pass", "pass"], "contract": "straight", "made": False}),
    ("texas42", 4, "quick", [("bidder", "2"), ("bid", "84"), ("made", "1")], 4,
     {"bidder": 2, "bid": 84, "contract": "straight", "made": True}),
    ("texas42", 4, "quick", [("bidder", "1"), ("bid", "42"), ("open", "contract-fold"),
                             ("contract", "nillo"), ("made", "0")], 6,
     {"bidder": 1, "bid": 42, "contract": "nillo", "made": False}),
    ("texas42", 4, "quick", [("bidder", "3"), ("bid", "168"), ("open", "contract-fold"),
                             ("contract", "plunge"), ("played", "sevens"), ("made", "1")], 7,
     {"bidder": 3, "bid": 168, "contract": "plunge", "call": "sevens", "doubles": 4,
      "made": True}),
    ("texas42-1986", 4, "auction", [("c", "pass"), ("c", "32"), ("c", "pass"), ("c", "pass"),
                                    ("points", "35")], 6,
     {"auction": ["pass", 32, "pass", "pass"], "contract": "trumps", "points": 35}),
    ("texas42-1986", 4, "quick", [("bidder", "2"), ("bid", "32"), ("points", "35")], 4,
     {"bidder": 2, "bid": 32, "contract": "trumps", "points": 35}),
    ("forty-two", 4, "auction", [("c", "30"), ("c", "pass"), ("c", "pass"), ("c", "pass"),
                                 ("points", "31")], 6,
     {"auction": [30, "pass", "pass", "pass"], "points": 31}),
    ("forty-two", 4, "quick", [("bidder", "1"), ("bid", "30"), ("points", "31")], 4,
     {"bidder": 1, "bid": 30, "points": 31}),
    ("moon", 3, "auction", [("c", "pass"), ("c", "5"), ("c", "pass"), ("tricks-0", "1"),
                            ("tricks-1", "1")], 7,
     {"auction": ["pass", 5, "pass"], "tricks": [1, 1, 5]}),
    ("moon", 3, "quick", [("bidder", "2"), ("bid", "5"), ("tricks-0", "1"),
                          ("tricks-1", "1")], 7,
     {"bidder": 2, "bid": 5, "tricks": [1, 1, 5]}),
    ("card42", 4, "auction", [("c", "2"), ("c", "1"), ("c", "3"), ("c", "0"),
                              ("tricks-0", "1"), ("tricks-1", "2"), ("tricks-2", "1")], 9,
     {"bids": [0, 2, 1, 3], "tricks": [1, 2, 1, 3]}),
    ("card42", 4, "quick", [("bid-1", "2"), ("bid-2", "1"), ("bid-3", "3"), ("bid-0", "0"),
                            ("tricks-0", "1"), ("tricks-1", "2"), ("tricks-2", "1")], 9,
     {"bids": [0, 2, 1, 3], "tricks": [1, 2, 1, 3]}),
    ("card42-teams", 4, "auction", [("c", "5"), ("c", "pass"), ("c", "pass"), ("c", "pass"),
                                    ("points", "9")], 6,
     {"auction": [5, "pass", "pass", "pass"], "points": 9}),
    ("card42-teams", 4, "quick", [("bidder", "1"), ("bid", "5"), ("points", "9")], 4,
     {"bidder": 1, "bid": 5, "points": 9}),
]


# The main phone, and a small one (the form's rows must fit there too).
SCREENS = {"390x844": VIEWPORT, "360x740": {"width": 360, "height": 740}}


# Each variant's typical hand with the most on its form, again in Spanish (issue 44): its words
# are longer, and the form must still need no scroll.
SPANISH = [t for t in TYPICAL if (t[0], t[2], len(t[3])) in {
    ("lechner42", "quick", 3), ("texas42", "quick", 6), ("texas42-1986", "auction", 5),
    ("forty-two", "auction", 5), ("moon", "quick", 4), ("card42", "quick", 7),
    ("card42-teams", "quick", 3)}]
LOCALES = {"en": "en-US", "es": "es-MX"}


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang, variant, players, mode, steps, most, stored",
                         [("en", *t) for t in TYPICAL] + [("es", *t) for t in SPANISH],
                         ids=[f"{lang}-{t[0]}-{t[2]}-{len(t[3])}"
                              for lang, ts in (("en", TYPICAL), ("es", SPANISH)) for t in ts])
def test_a_typical_hand_needs_no_scroll(phone, live, lang, variant, players, mode, steps, most,
                                        stored, screen, record_property):
    page = phone(viewport=SCREENS[screen], locale=LOCALES[lang])
    gid = ui.new_game(page, live.url, variant, NAMES[:players])
    hand = Hand(page)
    if mode == "quick":  # once per variant on a phone (it is remembered): not counted
        hand.tap("#hand-form #mode-quick")
        expect(page.locator("#hand-form input[name=mode]")).to_have_value("quick")
        hand.taps = 0
    for step in steps:
        if step[0] == "c":
            hand.call(step[1])
        elif step[0] == "open":  # a fold opened: no redraw
            hand.tap(f"#hand-form #{step[1]} summary", redraws=False)
        else:
            hand.chip(*step)
    hand.save()
    record_property(f"taps: {variant}, {mode}, {len(steps)}-step hand ({lang})", hand.taps)
    assert hand.taps <= most
    assert live.hands(gid) == [stored]


def test_the_next_row_comes_on_screen_though_a_poll_was_sent_meanwhile(page, live):
    """A live poll sent while a tap's answer is on its way leaves that answer its move: the
    next row to fill still comes on screen (hand-form.js once let any request reset its "the
    form asked" flag, and the row stayed below Save: this test's chip, under load)."""
    gid = ui.new_game(page, live.url, "card42", NAMES)
    hand = Hand(page)
    for bid in ("2", "1", "3", "0"):
        hand.call(bid)
    previews = []
    page.route(f"**/games/{gid}/hands/preview", lambda route: previews.append(route))
    page.evaluate("""() => document.addEventListener('htmx:beforeRequest', e => {
      if (e.detail.elt && e.detail.elt.id === 'live') window.pollSent = true; })""")
    page.evaluate(SETTLED)
    page.locator("#hand-form label.chip:has(input[name='tricks-0'][value='1'])").click()
    while not previews:  # the tap's answer held on its way
        page.wait_for_timeout(50)
    page.evaluate("() => { window.pollSent = false; }")
    page.wait_for_function("() => window.pollSent")  # the next poll (every 2 s), sent meanwhile
    previews.pop().continue_()
    page.wait_for_function("() => window.handSettled")
    page.unroute(f"**/games/{gid}/hands/preview")
    ui.settle(page)
    chip = page.locator("#hand-form label.chip:has(input[name='tricks-1'][value='2'])")
    assert chip.evaluate(ON_SCREEN), "the next row was left off screen"


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("screen", SCREENS)
def test_mexican_train_round_needs_no_scroll(phone, live, screen, lang, record_property):
    page = phone(viewport=SCREENS[screen], locale=LOCALES[lang])
    gid = ui.new_game(page, live.url, "mexican-train", NAMES, options={"rounds": 2})
    hand = Hand(page)
    hand.chip("out", "1")
    for seat, pips in ((0, "12"), (2, "30"), (3, "7")):
        hand.tap(f"#hand-form input[name='pips-{seat}']", redraws=False)
        page.keyboard.type(pips)
    page.locator("#hand-form input[name='pips-3']").dispatch_event("change")
    ui.settle(page)
    hand.save()
    record_property(f"taps: mexican-train, a round (3 boxes typed) ({lang})", hand.taps)
    assert hand.taps == 5
    assert live.hands(gid) == [{"pips": [12, 0, 30, 7], "out": 1}]


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("screen", SCREENS)
def test_castle_rock_game_needs_no_scroll(phone, live, screen, lang):
    page = phone(viewport=SCREENS[screen], locale=LOCALES[lang])
    gid = ui.new_game(page, live.url, "castle-rock", ["Ann"])
    hand = Hand(page)
    hand.tap("#hand-form input[name='remaining']", redraws=False)
    page.keyboard.type("2")
    page.locator("#hand-form input[name='remaining']").dispatch_event("change")
    ui.settle(page)
    hand.save()
    assert live.hands(gid) == [{"remaining": 2}]


def test_contracts_fold_until_asked_for(page, live):
    """The plain game is preset and folded; the others open on a tap (a <details>)."""
    gid = ui.new_game(page, live.url, "lechner42", NAMES)
    ui.quick_mode(page)
    fold = page.locator("#hand-form #contract-fold")
    expect(fold).to_contain_text("Contract: Straight 42")
    expect(fold).not_to_have_attribute("open", "")
    expect(page.locator("#hand-form #f-contract-nillo")).to_be_hidden()
    hand = Hand(page)
    hand.chip("bidder", "1")
    hand.chip("bid", "84")
    hand.tap("#hand-form #contract-fold summary", redraws=False)
    hand.chip("contract", "nillo")
    expect(fold).to_have_attribute("open", "")  # a picked contract stays in view
    hand.chip("made", "1")
    hand.save()
    assert live.hands(gid) == [{"bidder": 1, "bid": 84, "contract": "nillo", "made": True}]


def test_plunge_doubles_offered_only_where_valid(page, live):
    ui.new_game(page, live.url, "lechner42", NAMES)
    ui.call(page, "plunge")
    for _ in range(3):
        ui.call(page, "pass")
    held = page.locator("#hand-form input[name=doubles_held]")
    assert [h.get_attribute("value") for h in held.all()] == ["4", "5", "6", "7"]
    expect(page.locator("#hand-form input[name=doubles_held][value='4']")).to_be_checked()


@pytest.mark.parametrize("variant, bids, stored", [
    ("moon", [("bidder", "0"), ("bid", "4")], {"bidder": 0, "bid": 4, "tricks": [4, 2, 1]}),
    ("card42", [("bid-1", "2"), ("bid-2", "1"), ("bid-0", "3")],
     {"bids": [3, 2, 1], "tricks": [4, 2, 1]}),
])
def test_the_last_players_tricks_follow_from_the_others(page, live, variant, bids, stored):
    """The label promises it ("the last player's follow"): Moon's and card42's alike."""
    gid = ui.new_game(page, live.url, variant, NAMES[:3])
    ui.quick_mode(page)
    for name, value in bids:
        ui.choose(page, name, value)
    ui.choose(page, "tricks-1", "2")
    ui.choose(page, "tricks-2", "1")
    expect(page.locator("#tricks-0-row .chip.inferred")).to_have_text("4")
    expect(page.locator("#tricks-total")).to_contain_text("Ann took 4")
    expect(page.locator("#hand-form input[name='tricks-0']:checked")).to_have_count(0)
    ui.save(page)
    assert live.hands(gid) == [stored]


def test_the_mode_is_kept_across_a_rematch_and_a_new_game_not_another_variant(page, live):
    gid = ui.new_game(page, live.url, "lechner42", NAMES)
    ui.quick_mode(page)
    ui.list_view(page)  # no hands yet: nothing to toggle
    for _ in range(4):
        live.write_hand_elsewhere(gid, {"bidder": 1, "bid": 84, "contract": "straight",
                                        "made": True})
    page.goto(f"{live.url}/games/{gid}?view=list")
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url(lambda url: not url.endswith(f"/games/{gid}"))
    expect(page.locator("#hand-form input[name=mode]")).to_have_value("quick")
    ui.choose(page, "bidder", "1")
    ui.choose(page, "bid", "30")
    ui.choose(page, "made", "1")
    ui.save(page)
    expect(page.locator("#hands .hand-list")).to_be_visible()  # the list, as picked
    ui.new_game(page, live.url, "lechner42", NAMES)
    expect(page.locator("#hand-form input[name=mode]")).to_have_value("quick")
    ui.new_game(page, live.url, "texas42", NAMES)
    expect(page.locator("#hand-form input[name=mode]")).to_have_value("auction")


def test_chips_and_folds_work_without_javascript(browser, live):
    """card42's bids and tricks are radios, the folds <details>: no script needed; the last
    count left blank is inferred when the hand is sent."""
    page = new_phone(browser, java_script_enabled=False)
    try:
        page.goto(live.url + "/games/new?variant=card42")
        for i, name in enumerate(NAMES[:3]):
            page.fill(f"input[name='name-{i}']", name)
        page.get_by_role("button", name="Start the game").click()
        page.wait_for_url(re.compile(r"/games/\d+$"))
        gid = int(page.url.rsplit("/", 1)[1])
        page.locator("#hand-form #mode-quick").click()
        page.wait_for_load_state()
        for name, value in (("bid-1", "3"), ("bid-2", "2"), ("bid-0", "1"), ("tricks-0", "1"),
                            ("tricks-1", "3")):
            page.locator(f"#hand-form label:has(> input[name='{name}'][value='{value}'])").click()
        page.locator("#save-hand").click(force=True)  # looks incomplete until sent
        page.wait_for_url(re.compile(rf"/games/{gid}$"))
        assert live.hands(gid) == [{"bids": [1, 3, 2], "tricks": [1, 3, 3]}]
        # the next hand's bids: folded once all are in (no script), opened by a tap
        for name, value in (("bid-2", "1"), ("bid-0", "1"), ("bid-1", "1")):
            page.locator(f"#hand-form label:has(> input[name='{name}'][value='{value}'])").click()
        page.locator("#hand-form #mode-quick").click()  # any redraw: the form as sent
        page.wait_for_load_state()
        fold = page.locator("#hand-form .bids-fold")
        expect(fold).not_to_have_attribute("open", "")
        expect(fold.locator("summary")).to_contain_text("Cat 1 · Ann 1 · Bob 1")
        fold.locator("summary").click()
        expect(page.locator("#hand-form input[name='bid-1'][value='5']")).to_be_visible()
    finally:
        page.context.close()


def test_a_page_drawn_with_a_fold_open_does_not_move(page, live):
    """Only a tap brings things on screen: a scorer's page loaded with card42's bid rows open
    stays where it is."""
    ui.new_game(page, live.url, "card42", NAMES)
    ui.quick_mode(page)
    page.reload()
    expect(page.locator("#hand-form .bids-fold")).to_have_attribute("open", "")
    page.wait_for_timeout(300)  # a toggle event would have come by now
    assert page.evaluate("scrollY") == 0


def test_the_count_rows_are_big_enough_to_tap(page, live):
    ui.new_game(page, live.url, "card42", NAMES)
    ui.quick_mode(page)
    assert page.evaluate(TARGETS) == []  # the bid rows and the tricks rows, 0-7 each
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= VIEWPORT["width"]
