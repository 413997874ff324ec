"""The event pieces (standings, bracket, table card) rendered through the app's templates into
standalone pages carrying the app's CSS: for the browser layout test and bench/event_shots.py."""
from __future__ import annotations

from pathlib import Path

from scorekeeper.events.bracket_svg import bracket_svg
from scorekeeper.qr import qr_svg
from scorekeeper.tournament import standings

from .samples import names, samples

ROOT = Path(__file__).resolve().parents[2]
CSS = ("app.css", "review.css", "events.css")
HOSTILE = '<script>alert("x")</script> & =cmd|\' /C calc\'!A0'


def sample_card() -> dict:
    url = "http://192.168.1.20:8000/join/K7QX-M2PA"
    return {"event_name": "Friday night at the Grange", "round": 3, "table": 12,
            "seats": [{"seat": 0, "name": "Ann", "team": "Ann & Bob"},
                      {"seat": 1, "name": "Catherine-Louise", "team": "Cat & Dan"},
                      {"seat": 2, "name": "Bob", "team": "Ann & Bob"},
                      {"seat": 3, "name": "Dan", "team": "Cat & Dan"}],
            "shakes_first": 0, "qr_svg": qr_svg(url, "Scan to score table 12"), "url": url}


def pieces(app) -> dict[str, str]:
    """Each page's body HTML by name: every sample's standings (and bracket), the card."""
    env = app.jinja_env
    out = {}
    for name, record in samples().items():
        shown = names(record)
        if name == "round-robin":
            shown[1] = HOSTILE
        html = env.get_template("partials/events/_standings.html").render(
            standings=standings(record), names=shown)
        if record["format"] in ("pools", "single-elimination", "double-elimination"):
            html = str(bracket_svg(record, shown)) + html
        out[name] = html
    card = env.get_template("partials/events/_table_card.html")
    out["table-card"] = card.render(card=sample_card())
    tables = sample_card() | {"seats": [{"seat": i, "name": n, "team": None}
                                         for i, n in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve"])],
                               "shakes_first": 2}
    out["table-card-five"] = card.render(card=tables)
    return out


def standalone(body: str, tv: bool) -> str:
    """A whole page around `body`, the app's CSS inline; `tv`: the TV view's page class."""
    css = "\n".join((ROOT / "static" / "css" / name).read_text() for name in CSS)
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="color-scheme" content="light dark"><title>Event</title><style>{css}</style>'
            f'</head><body{" class=tv" if tv else ""}><main><h1>Friday night</h1>{body}</main>'
            f'</body></html>')


