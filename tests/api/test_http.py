"""The API's HTTP manners apart from any resource: CORS off unless an origin is allowed, an
ETag and 304 on every GET, problem+json for any refusal, JSON nested past any record a 400."""
from __future__ import annotations

from .helpers import api_client, bearer, club_token, create_club


def test_cors_is_off_by_default_and_on_for_the_configured_origins(app, client):
    club = create_club(client)
    token = club_token(client, club, "club-read")
    api = api_client(app)
    url = f"/api/v1/clubs/{club}/people"
    r = api.get(url, headers=bearer(token, Origin="https://tv.example"))
    assert r.status_code == 200 and "Access-Control-Allow-Origin" not in r.headers
    app.config["API_CORS_ORIGINS"] = "https://tv.example, https://sheet.example"
    r = api.get(url, headers=bearer(token, Origin="https://tv.example"))
    assert r.headers["Access-Control-Allow-Origin"] == "https://tv.example"
    assert "ETag" in r.headers["Access-Control-Expose-Headers"]
    assert "Origin" in r.headers["Vary"]
    r = api.options(url, headers={"Origin": "https://sheet.example",
                                  "Access-Control-Request-Method": "GET",
                                  "Access-Control-Request-Headers": "Authorization"})
    assert r.status_code == 200 and "Authorization" in r.headers["Access-Control-Allow-Headers"]
    r = api.get(url, headers=bearer(token, Origin="https://evil.example"))
    assert "Access-Control-Allow-Origin" not in r.headers
    assert client.get("/", headers={"Origin": "https://tv.example"}).headers.get(
        "Access-Control-Allow-Origin") is None  # the pages never


def test_every_get_has_an_etag_and_a_304(app, client):
    club = create_club(client)
    token = club_token(client, club, "club-read")
    api = api_client(app)
    r = api.get("/api/v1/openapi.json")
    assert api.get("/api/v1/openapi.json", headers={
        "If-None-Match": r.headers["ETag"]}).status_code == 304
    for path in ("people", "games", "stats"):
        r = api.get(f"/api/v1/clubs/{club}/{path}", headers=bearer(token))
        assert r.status_code == 200 and r.headers["ETag"]
        again = api.get(f"/api/v1/clubs/{club}/{path}",
                        headers=bearer(token, **{"If-None-Match": r.headers["ETag"]}))
        assert again.status_code == 304 and not again.data


def test_refusals_are_problems(app, client):
    api = api_client(app)
    r = api.post("/api/v1/games/1/hands", data="[" * 5000, content_type="application/json",
                 headers=bearer("skt_x"))
    assert r.status_code == 400 and r.mimetype == "application/problem+json"
    r = api.get("/api/v1/games/1", headers={"Authorization": "Basic abc"})
    assert r.status_code == 401 and r.get_json()["detail"].startswith("The Authorization")
    r = api.open("/api/v1/games/1", method="PATCH")
    assert r.status_code == 405 and r.get_json()["title"] == "Method Not Allowed"
    r = api.post("/api/v1/games/1/hands/undo", headers=bearer("skt_x", **{"Idempotency-Key": ""}))
    assert r.status_code in (400, 401) and r.mimetype == "application/problem+json"
