"""Helpers for the API tests: tokens made through the real token pages, calls with them."""
from __future__ import annotations

import re

from tests.web.clubs.helpers import club_game, create_club  # noqa: F401  (re-exported)
from tests.web.helpers import create  # noqa: F401

LECHNER_HAND = {"bidder": 1, "bid": 30, "contract": "straight", "points": 34}


def secret_of(response) -> str:
    """The secret the token page shows once."""
    found = re.search(r"skt_[A-Za-z0-9_-]{43}", response.get_data(as_text=True))
    assert found, response.get_data(as_text=True)[:3000]
    return found[0]


def game_token(client, game_id: int, right: str = "game-score", label: str = "Bar TV",
               days: str = "") -> str:
    r = client.post(f"/games/{game_id}/api-tokens",
                    data={"label": label, "right": right, "days": days})
    assert r.status_code == 201, r.get_data(as_text=True)[:3000]
    return secret_of(r)


def club_token(client, club_id: int, right: str = "club-write", label: str = "Sheet") -> str:
    r = client.post(f"/clubs/{club_id}/api-tokens", data={"label": label, "right": right})
    assert r.status_code == 201, r.get_data(as_text=True)[:3000]
    return secret_of(r)


def bearer(secret: str | None, **headers) -> dict:
    return {**({"Authorization": f"Bearer {secret}"} if secret else {}), **headers}


def api_client(app):
    """A client with no cookies: an app elsewhere, holding only its token."""
    return app.test_client()
