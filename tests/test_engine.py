"""Tests of liarsdice.engine: scripted rounds for every preset, the variants that add moves,
views, invariants of random play (hypothesis) and pickling. Saved games: test_history.py."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import liarsdice as ld
from liarsdice import Bid, Calza, Challenge, Game, IllegalMoveError, Pass, ShowAndReroll
from liarsdice.checks import quote
from liarsdice.engine import NotAnActionError, legal_actions_for
from liarsdice.errors import ArgumentTypeError
from liarsdice.settlement import settle
from liarsdice.view import Phase
from tests.games import PRESET_NAMES, any_game, game_settings, make, players_for, random_play


def flat(game: Game) -> list[int]:
    """Return every die on the table, hidden and shown."""
    return [d for hand in game.hands for d in hand] + [d for s in game.shown for d in s]


# --- RULES.md's example, played through the engine --------------------------------------------


def test_rules_example_in_a_game_nine_fives_over_eleven_costs_the_challenger_two() -> None:
    game = Game(ld.preset("blef"), players=4, seed=219, opener=0)
    table = flat(game)
    assert (table.count(5), table.count(1)) == (7, 4)
    game.apply(Bid(9, 5))
    game.apply(Challenge())
    result = game.last_round
    assert result.count == 11
    assert game.dice == (5, 3, 5, 5)
    assert (
        result.explanation == "9 fives bid, 11 on the table: the challenger, seat 1, loses 2 dice"
    )
    assert game.current_player == 0  # blef: the winner (the bidder) opens
    assert game.round == 2


# --- one scripted round per preset -------------------------------------------------------------


@pytest.mark.parametrize("name", PRESET_NAMES)
@pytest.mark.parametrize("offset", [-1, 0, 1])
def test_scripted_round_settles_like_settle(name: str, offset: int) -> None:
    rules = ld.preset(name)
    players = players_for(rules, 3)
    game = Game(rules, players=players, seed=7, opener=1)
    assert game.current_player == 1
    assert game.dice == (rules.start_dice(players),) * players
    face = rules.plain_faces[2]
    count = rules.count(flat(game), face)
    quantity = max(1, count + offset)
    before = game.dice
    game.apply(Bid(quantity, face))
    challenger = 2 % players
    assert game.current_player == challenger
    hands = game.hands
    game.apply(Challenge())
    expected = settle(rules, before, 1, challenger, Bid(quantity, face), count)
    assert game.last_round.settlement == expected
    assert game.last_round.count == count
    assert game.last_round.dice == hands  # the reveal shows every hand as rolled
    if rules.single_round:
        assert game.is_over
        assert game.winner == expected.winner
        assert sorted(game.returns) == [-1.0, 1.0]
        assert game.returns[expected.winner] == 1.0
    else:
        assert game.dice == expected.dice
        assert game.current_player == expected.next_opener
        assert all(len(h) == n for h, n in zip(game.hands, game.dice))


@pytest.mark.parametrize(
    ("name", "dice_after"),
    [
        ("blef", (4, 5, 4)),  # others lose one
        ("bluff_original", (5, 6, 5)),  # others lose one (6 dice each)
        ("bluff", (6, 6, 5)),  # challenger gives a die; the bidder is at 6 so it leaves
        ("liars_dice_endless", (4, 5, 4)),
    ],
)
def test_exact_options_in_the_engine(name: str, dice_after: tuple) -> None:
    rules = ld.preset(name)
    game = Game(rules, players=3, seed=3, opener=1)
    face = rules.plain_faces[0]
    game.apply(Bid(rules.count(flat(game), face), face))
    game.apply(Challenge())
    assert game.dice == dice_after
    assert game.current_player == 1  # the bidder was right and opens


def test_challenger_to_bidder_moves_a_die_below_the_cap() -> None:
    rules = ld.preset("bluff")
    game = Game(rules, players=3, seed=3, opener=1)
    game.apply(Bid(rules.count(flat(game), 2) + 1, 2))
    game.apply(Challenge())  # seat 1 bid one too many twos: it loses a die
    assert game.dice == (6, 5, 6) and game.current_player == 2
    fours = rules.count(flat(game), 4)
    assert fours >= 1
    game.apply(Bid(1, 2))
    game.apply(Bid(1, 3))
    game.apply(Bid(fours, 4))  # seat 1 bids exactly the fours on the table
    game.apply(Challenge())  # seat 2 challenges and gives seat 1 a die
    assert game.dice == (6, 6, 5)
    assert game.last_round.settlement.lost == (0, -1, 1)


# --- the flow of a game ------------------------------------------------------------------------


def test_bidding_goes_clockwise_and_skips_empty_seats() -> None:
    rules = ld.preset("blef")
    game = Game(rules, players=3, seed=11, opener=0)
    game.apply(Bid(15, 6))  # surely false: seat 0 loses (15 - count) dice
    game.apply(Challenge())
    assert game.dice[0] == 0
    assert game.current_player == 1  # the winner opens
    game.apply(Bid(1, 2))
    assert game.current_player == 2
    game.apply(Bid(1, 3))
    assert game.current_player == 1  # seat 0 is skipped
    assert all(game.view(s).current_player != 0 for s in range(3))


def test_only_the_previous_bid_can_be_challenged_and_not_before_a_bid() -> None:
    game = Game(ld.preset("blef"), players=3, seed=1, opener=0)
    with pytest.raises(IllegalMoveError, match="no bid yet"):
        game.apply(Challenge())
    assert Challenge() not in game.legal_actions()
    game.apply(Bid(2, 3))
    assert game.legal_actions()[0] == Challenge()


def test_bids_may_not_exceed_the_dice_on_the_table() -> None:
    game = Game(ld.preset("blef"), players=2, seed=1)
    total = sum(game.dice)
    assert max(b.quantity for b in game.legal_actions()) == total
    with pytest.raises(IllegalMoveError, match=f"only {total} dice are on the table"):
        game.apply(Bid(total + 1, 2))
    game.apply(Bid(total, 1))  # the top of the ladder: only a challenge remains
    assert game.legal_actions() == [Challenge()]


def test_legal_actions_are_sorted_and_deterministic() -> None:
    rules = ld.preset("perudo")
    game = Game(rules, players=3, seed=5, opener=0)
    game.apply(Bid(2, 4))
    legal = game.legal_actions()
    assert legal[:2] == [Challenge(), Calza()]
    ranks = [rules.rank(b) for b in legal[2:]]
    assert ranks == sorted(ranks)
    again = Game(rules, players=3, seed=5, opener=0)
    again.apply(Bid(2, 4))
    assert legal == again.legal_actions() == game.legal_actions()


def test_perudo_may_not_open_on_aces_but_blef_may() -> None:
    perudo = Game(ld.preset("perudo"), players=3, seed=2)
    assert all(b.face != 1 for b in perudo.legal_actions())
    with pytest.raises(IllegalMoveError, match="opening on the wild face"):
        perudo.apply(Bid(1, 1))
    blef = Game(ld.preset("blef"), players=3, seed=2)
    assert Bid(1, 1) in blef.legal_actions()


def test_the_first_opener_is_drawn_from_the_seed_and_recorded() -> None:
    openers = {Game(ld.preset("blef"), 4, seed).current_player for seed in range(40)}
    assert openers == {0, 1, 2, 3}
    game = Game(ld.preset("blef"), 4, seed=3)
    assert game.chance[0] == {"opener": game.current_player}
    assert "opener" not in Game(ld.preset("blef"), 4, seed=3, opener=2).chance[0]


def test_the_roll_comes_from_the_seeded_generator() -> None:
    game = Game(ld.preset("blef"), players=3, seed=42, opener=0)
    rolled = np.random.default_rng(42).integers(1, 7, size=15).tolist()
    assert game.hands == tuple(tuple(sorted(rolled[i : i + 5])) for i in (0, 5, 10))
    assert game.chance == [{"roll": [list(h) for h in game.hands]}]


def test_single_round_openspiel() -> None:
    rules = ld.preset("openspiel")
    game = Game(rules, players=2, seed=0, opener=0)
    assert game.dice == (1, 1)
    game.apply(Bid(1, 6))  # one star: the bid of the face-rule ladder's top face at 1
    assert game.legal_actions()[0] == Challenge()
    game.apply(Challenge())
    assert game.is_over and game.current_player is None
    assert game.winner in (0, 1)
    assert game.returns[game.winner] == 1.0 and sum(game.returns) == 0.0
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.apply(Bid(2, 2))


def test_sizes_are_checked() -> None:
    with pytest.raises(ValueError, match="players=1"):
        Game(ld.preset("blef"), players=1)
    with pytest.raises(ValueError, match="players=21"):
        Game(ld.preset("blef"), players=21)
    with pytest.raises(ValueError, match="players=3"):
        Game(ld.preset("openspiel"), players=3)
    with pytest.raises(ValueError, match="dice=11"):  # every valid Rules plays (issue 23)
        ld.preset("blef", dice=11)
    with pytest.raises(ValueError, match="seed=-1"):
        Game(ld.preset("blef"), seed=-1)
    Game(ld.preset("blef", dice=10), players=2)


def test_twenty_players_with_five_dice_play_to_the_end() -> None:
    game = Game(ld.preset("perudo"), players=20, seed=3)
    assert sum(game.dice) == 100
    random_play(game, np.random.default_rng(3))
    assert game.is_over and sum(n > 0 for n in game.dice) == 1


# --- palifico ----------------------------------------------------------------------------------


def palifico_game() -> Game:
    """Return a Perudo game (2 dice each) right after seat 0 first dropped to one die."""
    rules = ld.preset("perudo", dice=2)
    game = Game(rules, players=3, seed=4, opener=0)
    game.apply(Bid(6, 6))  # surely false at 6 dice: seat 0 loses a die
    game.apply(Challenge())
    return game


def test_palifico_round_after_a_first_drop_to_one_die() -> None:
    game = palifico_game()
    assert game.dice == (1, 2, 2)
    assert game.palifico and game.current_player == 0
    assert Bid(1, 1) in game.legal_actions()  # the wild face may open, although Perudo forbids it
    game.apply(Bid(1, 1))
    # Seat 1 has two dice: only the quantity may go up.
    assert {b.face for b in game.legal_actions() if isinstance(b, Bid)} == {1}
    with pytest.raises(IllegalMoveError, match="must keep the face 1"):
        game.apply(Bid(2, 3))
    assert game.view(1).legal_actions() == tuple(game.legal_actions())


def test_palifico_wilds_are_not_wild_and_one_die_players_may_change_face() -> None:
    game = palifico_game()
    table = flat(game)
    game.apply(Bid(1, 3))
    game.apply(Bid(2, 3))  # seat 1: same face
    game.apply(Bid(3, 3))  # seat 2: same face
    faces = {b.face for b in game.legal_actions() if isinstance(b, Bid)}
    assert faces == {1, 2, 3, 4, 5, 6}  # seat 0 has one die and may change the face
    game.apply(Bid(3, 5))
    game.apply(Challenge())
    result = game.last_round
    assert result.palifico
    assert result.count == table.count(5)  # aces do not count for fives here


def test_palifico_happens_only_once_per_player() -> None:
    rules = ld.preset("perudo", dice=2)
    for seed in range(100):  # a first palifico round where some face shows 3 or more times
        game = Game(rules, players=3, seed=seed, opener=0)
        game.apply(Bid(6, 6))
        game.apply(Challenge())
        table = flat(game)
        face = next((f for f in range(1, 7) if table.count(f) >= 3), None)
        if game.dice == (1, 2, 2) and face is not None:
            break
    assert game.palifico and game.current_player == 0
    game.apply(Bid(1, face))
    game.apply(Bid(2, face))
    game.apply(Bid(table.count(face), face))
    game.apply(Calza())  # seat 0 is exactly right and gains its second die back
    assert game.dice == (2, 2, 2) and game.current_player == 0 and not game.palifico
    game.apply(Bid(6, 6 if flat(game).count(6) + flat(game).count(1) < 6 else 5))
    game.apply(Challenge())
    assert game.dice[0] == 1
    assert not game.palifico  # seat 0 dropped to one die before: no second palifico round


# --- calza -------------------------------------------------------------------------------------


def test_calza_right_gains_a_die_below_the_start_and_opens() -> None:
    rules = ld.preset("perudo")
    game = Game(rules, players=3, seed=8, opener=0)
    game.apply(Bid(rules.count(flat(game), 4) + 1, 4))
    game.apply(Challenge())  # seat 0 loses one die and opens
    assert game.dice == (4, 5, 5) and game.current_player == 0
    threes = rules.count(flat(game), 3)
    assert threes >= 2
    game.apply(Bid(1, 2))
    game.apply(Bid(1, 3))
    game.apply(Bid(threes, 3))
    assert Calza() in game.legal_actions()
    game.apply(Calza())
    result = game.last_round
    assert result.action == Calza() and result.caller == 0
    assert game.dice == (5, 5, 5) and game.current_player == 0


def test_calza_wrong_loses_a_die_and_the_caller_opens() -> None:
    rules = ld.preset("perudo")
    game = Game(rules, players=3, seed=8, opener=0)
    count = rules.count(flat(game), 4)
    game.apply(Bid(count + 1, 4))
    game.apply(Calza())
    assert game.dice == (5, 4, 5)
    assert game.current_player == 1


def test_calza_is_offered_only_where_the_rules_have_it() -> None:
    game = Game(ld.preset("blef"), players=3, seed=8, opener=0)
    game.apply(Bid(2, 2))
    assert Calza() not in game.legal_actions()
    with pytest.raises(IllegalMoveError, match="no calza"):
        game.apply(Calza())


# --- show and reroll ---------------------------------------------------------------------------


def show_game(seed: int = 5) -> Game:
    """Return a Bluff game with show-and-reroll, seat 0 having just opened."""
    game = Game(ld.preset("bluff", show_and_reroll=True), players=3, seed=seed, opener=0)
    game.apply(Bid(2, 2))
    return game


def test_after_a_bid_the_bidder_may_show_or_pass() -> None:
    game = show_game()
    assert game.phase == Phase.SHOW and game.current_player == 0
    legal = game.legal_actions()
    assert legal[0] == Pass()
    assert all(isinstance(a, ShowAndReroll) and len(a.shown) < 6 for a in legal[1:])
    game.apply(Pass())
    assert game.phase == Phase.BID and game.current_player == 1


def test_showing_all_hidden_dice_is_refused_and_changes_nothing() -> None:
    game = show_game()
    saved = game.to_json()
    with pytest.raises(IllegalMoveError, match="some but not all"):
        game.apply(ShowAndReroll(game.hands[0]))
    with pytest.raises(IllegalMoveError):
        game.apply(ShowAndReroll((7 - game.hands[0][0],) * 6))
    assert game.to_json() == saved


def test_shown_dice_stay_shown_and_the_rest_is_rerolled_from_the_generator() -> None:
    game = show_game(seed=5)
    hand = game.hands[0]
    rng = np.random.default_rng(5)
    rng.integers(1, 7, size=18)  # the round's roll
    keep = hand[:2]
    game.apply(ShowAndReroll(keep))
    assert game.shown[0] == keep
    assert game.hands[0] == tuple(sorted(rng.integers(1, 7, size=4).tolist()))
    assert game.chance[-1] == {"reroll": 0, "dice": list(game.hands[0])}
    assert game.dice[0] == 6 and game.current_player == 1
    view = game.view(2)
    assert view.shown[0] == keep and view.unknown == 18 - 6 - 2
    assert set(keep) <= set(view.known)
    game.apply(Bid(3, 2))
    game.apply(Pass())
    game.apply(Bid(4, 2))  # seat 2
    game.apply(Pass())
    game.apply(Bid(5, 2))  # seat 0 again: may show more
    more = game.hands[0][:1]
    game.apply(ShowAndReroll(more))
    assert game.shown[0] == tuple(sorted(keep + more))
    assert len(game.hands[0]) == 3
    game.apply(Challenge())
    assert game.last_round.dice[0] == tuple(sorted(game.last_round.dice[0]))
    assert len(game.last_round.dice[0]) == 6  # shown dice count at the reveal
    assert game.shown == ((),) * 3  # a new round: nothing shown


def test_a_bidder_with_one_hidden_die_has_no_show_turn() -> None:
    rules = ld.preset("blef", show_and_reroll=True, dice=1)
    game = Game(rules, players=3, seed=0, opener=0)
    game.apply(Bid(1, 2))
    assert game.phase == Phase.BID and game.current_player == 1


def test_show_moves_are_refused_outside_the_show_turn() -> None:
    game = show_game()
    game.apply(Pass())
    with pytest.raises(IllegalMoveError, match="only right after one's own bid"):
        game.apply(Pass())


# --- views -------------------------------------------------------------------------------------


def test_a_view_holds_only_the_seats_own_dice_and_public_facts() -> None:
    game = Game(ld.preset("blef"), players=3, seed=1, opener=0)
    view = game.view(1)
    assert view.hand == game.hands[1]
    assert view.dice == game.dice and view.seat == 1
    assert view.legal_actions() == ()  # not its turn
    assert game.view(0).legal_actions() == tuple(game.legal_actions())
    with pytest.raises(ValueError, match="seat=3"):
        game.view(3)
    with pytest.raises(AttributeError):
        view.hand = ()  # frozen


def test_reprs_and_text() -> None:
    game = Game(ld.preset("bluff"), players=3, seed=1, opener=0)
    game.apply(Bid(2, 3))
    assert repr(game) == "Game(preset('bluff'), players=3, seed=1)"
    assert "seat 0 bids 2x3 (2 threes)" in str(game)  # render.move_text, as everywhere
    assert "<svg" in game._repr_html_() and "<svg" in game.view(1)._repr_html_()
    text = str(game.view(1))
    assert "seat 0: 6 dice  [? ? ? ? ? ?]" in text  # other seats' dice are hidden
    assert f"seat 1: 6 dice  [{' '.join(map(str, game.hands[1]))}]" in text
    assert eval(repr(ShowAndReroll((2, 5)))) == ShowAndReroll((5, 2))
    assert repr(Challenge()) == "Challenge()"


# --- properties of random play (hypothesis) ----------------------------------------------------


@game_settings
@given(**any_game)
def test_random_play_ends_with_one_winner_and_dice_never_grow_wrongly(
    name: str, players: int, seed: int, show: bool
) -> None:
    game = make(name, players, seed, show)
    rng = np.random.default_rng(seed)
    rounds_seen = 0
    totals = [sum(game.dice)]
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
        assert all(n >= 0 for n in game.dice)
        if len(game.results) > rounds_seen:
            rounds_seen = len(game.results)
            result = game.last_round
            total = sum(result.settlement.dice)
            gained = isinstance(result.action, Calza) and result.settlement.winner is not None
            transfer = game.rules.exact == "challenger_to_bidder" and result.count == (
                result.bid.quantity
            )
            if gained:
                assert total <= totals[-1] + 1
            elif transfer:
                assert total <= totals[-1]
            else:
                assert total < totals[-1]
            totals.append(total)
            if not game.is_over:
                assert game.dice[game.current_player] > 0
    if game.rules.single_round:
        assert len(game.results) == 1
    else:
        assert sum(n > 0 for n in game.dice) == 1
        assert game.dice[game.winner] > 0
    assert game.returns[game.winner] == 1.0
    assert abs(sum(game.returns)) < 1e-9


@st.composite
def illegal_actions(draw: st.DrawFn, game: Game) -> object:
    """Return an action that is not legal in the game's state."""
    legal = game.legal_actions()
    total = sum(game.dice)
    candidates = [
        Bid(total + 1, 2),
        Challenge(),
        Calza(),
        Pass(),
        ShowAndReroll((1,)),
        ShowAndReroll(game.hands[game.current_player] or (1,)),
        "3x5",
        None,
        *(Bid(q, f) for q in (1, 2, total) for f in (1, 3, 6)),
    ]
    candidates = [c for c in candidates if c not in legal]
    return draw(st.sampled_from(candidates))


