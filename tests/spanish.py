"""What is left in English on a page said in another language (issue 44): the tests of every
area render their pages in Spanish and assert english_left(html) == []."""
from __future__ import annotations

import re
from html.parser import HTMLParser

# Words a Spanish page never has, outside names and codes (the tests' names are not these);
# not those Spanish has too ("no", "club", "total").
ENGLISH = frozenset("""
the and of to is are was with you your this that for from not but or on at by it its be has
have had will can may must yes hand hands bid bids bidder game games save saved enter player
players team teams score scores points point marks mark set made won win wins winner round rounds
trick tricks went out blocked dealer deal new start undo edit back home join clubs event
events rules rule table tables totals settings people person who what when which how
there here only each every all none one two three first last next more less than before after
""".split())
# Text a page shows that is not a sentence of the app: attributes are not read, these tags'
# text neither.
SKIPPED_TAGS = {"script", "style", "svg", "code", "pre", "kbd", "samp"}
WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
# an address shown as text is a code, not a sentence: http://…/join, /games/3
ADDRESS = re.compile(r"(?:https?://|(?<![\w])/)[^\s,;)]*")
# a join code, as a page shows it ("BY4 ZP95": its letters are no word)
CODE = re.compile(r"\b[A-Z0-9]{3} ?[A-Z0-9]{4}\b")


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.skipping, self.chunks = 0, []

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED_TAGS:
            self.skipping += 1
        names = dict(attrs)
        # what a screen reader or a button says is read too
        for attr in ("aria-label", "title", "placeholder", "alt"):
            if names.get(attr):
                self.chunks.append(names[attr])
        if tag == "input" and names.get("type") in ("submit", "button") and names.get("value"):
            self.chunks.append(names["value"])

    def handle_endtag(self, tag):
        if tag in SKIPPED_TAGS and self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping and data.strip():
            self.chunks.append(data.strip())


def visible_text(html: str) -> list[str]:
    """The chunks of text a person reads on the page (and hears from its labels)."""
    parser = _Text()
    parser.feed(html)
    return parser.chunks


def english_left(html: str, names: tuple[str, ...] = ()) -> list[str]:
    """The chunks of the page's text with an English word in them, `names` (the people, clubs
    and games a test made) taken out first."""
    left = []
    for chunk in visible_text(html):
        text = CODE.sub(" ", ADDRESS.sub(" ", chunk))
        for name in sorted(names, key=len, reverse=True):  # "Bobby" before "Bob"
            text = text.replace(name, " ")
        if any(word.lower() in ENGLISH for word in WORD.findall(text)):
            left.append(chunk)
    return left
