"""axe-core on every page, light and dark, at 390x844 (the TV view at 1280x720 too): no
violation of any impact, with axe's default rules (WCAG 2 A/AA and best practices). Each page
is checked in both schemes once it is shown (the schemes differ in colours only: ui.SCHEMES).

axe is a test-only file (tests/browser/vendor/axe.min.js, see the README there) injected into
each page under test; the contexts bypass CSP so it can be, whatever the app's policy.
"""
from __future__ import annotations

from pathlib import Path

from . import ui

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
TV = {"width": 1280, "height": 720}


def axe_phone(phone, **options):
    """A phone whose every page has axe from its start (an init script, sent to the browser
    once: injecting its 650 kB into each page took a third of a second)."""
    page = phone(bypass_csp=True, **options)
    page.context.add_init_script(path=str(AXE))
    return page


def violations(page) -> list[str]:
    """axe's violations on the page as shown, in the light scheme and then the dark one (the
    page is left light, the browser's default)."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE))
    found = []
    for scheme in ui.SCHEMES:
        page.emulate_media(color_scheme=scheme)
        found += page.evaluate("""scheme => axe.run(document, {resultTypes: ['violations']})
            .then(r => r.violations.map(v => `${scheme}: ${v.impact} ${v.id}: ${v.help} -- ` +
                v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' +
                  (n.failureSummary || '').replace(/\\s+/g, ' ')).join(' | ')))""", scheme)
    page.emulate_media(color_scheme="light")
    return found


class Checker:
    def __init__(self, page):
        self.page = page
        self.found: dict[str, list[str]] = {}

    def __call__(self, name: str) -> None:
        ui.settle(self.page)
        result = violations(self.page)
        if result:
            self.found[name] = result


def join_code(page, game_id: int) -> str:
    """The game's join code, as its creator's page (this page's phone) shows it."""
    return page.evaluate(f"() => fetch('/games/{game_id}').then(r => r.text())"
                         ".then(t => new DOMParser().parseFromString(t, 'text/html')"
                         ".querySelector('#share .join-code').textContent)").replace(" ", "")


def assert_none_found(check: Checker) -> None:
    assert check.found == {}, "\n".join(
        f"{name}:\n  " + "\n  ".join(v) for name, v in check.found.items())


def test_axe_on_a_new_lechner_game_its_viewer_and_its_tv(phone, live):
    page = axe_phone(phone)
    check = Checker(page)
    base = live.url
    page.goto(base + "/")
    check("home, no games")
    page.goto(base + "/games/new")
    check("new game")
    page.goto(base + "/games/new?variant=lechner42")
    check("new game, lechner42")
    page.goto(base + "/games/new?variant=mexican-train")
    check("new game, mexican-train")
    page.locator("details.import summary").click()
    check("new game, import open")

    gid = ui.new_game(page, base, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    check("game, start")
    ui.call(page, "pass")
    ui.call(page, "31")
    check("game, auction in progress")
    ui.call(page, "pass")
    ui.call(page, "pass")
    ui.choose(page, "contract", "straight")
    check("game, Save not yet (made or set missing)")
    ui.save(page, expect_saved=False)  # tapped anyway: it says why
    check("game, invalid hand")
    ui.type_number(page, "points", "35")  # the optional points, unfolded
    check("game, preview")
    ui.save(page)
    check("game, a hand saved (the score sheet)")
    ui.list_view(page)
    check("game, the hands as a list")
    check("game, invite folded")
    page.locator("#share .share-fold > summary").click()
    check("game, invite open")
    page.locator("#share .share-scorer > summary").click()
    check("game, invite open, scorer link open")
    ui.quick_mode(page)
    ui.choose(page, "bidder", "2")
    check("game, just the bid")
    page.goto(f"{base}/games/{gid}/hands/0/edit")
    check("edit")
    page.goto(f"{base}/games/{gid}/history")
    check("history")
    page.goto(f"{base}/games/{gid}/api-tokens")
    check("API tokens")
    page.fill("#token-label", "Bar TV")
    page.locator("#make-token button[type=submit]").click()
    page.locator("#new-token").wait_for()
    check("API tokens, a new one shown once")
    page.goto(f"{base}/api/v1/docs")
    page.locator(".api-op").first.wait_for()
    check("API docs")
    page.goto(f"{base}/api/v1/problems/precondition-failed")
    check("API problem type")
    page.goto(f"{base}/games/{gid}/tv")
    check("tv, phone")

    viewer = axe_phone(phone)
    check.page = viewer
    viewer.goto(f"{base}/games/{gid}")
    check("no game for this phone")
    viewer.goto(f"{base}/join")
    code = join_code(page, gid)
    viewer.fill("#code", "NOPE")
    viewer.get_by_role("button", name="Watch the game").click()
    viewer.locator("#code-error").wait_for()  # the answer's page (a plain form post) is in
    check("join, wrong code")
    viewer.goto(f"{base}/g/{code}")
    check("game, viewer")
    viewer.goto(f"{base}/games/{gid}/hands/0/edit")
    check("error page, view only")
    viewer.goto(f"{base}/s/not-a-secret")
    check("error page, scorer link not valid")

    tv = axe_phone(phone, viewport=TV)
    check.page = tv
    tv.goto(f"{base}/g/{code}")
    tv.goto(f"{base}/games/{gid}/tv")
    check("tv, 1280x720")
    assert_none_found(check)


def test_axe_on_every_family_offline_and_the_plain_pages(phone, live):
    page = axe_phone(phone)
    check = Checker(page)
    base = live.url
    cid = ui.new_game(page, base, "card42", ["Ann", "Bob", "Cat"])
    ui.call(page, "3")
    ui.call(page, "3")
    check("card42, a forbidden dealer bid")
    ui.call(page, "2")
    for s, t in enumerate([2, 3, 2]):
        ui.type_number(page, f"tricks-{s}", t)
    ui.save(page)
    check("card42, countdown")

    moon = ui.new_game(page, base, "moon", ["Ann", "Bob", "Cat"])
    ui.quick_mode(page)
    check("moon, quick entry")
    ui.choose(page, "bidder", "1")
    ui.type_number(page, "bid", "21")
    for s, t in enumerate([0, 7, 0]):
        ui.type_number(page, f"tricks-{s}", t)
    ui.save(page)
    check("moon, game over")

    # card42-teams's setup form typed here (test_games types the other families')
    tid = ui.new_game(page, base, "card42-teams", ["Ann", "Bob", "Cat", "Dan"], typed=True)
    ui.call(page, "5")
    for c in ("pass", "pass", "pass"):
        ui.call(page, c)
    page.locator("#hand-form button[name=set_points_mode][value=items]").click()
    ui.settle(page)
    check("card42-teams, card by card")

    mid = ui.new_game(page, base, "mexican-train", ["Ann", "Bob"])
    check("mexican train")

    # a hand kept on the phone while the server is away, then refused as stale
    rid = ui.new_game(page, base, "castle-rock", ["Sol"])
    ui.type_number(page, "remaining", "9")
    page.context.set_offline(True)
    page.locator("#connection.connection").wait_for(timeout=8_000)
    check("game, reconnecting")
    page.locator("#save-hand").click()
    page.locator("#kept.kept").wait_for()
    check("game, hand kept")
    live.write_hand_elsewhere(rid, {"remaining": 4})
    page.context.set_offline(False)
    page.locator("#kept.alert.error").wait_for(timeout=10_000)
    check("game, kept hand refused")

    page.goto(base + "/")
    check("home, with games")
    page.goto(base + "/rules/")
    check("rules index")
    for variant in ("lechner42", "card42", "mexican-train"):
        page.goto(f"{base}/rules/{variant}")
        check(f"rules, {variant}")
    page.goto(base + "/offline")
    check("offline")
    page.goto(base + "/games/999999")
    check("not found")

    tv = axe_phone(phone, viewport=TV)
    check.page = tv
    for game_id in (moon, cid, tid, mid):
        tv.goto(f"{base}/g/{join_code(page, game_id)}")
        tv.wait_for_url(f"{base}/games/{game_id}")  # a finished game's link goes on by itself
        tv.goto(f"{base}/games/{game_id}/tv")
        check(f"tv {game_id}, 1280x720")
    assert_none_found(check)


def test_issue_40s_states_have_no_axe_violations(phone, live):
    """The second scorer's notice in the form's place, a watcher's sheet with a changed hand,
    kept hands with what they will make, a Mexican Train round nobody went out of."""
    from playwright.sync_api import expect

    from .test_count_own import _code, _send
    from .test_count_rounds import _save, _scorer_types
    from .test_edit_seen import pick
    from .test_kept_queue import keep_hand
    from .test_second_scorer import scorer_link

    ann = axe_phone(phone)
    gid = ui.new_game(ann, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    ui.quick_mode(ann)
    for name, value in (("bidder", "1"), ("bid", "84"), ("made", "1")):
        pick(ann, name, value)
    ui.save(ann)
    pick(ann, "bidder", "2")
    bob = axe_phone(phone)
    bob.goto(scorer_link(live, gid))
    bob.goto(f"{live.url}/games/{gid}/hands/0/edit")
    pick(bob, "bid", "30")
    bob.locator("#save-hand").click()
    bob.wait_for_url(f"{live.url}/games/{gid}")
    expect(ann.locator("#hand-not-saved")).to_be_visible(timeout=3_500)
    expect(ann.locator("#score-grid tbody.changed")).to_have_count(1)
    assert violations(ann) == []
    assert violations(bob) == []
    ui.quick_mode(bob)
    bob.context.set_offline(True)
    keep_hand(bob, 2, "3", "31", "0")
    expect(bob.locator("#kept-projection")).to_be_visible()
    assert violations(bob) == []

    scorer = axe_phone(phone)
    train = ui.new_game(scorer, live.url, "mexican-train", ["Ann", "Bob", "Cat"])
    cat = axe_phone(phone)
    cat.goto(f"{live.url}/g/{_code(live, train)}")
    cat.get_by_role("button", name="I am Cat").click()
    _send(cat, "5")
    _scorer_types(scorer, 0, "9")
    _scorer_types(scorer, 1, "7")
    expect(scorer.locator("#seats .round-count").nth(2)).to_contain_text("5")
    _save(scorer, 1)
    expect(scorer.locator("#seats-notice")).to_be_visible()
    assert violations(scorer) == []