@game_settings
@given(**any_game, moves=st.integers(0, 30), data=st.data())
def test_an_illegal_action_changes_nothing(
    name: str, players: int, seed: int, show: bool, moves: int, data: st.DataObject
) -> None:
    game = make(name, players, seed, show)
    random_play(game, np.random.default_rng(seed), moves)
    if game.is_over:
        action = data.draw(st.sampled_from([Challenge(), Bid(1, 2)]))
    else:
        action = data.draw(illegal_actions(game))
    before = (game.to_json(), game.hands, game.shown, game.phase, game.legal_actions())
    with pytest.raises(IllegalMoveError, match=r"seat|over|not an action"):
        game.apply(action)
    assert (game.to_json(), game.hands, game.shown, game.phase, game.legal_actions()) == before


@game_settings
@given(**any_game, moves=st.integers(0, 40), seat=st.integers(0, 5), data=st.data())
def test_a_view_never_depends_on_another_seats_hidden_dice(
    name: str, players: int, seed: int, show: bool, moves: int, seat: int, data: st.DataObject
) -> None:
    game = make(name, players, seed, show)
    random_play(game, np.random.default_rng(seed), moves)
    seat %= game.players
    view = game.view(seat)
    other = copy.deepcopy(game)
    for s in range(game.players):
        if s != seat:
            size = len(other._hands[s])
            other._hands[s] = tuple(data.draw(st.lists(st.integers(1, 6), min_size=size,
                                                        max_size=size)))  # fmt: skip
    assert other.view(seat) == view
    assert view.hand == game.hands[seat]


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_games_and_views_pickle_and_play_on_alike(name: str) -> None:
    import pickle

    rules = ld.preset(name, show_and_reroll=name == "bluff")
    game = Game(rules, players_for(rules, 3), seed=8)
    random_play(game, np.random.default_rng(1), moves=5)
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded.to_json() == game.to_json()
    view = game.view(0)
    assert pickle.loads(pickle.dumps(view)) == view
    for copy_ in (game, loaded):  # the generator's state travels too: the same rolls follow
        random_play(copy_, np.random.default_rng(2))
    assert loaded.to_json() == game.to_json()


