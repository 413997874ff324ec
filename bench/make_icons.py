"""Draw the app icons: static/icons/icon.svg and its PNGs, rendered by headless Chromium.

    .venv/bin/python bench/make_icons.py

Run once when the drawing changes and commit the PNGs (Pillow is not a dependency). The icon is
a domino, four pips over two (42), white on the app's green. The maskable ones fill the square
and keep the domino inside the middle 80 % circle that launchers may cut to.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.live import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "static" / "icons"
GREEN, TILE, PIP = "#0b6e4f", "#fffdf7", "#1b1c20"


def domino() -> str:
    pips = [(211, 111), (301, 111), (211, 201), (301, 201), (211, 311), (301, 401)]
    dots = "".join(f'<circle cx="{x}" cy="{y}" r="25"/>' for x, y in pips)
    return (f'<rect x="166" y="56" width="180" height="400" rx="30" fill="{TILE}"/>'
            f'<line x1="190" y1="256" x2="322" y2="256" stroke="{GREEN}" stroke-width="10" '
            f'stroke-linecap="round"/><g fill="{PIP}">{dots}</g>')


def svg(maskable: bool) -> str:
    if maskable:
        body = (f'<rect width="512" height="512" fill="{GREEN}"/>'
                f'<g transform="translate(256 256) scale(.76) translate(-256 -256)">{domino()}</g>')
    else:
        body = f'<rect width="512" height="512" rx="112" fill="{GREEN}"/>{domino()}'
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">{body}</svg>\n'


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg(False))
    shots = [("icon-192.png", 192, False), ("icon-512.png", 512, False),
             ("maskable-192.png", 192, True), ("maskable-512.png", 512, True),
             ("apple-touch-icon.png", 180, True), ("favicon-32.png", 32, False)]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, size, maskable in shots:
            page = browser.new_page(viewport={"width": size, "height": size},
                                    device_scale_factor=1)
            page.set_content('<html style="margin:0;background:transparent"><body style="margin:0">'
                             + svg(maskable).replace("<svg ", f'<svg width="{size}" height="{size}" ')
                             + "</body></html>")
            page.screenshot(path=str(OUT / name), omit_background=True)
            page.close()
        browser.close()
    print("icons in", OUT)


if __name__ == "__main__":
    main()
