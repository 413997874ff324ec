"""A page said in Spanish costs the database what its English one does (issue 44): the
language is chosen from the request and the club already read, never from a statement more."""
from __future__ import annotations

import pytest

from ..clubs.helpers import create_club
from ..events.helpers import new_event, start_round
from ..helpers import HX, create, post_hand
from ..test_live_scale import statements
from .test_language import EN, ES


@pytest.fixture
def pages(app, client):
    gid = create(client, "lechner42")
    post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "30", "contract": "straight",
                            "points": "34"})
    club_id = create_club(client)
    event_id = new_event(client, club_id)
    start_round(client, club_id, event_id)
    return [("/", {}), (f"/games/{gid}", {}), (f"/games/{gid}/live", HX),
            (f"/games/{gid}/history", {}), ("/rules/lechner42", {}), (f"/clubs/{club_id}", {}),
            (f"/clubs/{club_id}/events/{event_id}", {}),
            (f"/clubs/{club_id}/events/{event_id}/live", HX),
            (f"/clubs/{club_id}/events/{event_id}/tv", {})]


def drop_caches(app) -> None:
    """Everything the app keeps between requests (every render_cache.named cache, the kept
    reads): each language's page is worked out afresh."""
    from scorekeeper.render_cache import RenderCache

    for name, value in list(app.extensions.items()):
        if isinstance(value, RenderCache):
            del app.extensions[name]
    kept = app.extensions.get("scorekeeper_kept_reads")
    if kept is not None:
        kept.reset()


def test_a_spanish_page_sends_the_statements_of_its_english_one(app, client, pages):
    for url, headers in pages:
        counts = {}
        for name, language in (("en", EN), ("es", ES)):
            drop_caches(app)  # each language rendered afresh, nothing kept between them
            with statements() as seen:
                r = client.get(url, headers={**headers, **language})
            assert r.status_code == 200, url
            counts[name] = len(seen)
        assert counts["es"] == counts["en"], (url, counts)
