"""A finished game's or event's result card: a 1200x630 PNG (the size chat apps and social
sites preview a link by), drawn by Pillow with its built-in scalable font (no font files).

    result_png(title, subtitle, lines) -> bytes

`lines` are (name, score, won): each side with its final total (or an event's entrant with
its rank), the winners marked by a band and the word "WON" (in the reader's language), never
by colour alone. The font has ASCII and a few signs only: other letters are spelled as it can
draw them (drawable: accents dropped; its Spanish words need none: GANADOR). The drawing
depends on its arguments only (no clock, no randomness): the same result gives the same bytes,
so a card kept under a game's version and language is served unchanged while the result is
(views.py).
"""
from __future__ import annotations

import io
import unicodedata
from functools import lru_cache
from typing import Callable

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1200, 630
MARGIN = 64
PAPER, INK, MUTED, BAND, RULE = "#f6f3ec", "#15171c", "#5b5f6a", "#1f5132", "#d9d3c4"
MAX_LINES = 6


@lru_cache(maxsize=16)
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=size)


def _drawn(ch: str) -> bytes:
    image = Image.new("L", (32, 32))
    ImageDraw.Draw(image).text((4, 4), ch, font=_font(20), fill=255)
    return image.tobytes()


@lru_cache(maxsize=4096)
def _has_glyph(ch: str) -> bool:
    """Whether the built-in font draws `ch` (it has ASCII and a few signs): a glyph it lacks
    is drawn as an unassigned code point's box."""
    return _drawn(ch) != _drawn("\u0378")


# What the built-in font lacks, spelled as it can draw it.
_SPELLED = str.maketrans({"–": "-", "—": "-", "−": "-", "ß": "ss", "ø": "o", "Ø": "O",
                          "ł": "l", "Ł": "L", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE",
                          "đ": "d", "Đ": "D", "ı": "i", "×": "x", "’": "'", "‘": "'",
                          "“": '"', "”": '"'})


def drawable(text: str) -> str:
    """`text` as the built-in font draws it: accents dropped (José as Jose), a dash as a
    hyphen, any other letter it lacks as "?", never a box."""
    out = []
    for ch in text.translate(_SPELLED):
        if _has_glyph(ch):
            out.append(ch)
            continue
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(base if base and all(map(_has_glyph, base)) else "?")
    return "".join(out)


def _fitted(draw: ImageDraw.ImageDraw, text: str, size: int, width: int):
    """The text and font that fit `width`: smaller type first, then the text cut short."""
    while size > 24 and draw.textlength(text, font=_font(size)) > width:
        size -= 4
    font = _font(size)
    if draw.textlength(text, font=font) <= width:
        return text, font
    while len(text) > 1 and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text.rstrip() + "…", font


def result_png(title: str, subtitle: str, lines: list[tuple[str, str, bool]],
               more: int = 0, won_word: str = "WON",
               more_said: Callable[[int], str] = "and {} more".format) -> bytes:
    """The card: `title` (the game's or event's name), `subtitle` (the date, where), each of
    `lines` a side with its score, winners banded; `more` sides left off for room. Its own
    words in the reader's language: `won_word` beside a winner, `more_said(n)` of the sides left
    off."""
    title, subtitle = drawable(title), drawable(subtitle)
    lines = [(drawable(name), drawable(score), won) for name, score, won in lines]
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, 14), fill=INK)
    text, font = _fitted(draw, title, 64, WIDTH - 2 * MARGIN)
    draw.text((MARGIN, 48), text, font=font, fill=INK)
    text, font = _fitted(draw, subtitle, 32, WIDTH - 2 * MARGIN)
    draw.text((MARGIN, 128), text, font=font, fill=MUTED)
    shown = lines[:MAX_LINES]
    top, bottom = 196, HEIGHT - 70
    row = min(112, (bottom - top) // max(1, len(shown)))
    size = max(28, min(56, row - 36))
    won_word = drawable(won_word)
    for i, (name, score, won) in enumerate(shown):
        y = top + i * row
        if won:
            draw.rounded_rectangle((MARGIN - 20, y + 4, WIDTH - MARGIN + 20, y + row - 8),
                                   radius=16, fill=BAND)
        ink = PAPER if won else INK
        score_font = _font(size)
        score_width = draw.textlength(score, font=score_font)
        mark = f"{won_word}  " if won else ""
        mark_width = draw.textlength(mark, font=_font(size - 8)) if mark else 0
        middle = y + (row - 4) // 2
        name_text, name_font = _fitted(draw, name, size,
                                       WIDTH - 2 * MARGIN - score_width - mark_width - 40)
        draw.text((MARGIN, middle), name_text, font=name_font, fill=ink, anchor="lm")
        if mark:
            draw.text((WIDTH - MARGIN - score_width - 16, middle), mark, font=_font(size - 8),
                      fill=ink, anchor="rm")
        draw.text((WIDTH - MARGIN, middle), score, font=score_font, fill=ink, anchor="rm")
        if not won and i + 1 < len(shown) and not shown[i + 1][2]:
            draw.line((MARGIN, y + row - 2, WIDTH - MARGIN, y + row - 2), fill=RULE, width=2)
    more += max(0, len(lines) - MAX_LINES)
    footer = "Scorekeeper" + (f"  ·  {drawable(more_said(more))}" if more else "")
    draw.text((MARGIN, HEIGHT - 36), footer, font=_font(26), fill=MUTED, anchor="lm")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
