"""Screenshots in Spanish at 390x844 (light and dark) of what issue 44's area f says: the join
page, the invite, the plain error pages, the offline page, the API's token, docs and problem
pages, the webhook pages, the printed sheet, the round's slips and call-out list, and the
result card, for checking by eye that the longer words fit.

    .venv/bin/python bench/shared_shots_es.py [OUT_DIR]    (default /tmp/shared-shots-es)
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.screenshots import SCHEMES, phone, shooter, shooting  # noqa: E402
from tests.browser import ui  # noqa: E402

FINISHING = [{"bidder": i % 4, "bid": 30, "contract": "straight", "points": 30 if i % 3 else 20}
             for i in range(20)]  # a Texas 42 game to 11 marks, Bob & Dan's


def post_form(page, form_url: str, url: str, data: dict):
    """POST `data` to `url` as the form on `form_url` would (its CSRF token), from this phone."""
    page.goto(form_url)
    token = page.locator("input[name=csrf_token]").first.get_attribute("value")
    return page.request.post(url, form={"csrf_token": token, **data}, max_redirects=0)


def main(out: Path) -> None:
    with shooting(out, WEBHOOK_ALLOW_PRIVATE=True) as (live, browser):
        base = live.url
        for scheme in SCHEMES:
            page = phone(browser, scheme, timeout=10_000, locale="es-MX")
            shot = shooter(out, scheme, page)
            page.goto(base + "/join")
            shot("01-join")
            page.fill("#code", "ABC 234O")
            page.click("button[type=submit]")
            shot("02-join-refused")
            gid = ui.new_game(page, base, "texas42", ["Ann", "Bob", "Cat", "Dan"])
            page.locator("#share").scroll_into_view_if_needed()
            shot("03-invite", full=False)
            page.locator(".share-scorer summary").click()
            page.locator(".share-scorer").scroll_into_view_if_needed()
            shot("04-invite-scorer-link", full=False)
            for name, path in (("05-not-found", "/nowhere"), ("06-no-game", "/games/99999"),
                               ("07-scorer-link-gone", "/s/gone"), ("08-offline", "/offline")):
                page.goto(base + path)
                shot(name)
            viewer = phone(browser, scheme, timeout=10_000, locale="es-MX")
            code = page.goto(f"{base}/games/{gid}").text()
            code = re.search(r'/g/([A-Z0-9]{7})', code)[1]
            viewer.goto(f"{base}/g/{code}")
            token = viewer.locator("input[name=csrf_token]").first.get_attribute("value")
            answer = viewer.request.post(f"{base}/games/{gid}/hands", max_redirects=0,
                                         form={"csrf_token": token, "passed": "1"},
                                         headers={"Accept-Language": "es-MX"})
            viewer.set_content(answer.text())
            shot("09-view-only", pg=viewer)
            viewer.context.close()
            post_form(page, f"{base}/games/{gid}/api-tokens", f"{base}/games/{gid}/api-tokens",
                      {"label": "Pantalla del bar", "right": "game-score", "days": "30"})
            page.goto(f"{base}/games/{gid}/api-tokens")
            shot("10-api-tokens")
            page.goto(f"{base}/api/v1/docs")
            page.wait_for_selector(".api-op")
            shot("11-api-docs", full=False)
            page.goto(f"{base}/api/v1/problems/stale-version")
            shot("12-api-problem")
            page.goto(f"{base}/games/{gid}/sheet")
            shot("13-sheet-going-on")
            done = ui.new_game(page, base, "texas42", ["Ann", "Bob", "Cat", "Dan"],
                               options={"target_marks": 11})
            for hand in FINISHING:
                live.write_hand_elsewhere(done, hand)
            page.goto(f"{base}/games/{done}")
            page.locator(".game-paper").scroll_into_view_if_needed()
            shot("14-finished-share", full=False)
            page.goto(f"{base}/games/{done}/sheet")
            shot("15-sheet-finished")
            if scheme == "light":
                (out / "16-result-card.png").write_bytes(
                    page.request.get(f"{base}/games/{done}/card.png",
                                     headers={"Accept-Language": "es-MX"}).body())
            made = post_form(page, f"{base}/clubs", f"{base}/clubs",
                             {"name": "Club del jueves", "label": "Teléfono de Ana"})
            club = made.headers["location"].rsplit("/", 1)[1]
            hook = post_form(page, f"{base}/clubs/{club}/webhooks", f"{base}/clubs/{club}/webhooks",
                             {"url": "http://127.0.0.1:9/hook", "events": "game.finished"})
            post_form(page, f"{base}/clubs/{club}/webhooks", f"{base}/clubs/{club}/webhooks",
                      {"url": "http://10.0.0.1/x", "events": "hand.saved"})
            page.goto(f"{base}/clubs/{club}/webhooks")
            page.fill("#webhook-url", "ftp://archivos.ejemplo/x")
            page.click("#add-webhook button[type=submit]")
            shot("17-webhooks-refused")
            hook_url = base + hook.headers["location"]
            post_form(page, hook_url, hook_url + "/test", {})
            from scorekeeper import webhooks
            webhooks.send_due(live.app)
            page.goto(hook_url)
            shot("18-webhook-deliveries")
            event = post_form(page, f"{base}/clubs/{club}/events/new", f"{base}/clubs/{club}/events",
                              {"name": "Torneo del viernes", "day": "2026-11-27",
                               "variant": "texas42", "format": "round-robin",
                               "entrants": "Ana & Beto\nCarla & Dani\nEva & Fede\nGus & Hilda"})
            event_url = base + event.headers["location"]
            page.goto(event_url)
            version = page.locator("input[name=version]").first.get_attribute("value")
            post_form(page, event_url, event_url + "/rounds", {"version": version})
            page.goto(event_url + "/round")
            shot("19-round-slips")
            page.goto(event_url + "/call-out")
            shot("20-call-out")
            page.context.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shared-shots-es"))
