"""Tests of liarsdice.svg: dice drawn in both wild styles, hands and bids."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import liarsdice as ld
from liarsdice.svg import bid_svg, die_svg, hand_svg

NS = "{http://www.w3.org/2000/svg}"


def test_each_face_has_its_pips_on_ace_dice() -> None:
    for face in range(1, 7):
        assert die_svg(face).count("<circle") == face
    assert "<polygon" not in die_svg(1)


def test_the_wild_face_is_a_star_on_star_dice() -> None:
    bluff, endless = ld.preset("bluff"), ld.preset("liars_dice_endless")
    assert "<polygon" in die_svg(6, bluff) and "<circle" not in die_svg(6, bluff)
    assert "<polygon" in die_svg(1, endless) and die_svg(6, endless).count("<circle") == 6


def test_hand_is_valid_svg_with_one_die_per_face() -> None:
    hand = ld.Hand((1, 3, 6, 6), rules=ld.preset("bluff"))
    root = ET.fromstring(hand._repr_svg_())
    assert root.tag == f"{NS}svg"
    dice = [g for g in root.iter(f"{NS}g") if "die" in g.get("class", "")]
    assert [g.get("class") for g in dice] == [
        "die face-1",
        "die face-3",
        "die face-6",
        "die face-6",
    ]
    assert hand.count(1) == 3  # two stars are wild


def test_highlighted_dice_are_filled() -> None:
    svg = hand_svg([2, 5, 1], highlight=[1])
    assert svg.count("#f6c744") == 1


def test_bid_svg_is_valid_xml() -> None:
    root = ET.fromstring(bid_svg(ld.Bid(12, 6), ld.preset("bluff")))
    assert "12 ×" in "".join(root.itertext())


def test_bad_hands_are_refused_with_the_input_quoted() -> None:
    with pytest.raises(ValueError, match=r"\(1, 7\).*7 is not a face"):
        ld.Hand((1, 7))


def test_cup_hides_the_dice_and_shows_their_number() -> None:
    root = ET.fromstring(ld.svg.cup_svg(4))
    assert "".join(root.itertext()).endswith("4") and "<circle" not in ld.svg.cup_svg(4)


# ----- issue 14: bad input is refused clearly, quoting it ------------------------------------

import math  # noqa: E402

from liarsdice.checks import quote  # noqa: E402
from liarsdice.errors import ArgumentTypeError, InvalidBidError  # noqa: E402
from liarsdice.svg import MAX_DRAWN_DICE, Hand, cup_svg  # noqa: E402

HUGE = 10**5000

SVG_REFUSALS = [
    (lambda: die_svg(7), ValueError, "face=7"),
    (lambda: die_svg(0), ValueError, "face=0"),
    (lambda: die_svg("1"), ArgumentTypeError, "face='1'"),
    (lambda: die_svg(1, rules=42), ArgumentTypeError, "rules=42"),
    (lambda: die_svg(1, rules="nope"), ValueError, "'nope'"),
    (lambda: die_svg(1, x="a"), ArgumentTypeError, "x='a'"),
    (lambda: die_svg(1, y=math.inf), ValueError, "y=inf"),
    (lambda: die_svg(1, size=math.nan), ValueError, "size=nan"),
    (lambda: die_svg(1, size=-5), ValueError, "size=-5"),
    (lambda: die_svg(1, size=0), ValueError, "size=0"),
    (lambda: die_svg(1, size=1e308), ValueError, "size=1e+308"),
    (lambda: die_svg(1, size=True), ArgumentTypeError, "size=True"),
    (lambda: die_svg(1, highlight="no"), ArgumentTypeError, "highlight='no'"),
    (lambda: hand_svg([0, 7]), ValueError, "dice=(0, 7)"),
    (lambda: hand_svg("15"), ArgumentTypeError, "dice='15'"),
    (lambda: hand_svg(None), ArgumentTypeError, "dice=None"),
    (lambda: hand_svg([1] * (MAX_DRAWN_DICE + 1)), ValueError, "dice=[1, 1, 1"),
    (lambda: hand_svg([1] * 10**6), ValueError, "dice=[1, 1, 1"),
    (lambda: hand_svg([1], highlight=None), ArgumentTypeError, "highlight=None"),
    (lambda: hand_svg([1], highlight=[3]), ValueError, "highlight=[3]"),
    (lambda: hand_svg([1], highlight=[0.5]), ArgumentTypeError, "highlight=[0.5]"),
    (lambda: bid_svg("banana"), InvalidBidError, "'banana'"),
    (lambda: bid_svg(None), ArgumentTypeError, "bid=None"),
    (lambda: bid_svg(ld.Bid(3, 5), size="big"), ArgumentTypeError, "size='big'"),
    (lambda: cup_svg(-1), ValueError, "count=-1"),
    (lambda: cup_svg("<script>"), ArgumentTypeError, "count='<script>'"),
    (lambda: cup_svg(HUGE), ValueError, f"count={quote(HUGE)}"),
    (lambda: cup_svg(3, size=math.nan), ValueError, "size=nan"),
    (lambda: Hand("15"), ArgumentTypeError, "hand='15'"),
    (lambda: Hand((1, 2), rules="x"), ValueError, "'x'"),
    (lambda: Hand((1, 2), rules=5), ArgumentTypeError, "rules=5"),
    (lambda: Hand((1, 2)).count(9), ValueError, "face=9"),
]


@pytest.mark.parametrize(("call", "error", "quoted"), SVG_REFUSALS)
def test_bad_input_to_the_drawings_is_refused_quoting_it(call, error, quoted: str) -> None:
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert quoted in message and len(message) < 600


def test_drawings_take_preset_names_and_bid_text_and_print_numbers_as_before() -> None:
    assert die_svg(1, rules="bluff") == die_svg(1, rules=ld.preset("bluff"))
    assert bid_svg("3x5") == bid_svg(ld.Bid(3, 5))
    assert 'x="1"' in die_svg(1) and 'width="38"' in die_svg(1)
    assert Hand((1, 6), rules="bluff").rules == ld.preset("bluff")
    assert hand_svg([1] * MAX_DRAWN_DICE).count("<g ") == MAX_DRAWN_DICE
