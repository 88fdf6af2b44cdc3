"""Tests of liarsdice.tally: pooled tallies, fits against the exact odds, the two-group test,
the CSV round trip, undo, limits, and bad input refused with the tally unchanged."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats as sps

from liarsdice import odds, stats
from liarsdice.plots.tally import TALLY_EXPECTED, TALLY_OBSERVED, tally_figure
from liarsdice.rules import PRESETS
from liarsdice.tally import (
    CSV_HEADER,
    MAX_GROUPS,
    MAX_NAME,
    MAX_ROUNDS,
    MIN_EXPECTED,
    SIMULATIONS,
    Tally,
    parse_numbers,
)


def random_tally(seed: int = 0, groups: int = 3, rules: str = "blef") -> Tally:
    """Return a tally of fair dice: per group, two face entries and two entries of rounds."""
    rng = np.random.default_rng(seed)
    tally = Tally(rules)
    for number in range(groups):
        name = f"group {number}"
        for _ in range(2):
            tally.add_faces(name, rng.integers(1, 7, size=40).tolist())
            tally.add_rounds(name, rng.binomial(15, 1 / 3, size=25).tolist())
    return tally


def snapshot(tally: Tally) -> tuple:
    """Return everything a refused input must leave alone."""
    return (tally.to_csv(), tally.history, tally.groups, tally.face_counts(), tally.rounds())


def chi_square(observed: np.ndarray, expected: np.ndarray) -> float:
    """Return the chi-square statistic, written out."""
    return float(((observed - expected) ** 2 / expected).sum())


# ----- pooled tallies ---------------------------------------------------------------------------


def test_pooled_tallies_add_up_the_entries_per_group_and_for_the_class():
    rng = np.random.default_rng(3)
    tally = Tally("blef", dice_per_round=15, face=5)
    faces = {"red": rng.integers(1, 7, size=50), "blue": rng.integers(1, 7, size=30)}
    counts = {"red": rng.multinomial(24, [1 / 6] * 6), "blue": rng.multinomial(18, [1 / 6] * 6)}
    rounds = {"red": rng.binomial(15, 1 / 3, size=9), "blue": rng.binomial(15, 1 / 3, size=7)}
    for group in ("red", "blue"):
        tally.add_faces(group, faces[group].tolist())
        tally.add_face_counts(group, counts[group].tolist())
        tally.add_rounds(group, rounds[group].tolist())
    assert tally.groups == ("red", "blue")
    for group in ("red", "blue"):
        by_face = np.bincount(faces[group], minlength=7)[1:] + counts[group]
        assert tally.face_counts(group) == tuple(by_face)
        assert tally.rounds(group) == tuple(rounds[group])
        assert tally.round_table(group) == tuple(np.bincount(rounds[group], minlength=16))
        counted = by_face[4] + by_face[0] + rounds[group].sum()  # fives and aces
        assert tally.matches(group) == (counted, by_face.sum() + 15 * len(rounds[group]))
    assert tally.face_counts() == tuple(
        a + b for a, b in zip(tally.face_counts("red"), tally.face_counts("blue"))
    )
    assert tally.rounds() == tally.rounds("red") + tally.rounds("blue")
    assert tally.matches() == tuple(
        a + b for a, b in zip(tally.matches("red"), tally.matches("blue"))
    )


def test_the_wild_face_counts_alone_and_star_rules_count_sixes_as_wild():
    tally = Tally("blef", face=1)
    tally.add_face_counts("a", [3, 1, 1, 1, 4, 2])
    assert tally.matches("a") == (3, 12)  # the aces only
    bluff = Tally("bluff", face=5)
    bluff.add_face_counts("a", [3, 1, 1, 1, 4, 2])
    assert bluff.counted == "fives and stars"
    assert bluff.matches("a") == (4 + 2, 12)


def test_typed_entries_are_parsed_like_the_numbers_they_hold():
    typed, given = Tally(), Tally()
    typed.add_entry(" red ", "counts", "12 9, 11;10 8 10")
    typed.add_entry("red", "faces", "1 5 5 3 6")
    typed.add_entry("red", "rounds", "4 6\n5")
    given.add_face_counts("red", [12, 9, 11, 10, 8, 10])
    given.add_faces("red", [1, 5, 5, 3, 6])
    given.add_rounds("red", [4, 6, 5])
    assert typed == given
    assert typed.face_counts("red") == (13, 9, 12, 10, 10, 11)
    assert parse_numbers("+3 -2") == (3, -2)


# ----- fits -------------------------------------------------------------------------------------


def test_a_large_face_tally_is_the_chi_square_test_of_the_six_faces():
    tally = random_tally(1)
    observed = np.array(tally.face_counts())
    assert observed.sum() >= 6 * MIN_EXPECTED
    fit = tally.fit("faces")
    statistic, p = sps.chisquare(observed)  # scipy's test against equal chances, no pooling
    assert fit.method == "chi-square" and fit.small is None
    assert fit.pooled.statistic == pytest.approx(statistic)
    assert fit.pooled.dof == 5 and fit.p_value == pytest.approx(p)
    assert fit.expected == pytest.approx([observed.sum() / 6] * 6)
    assert fit.pooled == stats.chi_square_fit(observed, [1 / 6] * 6, MIN_EXPECTED)
    assert fit.pooled_cells == tuple((f, f) for f in range(1, 7))


@pytest.mark.parametrize("rules, face", [("blef", 5), ("blef", 1), ("bluff", 2)])
def test_rounds_are_tested_against_the_binomial_count_with_cells_pooled(rules, face):
    tally = Tally(rules, dice_per_round=12, face=face)
    rng = np.random.default_rng(7)
    p = 1 / 6 if face == tally.rules.wild else 1 / 3
    tally.add_rounds("g", rng.binomial(12, p, size=200).tolist())
    fit = tally.fit("rounds")
    chances = sps.binom.pmf(np.arange(13), 12, p)
    assert np.allclose(tally.probabilities("rounds"), chances)
    assert fit.cells == tuple(range(13))
    assert fit.expected == pytest.approx(200 * chances)
    assert fit.observed == tuple(np.bincount(tally.rounds(), minlength=13))
    assert fit.method == "chi-square" and fit.small is None
    exact = odds.count_distribution(face, tally.rules, 12)
    assert fit.pooled == stats.chi_square_fit(fit.observed, exact, MIN_EXPECTED)
    assert fit.pooled.p_value == pytest.approx(
        stats.chi_square_fit(fit.observed, chances, MIN_EXPECTED).p_value
    )
    # the pooled cells: consecutive, covering 0..12, each expecting at least MIN_EXPECTED
    assert fit.pooled_cells[0][0] == 0 and fit.pooled_cells[-1][1] == 12
    for (_, last), (first, _) in itertools.pairwise(fit.pooled_cells):
        assert first == last + 1
    for first, last in fit.pooled_cells:
        assert 200 * chances[first : last + 1].sum() >= MIN_EXPECTED
    assert len(fit.pooled_cells) < 13  # the tails were pooled
    observed = [sum(fit.observed[a : b + 1]) for a, b in fit.pooled_cells]
    expected = [200 * chances[a : b + 1].sum() for a, b in fit.pooled_cells]
    assert fit.pooled.statistic == pytest.approx(sps.chisquare(observed, expected)[0])


def exact_p_by_enumeration(rolls: int, dice: int, tally_of, observed, chances) -> float:
    """Return P(chi-square statistic >= the observed one) over every outcome of `rolls`
    rolls of `dice` dice each (all 6**(rolls * dice) equally likely)."""
    expected = np.asarray(chances) * rolls
    seen = chi_square(np.asarray(observed), expected)
    hits = 0
    for faces in itertools.product(range(1, 7), repeat=rolls * dice):
        cells = tally_of([faces[i * dice : (i + 1) * dice] for i in range(rolls)])
        hits += chi_square(cells, expected) >= seen - 1e-9
    return hits / 6 ** (rolls * dice)


def test_the_exact_p_value_of_few_dice_equals_enumerating_every_roll():
    tally = Tally()
    tally.add_faces("a", [6, 6, 6, 2, 3, 6])
    fit = tally.fit("faces")
    assert fit.method == "exact" and fit.pooled is None
    by_hand = exact_p_by_enumeration(
        6, 1, lambda r: np.bincount([d[0] for d in r], minlength=7)[1:], fit.observed, [1 / 6] * 6
    )
    assert fit.p_value == pytest.approx(by_hand, abs=1e-12)
    assert fit.p_value == fit.small.exact_p_value


def test_the_exact_p_value_of_few_rounds_equals_enumerating_every_roll():
    rules = PRESETS["blef"]
    tally = Tally(rules, dice_per_round=3, face=4)
    tally.add_rounds("a", [3, 0])
    fit = tally.fit("rounds")
    assert fit.method == "exact"

    def table(rounds):
        return np.bincount([rules.count(r, 4) for r in rounds], minlength=4)

    chances = [float(c) for c in odds.count_distribution(4, rules, 3, exact=True)]
    assert odds.count_distribution(4, rules, 3, exact=True) == [
        Fraction(math.comb(3, k)) * Fraction(1, 3) ** k * Fraction(2, 3) ** (3 - k)
        for k in range(4)
    ]
    assert fit.p_value == pytest.approx(
        exact_p_by_enumeration(2, 3, table, fit.observed, chances), abs=1e-12
    )


def test_a_small_face_tally_gets_a_seeded_simulated_p_value_near_the_exact_one():
    tally = Tally()
    tally.add_face_counts("a", [1, 2, 3, 3, 4, 7])  # 20 dice: too many to sum every tally
    fit = tally.fit("faces", seed=5)
    assert fit.method == "simulated" and fit.pooled is not None
    same = stats.chi_square_fit(
        fit.observed, [1 / 6] * 6, 0, simulate=SIMULATIONS, rng=np.random.default_rng(5)
    )
    assert fit.p_value == same.simulated_p_value
    assert tally.fit("faces", seed=5) == fit  # the same seed, the same p-value
    exact = stats.chi_square_fit(fit.observed, [1 / 6] * 6, 0, exact=True).exact_p_value
    assert fit.p_value == pytest.approx(exact, abs=0.015)  # 4 standard errors of 20,000 draws
    assert tally.fit("faces", seed=6).p_value != fit.p_value


def test_too_few_rounds_to_pool_use_the_unpooled_table():
    tally = Tally()
    tally.add_rounds("a", [5, 6, 4, 5, 9, 1, 5])  # 7 rounds: pooling leaves one cell
    fit = tally.fit("rounds", seed=2)
    assert fit.pooled is None and fit.method == "simulated"
    assert fit.pooled_cells == ((0, 15),)
    chances = tally.probabilities("rounds")
    assert fit.small.statistic == pytest.approx(chi_square(np.array(fit.observed), 7 * chances))


def test_a_group_or_the_class_with_nothing_of_a_kind_cannot_be_tested():
    tally = Tally()
    with pytest.raises(ValueError, match="no face counts yet"):
        tally.fit("faces")
    tally.add_rounds("red", [5])
    with pytest.raises(ValueError, match="group 'red' has no face counts"):
        tally.fit("faces", "red")
    with pytest.raises(ValueError, match="'blue': no such group"):
        tally.fit("rounds", "blue")
    with pytest.raises(ValueError, match="'dice'"):
        tally.fit("dice")


# ----- two groups -------------------------------------------------------------------------------


def test_compare_is_the_two_proportion_test_of_the_dice_counting_for_the_face():
    tally = Tally()
    tally.add_face_counts("red", [10, 9, 11, 10, 14, 6])
    tally.add_rounds("red", [5, 7, 4])
    tally.add_faces("blue", [5, 5, 1, 2, 3, 4, 6, 6, 5, 1])
    comparison = tally.compare("red", "blue")
    red, blue = (10 + 14 + 5 + 7 + 4, 60 + 45), (2 + 3, 10)  # fives and aces, dice rolled
    assert (comparison.matches_a, comparison.dice_a) == red
    assert (comparison.matches_b, comparison.dice_b) == blue
    assert comparison.test == stats.two_proportion_test(*red, *blue)
    share = (red[0] + blue[0]) / (red[1] + blue[1])
    z = (red[0] / red[1] - blue[0] / blue[1]) / math.sqrt(
        share * (1 - share) * (1 / red[1] + 1 / blue[1])
    )
    assert comparison.test.statistic == pytest.approx(z)
    assert comparison.test.p_value == pytest.approx(2 * sps.norm.sf(abs(z)))
    with pytest.raises(ValueError, match="'red' twice"):
        tally.compare("red", "red")
    with pytest.raises(ValueError, match="'green'"):
        tally.compare("red", "green")
    with pytest.raises(ValueError, match="two groups"):
        tally.compare("red", None)


# ----- CSV --------------------------------------------------------------------------------------


def test_csv_round_trip_gives_an_equal_tally_and_the_same_text():
    tally = random_tally(2)
    tally.add_face_counts('table "A", left', [1, 0, 0, 0, 0, 2])  # a comma and quotes
    text = tally.to_csv()
    assert text.splitlines()[0] == ",".join(CSV_HEADER)
    again = Tally.from_csv(text)
    assert again == tally
    assert again.to_csv() == text
    assert again.groups == tally.groups
    merged = Tally()
    merged.merge_csv(text)
    assert merged == tally and len(merged.history) == 1


def test_csv_rows_say_what_they_mean():
    tally = Tally()
    tally.add_face_counts("red", [1, 2, 3, 4, 5, 6])
    tally.add_rounds("red", [4, 7])
    assert tally.to_csv().splitlines() == [
        "group,kind,key,value",
        ",setting,dice_per_round,15",
        ",setting,face,5",
        ",setting,wild,1",
        *(f"red,face,{f},{f}" for f in range(1, 7)),
        "red,round,1,4",
        "red,round,2,7",
    ]


def test_a_hand_written_csv_may_leave_out_settings_and_number_rounds_in_any_order():
    text = "Group,Kind,Key,Value\r\n\r\nred,round,2,7\r\nred,round,1,4\r\n"
    tally = Tally.from_csv(text, dice_per_round=10, face=3)
    assert tally.rounds("red") == (4, 7) and tally.dice_per_round == 10 and tally.face == 3


def test_star_rules_round_trip_and_other_rules_are_refused():
    tally = random_tally(4, groups=1, rules="bluff")
    text = tally.to_csv()
    assert Tally.from_csv(text, "bluff") == tally
    with pytest.raises(ValueError, match="wild=6"):
        Tally.from_csv(text, "blef")
    with pytest.raises(ValueError, match="dice_per_round=12"):
        Tally.from_csv(text, "bluff", dice_per_round=12)


# ----- undo, clear, limits -----------------------------------------------------------------------


def test_undo_takes_back_the_last_entry_or_the_whole_last_file():
    first, both = Tally(), Tally()
    for tally in (first, both):
        tally.add_face_counts("red", [1, 2, 3, 4, 5, 6])
        tally.add_rounds("blue", [4, 5])
    before = snapshot(first)
    both.add_rounds("red", [3])
    both.add_face_counts("blue", [2, 2, 2, 2, 2, 2])
    entry = both.undo()
    assert entry[0].group == "blue" and entry[0].values == (2,) * 6
    both.undo()
    assert snapshot(both) == before and both == first
    both.merge_csv(random_tally(5).to_csv())
    both.undo()
    assert snapshot(both) == before
    both.undo()
    both.undo()
    assert both.is_empty() and both == Tally()
    with pytest.raises(ValueError, match="nothing entered"):
        both.undo()
    first.clear()
    assert first == Tally() and first.history == ()


def test_the_limits_hold():
    tally = Tally()
    for number in range(MAX_GROUPS):
        tally.add_rounds(f"g{number}", [1])
    before = snapshot(tally)
    with pytest.raises(ValueError, match=f"at most {MAX_GROUPS} groups"):
        tally.add_rounds("one too many", [1])
    tally.add_rounds("g0", [2] * (MAX_ROUNDS - 2))
    with pytest.raises(ValueError, match=f"at most {MAX_ROUNDS:,}"):
        tally.add_rounds("g0", [1, 1])
    tally.add_rounds("g0", [3])  # exactly the limit
    assert len(tally.rounds("g0")) == MAX_ROUNDS
    assert snapshot(tally)[2] == before[2]
    Tally().add_face_counts("x" * MAX_NAME, [1] * 6)


# ----- bad input --------------------------------------------------------------------------------

CSV = "group,kind,key,value\n"
BAD_INPUTS = {
    "negative count": (
        lambda t: t.add_face_counts("red", [1, -2, 3, 4, 5, 6]), ValueError, "-2, is negative"),
    "non-integer count": (
        lambda t: t.add_face_counts("red", [1, 2, 3, 4, 5, 6.5]), TypeError, "6.5"),
    "five counts": (lambda t: t.add_face_counts("red", [1, 2, 3, 4, 5]), ValueError, "got 5"),
    "no dice": (lambda t: t.add_face_counts("red", [0] * 6), ValueError, "(0, 0, 0, 0, 0, 0)"),
    "face 7": (lambda t: t.add_faces("red", [1, 7]), ValueError, "die 7"),
    "face 0": (lambda t: t.add_faces("red", [0, 3]), ValueError, "die 0"),
    "more dice than rolled": (lambda t: t.add_rounds("red", [3, 16]), ValueError, "16 is more"),
    "negative round": (lambda t: t.add_rounds("red", [-1]), ValueError, "-1"),
    "no rounds": (lambda t: t.add_rounds("red", []), ValueError, "()"),
    "empty group": (lambda t: t.add_entry("", "counts", "1 2 3 4 5 6"), ValueError, "''"),
    "blank group": (lambda t: t.add_entry("  ", "counts", "1 2 3 4 5 6"), ValueError, "'  '"),
    "long group": (lambda t: t.add_rounds("x" * 31, [1]), ValueError, "xxxxx"),
    "group not text": (lambda t: t.add_rounds(7, [1]), TypeError, "group=7"),
    "empty entry": (lambda t: t.add_entry("red", "counts", " "), ValueError, "nothing entered"),
    "a word": (lambda t: t.add_entry("red", "rounds", "4 five 6"), TypeError, "'five'"),
    "a fraction": (lambda t: t.add_entry("red", "counts", "1 2 3 4 5 6.0"), TypeError, "'6.0'"),
    "typed face 7": (lambda t: t.add_entry("red", "faces", "1 7"), ValueError, "die 7"),
    "16 digits": (
        lambda t: t.add_entry("red", "rounds", "4 " + "1" * 16), ValueError, "has more than 15 digits"),
    "a huge number": (lambda t: t.add_entry("red", "rounds", "9" * 5000), ValueError, "99...99"),
    "a superscript": (lambda t: t.add_entry("red", "rounds", "4 ²"), TypeError, "'²' is not a whole"),
    "typed round 16": (lambda t: t.add_entry("red", "rounds", "16"), ValueError, "16 is more"),
    "unknown mode": (lambda t: t.add_entry("red", "dice", "1"), ValueError, "'dice'"),
    "empty CSV": (lambda t: t.merge_csv(""), ValueError, "empty"),
    "header only": (lambda t: t.merge_csv(CSV), ValueError, "no rows"),
    "wrong header": (lambda t: t.merge_csv("a,b,c,d\nred,round,1,4\n"), ValueError, "'a,b,c,d'"),
    "short row": (lambda t: t.merge_csv(CSV + "red,round,1\n"), ValueError, "line 2 'red,round,1'"),
    "CSV face 7": (
        lambda t: t.merge_csv(CSV + "red,round,1,4\nred,face,7,3\n"), ValueError, "line 3"),
    "CSV round 16": (lambda t: t.merge_csv(CSV + "red,round,1,16\n"), ValueError, "16 is more"),
    "CSV negative": (
        lambda t: t.merge_csv(CSV + "red,round,1,-4\n"), ValueError, "'red,round,1,-4': the count -4 is negative"),
    "CSV word": (lambda t: t.merge_csv(CSV + "red,round,1,four\n"), ValueError, "'four'"),
    "CSV kind": (lambda t: t.merge_csv(CSV + "red,roll,1,4\n"), ValueError, "'roll'"),
    "CSV no group": (lambda t: t.merge_csv(CSV + ",round,1,4\n"), ValueError, "line 2"),
    "CSV twice": (
        lambda t: t.merge_csv(CSV + "red,round,1,4\nred,round,1,5\n"), ValueError, "line 2"),
    "CSV five faces": (
        lambda t: t.merge_csv(CSV + "".join(f"red,face,{f},1\n" for f in range(1, 6))),
        ValueError, "face(s) [6]"),
    "CSV other face": (
        lambda t: t.merge_csv(CSV + ",setting,face,4\nred,round,1,4\n"), ValueError, "face=4"),
    "CSV too many groups": (
        lambda t: t.merge_csv(CSV + "".join(f"g{i},round,1,1\n" for i in range(MAX_GROUPS + 1))),
        ValueError, f"at most {MAX_GROUPS} groups"),
    "CSV long name": (
        lambda t: t.merge_csv(CSV + "x" * 31 + ",round,1,1\n"), ValueError, "line 2"),
    "CSV huge count": (
        lambda t: t.merge_csv(CSV + "".join(f"red,face,{f},99999999\n" for f in range(1, 7))),
        ValueError, "99999999"),
    "CSV not text": (lambda t: t.merge_csv(b"group"), TypeError, "b'group'"),
}  # fmt: skip


@pytest.mark.parametrize("name", BAD_INPUTS)
def test_bad_input_is_refused_quoting_it_and_the_tally_is_unchanged(name):
    act, error, quoted = BAD_INPUTS[name]
    tally = random_tally(6, groups=2)
    tally.add_rounds("red", [4, 5])
    before = snapshot(tally)
    with pytest.raises(error) as caught:
        act(tally)
    assert isinstance(caught.value, ValueError)  # a TypeError here is also a ValueError
    assert quoted in str(caught.value)
    assert snapshot(tally) == before


def test_a_file_with_one_bad_row_adds_none_of_its_good_rows():
    tally = Tally()
    good = Tally()
    good.add_rounds("blue", [4, 5, 6])
    text = good.to_csv() + "green,round,1,3\ngreen,round,2,99\n"
    with pytest.raises(ValueError, match=r"line 9 'green,round,2,99'"):
        tally.merge_csv(text)
    assert tally == Tally() and tally.history == ()


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="unknown preset 'nope'"):
        Tally("nope")
    with pytest.raises(ValueError, match="dice_per_round=0"):
        Tally(dice_per_round=0)
    with pytest.raises(ValueError, match="face=7"):
        Tally(face=7)


# ----- the figure -------------------------------------------------------------------------------


def test_the_figure_draws_the_fit_and_shades_bars_by_pooled_cell():
    tally = random_tally(8)
    fit = tally.fit("rounds")
    fig = tally_figure(fit.cells, fit.observed, fit.expected, fit.pooled_cells)
    assert list(fig.data[TALLY_OBSERVED].y) == list(fit.observed)
    assert list(fig.data[TALLY_EXPECTED].y) == pytest.approx(fit.expected)
    colours = fig.data[TALLY_OBSERVED].marker.color
    for first, last in fit.pooled_cells:
        assert len(set(colours[first : last + 1])) == 1
    for (_, last), (first, _) in itertools.pairwise(fit.pooled_cells):
        assert colours[last] != colours[first]
    with pytest.raises(ValueError, match="one of each per cell"):
        tally_figure((1, 2), (3,), (1.5, 1.5))