def test_the_phase_is_an_enum_that_still_reads_as_its_old_text() -> None:
    game = Game(ld.preset("blef"), 2, seed=0)
    assert game.phase is Phase.BID and game.view(0).phase is Phase.BID
    assert Phase.BID == "bid" and Phase.SHOW == "show" and Phase.OVER == "over"
    assert [p.value for p in Phase] == ["bid", "show", "over"]


# --- issue 14: bad input is refused clearly, quickly, and changes nothing ----------------------


def refused(error: type, value: object, call, *args, **kwargs) -> None:
    """Assert call(*args, **kwargs) raises `error` and its message quotes `value`."""
    with pytest.raises(error) as caught:
        call(*args, **kwargs)
    assert quote(value) in str(caught.value)


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        (2**20000, ValueError),  # accepted before, then to_json() and repr failed
        (2**128, ValueError),
        (-1, ValueError),
        (None, ArgumentTypeError),
        (2.0, ArgumentTypeError),
        (True, ArgumentTypeError),
        ("1", ArgumentTypeError),
    ],
    ids=quote,
)
def test_game_refuses_bad_seeds(seed: object, error: type) -> None:
    refused(error, seed, Game, ld.preset("blef"), 2, seed)


def test_game_takes_every_seed_up_to_the_limit_and_saves_it() -> None:
    for seed in (0, 2**128 - 1, np.uint64(2**64 - 1)):
        game = Game(ld.preset("blef"), 2, seed)
        assert type(game.seed) is int and str(game.seed) in repr(game)
        assert Game.from_json(game.to_json()).seed == game.seed


