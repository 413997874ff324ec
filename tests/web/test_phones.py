"""One phone cookie, however many games and clubs: a busy phone is never locked out (a Cookie
header past 8 KB is refused by gunicorn and nginx before the app sees it), every cookie is
Secure behind an https PUBLIC_URL, and a phone from before phones keeps its roles."""
from __future__ import annotations

from http.cookies import SimpleCookie

from sqlalchemy import select

from scorekeeper import access
from scorekeeper.extensions import db
from scorekeeper.models import Game, Member, Phone, PhoneGame, Player, unused_code

from .clubs.helpers import club, create_club, join_club
from .helpers import create, game, post_hand, preview

PAGES = ["/", "/games/new", "/join", "/clubs", "/games/{gid}", "/games/{gid}/rules",
         "/games/{gid}/record.json", "/clubs/{cid}", "/clubs/{cid}/roster",
         "/clubs/{cid}/phones", "/clubs/{cid}/games/new", "/clubs/{cid}/export.json"]


def cookie_header(response) -> str:
    """The Cookie header the phone sent with this request."""
    return response.request.environ.get("HTTP_COOKIE", "")


def test_a_phone_with_500_games_and_20_clubs_sends_a_small_cookie(app, client):
    gids = [create(client, "castle-rock", 1) for _ in range(50)]  # through the form
    phone = int(client.get_cookie(access.PHONE_COOKIE).value.split(".")[0])
    with app.test_request_context():  # and 450 more as the form leaves them, in one go
        more = [Game(variant="castle-rock", code=unused_code(),
                     players=[Player(seat=0, name="Sol")]) for _ in range(450)]
        db.session.add_all(more)
        db.session.flush()
        db.session.add_all(PhoneGame(phone_id=phone, game_id=g.id, kind="c",
                                     token=access._token("c", g.id, g.creator_secret))
                           for g in more)
        db.session.commit()
        gids += [g.id for g in more]
    for gid in gids[-40:]:  # an entry mode picked in many games
        assert preview(client, gid, {"mode": "quick", "set_mode": "quick"}).status_code == 200
    cids = [create_club(client, f"Club {i}") for i in range(10)]
    for i in range(10):
        organizer = app.test_client()
        cid = create_club(organizer, f"Their club {i}")
        assert join_club(client, cid).status_code == 303
        cids.append(cid)
    assert len(access_rows(client)) == 500
    sizes = []
    for url in PAGES:
        r = client.get(url.format(gid=gids[-1], cid=cids[-1]))
        assert r.status_code == 200, url
        sizes.append(len(cookie_header(r)))
    assert max(sizes) < 4096, sizes
    home = client.get("/").get_data(as_text=True)
    assert f"/games/{gids[-1]}" in home  # the newest games are listed
    for cid in cids:  # and every club
        assert f"/clubs/{cid}" in client.get("/clubs").get_data(as_text=True)


def access_rows(client) -> list[PhoneGame]:
    phone = int(client.get_cookie(access.PHONE_COOKIE).value.split(".")[0])
    return db.session.scalars(select(PhoneGame).where(PhoneGame.phone_id == phone)).all()


def test_a_visitor_gets_no_phone(client):
    """Only a role makes a phone: pages alone set no cookie of ours (no row per crawler)."""
    for url in ("/", "/games/new", "/join", "/clubs"):
        assert access.PHONE_COOKIE not in SimpleCookie(
            "; ".join(client.get(url).headers.getlist("Set-Cookie")))


def test_every_cookie_is_secure_with_an_https_public_url(app_factory):
    """The proxy sends no X-Forwarded-Proto, so each request looks like plain http: the https
    PUBLIC_URL alone makes every cookie Secure, the dropped old ones included."""
    app = app_factory("https-public-url.sqlite", PUBLIC_URL="https://score.example")
    phone = app.test_client()
    headers = []

    def keep(r):
        headers.extend(r.headers.getlist("Set-Cookie"))
        return r

    with app.app_context():
        gid = create(phone, "lechner42")
        keep(phone.get(f"/s/{game(gid).scorer_secret}"))  # the phone cookie
        keep(phone.get(f"/games/{gid}?view=list"))  # view
        keep(preview(phone, gid, {"mode": "auction", "set_mode": "quick"}))  # modes
        cid = create_club(phone)
        other = app.test_client()
        keep(join_club(other, cid))  # a new phone joining a club
        old = app.test_client()  # a phone from before phones: its cookies are dropped
        old.set_cookie(f"sk_c_{gid}", "0" * 64)
        old.set_cookie(f"sk_m_{cid}", "1.forged")
        old.set_cookie(f"entry-{gid}", "quick")
        keep(old.get("/"))
    with_csrf = app_factory("https-public-url-csrf.sqlite",
                            PUBLIC_URL="https://score.example", WTF_CSRF_ENABLED=True)
    keep(with_csrf.test_client().get("/games/new"))  # the session (its CSRF token)
    names = {next(iter(SimpleCookie(h))) for h in headers}
    assert {access.PHONE_COOKIE, "view", access.MODES_COOKIE, f"sk_c_{gid}", f"sk_m_{cid}",
            f"entry-{gid}", "session"} <= names
    insecure = [h for h in headers if "; Secure" not in h]
    assert insecure == []


