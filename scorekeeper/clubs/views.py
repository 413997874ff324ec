"""The club pages: start or join a club, its home, its roster (rename, merge), its phones (leave,
remove, hand over admin), a new game seated from the roster, export and import of its games.

Every club page needs this phone's member cookie (roster.load_club: 404 for no such club, 403
for a phone that has not joined); nothing of a club is shown to anyone else. Joining takes the
club's code, through codes.find_by_code and its wrong-guess limit (shared with game codes).
"""
from __future__ import annotations

from flask import abort, redirect, request, url_for
from flask_babel import gettext as _
from sqlalchemy.orm import selectinload

from .. import access, club_ratings, codes, i18n, qr, ratings, rules, security, store, web
from ..games import new_game as setup
from ..extensions import db
from ..models import Club, Game
from ..rules.record import whole_number
from ..stats import name_key
from . import bp, roster

MAX_CLUB_NAME = 60
MAX_LABEL = 40


def _go(url: str, htmx_form: bool = False):
    """After a write: 303. The setup form is posted by htmx (hx-post, its target the form):
    htmx gets 204 + HX-Redirect and loads the page, as games.start_game does."""
    return web.redirect_to(url) if htmx_form else redirect(url, 303)


def _label() -> str | None:
    """The optional name of this phone ("Ann's phone") typed on a form."""
    return setup.clean_name(request.form.get("label", ""))[:MAX_LABEL] or None


# --------------------------------------------------------------------------- start or join

def _index(status: int = 200, **ctx):
    ctx.setdefault("clubs", roster.my_clubs())
    return web.render("clubs/index.html", "clubs/_index.html", status, **ctx)


@bp.get("/clubs")
def index():
    """This phone's clubs; start one; join one by its code; import one."""
    return _index()


@bp.post("/clubs")
def create():
    name = setup.clean_name(request.form.get("name", ""))
    error = None
    if not name:
        error = _("Give the club a name.")
    elif len(name) > MAX_CLUB_NAME:
        error = _("A club's name is at most %(letters)s letters.", letters=MAX_CLUB_NAME)
    if error:
        return _index(422, create_error=error, name_typed=request.form.get("name", ""),
                      label_typed=request.form.get("label", ""))
    phone = store.create_club(name, access.phone_id(create=True), _label())
    return access.grant_member(_go(url_for("clubs.home", club_id=phone.club_id)), phone)


def _join(club: Club):
    """This phone joins the club (once: a member is sent straight to its home). A phone the
    admin removed is told so (403), whichever code it typed."""
    phone = access.member(club.id)
    if phone is None:
        try:
            phone = store.join_club(club, access.phone_id(create=True), _label())
        except store.Refused as refused:
            return _index(403, join_error=i18n.say(refused.sentence))
    return access.grant_member(_go(url_for("clubs.home", club_id=club.id)), phone)


@bp.post("/clubs/join")
def join():
    typed = request.form.get("code", "")
    code = access.normalize_code(typed)
    if code is None:  # cannot be any code: not counted as a guess
        return _index(400, join_error=access.code_refusal(typed), code_typed=typed)
    club = codes.find_by_code(code, Club)
    if club is None:
        return _index(404, join_error=_("No club has the code %(code)s.",
                                        code=codes.pretty_code(code)), code_typed=typed)
    return _join(club)


@bp.get("/c/<code>")
def link(code: str):
    """The club's QR code: asks this phone to join (a GET never joins), or opens the club for
    a phone that is in it already."""
    normalized = access.normalize_code(code)
    club = codes.find_by_code(normalized, Club) if normalized else None
    if club is None:
        return _index(404, join_error=_("No club has that code."), code_typed=code)
    if access.member(club.id) is not None:
        return redirect(url_for("clubs.home", club_id=club.id), 303)
    return web.render("clubs/join.html", "clubs/_join.html", club=club)


# --------------------------------------------------------------------------- the club's home

@bp.get("/clubs/<int:club_id>")
def home(club_id: int):
    club, phone = roster.load_club(club_id)
    return web.render("clubs/home.html", "clubs/_home.html", club=club, phone=phone,
                        people=roster.people(club), games=roster.recent_games(club))


# --------------------------------------------------------------------------- the roster

def _roster(club, phone, status=200, **ctx):
    return web.render("clubs/people.html", "clubs/_people.html", status, club=club,
                        phone=phone, people=roster.people(club), **ctx)