@pytest.mark.parametrize(
    ("kwargs", "value", "error"),
    [
        ({"rules": "blef"}, "blef", ArgumentTypeError),
        ({"players": 2.0}, 2.0, ArgumentTypeError),
        ({"players": True}, True, ArgumentTypeError),
        ({"players": 10**5000}, 10**5000, ValueError),
        ({"opener": 2}, 2, ValueError),
        ({"opener": 1.0}, 1.0, ArgumentTypeError),
    ],
    ids=quote,
)
def test_game_refuses_bad_arguments(kwargs: dict, value: object, error: type) -> None:
    arguments = {"rules": ld.preset("blef"), "players": 2, **kwargs}
    refused(error, value, Game, **arguments)


@pytest.mark.parametrize(
    ("seat", "error"),
    [(-1, ValueError), (3, ValueError), (2.0, ArgumentTypeError), (True, ArgumentTypeError),
     (10**5000, ValueError), (None, ArgumentTypeError), ("0", ArgumentTypeError)], ids=quote,
)  # fmt: skip
def test_view_refuses_bad_seats(seat: object, error: type) -> None:
    game = Game(ld.preset("blef"), 3, seed=1)
    refused(error, seat, game.view, seat)


@pytest.mark.parametrize(
    "action",
    ["3x5", None, 10**5000, [Bid(1, 2)], {"bid": 1}, 2.5, True, object(), "x" * 10**6],
    ids=quote,
)
def test_apply_refuses_what_is_no_action_as_a_type_error_changing_nothing(action) -> None:
    game = Game(ld.preset("perudo", show_and_reroll=True), 3, seed=1, opener=0)
    game.apply(Bid(1, 2))
    before = (game.to_json(), game.hands, game.phase, game.legal_actions())
    for method in (game.apply, game.check):
        with pytest.raises(NotAnActionError) as caught:
            method(action)
        assert isinstance(caught.value, TypeError) and isinstance(caught.value, IllegalMoveError)
        assert quote(action) in str(caught.value) and len(str(caught.value)) < 1000
    assert (game.to_json(), game.hands, game.phase, game.legal_actions()) == before


