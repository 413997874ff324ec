"""Issue 44, area f, in the browser: what the scripts say on a Spanish page. The copy button
and the times written in the phone's zone speak the page's language, even where the phone's
own browser speaks English (the language chosen with the chooser)."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from . import ui

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def test_a_spanish_page_on_an_english_phone_copies_and_dates_in_spanish(phone, live):
    page = phone(locale="en-US", permissions=["clipboard-read", "clipboard-write"])
    gid = ui.new_game(page, live.url, "texas42", NAMES)
    page.get_by_role("button", name="ES", exact=True).click()  # the chooser (its code on a phone)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.locator("button[data-copy='viewer-link']").click()
    expect(page.locator("#share .share-viewer .copy-done")).to_have_text("Copiado.")
    page.goto(f"{live.url}/games/{gid}/api-tokens")
    page.fill("#token-label", "Pantalla")
    page.get_by_role("button", name="Crear el token").click()
    # local-times.js: the month as Spanish writes it (es-419), not as the phone's en-US would
    made = page.locator("#api-tokens time[data-local]").first
    expect(made).to_have_text(re.compile(r"^\d{1,2} [a-z]{3,4}\.?,? "))
