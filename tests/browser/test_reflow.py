"""The game's pages reflow (WCAG 1.4.10) at 320 px wide, and at 200% text size (WCAG 1.4.4: the
browser's text size doubled, at the phone's 390 px): no horizontal scroll, nothing cut (no
element past the screen's edge, no text clipped by its box, no content sticking out of its
button, chip or fieldset over what is beside it), the key controls fully on screen; and every
button, link and field of the game page and of each hand form is a tap target of at
least 44x44 px, at 390 and at 320 px (each hand form also at 200% text).

Pages: the scorer's (the hand form in each state: an auction, just the bid, after an undo with
its "Put it back"; the hands as the sheet and as the list), a watcher's, the TV, the history
and the review, the rules card."""
from __future__ import annotations

import re

import pytest

from . import ui
from .ui import TARGETS

SIZES = {
    "390px": {"viewport": {"width": 390, "height": 844}, "font": 16},
    "320px": {"viewport": {"width": 320, "height": 640}, "font": 16},
    "200% text": {"viewport": {"width": 390, "height": 844}, "font": 32},
}
NAMES = ["Annabelle", "Bartholomew", "Catherine", "Dan"]

BOXES = "button, a.button, .chip, .choices, .call-grid, fieldset, .side, .panel"
REFLOW = """(keys) => {
  const BOXES = '""" + BOXES + """';
  const W = window.innerWidth, problems = [];
  const shown = el => { const r = el.getBoundingClientRect(); return r.width > 0 || r.height > 0; };
  const scrolls = el => { for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll') return true; }
    return false; };
  if (document.documentElement.scrollWidth > W)
    problems.push(`scrolls sideways: ${document.documentElement.scrollWidth} > ${W}`);
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.sr-only') || !shown(el)) continue;
    const r = el.getBoundingClientRect();
    const cls = typeof el.className === 'string' && el.className.trim();
    const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (cls ? '.' + cls.split(/\\s+/).join('.') : '');
    if ((r.right > W + 0.5 || r.left < -0.5) && !scrolls(el))
      problems.push(`past the edge: ${name} ${Math.round(r.left)}..${Math.round(r.right)}`);
    const cs = getComputedStyle(el);
    const clips = v => v === 'hidden' || v === 'clip';
    if ((clips(cs.overflowX) && el.scrollWidth > el.clientWidth + 1) ||
        (clips(cs.overflowY) && el.scrollHeight > el.clientHeight + 1))
      problems.push(`cut: ${name} "${(el.textContent || '').trim().slice(0, 30)}"`);
  }
  // a box's content sticking out of it (a call's label wider than its button, a row of chips
  // past its fieldset) runs over what is beside it
  for (const el of document.querySelectorAll(BOXES)) {
    if (!shown(el) || getComputedStyle(el).overflowX !== 'visible') continue;
    if (el.scrollWidth > el.clientWidth + 1)
      problems.push(`sticks out of its box: ${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}` +
                    ` "${(el.textContent || '').trim().slice(0, 30)}" ${el.scrollWidth} > ${el.clientWidth}`);
  }
  for (const key of keys) {
    const found = [...document.querySelectorAll(key)].filter(shown);
    if (!found.length) { problems.push(`missing: ${key}`); continue; }
    for (const el of found) {
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.right > W + 0.5 || r.width < 1)
        problems.push(`not fully visible: ${key} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  return problems;
}"""

TOP = ".topbar .brand, .topbar nav a"


class Checker:
    """Collects what each page state gets wrong, so one run reports every state."""

    def __init__(self, font: int):
        self.font = font
        self.found: dict[str, list[str]] = {}
        self.checked = 0

    def __call__(self, page, what: str, keys: str = "", targets: bool = True) -> None:
        ui.settle(page)
        # the text size asked for is the one shown: the root's, and the body text's (18 px)
        sizes = page.evaluate("[document.documentElement, document.body].map(el => "
                              "parseFloat(getComputedStyle(el).fontSize))")
        assert sizes == [self.font, self.font * 18 / 16], (what, sizes)
        problems = page.evaluate(REFLOW, [k.strip() for k in f"{TOP}, {keys}".split(",")
                                          if k.strip()])
        if targets:
            problems += [f"small target: {t}" for t in page.evaluate(TARGETS)]
        self.checked += 1
        if problems:
            self.found[what] = problems

    def assert_clean(self) -> None:
        assert self.checked and self.found == {}, "\n".join(
            f"{what}:\n  " + "\n  ".join(p) for what, p in self.found.items())


