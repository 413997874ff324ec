"""Call by call with the server away (static/js/hand-keeper.js): the hand form carries what the
phone needs to go on alone, and nothing of it is sent before its time."""
from __future__ import annotations

import json
import re

from .helpers import create, preview


def _outcome_tag(html: str) -> str:
    return re.search(r'<fieldset class="outcome"[^>]*>', html).group(0)


def test_the_rest_of_the_hand_is_drawn_hidden_until_the_auction_is_done(client):
    gid = create(client, "lechner42")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "hidden disabled data-after-calls" in _outcome_tag(page)  # never sent while hidden
    form = re.search(r'<form id="hand-form"[^>]*>', page).group(0)
    players = re.search(r'data-players="([^"]*)"', form).group(1).replace("&#34;", '"')
    assert json.loads(players) == ["Ann", "Bob", "Cat", "Dan"]
    assert 'class="to-call" data-seat="1"' in page  # Bob calls first: Ann deals
    done = preview(client, gid, {"mode": "auction", "calls": "30,pass,pass,pass"})
    assert "hidden" not in _outcome_tag(done.get_data(as_text=True))


def test_quick_entry_draws_no_hidden_outcome(client):
    gid = create(client, "lechner42")
    quick = preview(client, gid, {"mode": "quick", "set_mode": "quick"}).get_data(as_text=True)
    assert "data-after-calls" not in quick
