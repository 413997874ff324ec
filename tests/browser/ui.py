"""Driving the app through its UI, the way a scorer does (Playwright sync API)."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urlencode

from playwright.sync_api import Page, expect

GAME_URL = re.compile(r"/games/(\d+)$")
# The app's dark scheme sets colours only (static/css: its prefers-color-scheme blocks set custom
# properties, test_layout checks), so what is measured (widths, tap targets) is measured in one
# scheme, and what is seen (axe's contrast, screenshots) in both.
SCHEMES = ("light", "dark")
# Every tap target shown that is under 44 px either way (a radio or checkbox by its label).
TARGETS = """() => {
  const bad = [];
  const seen = new Set();
  for (const el of document.querySelectorAll('a, button, select, input, summary')) {
    if (el.closest('.sr-only') || el.classList.contains('sr-only') || el.type === 'hidden') continue;
    // a radio or checkbox is tapped through its label
    const target = (el.type === 'radio' || el.type === 'checkbox') ? (el.closest('label') || el) : el;
    if (seen.has(target)) continue;
    seen.add(target);
    const r = target.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;   // not shown
    if (r.height < 44 || r.width < 44) bad.push(`${target.tagName} "${(target.textContent || target.name || '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return bad;
}"""


def assert_fits(page: Page, what: str) -> None:
    """The page as shown fits its viewport's width and every tap target is at least 44 px."""
    assert page.evaluate(TARGETS) == [], what
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], (what, width)


def new_game(page: Page, base: str, variant: str, names: list[str], first_dealer: int = 0,
             options: dict | None = None, typed: bool = False) -> int:
    """A new game, this page its creator, on its game page. typed: the setup form filled in and
    sent the way a scorer does (for the tests of that form: a second or more a game); else the
    same form sent over HTTP from this page's context (send_setup_form)."""
    if not typed:
        return send_setup_form(page, base, variant, names, first_dealer, options)
    page.goto(base + "/")
    page.get_by_role("link", name="Start a new game").click()
    page.locator(f"input[type=radio][name=variant][value='{variant}']").check()
    # htmx swaps in the setup form
    page.wait_for_selector("input[name='name-0']")
    for i, name in enumerate(names):
        page.fill(f"input[name='name-{i}']", name)
    if len(names) > 1:
        # the dealer choices follow the names as they are typed (a few lines of inline JS)
        expect(page.locator(f"[data-seat='{len(names) - 1}']")).to_have_text(names[-1])
        page.locator(f"input[name=first_dealer][value='{first_dealer}']").check()
    for key, value in (options or {}).items():
        page.fill(f"input[name='opt-{key}']", str(value))
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(GAME_URL)
    expect(page.locator("#hand-form")).to_be_visible()
    return int(page.url.rsplit("/", 1)[1])


class _FormFields(HTMLParser):
    """The fields a browser would send from the form with id form_id, as drawn: text and
    hidden inputs, checked boxes and radios, each select's chosen option."""

    def __init__(self, form_id: str):
        super().__init__()
        self.form_id = form_id
        self.fields: list[tuple[str, str]] = []
        self._inside = False
        self._select: str | None = None
        self._options: list[tuple[str, bool]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self._inside = a.get("id") == self.form_id
        elif not self._inside:
            return
        elif tag == "input" and a.get("name") and (
                a.get("type") not in ("checkbox", "radio") or "checked" in a):
            self.fields.append((a["name"], a.get("value") or ""))
        elif tag == "select":
            self._select, self._options = a.get("name"), []
        elif tag == "option" and self._select:
            self._options.append((a.get("value") or "", "selected" in a))

    def handle_endtag(self, tag):
        if tag == "form":
            self._inside = False
        elif tag == "select" and self._select and self._options:
            chosen = [v for v, selected in self._options if selected] or [self._options[0][0]]
            self.fields.append((self._select, chosen[-1]))
            self._select = None


def send_setup_form(page: Page, base: str, variant: str, names: list[str],
                    first_dealer: int = 0, options: dict | None = None) -> int:
    """new_game without typing: the variant's setup form fetched with this page's cookies, its
    fields as drawn with the names, the first dealer and the options put in, posted to the
    app's own route (CSRF token and all), then the game page opened."""
    form = page.request.get(f"{base}/games/new?variant={variant}")
    assert form.ok, form.status
    parser = _FormFields("setup-form")
    parser.feed(form.text())
    given = {f"name-{i}": name for i, name in enumerate(names)}
    given |= {f"opt-{key}": str(value) for key, value in (options or {}).items()}
    if len(names) > 1:
        given["first_dealer"] = str(first_dealer)
    assert set(given) <= {name for name, _ in parser.fields}, (given, parser.fields)
    fields = [(name, value) for name, value in parser.fields if name not in given]
    sent = page.request.post(f"{base}/games/new", data=urlencode(fields + list(given.items())),
                             headers={"Content-Type": "application/x-www-form-urlencoded"},
                             max_redirects=0)  # the page opens the game, not the request
    started = GAME_URL.search(sent.headers.get("location", ""))
    assert started, f"no game started ({sent.status}): {sent.text()[:2000]}"
    page.goto(base + started.group(0))
    expect(page.locator("#hand-form")).to_be_visible()
    return int(started.group(1))


def settle(page: Page) -> None:
    """Wait until htmx has no request in flight and has wired up what it swapped in."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')")


def next_poll(page: Page) -> None:
    """Wait until the live poller has sent a poll from now on and had its answer (one every
    2 s): what a fixed wait of "a poll or so" waited for, without waiting longer."""
    page.evaluate("""() => {
      window.pollsAnswered = 0;
      let asked = false;
      document.addEventListener('htmx:beforeRequest', e => {
        if (e.detail.elt && e.detail.elt.id === 'live') asked = true;
      });
      document.addEventListener('htmx:afterRequest', e => {
        if (asked && e.detail.elt && e.detail.elt.id === 'live') window.pollsAnswered += 1;
      });
    }""")
    page.wait_for_function("() => window.pollsAnswered > 0")


def call(page: Page, value: str) -> None:
    """Tap an auction button (a bid, pass, plunge...)."""
    before = page.locator("ol.calls li").count()
    page.locator(f"#hand-form button[name=call][value='{value}']").click()
    expect(page.locator("ol.calls li")).to_have_count(before + 1)
    settle(page)


def choose(page: Page, name: str, value: str) -> None:
    """Tap a chip (the label of a radio) as a finger does, and wait for the form to come back;
    a folded section (the contracts) is opened first, as a scorer would. The label, not the
    hidden input: Playwright then makes sure nothing (Save's sticky row) is over it."""
    folded = page.locator(f"#hand-form details:not([open]):has(input[name='{name}'])")
    if folded.count():
        folded.locator("summary").click()
    page.locator(f"#hand-form label:has(> input[name='{name}'][value='{value}'])").click()
    settle(page)
    expect(page.locator(f"#hand-form input[name='{name}'][value='{value}']")).to_be_checked()


def type_number(page: Page, name: str, value) -> None:
    """Enter a number: typed into its box, or tapped on its chip where the form offers a row
    of numbers (the bid, the points caught, the tricks taken)."""
    if page.locator(f"#hand-form input[type=radio][name='{name}'][value='{value}']").count():
        choose(page, name, str(value))
        return
    box = page.locator(f"#hand-form input[name='{name}']")
    box.fill(str(value))
    box.dispatch_event("change")
    settle(page)
    expect(page.locator(f"#hand-form input[name='{name}']")).to_have_value(str(value))


def quick_mode(page: Page) -> None:
    page.locator("#hand-form button[name=set_mode][value=quick]").click()
    expect(page.locator("#hand-form input[name=mode]")).to_have_value("quick")
    settle(page)


HAND_ROWS = "#hands li.hand-row, #score-grid tbody.hand-rows"  # the saved hands: list or sheet (a row group a hand)


def list_view(page: Page) -> None:
    """Show the hands as a list of hand cards (the score sheet is the default); the phone
    keeps that choice."""
    toggle = page.locator("#hands .view-toggle a", has_text="List")
    if toggle.count():
        toggle.click()
        expect(page.locator("#hands .hand-list")).to_be_visible()
        settle(page)


def save(page: Page, expect_saved: bool = True) -> None:
    n_before = page.locator(HAND_ROWS).count()
    # an incomplete hand's Save looks disabled (aria-disabled) but still answers why: force
    page.locator("#save-hand").click(force=not expect_saved)
    settle(page)
    if expect_saved:
        expect(page.locator(HAND_ROWS)).to_have_count(n_before + 1)
    else:
        expect(page.locator("#hand-form .alert.error")).to_be_visible()


def enter_hand(page: Page, points: str = "31", saved: bool = True) -> None:
    """A lechner42 hand: a bid of 30 and three passes, straight, points made; saved unless not."""
    call(page, "30")
    for c in ("pass", "pass", "pass"):
        call(page, c)
    choose(page, "contract", "straight")
    type_number(page, "points", points)
    if saved:
        save(page)
