"""Errors an integrator can tell apart (issue 42, item 5): each kind of problem its own `type`,
a page that explains it; a body that is not JSON is 415; wrong tokens a 429 of their own; hand
numbers said one way."""
from __future__ import annotations

import pytest

from scorekeeper.api import problems

from tests.web.helpers import game

from .helpers import LECHNER_HAND, api_client, bearer, create, game_token


def _resolves(client, problem: dict) -> None:
    """The problem's type is a page of this server that explains its kind."""
    assert problem["type"].startswith(problems.TYPES), problem
    kind = problems.KINDS[problem["type"].removeprefix(problems.TYPES)]
    assert problem["title"] == kind.title and problem["status"] == kind.status
    page = client.get(problem["type"])
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert kind.explains[:40] in html.replace("&#39;", "'").replace("&#34;", '"')


def test_each_kind_of_refusal_has_its_own_type_and_page(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    api = api_client(app)
    url = f"/api/v1/games/{gid}/hands"
    key = bearer(token, **{"Idempotency-Key": "k"})
    answers = {
        "invalid-request": api.post(url, json={"version": 1}, headers=bearer(token)),
        "refused-by-rules": api.post(url, json={"hand": {**LECHNER_HAND, "bid": 3},
                                                "version": 1}, headers=bearer(token)),
        "version-required": api.post(url, json={"hand": LECHNER_HAND}, headers=bearer(token)),
        "not-found": api.get("/api/v1/games/999999", headers=bearer(token)),
        "token-required": api.get(f"/api/v1/games/{gid}"),
        "token-invalid": api.get(f"/api/v1/games/{gid}", headers=bearer("skt_" + "x" * 43)),
    }
    assert api.post(url, json={"hand": LECHNER_HAND, "version": 1}, headers=key
                    ).status_code == 201
    answers["key-reused"] = api.post(url, json={"hand": LECHNER_HAND, "version": 2},
                                     headers=key)
    answers["stale-version"] = api.post(url, json={"hand": LECHNER_HAND, "version": 1},
                                        headers=bearer(token))
    for kind, r in answers.items():
        problem = r.get_json()
        assert r.mimetype == "application/problem+json"
        assert problem["type"] == problems.TYPES + kind, (kind, problem)
        _resolves(client, problem)
    assert answers["refused-by-rules"].get_json()["hand"] == 0
    assert "is not a bid" in answers["refused-by-rules"].get_json()["detail"]
    assert len({problems.KINDS[k].title for k in problems.KINDS}) == len(problems.KINDS)
    assert client.get(problems.TYPES + "no-such-kind").status_code == 404


@pytest.mark.parametrize("body, content_type", [
    ('{"hand": {}, "version": 1}', "text/plain"),
    ("hand=1&version=1", "application/x-www-form-urlencoded"),
    ("<hand><bid>30</bid></hand>", "application/xml")])
def test_a_body_that_is_not_json_is_415(app, client, body, content_type):
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    r = api_client(app).post(f"/api/v1/games/{gid}/hands", data=body,
                             content_type=content_type, headers=bearer(token))
    assert r.status_code == 415, r.get_json()
    assert r.get_json()["type"] == problems.TYPES + "unsupported-media-type"
    assert content_type.split("/")[1] in r.get_json()["detail"]
    assert game(gid).hands == []


def test_wrong_tokens_get_their_own_429(app, client):
    api = api_client(app)
    answers = [api.get("/api/v1/games/1", headers=bearer("skt_" + "y" * 43))
               for _ in range(11)]
    assert [a.status_code for a in answers] == [401] * 10 + [429]
    problem = answers[-1].get_json()
    assert problem["type"] == problems.TYPES + "too-many-wrong-tokens"
    assert "token" in problem["detail"] and "codes" not in problem["detail"]
    assert answers[-1].headers["Retry-After"] == "60"
    r = api.get("/api/v1/viewer/ZZZZZZZ")  # the same count: the codes say codes
    assert r.status_code == 429 and "codes" in r.get_json()["detail"]
    assert r.get_json()["type"] == problems.TYPES + "too-many-wrong-codes"


def test_hand_numbers_are_said_once_on_the_docs_page_and_in_the_document(client):
    html = client.get("/api/v1/docs").get_data(as_text=True)
    assert "from 0 in addresses and fields" in html and "Hand 1" in html
    for name in problems.KINDS:
        assert problems.TYPES + name in html
    document = client.get("/api/v1/openapi.json").get_json()
    assert problems.HAND_NUMBERS in document["info"]["description"]
