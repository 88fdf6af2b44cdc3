"""Tests of liarsdice.rules: options, presets and the bid ladder (RULES.md sections 2, 3, 5)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

import liarsdice as ld
from liarsdice import Bid
from liarsdice.errors import IllegalBidError
from liarsdice.rules import OPTIONS, Choice

BLEF = ld.preset("blef")
PERUDO_LADDER = ld.preset("blef", ace_rule="perudo")
BLUFF = ld.preset("bluff")
ALL_LADDERS = [
    ld.Rules(wild=wild, wild_name=name, ace_rule=ace_rule)
    for wild, name in ((1, "ace"), (6, "star"))
    for ace_rule in ld.ladder.ACE_RULES  # every registered ace rule
]


def bid(text: str, rules: ld.Rules = BLEF) -> Bid:
    """Return the bid read from text under the rules."""
    return Bid.parse(text, rules=rules)


# --- RULES.md section 2, every example in both directions ------------------------------------

# (previous, raise, the bid just below the raise that is not one), on the board with ace dice.
BOARD_EXAMPLES = [
    ("3 fours", "3 fives", "3 fours"),
    ("5 threes", "5 fives", "5 threes"),
    ("7 sixes", "8 twos", "7 sixes"),
    ("3 fours", "4 fours", "3 fours"),
    ("11 twos", "12 fives", "11 twos"),
    ("9 threes", "5 aces", "4 aces"),
    ("3 fours", "2 aces", "1 ace"),
    ("5 threes", "3 aces", "2 aces"),
    ("11 twos", "6 aces", "5 aces"),
    ("5 fives", "3 aces", "2 aces"),
    ("9 aces", "18 threes", "17 sixes"),
    ("3 aces", "6 twos", "5 sixes"),
    ("3 aces", "4 aces", "3 aces"),
    ("2 aces", "4 threes", "3 sixes"),  # the erratum: 2 aces -> 3 threes is not a raise
]


@pytest.mark.parametrize(("previous", "higher", "not_higher"), BOARD_EXAMPLES)
def test_board_examples_of_section_2(previous: str, higher: str, not_higher: str) -> None:
    assert BLEF.is_raise(bid(previous), bid(higher))
    assert not BLEF.is_raise(bid(previous), bid(not_higher))
    # The bid just below the raise sits right before it on the ladder.
    assert BLEF.rank(bid(higher)) > BLEF.rank(bid(not_higher))


def test_seed_000_non_raise_and_erratum() -> None:
    assert not BLEF.is_raise(bid("3 fives"), bid("3 fours"))
    assert not BLEF.is_raise(bid("2 aces"), bid("3 threes"))
    assert BLEF.min_plain_after(2) == 4


def test_seed_001_star_dice_examples() -> None:
    ten_threes = bid("10 threes", BLUFF)
    for later in ("10 fours", "10 fives", "12 ones"):
        assert BLUFF.is_raise(ten_threes, bid(later, BLUFF))
    for not_later in ("10 twos", "10 ones", "9 fives"):
        assert not BLUFF.is_raise(ten_threes, bid(not_later, BLUFF))


@pytest.mark.parametrize(
    ("q", "board", "perudo"),
    [(9, 5, 5), (3, 2, 2), (5, 3, 3), (11, 6, 6), (4, 3, 2), (2, 2, 1), (1, 1, 1)],
)
def test_halve_rule_on_both_ladders(q: int, board: int, perudo: int) -> None:
    assert BLEF.min_wild_after(q) == board
    assert PERUDO_LADDER.min_wild_after(q) == perudo


@pytest.mark.parametrize(("k", "board", "perudo"), [(9, 18, 19), (3, 6, 7), (2, 4, 5), (1, 2, 3)])
def test_double_rule_on_both_ladders(k: int, board: int, perudo: int) -> None:
    assert BLEF.min_plain_after(k) == board
    assert PERUDO_LADDER.min_plain_after(k) == perudo
    wilds = Bid(k, 1)
    assert PERUDO_LADDER.is_raise(wilds, Bid(perudo, 2))
    assert not PERUDO_LADDER.is_raise(wilds, Bid(perudo - 1, 6))


def test_lowest_bid_is_one_of_the_lowest_plain_face() -> None:
    assert BLEF.bid_at(0) == Bid(1, 2)
    assert BLUFF.bid_at(0) == Bid(1, 1)
    assert PERUDO_LADDER.ladder(1)[0] == Bid(1, 2)


def test_board_field_order_reads_as_printed() -> None:
    """1 *1 2 3 *2 4 5 *3 6 7 *4 8 ... 19 *10 20 on the board."""
    fields = ld.plots.board_fields(BLEF, 20)
    expected = [("plain", 1), ("wild", 1)]
    for k in range(2, 11):
        expected += [("plain", 2 * k - 2), ("plain", 2 * k - 1), ("wild", k)]
    expected.append(("plain", 20))
    assert fields == expected


def test_opening_bid_honours_open_on_wild() -> None:
    perudo = ld.preset("perudo")
    assert not perudo.is_raise(None, Bid(2, 1))
    assert perudo.is_raise(None, Bid(2, 1), palifico=True)
    assert BLEF.is_raise(None, Bid(2, 1))
    with pytest.raises(IllegalBidError, match="2x1"):
        perudo.check_bid(None, Bid(2, 1))


def test_palifico_order_is_quantity_then_face() -> None:
    assert BLEF.is_raise(Bid(3, 1), Bid(3, 2), palifico=True)
    assert not BLEF.is_raise(Bid(3, 2), Bid(3, 1), palifico=True)
    assert BLEF.bid_at(BLEF.rank(Bid(4, 6), palifico=True), palifico=True) == Bid(4, 6)


# --- properties of every ladder ---------------------------------------------------------------

ladders = st.sampled_from(ALL_LADDERS)
bids = st.builds(Bid, st.integers(1, 40), st.integers(1, 6))


@given(ladders, bids, bids)
def test_ladder_is_a_strict_total_order(rules: ld.Rules, a: Bid, b: Bid) -> None:
    assert (rules.rank(a) == rules.rank(b)) == (a == b)
    assert rules.is_raise(a, b) != rules.is_raise(b, a) or a == b
    assert rules.is_raise(a, b) == (rules.rank(b) > rules.rank(a))


@given(ladders, st.integers(0, 400))
def test_bid_at_inverts_rank_with_no_gaps(rules: ld.Rules, rank: int) -> None:
    assert rules.rank(rules.bid_at(rank)) == rank


@given(ladders, bids, st.integers(1, 30))
def test_first_next_bid_is_the_least_raise(rules: ld.Rules, previous: Bid, top: int) -> None:
    raises = rules.next_bids(previous, top)
    assert all(rules.is_raise(previous, b) and b.quantity <= top for b in raises)
    everything = rules.ladder(top)
    assert len(everything) == 6 * top
    assert [b for b in everything if rules.is_raise(previous, b)] == raises
    if raises:
        least = min(raises, key=rules.rank)
        assert raises[0] == least
        below = rules.bid_at(rules.rank(least) - 1)
        assert not rules.is_raise(previous, below) or below.quantity > top


@given(ladders, st.integers(1, 40))
def test_halving_agrees_with_ladder_positions(rules: ld.Rules, q: int) -> None:
    k = rules.min_wild_after(q)
    assert all(rules.is_raise(Bid(q, f), Bid(k, rules.wild)) for f in rules.plain_faces)
    if k > 1:
        assert not rules.is_raise(Bid(q, rules.plain_faces[0]), Bid(k - 1, rules.wild))


@given(ladders, st.integers(1, 40))
def test_doubling_agrees_with_ladder_positions(rules: ld.Rules, k: int) -> None:
    q = rules.min_plain_after(k)
    assert all(rules.is_raise(Bid(k, rules.wild), Bid(q, f)) for f in rules.plain_faces)
    assert not rules.is_raise(Bid(k, rules.wild), Bid(q - 1, rules.plain_faces[-1]))


def test_face_ladder_equals_board_with_two_dice() -> None:
    """With one die each the research order matches the board (RULES.md section 3)."""
    face, board = ld.preset("openspiel"), ld.preset("bluff")
    assert face.ladder(2)[:12] == board.ladder(2)[:12]


# --- options, presets, validation -------------------------------------------------------------


def test_presets_match_rules_md_section_5() -> None:
    assert set(ld.PRESETS) == {
        "blef",
        "bluff",
        "bluff_original",
        "liars_dice_endless",
        "perudo",
        "openspiel",
    }
    assert (BLUFF.wild, BLUFF.exact, BLUFF.dice, BLUFF.box_dice) == (
        6,
        "challenger_to_bidder",
        6,
        30,
    )
    assert BLUFF.start_dice(6) == 5 and BLUFF.start_dice(4) == 6
    perudo = ld.preset("perudo")
    assert (perudo.loss, perudo.exact, perudo.next_opener) == ("one", None, "loser")
    assert perudo.palifico and perudo.calza and not perudo.open_on_wild
    research = ld.preset("openspiel")
    assert research.single_round and research.max_players == 2 and research.dice == 1
    assert ld.preset("liars_dice_endless").exact == "last_die_protected"
    assert all(not r.show_and_reroll for r in ld.PRESETS.values())
    assert all(r.preset_name == name for name, r in ld.PRESETS.items())


def test_plain_faces_for_both_dice_styles() -> None:
    assert (BLEF.wild, BLEF.plain_faces) == (1, (2, 3, 4, 5, 6))
    assert (BLUFF.wild, BLUFF.plain_faces) == (6, (1, 2, 3, 4, 5))


def test_face_names_for_both_dice_styles() -> None:
    assert [BLEF.face_name(f) for f in range(1, 7)] == [
        "ace",
        "two",
        "three",
        "four",
        "five",
        "six",
    ]
    assert [BLUFF.face_name(f) for f in range(1, 7)] == [
        "one",
        "two",
        "three",
        "four",
        "five",
        "star",
    ]
    assert ld.preset("liars_dice_endless").face_name(1, plural=True) == "stars"
    assert BLEF.describe(Bid(3, 6)) == "3 sixes" and BLEF.describe(Bid(1, 1)) == "1 ace"


def test_preset_overrides_and_unknown_names() -> None:
    assert ld.preset("blef", dice=6).dice == 6
    with pytest.raises(ValueError, match="blef, bluff"):
        ld.preset("poker")
    with pytest.raises(ValueError, match="colour"):
        ld.preset("blef", colour="red")


@pytest.mark.parametrize(
    "option", sorted(o for o in OPTIONS if isinstance(OPTIONS[o].values, Choice))
)
def test_bad_option_values_name_the_option_and_allowed_values(option: str) -> None:
    with pytest.raises(ValueError, match=rf"{option}=.*allowed values"):
        dataclasses.replace(BLEF, **{option: "nonsense"})


@pytest.mark.parametrize(
    ("changes", "pattern"),
    [
        ({"dice": 0}, "dice=0"),
        ({"dice": 2.5}, "dice=2.5"),
        ({"box_dice": 1}, "box_dice=1"),
        ({"max_players": 21}, "max_players=21"),
        ({"open_on_wild": "yes"}, "open_on_wild='yes'"),
        ({"wild": 6, "wild_name": "ace"}, "wild_name='ace'"),
        ({"loss": "one"}, "exact='others_lose_one'"),
        ({"exact": None}, "exact=None"),
    ],
)
def test_inconsistent_options_are_refused(changes: dict, pattern: str) -> None:
    with pytest.raises(ValueError, match=pattern):
        dataclasses.replace(BLEF, **changes)


def test_start_dice_refuses_impossible_tables() -> None:
    with pytest.raises(ValueError, match="players=1"):
        BLEF.start_dice(1)
    with pytest.raises(ValueError, match="players=3"):
        ld.preset("openspiel").start_dice(3)


def test_check_bid_quotes_the_bid_and_the_least_raise() -> None:
    with pytest.raises(IllegalBidError, match=r"3x4.*3x5.*least raise is 3x6"):
        BLEF.check_bid(Bid(3, 5), Bid(3, 4))
    with pytest.raises(IllegalBidError, match="only 10 dice"):
        BLEF.check_bid(None, Bid(11, 5), max_quantity=10)
    assert BLEF.check_bid(Bid(3, 5), Bid(2, 1)) == Bid(2, 1)


def test_rules_show_as_an_html_table() -> None:
    table = BLUFF._repr_html_()
    assert "preset 'bluff'" in table
    assert all(f"<code>{f.name}</code>" in table for f in dataclasses.fields(ld.Rules))


def test_count_is_joker_inclusive() -> None:
    assert BLEF.count([1, 5, 5, 2, 1], 5) == 4
    assert BLEF.count([1, 5, 5, 2, 1], 1) == 2
    assert BLEF.count([1, 5, 5, 2, 1], 5, palifico=True) == 2
    assert BLUFF.count([6, 1, 3], 1) == 2


@pytest.mark.parametrize("name", sorted(ld.PRESETS))
def test_rules_pickle_and_keep_their_preset_name(name: str) -> None:
    import pickle

    rules = ld.preset(name)
    loaded = pickle.loads(pickle.dumps(rules))
    assert loaded == rules and loaded.preset_name == name and hash(loaded) == hash(rules)
    custom = ld.preset(name, dice=2)
    assert pickle.loads(pickle.dumps(custom)) == custom


# ----- issue 14: bad input is refused clearly, quoting it ------------------------------------

import math  # noqa: E402

import numpy as np  # noqa: E402

from liarsdice.checks import quote  # noqa: E402
from liarsdice.errors import ArgumentTypeError, InvalidBidError  # noqa: E402
from liarsdice.limits import MAX_DICE_PER_PLAYER as MAX_DICE  # noqa: E402
from liarsdice.limits import MAX_QUANTITY  # noqa: E402
from liarsdice.rules import resolve  # noqa: E402

HUGE = 10**5000
WIDE = 2**20000

RULES_REFUSALS = [
    # (call, error type, text the message must contain)
    (lambda: BLEF.face_name(7), ValueError, "face=7"),
    (lambda: BLEF.face_name(0), ValueError, "face=0"),
    (lambda: BLEF.face_name("1"), ArgumentTypeError, "face='1'"),
    (lambda: BLEF.face_name(2.0), ArgumentTypeError, "face=2.0"),
    (lambda: BLEF.face_name(HUGE), ValueError, f"face={quote(HUGE)}"),
    (lambda: BLEF.face_name(2, plural="no"), ArgumentTypeError, "plural='no'"),
    (lambda: BLEF.is_raise(None, "banana"), InvalidBidError, "'banana'"),
    (lambda: BLEF.is_raise(None, 5), ArgumentTypeError, "bid=5"),
    (lambda: BLEF.is_raise(None, None), ArgumentTypeError, "bid=None"),
    (lambda: BLEF.is_raise(None, (3, 5)), ArgumentTypeError, "bid=(3, 5)"),
    (lambda: BLEF.is_raise(5, Bid(3, 5)), ArgumentTypeError, "previous=5"),
    (lambda: BLEF.is_raise("x", Bid(3, 5)), InvalidBidError, "'x'"),
    (lambda: BLEF.is_raise(None, Bid(3, 5), palifico="no"), ArgumentTypeError, "palifico='no'"),
    (lambda: BLEF.is_raise(None, Bid(3, 5), palifico=None), ArgumentTypeError, "palifico=None"),
    (lambda: BLEF.rank(None), ArgumentTypeError, "bid=None"),
    (lambda: BLEF.rank((3, 5)), ArgumentTypeError, "bid=(3, 5)"),
    (lambda: BLEF.rank("3x5", palifico=1), ArgumentTypeError, "palifico=1"),
    (lambda: BLEF.describe(None), ArgumentTypeError, "bid=None"),
    (lambda: BLEF.next_bids(5, 3), ArgumentTypeError, "previous=5"),
    (lambda: BLEF.next_bids("x", 3), InvalidBidError, "'x'"),
    (lambda: BLEF.next_bids(None, 10**8), ValueError, "max_quantity=100000000"),
    (lambda: BLEF.check_bid(None, "x"), InvalidBidError, "'x'"),
    (lambda: BLEF.check_bid(None, 7), ArgumentTypeError, "bid=7"),
    (lambda: BLEF.check_bid(None, Bid(1, 5), max_quantity=-1), ValueError, "max_quantity=-1"),
    (lambda: BLEF.check_bid(None, Bid(1, 5), max_quantity=2.5), ArgumentTypeError, "=2.5"),
    (lambda: BLEF.count([0, 7, 1], 5), ValueError, "(0, 7, 1)"),
    (lambda: BLEF.count((1, 2), 9), ValueError, "face=9"),
    (lambda: BLEF.count((1, 2), face=0), ValueError, "face=0"),
    (lambda: BLEF.count("15", 5), ArgumentTypeError, "dice='15'"),
    (lambda: BLEF.count(None, 5), ArgumentTypeError, "dice=None"),
    (lambda: BLEF.count((1, 2.0), 5), ArgumentTypeError, "2.0"),
    (lambda: BLEF.count((1,), 5, palifico=None), ArgumentTypeError, "palifico=None"),
    (lambda: BLEF.min_wild_after(-3), ValueError, "q=-3"),
    (lambda: BLEF.min_wild_after(2.5), ArgumentTypeError, "q=2.5"),
    (lambda: BLEF.min_wild_after(HUGE), ValueError, f"q={quote(HUGE)}"),
    (lambda: BLEF.min_wild_after(MAX_QUANTITY + 1), ValueError, f"q={MAX_QUANTITY + 1}"),
    (lambda: BLEF.min_plain_after(0), ValueError, "k=0"),
    (lambda: BLEF.min_plain_after(np.float64(2)), ArgumentTypeError, "k=np.float64(2.0)"),
    (lambda: BLEF.min_plain_after(WIDE), ValueError, f"k={quote(WIDE)}"),
    (lambda: BLEF.ladder(10**8), ValueError, "max_quantity=100000000"),
    (lambda: BLEF.ladder(HUGE), ValueError, f"max_quantity={quote(HUGE)}"),
    (lambda: BLEF.ladder(-1), ValueError, "max_quantity=-1"),
    (lambda: BLEF.ladder(3, palifico="yes"), ArgumentTypeError, "palifico='yes'"),
    (lambda: BLEF.bid_at(-1), ValueError, "rank=-1"),
    (lambda: BLEF.bid_at(HUGE), ValueError, f"rank={quote(HUGE)}"),
    (lambda: BLEF.bid_at(6 * MAX_QUANTITY), ValueError, f"rank={6 * MAX_QUANTITY}"),
    (lambda: BLEF.bid_at(2.0), ArgumentTypeError, "rank=2.0"),
    (lambda: BLEF.start_dice(HUGE), ValueError, f"players={quote(HUGE)}"),
    (lambda: BLEF.start_dice(2.0), ArgumentTypeError, "players=2.0"),
    (lambda: BLEF.meaning("nope"), ValueError, "option='nope'"),
    (lambda: BLEF.meaning(None), ArgumentTypeError, "option=None"),
    (lambda: resolve(42), ArgumentTypeError, "rules=42"),
    (lambda: resolve(None), ArgumentTypeError, "rules=None"),
    (lambda: resolve("nope"), ValueError, "'nope'"),
    (lambda: ld.preset(42), ArgumentTypeError, "42"),
    (lambda: ld.preset("blef", dice=2.5), ArgumentTypeError, "dice=2.5"),
    (lambda: ld.Rules(dice=HUGE), ValueError, f"dice={quote(HUGE)}"),
    (lambda: ld.Rules(dice=MAX_DICE + 1), ValueError, f"dice={MAX_DICE + 1}"),
    (lambda: ld.Rules(box_dice=WIDE), ValueError, f"box_dice={quote(WIDE)}"),
    (lambda: ld.Rules(dice=True), ArgumentTypeError, "dice=True"),
    (lambda: ld.Rules(dice=math.nan), ArgumentTypeError, "dice=nan"),
    (lambda: ld.Rules(dice=math.inf), ArgumentTypeError, "dice=inf"),
    (lambda: ld.Rules(wild=True), ArgumentTypeError, "wild=True"),
    (lambda: ld.Rules(wild=1.0), ArgumentTypeError, "wild=1.0"),
    (lambda: ld.Rules(wild=np.array([1, 6])), ArgumentTypeError, "wild=array"),
    (lambda: ld.Rules(palifico="no"), ArgumentTypeError, "palifico='no'"),
    (lambda: ld.Rules(exact=math.nan), ArgumentTypeError, "exact=nan"),
    (lambda: ld.Rules(ace_rule=[]), ArgumentTypeError, "ace_rule=[]"),
    (lambda: ld.Rules(max_players=HUGE), ValueError, f"max_players={quote(HUGE)}"),
    (lambda: ld.rules.changed(BLEF, "dice", HUGE), ValueError, f"dice={quote(HUGE)}"),
    (lambda: ld.rules.changed(BLEF, [], 1), ArgumentTypeError, "option=[]"),
    (lambda: ld.rules.changed(BLEF, "nope", 1), ValueError, "'nope'"),
    (lambda: ld.rules.changed(None, "dice", 3), ArgumentTypeError, "rules=None"),
]


@pytest.mark.parametrize(("call", "error", "quoted"), RULES_REFUSALS)
def test_bad_input_to_the_rules_is_refused_quoting_it(call, error, quoted: str) -> None:
    with pytest.raises(error) as info:
        call()
    assert quoted in str(info.value)
    assert isinstance(info.value, ValueError)  # every refusal is a ValueError


def test_bid_arguments_take_bids_or_text_under_these_rules() -> None:
    assert BLEF.is_raise(None, "3x5") and BLEF.is_raise(Bid(3, 5), "4x5")
    assert not BLEF.is_raise(Bid(3, 5), "2x5")
    assert BLEF.rank("3x5") == BLEF.rank(Bid(3, 5))
    assert BLEF.describe("2 aces") == "2 aces"
    assert BLEF.next_bids("9x6", 10) == BLEF.next_bids(Bid(9, 6), 10)
    assert BLEF.check_bid("3x5", "3x6") == Bid(3, 6)
    assert BLUFF.rank("2 stars") == BLUFF.rank(Bid(2, 6))
    perudo = ld.preset("perudo")
    assert not perudo.is_raise(None, "2 aces")  # no opening on the wild face in Perudo


def test_count_takes_numpy_faces_and_generators() -> None:
    assert BLEF.count(np.array([1, 5, 5, 2]), np.int64(5)) == 3
    assert BLEF.count((d for d in (1, 5, 2)), 5) == 2
    assert BLEF.count((), 5) == 0


def test_resolve_takes_rules_and_preset_names() -> None:
    assert resolve("perudo") == ld.preset("perudo") and resolve(BLEF) is BLEF


def test_the_ladder_at_its_limit_is_the_ladder_sorted_by_rank() -> None:
    for rules in ALL_LADDERS:
        for palifico in (False, True):
            bids = [Bid(q, f) for q in range(1, 40) for f in range(1, 7)]
            expected = sorted(bids, key=lambda b: rules.rank(b, palifico))
            assert rules.ladder(39, palifico) == expected
    assert len(BLEF.ladder(MAX_QUANTITY)) == 6 * MAX_QUANTITY


def test_bid_at_reaches_every_bid_up_to_the_largest_quantity() -> None:
    for rules in [*ALL_LADDERS, ld.preset("perudo")]:
        for palifico in (False, True):
            order = ld.ladder.PALIFICO if palifico else rules.ace_order
            last = order.last_rank(rules)
            top = rules.bid_at(last, palifico)
            assert rules.rank(top, palifico) == last and top.quantity <= MAX_QUANTITY
            with pytest.raises(ValueError, match=f"rank={last + 1}"):
                rules.bid_at(last + 1, palifico)
