"""Hostile input to the event forms and actions: any text, numbers at the edges, ids of other
things. Never a 500, never a change by a refused request: a plain message or a 404."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from ..helpers import text
from .helpers import club_with_event, event, start_round, url

FIELDS = ("name", "day", "variant", "format", "entrants", "best_of", "pool_size", "advance",
          "rounds", "table_size", "cap", "time_limit", "tiebreaks", "draw", "double")
EDGES = st.sampled_from(["", "0", "-1", "3", "2147483648", "99999999999999999999", "1e9",
                         "\x00", "texas42", "moon", "castle-rock", "pools", "tables",
                         "round-robin", "Ann & Bob\nAnn & Bob", "A\nB\nC\nD\nE", "wins,wins",
                         "head_to_head", "2026-02-30", "2026-11-27", " & ", ":", "é" * 90])
VALUE = st.one_of(EDGES, st.text(max_size=60))
LOOSE = settings(max_examples=60, deadline=None,
                 suppress_health_check=[HealthCheck.function_scoped_fixture])


@LOOSE
@given(form=st.dictionaries(st.sampled_from(FIELDS), VALUE, max_size=len(FIELDS)))
def test_the_new_event_form_never_fails(client, form):
    from ..clubs.helpers import create_club

    club_id = create_club(client)
    r = client.post(f"/clubs/{club_id}/events", data=form)
    assert r.status_code in (303, 400, 422), (r.status_code, form)  # 400: a NUL, refused early
    if r.status_code == 422:
        assert text(r)  # a plain message on the form again


@LOOSE
@given(path=st.sampled_from(["/entrants", "/playoff", "/rounds", "/rounds/1/call",
                             "/matches/{m}/forfeit", "/matches/{m}/swap", "/matches/{m}/next",
                             "/matches/{m}/card"]),
       form=st.dictionaries(st.sampled_from(["entrant", "side", "out", "in", "version"]),
                            VALUE, max_size=4))
def test_the_organizers_actions_never_fail(client, path, form):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    before = event(event_id).version
    match = next(m for m in event(event_id).matches if m.bye is None)
    target = url(club_id, event_id, path.format(m=match.id))
    r = client.get(target) if path.endswith("/card") else client.post(target, data=form)
    assert r.status_code in (200, 303, 400, 404, 422), (r.status_code, path, form)
    if r.status_code in (400, 404, 422):
        assert event(event_id).version == before


def test_digits_that_are_not_ascii_are_no_number(client):
    club_id, event_id = club_with_event(client)
    r = client.get(f"/clubs/{club_id}/games?event=%C2%B9&person=%C2%B2&page=%C2%B3")
    assert r.status_code == 200  # "¹" is str.isdigit() but no int(): the filter is dropped
    r = client.post(url(club_id, event_id, "/rounds"), data={"version": "\u00b9"})
    assert r.status_code == 422 and not event(event_id).matches
