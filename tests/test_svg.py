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
