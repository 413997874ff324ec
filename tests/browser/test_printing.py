"""Issue 43: paper and pictures. Each printout rendered to PDF by Chromium (page.pdf at A4 and
US Letter) and read back (poppler-utils: pdfinfo's page count, pdftotext's words, pdftoppm's
pages as pictures, whose QR code zxing-cpp decodes). PRINT_SHOTS=dir keeps the pages as PNG
(and the result card in a chat-style preview)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from . import ui

SHOTS = os.environ.get("PRINT_SHOTS")
FORMATS = ("A4", "Letter")
pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                reason="poppler-utils is not installed")
# 20 hands of a Texas 42 game to 11 marks: Bob & Dan reach 11 with the 20th (9-11).
HANDS = [{"bidder": i % 4, "bid": 30, "contract": "straight", "points": 30 if i % 3 else 20}
         for i in range(20)]
BUTTON_WORDS = ("Back", "Print this page", "Share", "Copy link", "Print the sheet")


def printed(page, url: str, paper: str, tmp: Path, name: str) -> tuple[int, str, Path]:
    """The page at `url` printed on `paper`: (its page count, its text, the PDF)."""
    page.goto(url)
    pdf = tmp / f"{name}-{paper}.pdf"
    page.pdf(path=str(pdf), format=paper, print_background=False)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    if SHOTS:
        subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf),
                        os.path.join(SHOTS, f"{name}-{paper}")], check=True)
    return pages, text, pdf


def qr_texts(pdf: Path, tmp: Path, pages: int = 1) -> list[str]:
    """Every QR code on the PDF's first `pages`, decoded (pdftoppm at 150 dpi, zxing-cpp)."""
    zxingcpp = pytest.importorskip("zxingcpp")
    from PIL import Image

    prefix = tmp / f"{pdf.stem}-qr"
    subprocess.run(["pdftoppm", "-png", "-gray", "-r", "150", "-l", str(pages), str(pdf),
                    str(prefix)], check=True)
    found = []
    for png in sorted(tmp.glob(f"{prefix.name}*.png")):
        image = Image.open(png).convert("L")
        view = zxingcpp.ImageView(image.tobytes(), image.width, image.height,
                                  zxingcpp.ImageFormat.Lum)
        found += [code.text for code in zxingcpp.read_barcodes(view)]
    return found


def played_game(page, live, hands: list[dict]) -> int:
    game_id = ui.new_game(page, live.url, "texas42", ["Ann", "Bob", "Cat", "Dan"],
                          options={"target_marks": 11})
    for hand in hands:
        live.write_hand_elsewhere(game_id, hand)
    return game_id


def test_a_20_hand_games_sheet_is_one_page_with_its_join_code(live, phone, tmp_path):
    phone = phone()
    game_id = played_game(phone, live, HANDS)
    phone.goto(f"{live.url}/games/{game_id}")
    code = re.sub(r"\W", "", phone.locator(".join-code").first.text_content())
    phone.get_by_role("link", name="Print the sheet").click()
    for paper in FORMATS:
        pages, text, pdf = printed(phone, f"{live.url}/games/{game_id}/sheet", paper, tmp_path,
                                   "sheet-finished")
        assert pages == 1, (paper, pages)
        for words in ("Texas 42", "Result", "Bob & Dan 11 (won)", "Ann & Cat 9",
                      "Dealer order: Ann, Bob, Cat, Dan"):
            assert words in text, (paper, words)
        assert re.search(r"^\s*20\s", text, re.M), "the 20th hand's row"
        assert "SET" in text.upper()  # hand 1 went set (20 of 30)
        for words in BUTTON_WORDS:
            assert words not in text, (paper, words)
        assert code[:3] in text.replace(" ", "")
        assert any(t.endswith(f"/g/{code}") for t in qr_texts(pdf, tmp_path)), "the viewer link"


def test_a_sheet_of_a_game_going_on_has_rows_to_the_end_of_its_page(live, phone, tmp_path):
    phone = phone()
    game_id = played_game(phone, live, HANDS[:5])
    for paper in FORMATS:
        pages, text, _pdf = printed(phone, f"{live.url}/games/{game_id}/sheet", paper, tmp_path,
                                    "sheet-playing")
        assert pages == 1, (paper, pages)
        assert "Result" not in text and "So far" in text
        assert re.search(r"^\s*21\s*$", text, re.M), "empty rows up to 21"


def test_the_result_card_in_a_chat_preview(live, phone, tmp_path):
    phone = phone()
    """A chat-style preview of the finished game's link, built from its page's tags, as a
    picture to look at (PRINT_SHOTS); the tags' image is the card, fetched with no cookie."""
    game_id = played_game(phone, live, HANDS)
    phone.goto(f"{live.url}/games/{game_id}")
    meta = {m.get_attribute("property") or m.get_attribute("name"): m.get_attribute("content")
            for m in phone.locator("meta[property^='og:'], meta[name^='twitter:']").all()}
    assert meta["og:image:width"] == "1200" and meta["twitter:card"] == "summary_large_image"
    chat = phone.context.browser.new_context(viewport={"width": 390, "height": 600})
    try:
        preview = chat.new_page()
        image = urlsplit(meta["og:image"])  # (the LAN address other phones reach: here, the test's)
        answer = preview.request.get(f"{live.url}{image.path}?{image.query}")
        assert answer.ok and answer.headers["content-type"] == "image/png"
        (tmp_path / "card.png").write_bytes(answer.body())
        preview.route("**/card.png*", lambda route: route.fulfill(path=tmp_path / "card.png",
                                                                  content_type="image/png"))
        preview.set_content(
            '<div style="font:15px system-ui;margin:12px;padding:8px;border-left:4px solid #888;'
            'background:#eee"><b>Scorekeeper</b><br><b>' + meta["og:title"] + '</b><br>'
            + meta["og:description"] + f'<br><img src="{live.url}/games/{game_id}/card.png" '
            'style="width:100%;border-radius:8px;margin-top:6px"></div>')
        preview.wait_for_function("document.images[0].complete && document.images[0].naturalWidth")
        if SHOTS:
            preview.screenshot(path=os.path.join(SHOTS, "card-chat-preview.png"))
            shutil.copy(tmp_path / "card.png", os.path.join(SHOTS, "card.png"))
    finally:
        chat.close()


