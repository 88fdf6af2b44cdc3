"""Lesson 06, play and simulate: settling a challenge, and a Wilson interval's width."""

from __future__ import annotations

from liarsdice.scenarios import NINE_FIVES
from liarsdice.settlement import settle
from liarsdice.teach.core import Exercise, register, register_lesson

register_lesson(6, "Play and simulate")


def _settle_nine_fives(count: int) -> tuple[int, ...]:
    """Return the dice each seat loses when 9 fives is challenged and the count is `count`."""
    s = NINE_FIVES
    return settle(s.rules, s.dice, s.bidder, s.seat, s.bid, count).lost


def _wilson_width() -> float:
    """Return the width of the 95% Wilson interval for 50 wins in 100 games."""
    from liarsdice.tournament import wilson_interval

    low, high = wilson_interval(50, 100)
    return high - low


register(
    Exercise(
        "06.settle_over",
        "Blef, four players with five dice each: seat 3 bids 9 fives, seat 0 challenges, and "
        "the table shows 7 fives and 4 aces. How many dice does the challenger lose?",
        "integer",
        lambda: _settle_nine_fives(7 + 4)[NINE_FIVES.seat],
        "under the 'difference' loss the wrong side loses the gap between the count (fives "
        "and aces together) and the bid.",
    ),
    Exercise(
        "06.settle_exact",
        "The same challenge, but the table shows exactly 9 fives (aces included). How many "
        "dice leave the table in all?",
        "integer",
        lambda: sum(_settle_nine_fives(9)),
        "in Blef an exact count costs every player but the bidder a die (exact = "
        "'others_lose_one').",
    ),
    Exercise(
        "06.wilson_width",
        "A bot wins 50 of 100 games. How wide is the 95% Wilson score interval of its win "
        "rate (high minus low)?",
        "decimal",
        _wilson_width,
        "Wilson's interval has centre (p + z^2/2N)/(1 + z^2/N) and half-width "
        "z sqrt(p(1-p)/N + z^2/4N^2)/(1 + z^2/N), with z the normal 97.5% quantile "
        "(liarsdice.tournament.wilson_interval).",
    ),
)
