"""Tests of liarsdice.ladder: the ace rules as classes in a registry, their dense ranks, and a
toy ace rule defined here, registered, and played through the match loop with a toy bot."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import liarsdice as ld
from liarsdice import Bid, Challenge, Game, ladder, plots
from liarsdice.agents import BOTS, Bot, register_bot
from liarsdice.match import Match, Moved
from liarsdice.rules import OPTIONS
from liarsdice.tournament import tournament
from liarsdice.view import View


class ThirdsRule(ladder.AceRule):
    """A toy ace rule: k wilds sit between 3k-1 and 3k of a plain face (a wild is worth three)."""

    name = "thirds"
    meaning = "a toy rule: k wilds between 3k-1 and 3k plain"
    colour = "#9467bd"

    def plain_below(self, k: int) -> int:
        """Return 3k - 1."""
        return 3 * k - 1


class LowestBot(Bot):
    """A toy bot: makes the lowest legal raise, or challenges once half the dice are bid."""

    name = "lowest"

    def act(self, view: View) -> ld.actions.Action:
        """Return the lowest raise, or Challenge() when the bid claims half the table."""
        legal = view.legal_actions()
        raises = [a for a in legal if isinstance(a, Bid)]
        if Challenge() in legal and (not raises or view.previous.quantity * 2 >= view.total):
            return Challenge()
        return raises[0] if raises else legal[0]


@pytest.fixture
def thirds() -> Iterator[ld.Rules]:
    """Register the toy rule and bot for one test, then remove them."""
    ladder.register(ThirdsRule())
    register_bot(LowestBot)
    try:
        yield ld.Rules(ace_rule="thirds")
    finally:
        ladder.unregister("thirds")
        BOTS.pop("lowest", None)


SOURCES_RULES = ("board", "perudo", "face")  # the rules of the sources, pinned on purpose


def test_the_registry_holds_the_three_rules_of_the_sources_first() -> None:
    assert tuple(ladder.ACE_RULES)[:3] == SOURCES_RULES  # a rule registered later comes after
    assert ld.odds.ACE_RULES is ladder.ACE_RULES  # the same registry
    assert OPTIONS["ace_rule"].values.values() == tuple(ladder.ACE_RULES)
    assert {rules.ace_order.name for rules in ld.PRESETS.values()} == set(SOURCES_RULES)


def check_ace_rule(name: str) -> None:
    """Check a registered ace rule: a closed-form wilds_below equals the base class's search,
    ranks are dense and bid_at inverts rank, each bid of the ladder raises the one before,
    the ladder's bids hold every face of each quantity once, and the cached ladders agree."""
    rule = ladder.ACE_RULES[name]
    rules = ld.Rules(ace_rule=name)
    assert rules.ace_order is rule
    for q in range(1, 60):
        assert rule.wilds_below(q) == ladder.AceRule.wilds_below(rule, q), q
    bids = [rules.bid_at(rank) for rank in range(300)]
    assert [rules.rank(bid) for bid in bids] == list(range(300))
    for lower, higher in itertools.pairwise(bids):
        assert rules.is_raise(lower, higher) and not rules.is_raise(higher, lower), (lower, higher)
    for k in range(1, 20):  # k wilds sit right after every face of the plain quantity below
        assert rules.min_wild_after(rule.plain_below(k)) == k
        assert rules.min_plain_after(k) == rule.plain_below(k) + 1
    total = 9
    cached, positions = ladder.ladder_positions(rules, total)
    assert list(cached) == rules.ladder(total) and len(cached) == 6 * total
    assert [positions[b] for b in cached] == list(range(len(cached)))


@pytest.mark.parametrize("name", list(ladder.ACE_RULES))
def test_each_rule_has_closed_forms_and_dense_ranks(name: str) -> None:
    check_ace_rule(name)


