"""No hand lost, in Spanish (issue 44): what the phone says of the hands and calls it keeps
while the server is away comes in the page's language (each script's data-texts)."""
from __future__ import annotations

from playwright.sync_api import expect

from . import ui
from .test_pwa import kept

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def test_hands_and_calls_kept_offline_are_said_in_spanish(phone, live):
    page = phone(locale="es-MX")
    gid = ui.new_game(page, live.url, "lechner42", PLAYERS)
    page.context.set_offline(True)
    form = page.locator("#hand-form")
    # call by call: the calls taken on the phone, who is next as far as it can tell
    form.locator("button[name=call][value='30']").click()
    expect(form.locator("ol.calls li")).to_have_count(1)
    expect(form.locator("ol.calls li").first).to_contain_text(
        "se revisa cuando vuelva el servidor")
    expect(form.locator(".to-call")).to_have_text(
        "¿Sigue Cat? El servidor revisa los turnos cuando vuelva.")
    expect(form.locator("#offline-calls")).to_contain_text("No se puede llegar al servidor")
    for call in ("pass", "pass", "pass"):
        form.locator(f"button[name=call][value='{call}']").click()
    form.locator("label:has(> input[name=made][value='1'])").click()
    form.locator("#save-hand").click()
    # the next hand, just the bid, kept too
    expect(form.locator("h2")).to_have_text("Mano 2")
    expect(form.locator(".kept-dealer")).to_have_text("Revuelve Bob")
    expect(kept(page)).to_contain_text("Mano 1 queda en este teléfono.")
    expect(kept(page).locator("[data-kept=send]")).to_have_text("Intentar ahora")
    page.context.set_offline(False)
    expect(kept(page)).to_contain_text(
        "Mano 1 guardada: se conservó en este teléfono mientras no se podía llegar al servidor.",
        timeout=10_000)
    assert live.hands(gid) == [{"auction": [30, "pass", "pass", "pass"], "contract": "straight",
                                "made": True}]
    assert "saved" not in kept(page).inner_text()