def _roster_name(field: str = "name") -> tuple[str, str | None]:
    name = setup.clean_name(request.form.get(field, ""))
    if not name:
        return name, _("Type a name.")
    if len(name) > setup.MAX_NAME:
        return name, _("A name is at most %(letters)s letters.", letters=setup.MAX_NAME)
    return name, None


def _roster_done(club, phone, notice: str):
    if web.is_htmx():
        return _roster(club, phone, notice=notice)
    return redirect(url_for("clubs.people", club_id=club.id), 303)


@bp.get("/clubs/<int:club_id>/roster")
def people(club_id: int):
    club, phone = roster.load_club(club_id)
    return _roster(club, phone)


@bp.post("/clubs/<int:club_id>/roster")
def add_person(club_id: int):
    club, phone = roster.load_club(club_id)
    name, error = _roster_name()
    if error is None:
        try:
            store.add_person(club, name)
        except store.Refused as refused:
            error = i18n.say(refused.sentence)
    if error:
        return _roster(club, phone, 422, error=error)
    return _roster_done(club, phone, _("%(name)s is on the roster.", name=name))


@bp.post("/clubs/<int:club_id>/roster/<int:person_id>/rename")
def rename_person(club_id: int, person_id: int):
    club, phone = roster.load_club(club_id)
    person = roster.load_person(club, person_id)
    old = person.name
    name, error = _roster_name()
    if error is None:
        try:
            store.rename_person(person, name, roster.via(phone))
        except store.Refused as refused:
            error = i18n.say(refused.sentence)
    if error:
        return _roster(club, phone, 422, error=error)
    return _roster_done(club, phone, _("%(old)s is now %(name)s, in every game.", old=old,
                                       name=name))


@bp.post("/clubs/<int:club_id>/roster/<int:person_id>/merge")
def merge_person(club_id: int, person_id: int):
    """Bob and Bobby are one person: Bobby's games become Bob's. Without confirm=1 this shows
    what would happen and asks (it cannot be undone)."""
    club, phone = roster.load_club(club_id)
    gone = roster.load_person(club, person_id)
    into_id = whole_number(request.form.get("into"))
    if into_id is None or not 0 < into_id <= 2**31 - 1:
        return _roster(club, phone, 422, error=_("Pick who %(name)s is the same person as.",
                                                             name=gone.name))
    into = roster.load_person(club, into_id)
    if request.form.get("confirm") != "1":
        games, not_begun = roster.seat_games(gone)
        return web.render("clubs/merge.html", "clubs/_merge.html", club=club, gone=gone,
                            into=into, games=games, not_begun=not_begun)
    gone_name, into_name = gone.name, into.name
    try:
        store.merge_people(gone, into, roster.via(phone))
    except store.Refused as refused:
        return _roster(club, phone, 422, error=i18n.say(refused.sentence))
    return _roster_done(club, phone, _("%(gone)s and %(into)s are one person now: every game "
                                       "shows %(into)s.", gone=gone_name, into=into_name))


# --------------------------------------------------------------------------- phones

def _phones(club, phone, status=200, **ctx):
    return web.render("clubs/members.html", "clubs/_members.html", status, club=club,
                        phone=phone, club_url=qr.absolute_url(
                            url_for("clubs.link", code=club.code)), **ctx)


@bp.get("/clubs/<int:club_id>/phones")
def members(club_id: int):
    club, phone = roster.load_club(club_id)
    return _phones(club, phone)


@bp.post("/clubs/<int:club_id>/leave")
def leave(club_id: int):
    _club, phone = roster.load_club(club_id)
    store.leave_club(phone)
    return access.forget_member(_go(url_for("clubs.index")), club_id)


def _admin_action(club_id: int, action, *args, member_id: int | None = None,
                  then: str = "clubs.members"):
    """An admin's change to the club (to phone `member_id`: 404 when the club has no such
    phone): store.Refused (this phone is not, or no longer, the admin) is the plain 403 page;
    done, or found done by a first tap, the page `then` (the phones page)."""
    club, phone = roster.load_club(club_id)
    if member_id is not None:
        roster.load_member(club, member_id)
    try:
        action(phone, *args)
    except store.Refused as refused:
        abort(access._reload_htmx(web.refuse(403, _("Admin only"), i18n.say(refused.sentence))))
    return _go(url_for(then, club_id=club_id))