def test_without_https_cookies_are_not_secure(client):
    """On a LAN over plain http a Secure cookie would never come back."""
    gid = create(client, "lechner42")
    r = client.get(f"/games/{gid}?view=list")
    assert r.headers.getlist("Set-Cookie") and all(
        "Secure" not in h for h in r.headers.getlist("Set-Cookie"))


def test_the_entry_modes_cookie_keeps_the_latest_variants_only(client):
    others = [f"v{i}.auction..list" for i in range(access.MODE_VARIANTS)]
    client.set_cookie(access.MODES_COOKIE, "_".join(others))
    gid = create(client, "lechner42")
    preview(client, gid, {"mode": "auction", "set_mode": "quick"})
    value = client.get_cookie(access.MODES_COOKIE).value
    assert value.split("_") == ["lechner42.quick.."] + others[:access.MODE_VARIANTS - 1]
    assert 'name="mode" value="quick"' in client.get(f"/games/{gid}").text


def test_a_copied_phone_cookie_is_the_same_phone_and_a_forged_one_nobody(app, client):
    gid = create(client, "castle-rock", 1)
    twin, eve = app.test_client(), app.test_client()
    value = client.get_cookie(access.PHONE_COOKIE).value
    twin.set_cookie(access.PHONE_COOKIE, value)
    assert post_hand(twin, gid, {"remaining": "3"}).status_code == 303
    phone, _, mac = value.partition(".")
    for forged in (f"{int(phone) + 1}.{mac}", f"{phone}.{'0' * 64}", phone, f"{phone}."):
        eve.set_cookie(access.PHONE_COOKIE, forged)
        assert eve.get(f"/games/{gid}").status_code == 404, forged  # no game for it


def test_old_cookies_are_adopted_once_and_dropped(app, client):
    """A phone that holds cookies of before phones (made here as the old code made them)."""
    gid = create(client, "castle-rock", 1)
    cid = create_club(client)
    g, member = game(gid), club(cid).members[0]
    db.session.execute(db.update(Member).where(Member.id == member.id).values(phone_id=None))
    db.session.commit()
    old = app.test_client()
    with app.test_request_context():
        old.set_cookie(f"sk_c_{gid}", access._token("c", gid, g.creator_secret))
        old.set_cookie(f"sk_m_{cid}", f"{member.id}."
                                      + access._token("member", cid, f"{member.id}:{member.secret}"))
    r = old.get("/")
    dropped = {next(iter(SimpleCookie(h))) for h in r.headers.getlist("Set-Cookie")
               if "Max-Age=0" in h}
    assert dropped == {f"sk_c_{gid}", f"sk_m_{cid}"}
    assert {c.key for c in old._cookies.values()} - {"session"} == {access.PHONE_COOKIE}
    assert f"/games/{gid}" in r.text
    assert post_hand(old, gid, {"remaining": "3"}).status_code == 303  # still its creator
    assert old.get(f"/clubs/{cid}").status_code == 200
    assert club(cid).members[0].phone_id is not None


def test_a_phone_whose_row_is_gone_gets_a_new_one(app, client):
    """A database restored from before the phone was made: its signed cookie names no row, so
    a new role makes a new phone instead of failing on the missing row."""
    first = create(client, "castle-rock", 1)
    db.session.execute(db.delete(PhoneGame))
    db.session.execute(db.delete(Phone))
    db.session.commit()
    assert client.get(f"/games/{first}").status_code == 404  # nothing of it is left
    second = create(client, "castle-rock", 1)
    assert post_hand(client, second, {"remaining": "3"}).status_code == 303
    cid = create_club(client)
    assert client.get(f"/clubs/{cid}").status_code == 200