# 16 teams: a round robin seats 8 tables a round.
SIXTEEN = [f"{a} & {b}" for a, b in zip(
    ["Ann", "Cat", "Eve", "Gus", "Ivy", "Kim", "Max", "Oli", "Quin", "Sam", "Uma", "Wes",
     "Yan", "Abe", "Cy", "Ed"],
    ["Bob", "Dan", "Fay", "Hal", "Jon", "Lou", "Ned", "Pia", "Rae", "Tom", "Val", "Xia",
     "Zoe", "Bea", "Di", "Flo"])]


def test_a_round_prints_its_slips_pairings_and_standings(live, phone, tmp_path):
    from .test_event_pools import round_games, start_round
    from .test_events import start_club

    organizer = phone()
    start_club(organizer, live.url, "Print Club")
    organizer.goto(organizer.url + "/events/new")
    token = organizer.locator("input[name=csrf_token]").first.input_value()
    answer = organizer.request.post(organizer.url.removesuffix("/new"), form={
        "csrf_token": token, "name": "Paper night", "day": "2026-11-28", "variant": "lechner42",
        "format": "round-robin", "entrants": "\n".join(SIXTEEN), "rules_for": "lechner42",
        "opt-target_marks": "2"})
    assert answer.ok and re.search(r"/events/\d+$", answer.url), answer.url
    event_url = answer.url
    start_round(organizer, event_url, 1)
    games = round_games(live, event_url, 1)
    assert len(games) == 8
    organizer.goto(event_url)
    organizer.get_by_role("link", name="Print the round").click()
    round_url = organizer.url
    for paper in FORMATS:
        pages, text, pdf = printed(organizer, round_url, paper, tmp_path, "round")
        # 8 slips on 2 pages, the pairings by table, by name, the standings: a page each
        assert pages == 5, (paper, pages)
        page_texts = text.split("\f")
        assert all("Table" in page_texts[i] for i in (0, 1))
        for team in SIXTEEN:
            for name in team.split(" & "):
                assert name in text, name
        assert "find your table" in page_texts[3] and "standings" in page_texts[4]
        assert re.search(r"Ann: table \d+, with Bob, against \w+ & \w+", text.replace("\n", " "))
        for words in BUTTON_WORDS:
            assert words not in text, (paper, words)
        scanned = qr_texts(pdf, tmp_path, pages=2)  # the slips' pages
        secrets = _scorer_links(live, games)
        assert sorted(t.rsplit("/", 1)[1] for t in scanned if "/s/" in t) == sorted(secrets)
    # the call-out list: the same pairings, for any member, in large type
    organizer.goto(event_url)
    organizer.get_by_role("link", name="Call-out list").click()
    # the click's navigation may still be loading: wait for the list (count() does not)
    expect(organizer.locator(".by-name li")).to_have_count(32)
    if SHOTS:
        organizer.screenshot(path=os.path.join(SHOTS, "callout.png"))


def _scorer_links(live, game_ids: list[int]) -> list[str]:
    from scorekeeper.extensions import db
    from scorekeeper.models import Game

    with live.app.app_context():
        return [db.session.get(Game, g).scorer_secret for g in game_ids]


def test_a_brackets_round_prints_the_bracket_on_one_page(live, phone, tmp_path):
    """8 teams, single elimination: round 1's 4 slips on a page, the pairings by table, by
    name, the standings, and the bracket the event page draws, on a page of its own."""
    from .test_event_pools import start_round
    from .test_events import start_club

    organizer = phone()
    start_club(organizer, live.url, "Bracket Club")
    organizer.goto(organizer.url + "/events/new")
    token = organizer.locator("input[name=csrf_token]").first.input_value()
    answer = organizer.request.post(organizer.url.removesuffix("/new"), form={
        "csrf_token": token, "name": "Knockout", "day": "2026-11-28", "variant": "lechner42",
        "format": "single-elimination", "entrants": "\n".join(SIXTEEN[:8]),
        "rules_for": "lechner42", "opt-target_marks": "2"})
    assert answer.ok, answer.url
    start_round(organizer, answer.url, 1)
    organizer.goto(answer.url)
    organizer.get_by_role("link", name="Print the round").click()
    for paper in FORMATS:
        pages, text, _pdf = printed(organizer, organizer.url, paper, tmp_path, "bracket")
        assert pages == 5, (paper, pages)
        last = text.split("\f")[4]
        assert "Knockout: bracket" in last
        for team in SIXTEEN[:8]:
            assert team in last, team  # the bracket's names, as drawn
