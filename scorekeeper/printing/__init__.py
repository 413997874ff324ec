"""Paper and pictures of the same data (issue 43): a game's score sheet to print, an event
round's printouts (table slips, pairings, standings, bracket) and its call-out list, and the
result card (a PNG) that a shared link previews as. Nothing here is stored: each is drawn from
the game's or event's record, as its page is.
"""