@bp.post("/clubs/<int:club_id>/language")
def set_language(club_id: int):
    """The admin sets the language of the club's pages and TV for a phone that chose none
    (i18n.select_language); "" is each phone's own."""
    code = request.form.get("language", "")
    if code and code not in i18n.LANGUAGES:
        abort(400)
    return _admin_action(club_id, store.set_club_language, code or None, then="clubs.home")


@bp.post("/clubs/<int:club_id>/phones/<int:member_id>/remove")
def remove_member(club_id: int, member_id: int):
    """The admin removes a phone: it loses the club and every right it had through it, and
    the club gets a new code (store.remove_member)."""
    return _admin_action(club_id, lambda admin: store.remove_member(
        admin, member_id, f"club admin {admin.display}"[:40]), member_id=member_id)


@bp.post("/clubs/<int:club_id>/phones/<int:member_id>/admin")
def make_admin(club_id: int, member_id: int):
    """The admin hands admin to another phone."""
    return _admin_action(club_id, store.hand_admin, member_id, member_id=member_id)


@bp.post("/clubs/<int:club_id>/code")
def new_code(club_id: int):
    """The admin gives the club a new code: the old code and QR code stop working."""
    return _admin_action(club_id, store.new_club_code)


@bp.post("/clubs/<int:club_id>/removed/<int:phone_id>/let-in")
def let_back_in(club_id: int, phone_id: int):
    """The admin lets a removed phone join again."""
    return _admin_action(club_id, store.let_back_in, phone_id)


# --------------------------------------------------------------------------- a new game

def _seats(club, variant, form=None):
    """The seat pickers' values: per seat the roster person picked and the new name typed."""
    n = variant.max_players
    picked = [(form.get(f"person-{i}", "") if form else "") for i in range(n)]
    typed = [(form.get(f"name-{i}", "") if form else "") for i in range(n)]
    return picked, typed


def _seat_names(club, variant, form) -> list[str]:
    """Each seat's name: a new name typed wins over the roster pick."""
    by_id = {str(p.id): p.name for p in club.people}
    picked, typed = _seats(club, variant, form)
    return [setup.clean_name(t) or by_id.get(p, "") for p, t in zip(picked, typed)]


def _seated_people(club, variant, form) -> list[int] | None:
    """The four roster people picked for a partnership game's seats (no new name typed, nobody
    twice), or None."""
    if form is None or not variant.partnership or variant.rating_group is None:
        return None
    picked, typed = _seats(club, variant, form)
    ids = {str(p.id): p.id for p in club.people}
    people = [ids.get(p) for p in picked]
    if any(t.strip() for t in typed) or None in people or len(set(people)) != len(people):
        return None
    return people


def _win_chance(club, variant, people: list[int]) -> list[dict]:
    """Each side's win chance ("Ann & Cat 57%") on the club's ratings of all time."""
    names = {p.id: p.name for p in club.people}
    sides = [[people[0], people[2]], [people[1], people[3]]]
    group = club_ratings.club_ratings(club.id).ratings.groups.get(variant.rating_group)
    chance = ratings.win_chance(group, sides)
    return [{"name": " & ".join(names[p] for p in side), "percent": c}
            for side, c in zip(sides, chance)]


def _fair_seats(club, variant, form):
    """The form with its four people reseated as fair teams (ratings.fair_teams), or as it is."""
    people = _seated_people(club, variant, form)
    if people is None:
        return form
    group = club_ratings.club_ratings(club.id).ratings.groups.get(variant.rating_group)
    fair = ratings.fair_teams(group, people)
    reseated = form.copy()
    for i, person in enumerate(fair):
        reseated[f"person-{i}"] = str(person)
    return reseated


def _new_game_page(club, variant_id, form=None, errors=None, status=200):
    ctx = setup.new_game_context(variant_id, form, errors)
    ctx.update(club=club, roster=sorted(club.people, key=lambda p: name_key(p.name)),
               picker_url=url_for("clubs.new_game", club_id=club.id),
               create_url=url_for("clubs.create_game", club_id=club.id))
    variant = ctx["variant"]
    if variant is not None:
        ctx["picked"], ctx["typed"] = _seats(club, variant, form)
        saved = store.club_rules(club.id, variant.id)
        ctx["club_rules_saved"] = saved is not None and form is None
        ctx["save_rules"] = bool(form and form.get("save_rules"))
        if form is None and saved:  # a new game starts from the club's rules
            ctx["option_values"] = {**ctx["option_values"], **saved}
        if form is not None:
            ctx["names"] = _seat_names(club, variant, form)
        people = _seated_people(club, variant, form)
        ctx["chance"] = _win_chance(club, variant, people) if people else None
        ctx["can_seat_fairly"] = variant.partnership and variant.rating_group is not None
    return web.render("clubs/new_game.html", "games/_new_game.html", status, **ctx)