def test_a_toy_rule_is_one_class_and_one_registration(thirds: ld.Rules) -> None:
    assert "thirds" in OPTIONS["ace_rule"].values.values()  # Rules' allowed values
    assert thirds.min_plain_after(2) == 6 and thirds.min_wild_after(5) == 2
    assert thirds.min_wild_after(6) == 3  # 6 plain sits above 2 wilds (2 wilds after 5 plain)
    # The ladder: 1 and 2 plain, then 1 wild, then 3..5 plain, then 2 wilds...
    fields = plots.board_fields(thirds, 6)
    assert fields[:5] == [("plain", 1), ("plain", 2), ("wild", 1), ("plain", 3), ("plain", 4)]
    assert "thirds" in plots.monotonicity_figure(range(1, 4)).data[0].y
    figure = plots.equivalence_figure(6, ("thirds",))
    assert figure.data[0].line.color == ThirdsRule.colour
    assert "a wild is worth three" in ThirdsRule.__doc__ and "toy rule" in thirds.meaning(
        "ace_rule"
    )
    from liarsdice.widgets import EquivalenceExplorer

    assert "thirds" in EquivalenceExplorer().ace_rules.options


@given(st.integers(0, 2000))
def test_the_toy_rules_ranks_are_dense_and_inverted(rank: int) -> None:
    rule = ThirdsRule()
    rules = ld.Rules()  # faces only: ranks come from the rule object itself
    bid = rule.bid_at(rank, rules)
    assert rule.rank(bid, rules) == rank


def test_a_toy_rule_and_a_toy_bot_play_seeded_games_through_the_match_loop(
    thirds: ld.Rules,
) -> None:
    for seed in range(5):
        game = Game(thirds, players=3, seed=seed)
        events: list = []
        Match(
            game, [BOTS["lowest"](), BOTS["lowest"](), BOTS["threshold"]()], [events.append]
        ).run()
        assert game.is_over and game.winner is not None
        moves = [e.action for e in events if isinstance(e, Moved)]
        assert moves == [action for _, action in game.actions]
        replay = Game.from_json(game.to_json())  # every move checked again by the rules
        assert replay.to_json() == game.to_json()
    result = tournament(
        [BOTS["lowest"](), BOTS["random"]()], games=6, rules=thirds, seed=1, progress=False
    )
    assert sum(result.wins) == 6 and result.records[0].rules == "custom"


def test_the_toy_rules_legal_bids_follow_its_ladder(thirds: ld.Rules) -> None:
    bids, positions = ladder.ladder_positions(thirds, 9)
    for a, b in itertools.pairwise(bids):
        assert thirds.is_raise(a, b) and not thirds.is_raise(b, a)
    assert [positions[b] for b in bids] == list(range(len(bids)))
    after = ladder.legal_bids(thirds, 9, Bid(2, 6))
    assert after[0] == Bid(1, 1) and all(thirds.is_raise(Bid(2, 6), b) for b in after)


def test_registering_checks_the_rule() -> None:
    class Gaps(ladder.AceRule):
        name = "gaps"

        def plain_below(self, k: int) -> int:
            return 2  # not rising: two wild quantities would tie

    with pytest.raises(ValueError, match="rise strictly"):
        ladder.register(Gaps())
    with pytest.raises(ValueError, match="already registered"):
        ladder.register(ladder.BoardRule())
    with pytest.raises(ValueError, match="AceRule"):
        ladder.register("board")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="stays registered"):
        ladder.unregister("board")
    names = list(ladder.ACE_RULES)  # whatever is registered, in order
    with pytest.raises(ValueError, match=f"ace rules are {', '.join(names)}$"):
        ladder.ace_rule("thirds")
    with pytest.raises(ValueError, match=f"allowed values are {', '.join(map(repr, names))}$"):
        ld.Rules(ace_rule="thirds")


def test_register_bot_checks_the_bot() -> None:
    with pytest.raises(ValueError, match="Bot subclass"):
        register_bot(str)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="already registered"):

        class Impostor(Bot):
            name = "random"

        register_bot(Impostor)


# ----- issue 14: bad input is refused clearly, quoting it ------------------------------------

from liarsdice.checks import quote  # noqa: E402
from liarsdice.errors import ArgumentTypeError, InvalidBidError  # noqa: E402
from liarsdice.limits import MAX_QUANTITY  # noqa: E402

_BLEF = ld.preset("blef")
_HUGE = 10**5000

