"""What a phone transfers on its first visit to a page (issue 40, item 6): the page and every
stylesheet and script it links, as the server answers a browser that takes brotli (icons and the
manifest aside: the browser fetches them when it likes, and keeps them). A page links only the
files it uses, so a viewer at a weak venue Wi-Fi waits for no scorer's or organizer's code."""
from __future__ import annotations

import re
from pathlib import Path

import brotli
import pytest

from .events.helpers import club_with_event, play, round_games, start_round
from .helpers import create, post_hand
from .test_live_scale import viewer_of

BR = {"Accept-Encoding": "br"}
LINKED = re.compile(r'<(?:script|link rel="stylesheet")[^>]*?(?:src|href)="(/static/[^"]+)"')
HAND = {"mode": "quick", "bidder": "0", "bid": "30", "made": "1"}


def first_load(client, path: str) -> tuple[int, int, list[str]]:
    """The bytes a first visit to `path` transfers (the page and the files it links, brotli
    where the server compresses) and the requests it makes; the linked files' names."""
    page = client.get(path, headers=BR)
    assert page.status_code == 200, path
    body = page.get_data()
    html = (brotli.decompress(body) if page.headers.get("Content-Encoding") == "br"
            else body).decode()
    files = [url.replace("&amp;", "&") for url in LINKED.findall(html)]
    total = len(body)
    for url in files:
        answer = client.get(url, headers=BR)
        assert answer.status_code == 200, url
        total += len(answer.get_data())
    return total, 1 + len(files), [url.split("?")[0].rsplit("/", 1)[1] for url in files]


@pytest.fixture
def pages(app, client):
    """A Texas 42 game of three hands, its scorer's and a viewer's phones, a club and its
    event with round 1 seated."""
    game_id = create(client, "texas42")
    for _ in range(3):
        assert post_hand(client, game_id, HAND).status_code == 303
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    play(round_games(event_id, 1)[0].id, [0, 1])
    return {"viewer": (viewer_of(app, client, game_id), f"/games/{game_id}"),
            "scorer": (client, f"/games/{game_id}"),
            "home": (client, "/"),
            "club": (client, f"/clubs/{club_id}"),
            "event": (client, f"/clubs/{club_id}/events/{event_id}")}


def test_a_viewers_first_game_page_is_40_kb_or_less(pages):
    sizes = {}
    for name, (client, path) in pages.items():
        total, requests, files = first_load(client, path)
        sizes[name] = total
        print(f"{name}: {total / 1024:.1f} KB in {requests} requests ({', '.join(files)})")
    assert sizes["viewer"] <= 40 * 1024, sizes
    assert sizes["home"] <= 40 * 1024, sizes


def test_a_page_links_only_the_files_it_uses(pages):
    """The scorer's code (the kept hands and counts, the hand form), the events' and the
    review's styles go where they are used, nowhere else."""
    linked = {name: set(first_load(client, path)[2]) for name, (client, path) in pages.items()}
    scorers = {"kept-hands.js", "hand-keeper.js", "hand-form.js"}
    assert scorers <= linked["scorer"]
    assert not scorers & linked["viewer"] and not scorers & linked["home"]
    assert not {"events.css", "event-pages.css", "review.css"} & (linked["viewer"]
                                                                  | linked["scorer"])
    assert "event-pages.css" in linked["event"]
    assert "kept-counts.js" not in linked["viewer"] | linked["scorer"]


def test_where_players_count_their_own_every_phone_gets_the_counts_script(app, client):
    """Mexican Train: a seated viewer sends her own count (kept-counts.js); the hands and the
    form stay the scorer's."""
    game_id = create(client, "mexican-train")
    viewer = set(first_load(viewer_of(app, client, game_id), f"/games/{game_id}")[2])
    scorer = set(first_load(client, f"/games/{game_id}")[2])
    assert "kept-counts.js" in viewer and "kept-counts.js" in scorer
    assert not {"kept-hands.js", "hand-keeper.js", "hand-form.js"} & viewer


def test_a_static_file_is_sent_its_smallest_and_revalidated_compressed(client):
    """Compressed once, as small as brotli makes it; its ETag names the encoding, so the
    phone's revalidation of the compressed copy gets a 304, the plain copy's ETag does not."""
    html = brotli.decompress(client.get("/", headers=BR).get_data()).decode()
    url = next(u for u in LINKED.findall(html) if "htmx.min.js" in u).replace("&amp;", "&")
    first = client.get(url, headers=BR)
    assert first.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in first.headers["Vary"]
    plain = (Path(client.application.static_folder) / "js/htmx.min.js").read_bytes()
    assert brotli.decompress(first.get_data()) == plain
    assert len(first.get_data()) <= len(brotli.compress(plain, quality=11))
    etag = first.headers["ETag"]
    assert etag.endswith(':br"')
    again = client.get(url, headers={**BR, "If-None-Match": etag})
    assert again.status_code == 304 and not again.get_data()
    unpacked = client.get(url)
    assert "Content-Encoding" not in unpacked.headers and unpacked.get_data() == plain
    assert unpacked.headers["ETag"] != etag