@game_settings
@given(**any_game, moves=st.integers(0, 40))
def test_the_quick_legality_check_agrees_with_the_legal_actions(
    name: str, players: int, seed: int, show: bool, moves: int
) -> None:
    game = make(name, players, seed, show)
    random_play(game, np.random.default_rng(seed), moves)
    legal = set(game.legal_actions())
    total = sum(game.dice)
    candidates = [Challenge(), Calza(), Pass(), *(Bid(q, f) for q in range(1, total + 2)
                                                  for f in range(1, 7))]  # fmt: skip
    if game.phase == Phase.SHOW:
        hand = game.hands[game.current_player]
        candidates += [ShowAndReroll(hand), ShowAndReroll(hand[:1]), ShowAndReroll((7 - hand[0],))]
    for action in candidates:
        try:
            game.check(action)  # the O(1) check of each move kind (liarsdice.moves)
            allowed = True
        except IllegalMoveError:
            allowed = False
        assert allowed == (action in legal), action


@pytest.mark.parametrize(
    ("argument", "value", "error"),
    [
        ("rules", "blef", ArgumentTypeError),
        ("phase", "later", ArgumentTypeError),
        ("dice", (2,), ValueError),
        ("dice", (2, 10**5000), ValueError),
        ("dice", (2, 2.0), ArgumentTypeError),
        ("dice", (1,) * 21, ValueError),
        ("seat", 2, ValueError),
        ("seat", True, ArgumentTypeError),
        ("previous", "1x2", ArgumentTypeError),
        ("palifico", "no", ArgumentTypeError),
        ("hand", (1, 7), ValueError),
        ("hand", "12", ArgumentTypeError),
        ("hand", (1, 2) * 20, ValueError),  # 40 dice: 2**40 subsets to show, refused at once
    ],
    ids=quote,
)
def test_legal_actions_for_refuses_bad_arguments(argument: str, value, error: type) -> None:
    arguments = dict(rules=ld.preset("blef"), phase=Phase.SHOW, dice=(2, 2), seat=0,
                     previous=None, palifico=False, hand=(1, 2))  # fmt: skip
    arguments[argument] = value
    refused(error, value, legal_actions_for, **arguments)


def test_legal_actions_for_still_takes_lists_numpy_ints_and_phase_text() -> None:
    actions = legal_actions_for(ld.preset("blef"), "show", [2, 2], np.int64(0), None, False, [1, 2])
    assert actions == (Pass(), ShowAndReroll((1,)), ShowAndReroll((2,)))
