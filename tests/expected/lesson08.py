"""Independent computations of lesson 08's answers."""

from __future__ import annotations

from tests.expected import Expected, game_value_1v1

EXPECTED: Expected = {
    "08.game_value": game_value_1v1,
    "08.favoured": lambda: "first" if game_value_1v1() > 0 else "second",
    "08.uniform_nash_conv": lambda: 1.561488646384479,  # OpenSpiel's published NashConv
}