@bp.get("/clubs/<int:club_id>/games/new")
def new_game(club_id: int):
    club, _phone = roster.load_club(club_id)
    return _new_game_page(club, request.args.get("variant"))


@bp.post("/clubs/<int:club_id>/games/new")
def create_game(club_id: int):
    """A game in the club: seats from the roster or new names, which join the roster."""
    club, _phone = roster.load_club(club_id)
    variant = rules.VARIANTS.get(request.form.get("variant", ""))
    if variant is None:
        return _new_game_page(club, None, request.form, [_("Pick the game you are playing.")], 422)
    if request.form.get("seating") in ("fair", "chance"):  # reseat, or show the chance: no game yet
        form = _fair_seats(club, variant, request.form) if request.form["seating"] == "fair" \
            else request.form
        return _new_game_page(club, variant.id, form)
    if setup.chosen_preset(variant, request.form):  # fills the house rules, then back to the form
        return _new_game_page(club, variant.id, request.form)
    names = _seat_names(club, variant, request.form)
    last = max((i for i, n in enumerate(names) if n), default=-1)
    players = names[: last + 1]
    errors = setup.seat_problems(variant, players, "seated")
    record, errors = setup.read_record(variant, players, request.form, errors)
    if errors:
        return _new_game_page(club, variant.id, request.form, errors, 422)
    game = store.start_game(record, club=club, save_rules=bool(request.form.get("save_rules")))
    return access.grant_creator(_go(url_for("games.game_page", game_id=game.id), True), game)


# --------------------------------------------------------------------------- club rules

@bp.post("/games/<int:game_id>/rules/club")
def save_rules(game_id: int):
    """Make a club game's options its club's rules for that variant: members only."""
    game = store.get_game(game_id)
    if game is None or game.club_id is None:  # (as for a club game of another club)
        abort(roster.members_only())
    club, _phone = roster.load_club(game.club_id)
    store.save_club_rules(club, game.variant, dict(game.options or {}))
    return _go(url_for("games.rules_card", game_id=game.id))


# --------------------------------------------------------------------------- export, import

@bp.get("/clubs/<int:club_id>/export.json")
def export(club_id: int):
    """Every game of the club as one JSON list of game records, oldest first: what
    `scorekeeper stats` reads, and what importing a club takes."""
    club, _phone = roster.load_club(club_id)
    games = db.session.scalars(db.select(Game).where(Game.club_id == club.id)
                               .options(selectinload(Game.players), selectinload(Game.hands))
                               .order_by(Game.id)).all()
    return web.json_download([g.record() for g in games], f"scorekeeper-club-{club.id}.json")


@bp.post("/clubs/import")
@security.large_upload
def import_club():
    """A new club from a club export (or one game record), checked game by game and hand by
    hand before anything is saved; people are made from the names."""
    name = setup.clean_name(request.form.get("name", ""))
    raw = security.read_json(web.uploaded_text("records"))
    error = None
    records: list[dict] = []
    if not name or len(name) > MAX_CLUB_NAME:
        error = _("Give the new club a name (at most %(letters)s letters).",
                  letters=MAX_CLUB_NAME)
    elif not isinstance(raw, (list, dict)):
        error = _("That file is not a club export (a JSON list of game records).")
    else:
        for i, item in enumerate(raw if isinstance(raw, list) else [raw]):
            record, problem = setup.check_record(item)
            if problem:
                error = _("Game %(number)s: %(problem)s", number=i + 1,
                          problem=i18n.say(problem))
                break
            records.append(record)
    if error:
        return _index(422, import_error=error, import_name=request.form.get("name", ""))
    phone = store.import_club(name, access.phone_id(create=True), _label(), records)
    return access.grant_member(_go(url_for("clubs.home", club_id=phone.club_id)), phone)
