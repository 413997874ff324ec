"""Issue 43, item 3: a finished game's result card (a 1200x630 PNG drawn from its record),
the Open Graph tags that point at it, and who may fetch it: whoever may read the game, or
whoever holds the key its page gives out (a chat app's preview), nobody else."""
from __future__ import annotations

import io
import re

from PIL import Image

from scorekeeper import store
from scorekeeper.printing.card import drawable, result_png
from scorekeeper.extensions import db

from .helpers import create, game

# 20 hands of a Texas 42 game to 11 marks: Bob & Dan reach 11 with the 20th (9-11).
HANDS = [{"bidder": i % 4, "bid": 30, "contract": "straight", "points": 30 if i % 3 else 20}
         for i in range(20)]


def write_hands(game_id: int, hands: list[dict]) -> None:
    for hand in hands:
        g = game(game_id)
        assert store.write_hand(g, g.version, "entered", len(g.hands), None, hand, "creator")


def finished_game(client) -> int:
    game_id = create(client, "texas42", target_marks=11)
    write_hands(game_id, HANDS)
    assert game(game_id).finished
    return game_id


def card_url(client, game_id: int) -> str:
    """The og:image of the game's page, as a chat app's preview reads it."""
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    found = re.search(r'<meta property="og:image" content="([^"]+)"', page)
    assert found, "no og:image on the finished game's page"
    return found.group(1).replace("&amp;", "&")


def test_the_card_is_1200x630_and_names_the_result(app, client):
    game_id = finished_game(client)
    response = client.get(f"/games/{game_id}/card.png")
    assert response.status_code == 200 and response.mimetype == "image/png"
    image = Image.open(io.BytesIO(response.data))
    assert image.size == (1200, 630)


def test_the_finished_games_page_carries_open_graph_and_twitter_tags(app, client):
    game_id = finished_game(client)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    for tag in ('property="og:title"', 'property="og:image"', 'property="og:image:width" content="1200"',
                'property="og:image:height" content="630"', 'name="twitter:card" content="summary_large_image"',
                'name="twitter:image"', 'property="og:description"'):
        assert tag in page, tag
    assert "Bob &amp; Dan won 11 to 9" in page
    assert f"/games/{game_id}/card.png?k=" in card_url(client, game_id)


def test_a_game_still_played_has_no_card_and_no_image_tags(app, client):
    game_id = create(client, "texas42", target_marks=11)
    write_hands(game_id, HANDS[:5])
    assert client.get(f"/games/{game_id}/card.png").status_code == 404
    assert 'og:image' not in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_the_bytes_change_with_the_result_and_only_with_it(app, client):
    game_id = finished_game(client)
    first = client.get(f"/games/{game_id}/card.png")
    again = client.get(f"/games/{game_id}/card.png", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    # a new version with the same result (a new scorer link): the same bytes, the same ETag
    version = game(game_id).version
    store.rotate_scorer(game_id, "creator")
    assert game(game_id).version > version
    same = client.get(f"/games/{game_id}/card.png")
    assert same.data == first.data and same.headers["ETag"] == first.headers["ETag"]
    # the last hand bid two marks instead: the same winners by more, other bytes
    g = game(game_id)
    last = len(g.hands) - 1
    assert store.write_hand(g, g.version, "edited", last, None,
                            {**HANDS[-1], "bid": 84, "points": 42}, "creator")
    db.session.expire_all()
    changed = client.get(f"/games/{game_id}/card.png")
    assert changed.status_code == 200 and changed.data != first.data
    assert Image.open(io.BytesIO(changed.data)).size == (1200, 630)


def test_only_a_reader_or_the_pages_key_fetches_the_card(app, client):
    game_id = finished_game(client)
    url = card_url(client, game_id)
    key = url.split("k=", 1)[1]
    stranger = app.test_client()  # no cookie: may not read the game
    assert stranger.get(f"/games/{game_id}/card.png").status_code == 404
    assert stranger.get(f"/games/{game_id}/card.png?k={key[:-1]}x").status_code == 404
    assert stranger.get(f"/games/{game_id}/card.png?k={key}").status_code == 200
    for hostile in ("é", "%C3%A9", "x" * 5000, ""):  # any text is compared, none is the key
        assert stranger.get(f"/games/{game_id}/card.png?k={hostile}").status_code == 404
    # the key is the game's alone: it opens no other game's card
    other = finished_game(client)
    assert stranger.get(f"/games/{other}/card.png?k={key}").status_code == 404
    assert stranger.get(f"/games/{game_id}").status_code == 404  # the page stays locked
    assert stranger.get("/games/999999/card.png").status_code == 404


def test_names_are_drawn_in_letters_the_built_in_font_has():
    """Pillow's built-in font has ASCII and a few signs: never a box for a letter it lacks."""
    assert drawable("José & Zoë – Łukasz Straße") == "Jose & Zoe - Lukasz Strasse"
    assert drawable("Ann’s 3–0 ·") == "Ann's 3-0 ·"
    assert drawable("张伟 😀") == "?? ?"
    long_names = [("Bartholomew-Wolfeschlegelsteinhausen & Maximiliana " * 3, "1,234", True)]
    image = Image.open(io.BytesIO(result_png("x" * 300, "y" * 300, long_names * 9)))
    assert image.size == (1200, 630)


def test_the_viewer_link_of_a_finished_game_previews_its_result_to_a_crawler(app, client):
    """A chat app's crawler keeps no cookie: behind a redirect it would find only the page of
    a game it may not read. The viewer link of a finished game answers the preview itself and
    goes on to the game at once; one still played stays a plain redirect."""
    game_id = finished_game(client)
    code = game(game_id).code
    crawler = app.test_client(use_cookies=False)
    answer = crawler.get(f"/g/{code}")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert f'http-equiv="refresh" content="0; url=/games/{game_id}"' in page
    assert f'<a href="/games/{game_id}">' in page  # without the refresh: a tap
    found = re.search(r'<meta property="og:image" content="([^"]+)"', page)
    assert found and 'og:description" content="Bob &amp; Dan won' in page
    image = crawler.get(found.group(1).replace("&amp;", "&"))
    assert image.status_code == 200 and Image.open(io.BytesIO(image.data)).size == (1200, 630)
    phone = app.test_client()  # a phone following the link may read the game after it
    phone.get(f"/g/{code}")
    assert phone.get(f"/games/{game_id}").status_code == 200
    playing = create(client, "texas42")
    assert crawler.get(f"/g/{game(playing).code}").status_code == 303