LADDER_REFUSALS = [
    (lambda: ladder.BoardRule().min_wild_after(-3), ValueError, "q=-3"),
    (lambda: ladder.BoardRule().min_wild_after(2.5), ArgumentTypeError, "q=2.5"),
    (lambda: ladder.PerudoRule().min_plain_after(_HUGE), ValueError, f"k={quote(_HUGE)}"),
    (lambda: ladder.FaceRule().min_plain_after(True), ArgumentTypeError, "k=True"),
    (lambda: ladder.BoardRule().plain_below(_HUGE), ValueError, f"k={quote(_HUGE)}"),
    (lambda: ladder.BoardRule().wilds_below(2.5), ArgumentTypeError, "q=2.5"),
    (lambda: ladder.PerudoRule().wilds_below(-1), ValueError, "q=-1"),
    (lambda: ladder.FaceRule().plain_below(0), ValueError, "k=0"),
    (lambda: ladder.BoardRule().rank("3x5", _BLEF), ArgumentTypeError, "bid='3x5'"),
    (lambda: ladder.BoardRule().rank(Bid(3, 5), "blef"), ArgumentTypeError, "rules='blef'"),
    (lambda: ladder.BoardRule().bid_at(-1, _BLEF), ValueError, "rank=-1"),
    (lambda: ladder.BoardRule().bid_at(_HUGE, _BLEF), ValueError, f"rank={quote(_HUGE)}"),
    (lambda: ladder.PALIFICO.rank(None, _BLEF), ArgumentTypeError, "bid=None"),
    (lambda: ladder.PALIFICO.bid_at(6 * MAX_QUANTITY, _BLEF), ValueError, "rank=60000"),
    (lambda: ladder.ace_rule(None), ArgumentTypeError, "ace_rule=None"),
    (lambda: ladder.ace_rule([]), ArgumentTypeError, "ace_rule=[]"),
    (lambda: ladder.ace_rule("nope"), ValueError, "ace_rule='nope'"),
    (lambda: ladder.register(None), ArgumentTypeError, "register(None)"),
    (lambda: ladder.unregister([]), ArgumentTypeError, "name=[]"),
    (lambda: ladder.ladder_positions(_BLEF, 10**8), ValueError, "total=100000000"),
    (lambda: ladder.ladder_positions(_BLEF, 2.5), ArgumentTypeError, "total=2.5"),
    (lambda: ladder.ladder_positions(None, 3), ArgumentTypeError, "rules=None"),
    (lambda: ladder.ladder_positions(_BLEF, 3, palifico="no"), ArgumentTypeError, "'no'"),
    (lambda: ladder.legal_bids(_BLEF, 3, "x"), InvalidBidError, "'x'"),
    (lambda: ladder.legal_bids(_BLEF, 3, 5), ArgumentTypeError, "previous=5"),
    (lambda: ladder.legal_bids(_BLEF, [], None), ArgumentTypeError, "total=[]"),
    (lambda: ladder.legal_bids(_BLEF, 3, None, locked="y"), ArgumentTypeError, "locked='y'"),
    (
        lambda: ladder.legal_bids(_BLEF, 10**8, Bid(1, 5), palifico=True, locked=True),
        ValueError,
        "total=100000000",
    ),
]


@pytest.mark.parametrize(("call", "error", "quoted"), LADDER_REFUSALS)
def test_bad_input_to_the_ladder_is_refused_quoting_it(call, error, quoted: str) -> None:
    with pytest.raises(error) as info:
        call()
    assert quoted in str(info.value)


def test_cached_ladders_take_preset_names_and_bid_text() -> None:
    assert ladder.ladder_positions("blef", 3) == ladder.ladder_positions(_BLEF, 3)
    assert ladder.legal_bids(_BLEF, 5, "2x5") == ladder.legal_bids(_BLEF, 5, Bid(2, 5))
    top = ladder.ladder_positions(_BLEF, MAX_QUANTITY)[0]  # past CACHED_TOTAL: not cached
    assert len(top) == 6 * MAX_QUANTITY and top == tuple(_BLEF.ladder(MAX_QUANTITY))
    assert ladder.legal_bids(_BLEF, MAX_QUANTITY, None)[:2] == (Bid(1, 2), Bid(1, 3))


def test_the_ladder_at_its_limit_scales_like_the_small_one() -> None:
    import time

    def took(total: int) -> float:
        start = time.perf_counter()
        _BLEF.ladder(total)
        return time.perf_counter() - start

    small = min(took(MAX_QUANTITY // 10) for _ in range(3))
    large = min(took(MAX_QUANTITY) for _ in range(3))
    assert large < 40 * small + 0.05  # linear (10x), with a generous margin
