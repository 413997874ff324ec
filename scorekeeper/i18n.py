"""The app's languages (Flask-Babel): which one a request is answered in, and saying the
engine's sentences in it.

A phone's own choice (the chooser on every page, kept in its session cookie) comes first, then
the language of the club whose page or TV it shows (Club.language: a Spanish club's TV speaks
Spanish whatever the TV's browser says), then the browser's Accept-Language, then English. The
catalogs are scorekeeper/translations/<code>/LC_MESSAGES/messages.po, compiled by `make`;
README "Languages" says how to add one.
"""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, g, has_request_context, redirect, request, session, url_for
from flask_babel import Babel, get_locale, get_translations, refresh

from .rules.text import Name, Text

# The languages a phone can choose: code -> its own name for itself (the chooser's words).
LANGUAGES = {"en": "English", "es": "Español"}
DEFAULT = "en"
SESSION_KEY = "lang"

babel = Babel()
bp = Blueprint("i18n", __name__)


def select_language() -> str:
    """The request's language code (the module's docstring says in which order); English
    outside a request (a template rendered by a command or a test)."""
    if not has_request_context():
        return DEFAULT
    chosen = session.get(SESSION_KEY)
    if chosen in LANGUAGES:
        return chosen
    club = g.get("club_language")
    if club in LANGUAGES:
        return club
    return request.accept_languages.best_match(LANGUAGES, DEFAULT)


def language() -> str:
    """The code of the language this request is answered in ("en" outside a request)."""
    locale = get_locale()
    return locale.language if locale is not None else DEFAULT


def speak_club_language(code: str | None) -> None:
    """A club's page or TV is shown: speak the club's language unless the phone chose one."""
    if code in LANGUAGES and code != g.get("club_language"):
        g.club_language = code
        _choose_again()  # a sentence said earlier in the request chose the language without it


def forget() -> None:
    """A new request chooses its language afresh: Flask-Babel keeps the choice on flask.g, which
    a test's app context (and its g) keeps across requests."""
    g.pop("club_language", None)
    _choose_again()


_CATALOG = "scorekeeper.catalog"  # where catalog() keeps the request's


def _choose_again() -> None:
    if has_request_context():
        request.environ.pop(_CATALOG, None)
    refresh()


def catalog():
    """The request's catalog (a gettext Translations), asked of Flask-Babel once per request
    and choice of language (kept in the request's environ: a test's app context, and its g,
    outlive its requests): its get_translations walks flask.g and the locale on every call,
    about 10 µs, and a page says a few hundred sentences."""
    if not has_request_context():
        return get_translations()
    found = request.environ.get(_CATALOG)
    if found is None:
        found = request.environ[_CATALOG] = get_translations()
    return found


def gettext(message: str) -> str:
    """`message` from the request's catalog (flask_babel.gettext, without its variables)."""
    return catalog().ugettext(message)


def say(value):
    """`value` in the request's language: a Text (rules/text.py) from its template, its values
    said too; a sentence marked with N_ from the catalog; a Name, and anything else (a number),
    as it is."""
    if isinstance(value, Text):
        if not value.values:
            return gettext(value.template)
        return gettext(value.template).format(
            **{key: say(v) for key, v in value.values.items()})
    if isinstance(value, str) and value and not isinstance(value, Name):
        return gettext(value)
    return value


@bp.post("/language")
def choose_language():
    """The chooser's form: keep the phone's choice and go back to the page it was on (its
    Referer, same site only), else home. Changes nothing but this phone's cookie."""
    code = request.form.get("lang", "")
    if code in LANGUAGES:
        session[SESSION_KEY] = code
    back = urlsplit(request.referrer or "")
    target = url_for("games.home")
    if back.netloc == request.host and back.path.startswith("/") \
            and not back.path.startswith("//"):
        target = back.path + (f"?{back.query}" if back.query else "")
    return redirect(target, 303)


def init_app(app) -> None:
    """Flask-Babel with the catalogs under the package; the chooser's route; say() and the
    language in every template."""
    babel.init_app(app, locale_selector=select_language)
    # templates' _() and the rest from catalog(), asked once per request (Flask-Babel installs
    # the same callables asking get_translations() at every sentence)
    app.jinja_env.install_gettext_callables(
        gettext=gettext,
        ngettext=lambda singular, plural, n: catalog().ungettext(singular, plural, n),
        pgettext=lambda context, message: catalog().upgettext(context, message),
        npgettext=lambda context, singular, plural, n: catalog().unpgettext(
            context, singular, plural, n),
        newstyle=True)
    # first of the hooks before a view (a URL value preprocessor: before every before_request,
    # whose refusals are said in the request's language too); kept_polls calls it itself
    app.url_value_preprocessor(lambda _endpoint, _values: forget())
    # {% trans %} blocks' whitespace folded: a msgid is the sentence, not its indentation
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    app.register_blueprint(bp)
    app.jinja_env.filters["say"] = say
    app.jinja_env.globals["languages"] = LANGUAGES
    app.jinja_env.globals["language"] = language
