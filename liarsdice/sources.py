"""The sources of the rules and where they contradict themselves or each other.

- SOURCES: a short name -> the source, in words.
- ERRATA: each erratum or conflict, and the reading the presets follow (`python -m liarsdice
  rules` prints them, in the language in force; the README lists them).
The texts are English data, marked N_ for the catalogs and translated where they are shown.
"""

from __future__ import annotations

from liarsdice.i18n import N_

SOURCES = {
    "players' guide": N_(
        "the Polish dice players' guide 'Kości - poradnik gracza' (Blef: kości kłamców)"
    ),
    "encyclopedia": N_("the Polish encyclopedia article 'Blef (gra w kości)'"),
    "game page": N_("the Czech Bluff game page (a board-game database's description)"),
    "short rules": N_("the Czech short rules of the boxed Bluff ('Bluff/Stručná pravidla')"),
    "Perudo": N_("the published rules of classic Perudo"),
}
ERRATA = (
    N_(
        "The Polish players' guide lists '2 aces -> 3 threes' as a raise; its own board and "
        "doubling rule say 2 aces -> 4 of a plain face. The board and the doubling rule win."
    ),
    N_(
        "The players' guide prints the board's plain field 9 as '9 [1]' (so '9 [1]' appears twice "
        "and no plain 9); the regular pattern, plain 9 after 8 and before *5, is meant."
    ),
    N_(
        "The players' guide says a bid claims 'at most' q dice; its own settlement rules and the "
        "Czech game page ('as close as you can without going over') show that 'at least' is meant."
    ),
    N_(
        "The Czech game page starts each Bluff player with 5 dice, the box's short rules with 6 (5 "
        "at 6 players): the bluff presets follow the short rules; preset('bluff', dice=5) is the "
        "game page's reading."
    ),
    N_(
        "The boxed games seat what the box holds: Bluff 6 cups, Endless Games' 20 dice 4 players; "
        "max_players= seats more, for a group that brings more cups and dice."
    ),
)