def sized_phone(phone, size: str, locale: str = "en-US"):
    page = phone(viewport=SIZES[size]["viewport"], timeout=None, locale=locale)
    if SIZES[size]["font"] != 16:
        # the browser's own text size setting (Chrome's "Font size"), as a reader sets it
        cdp = page.context.new_cdp_session(page)
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": SIZES[size]["font"],
                                                     "fixed": SIZES[size]["font"] * 13 // 16}})
    return page


@pytest.mark.parametrize("size", ["320px", "200% text"])
def test_the_game_pages_reflow(phone, live, size):
    check = Checker(SIZES[size]["font"])
    page = sized_phone(phone, size)
    gid = ui.new_game(page, live.url, "lechner42", NAMES)
    check(page, "scorer, no hand yet, the invite open",
          "#hand-form button[name=call], #save-hand, #share .join-code, #share .join-url")
    ui.call(page, "pass")
    ui.call(page, "30")
    check(page, "scorer, an auction under way", "#hand-form button[name=call], #save-hand")
    for c in ("pass", "pass"):
        ui.call(page, c)
    ui.choose(page, "contract", "straight")
    ui.type_number(page, "points", "31")
    check(page, "scorer, a hand ready to save", "#save-hand, #preview")
    ui.save(page)
    check(page, "scorer, the hands as the sheet", "#undo-hand, #score-grid, #hands .view-toggle a")
    ui.list_view(page)
    check(page, "scorer, the hands as the list", "#undo-hand, #hands .hand-actions a")
    page.get_by_role("button", name="Undo hand 1").click()
    ui.settle(page)
    check(page, "scorer, a hand taken back", "#put-back-hand, #save-hand")
    page.get_by_role("button", name="Put it back").click()
    ui.settle(page)
    ui.quick_mode(page)
    ui.choose(page, "bidder", "2")
    check(page, "scorer, just the bid", "#save-hand, #hand-form input[name=bid]")

    watcher = sized_phone(phone, size)
    code = page.evaluate(f"() => fetch('/games/{gid}').then(r => r.text())"
                         ".then(t => new DOMParser().parseFromString(t, 'text/html')"
                         ".querySelector('#share .join-code').textContent)")
    watcher.goto(f"{live.url}/g/{code.replace(' ', '')}")
    watcher.wait_for_url(re.compile(rf"/games/{gid}$"))
    check(watcher, "watcher", "#scoreboard, #hands .history-link a")
    watcher.goto(f"{live.url}/games/{gid}/tv")
    check(watcher, "TV", "#scoreboard .num-big")
    for who, p in (("scorer", page), ("watcher", watcher)):
        p.goto(f"{live.url}/games/{gid}/history")
        check(p, f"history, {who}", ".history li, .back a")
        p.goto(f"{live.url}/games/{gid}/review")
        check(p, f"review, {who}", "main h1")
        p.goto(f"{live.url}/games/{gid}/rules")
        check(p, f"rules card, {who}", "main h1")
    check.assert_clean()


# Each hand form: (variant, players, the taps that bring it to the state checked)
FORMS = {
    "card42, bids call by call": ("card42", 3, [("call", "3"), ("call", "3")]),
    "card42-teams, card by card": ("card42-teams", 4, [("call", "5"), ("call", "pass"),
                                                       ("call", "pass"), ("call", "pass"),
                                                       ("points_mode", "items")]),
    "moon, just the bid": ("moon", 3, [("quick", None), ("choose", ("bidder", "1"))]),
    "mexican train": ("mexican-train", 4, []),
    "texas42, call by call": ("texas42", 4, []),
    "texas42, just the bid": ("texas42", 4, [("quick", None), ("choose", ("bidder", "1"))]),
    "castle rock": ("castle-rock", 1, []),
}


# in English, and in Spanish (issue 44: its words are longer)
@pytest.mark.parametrize("locale", ["en-US", "es-MX"])
@pytest.mark.parametrize("size", list(SIZES))
def test_every_hand_form_has_big_targets_and_fits(phone, live, size, locale):
    check = Checker(SIZES[size]["font"])
    page = sized_phone(phone, size, locale)
    for what, (variant, players, taps) in FORMS.items():
        ui.new_game(page, live.url, variant, NAMES[:players])
        for kind, value in taps:
            if kind == "call":
                ui.call(page, value)
            elif kind == "quick":
                ui.quick_mode(page)
            elif kind == "choose":
                ui.choose(page, *value)
            else:
                page.locator(f"#hand-form button[name=set_{kind}][value={value}]").click()
        check(page, what, "#save-hand")
    check.assert_clean()
