"""Tests of liarsdice.solver.stream: CFR+ streamed from disk is CFRPlus's algorithm, its NashConv
is SmallGame's, checkpoints resume exactly and refuse what is not theirs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

import liarsdice as ld
from liarsdice.cli import main
from liarsdice.i18n import translate
from liarsdice.solver import CFRPlus, SmallGame, Strategy
from liarsdice.solver.stream import (
    MAX_STREAM_DICE,
    MAX_STREAM_STATES,
    StreamGame,
    StreamSolver,
    check_stream_size,
    stream_solve,
)
from liarsdice.solver.stream_kernels import numba_available

GAMES = [("openspiel", (1, 1)), ("openspiel", (1, 2)), ("perudo", (1, 2)), ("blef", (2, 1))]
KERNELS = [False, True] if numba_available() else [False]


def generic_payoff(game: StreamGame, seed: int = 1):
    """Return a payoff(bidder, bid, count) drawn at random: no two lines of play tie exactly."""
    table = np.random.default_rng(seed).uniform(-1, 1, size=(2, len(game.bids), 8))
    index = {b: i for i, b in enumerate(game.bids)}
    return lambda bidder, bid, count: float(table[bidder, index[bid], count])


def largest_difference(a: Strategy, b: Strategy) -> float:
    return max(np.abs(x - y).max() for x, y in zip(a.liar + a.bid, b.liar + b.bid))


# ----- the layout ------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "dice"), GAMES)
def test_the_layout_has_smallgames_histories_each_once(rules, dice) -> None:
    game = StreamGame(rules, dice, faces=3)
    small = game.small_game()
    assert game.n_histories == small.n_histories
    assert game.n_information_states == small.n_information_states
    assert game.depth == small.depth and game.bids == small.bids
    for d, rows in enumerate(game.rows_of(small)):
        assert sorted(rows) == list(range(game.sizes[d]))  # a permutation of the level
        for row in rows[:50]:  # a streamed row's last bid is the history's last bid
            b = next(b for b, start, stop in game.groups[d] if start <= row < stop) if d else -1
            history = small.history(d, int(np.flatnonzero(rows == row)[0]))
            assert b == (game.bids.index(history[-1]) if history else -1)


def test_two_v_two_is_openspiels_size_and_builds_no_arrays() -> None:
    game = StreamGame("openspiel", (2, 2), faces=6)
    assert len(game.bids) == 24
    assert game.n_histories == 2**24
    assert game.n_information_states == 2**24 * 21 == 352_321_536
    assert max(game.sizes) == 2_704_156  # C(24, 12): the widest level
    with pytest.raises(ValueError, match="MAX_SOLVED_DICE"):
        game.small_game()


def test_sizes_beyond_the_limits_are_refused() -> None:
    with pytest.raises(ValueError, match="MAX_STREAM_DICE"):
        check_stream_size((MAX_STREAM_DICE, 1), 6)
    with pytest.raises(ValueError, match="MAX_STREAM_STATES"):
        StreamGame("openspiel", (3, 3), faces=6)  # 2^36 histories
    with pytest.raises(ValueError, match=r"dice=\(1,\)"):
        check_stream_size((1,), 6)
    with pytest.raises(TypeError, match="'22'"):
        check_stream_size("22", 6)
    with pytest.raises(ValueError, match="faces=7"):
        StreamGame("openspiel", (1, 1), faces=7)
    assert StreamGame("openspiel", (1, 3), faces=6).n_information_states <= MAX_STREAM_STATES


# ----- the same algorithm as CFRPlus -------------------------------------------------------------


@pytest.mark.parametrize("generic", [True, False])
@pytest.mark.parametrize("fused", KERNELS)
@pytest.mark.parametrize(("rules", "dice"), GAMES)
def test_streamed_cfr_plus_is_cfr_plus(tmp_path, rules, dice, fused, generic) -> None:
    """The same iterates as CFRPlus, evaluations in between included (they reuse the files
    that hold the terminal values), on random payoffs and on the single round's +-1."""
    game = StreamGame(rules, dice, faces=3)
    if generic:
        game = StreamGame(rules, dice, faces=3, payoff=generic_payoff(game))
    small = game.small_game()
    streamed = StreamSolver(game, tmp_path, dtype="float64", fused=fused)
    in_memory = CFRPlus(small)
    for _ in range(3):
        streamed.iterate(7)
        in_memory.iterate(7)
        assert largest_difference(streamed.current_strategy(), in_memory.current_strategy()) < 1e-9
        average = streamed.average_strategy()
        assert largest_difference(average, in_memory.average_strategy()) < 1e-9
        evaluation = streamed.evaluate()
        assert evaluation.nash_conv == pytest.approx(small.nash_conv(average), abs=1e-9)
        assert evaluation.value == pytest.approx(small.expected_value(average), abs=1e-9)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize(("rules", "dice"), GAMES)
def test_streamed_evaluation_is_smallgames(tmp_path, rules, dice, dtype) -> None:
    """Whatever the iterations, the streamed NashConv and value are SmallGame's for the same
    strategy (the single round's +-1 payoffs)."""
    game = StreamGame(rules, dice, faces=3)
    small = game.small_game()
    solver = StreamSolver(game, tmp_path, dtype=dtype)
    uniform = solver.evaluate()  # before any iteration: the uniform strategy
    assert uniform.nash_conv == pytest.approx(small.nash_conv(Strategy.uniform(small)), abs=1e-5)
    solver.iterate(25)
    average = solver.average_strategy()
    tolerance = 1e-9 if dtype == "float64" else 1e-5
    evaluation = solver.evaluate()
    assert evaluation.nash_conv == pytest.approx(small.nash_conv(average), abs=tolerance)
    assert evaluation.best_response[1] == pytest.approx(
        small.best_response_value(average, 1), abs=tolerance
    )
    assert evaluation.value == pytest.approx(small.expected_value(average), abs=tolerance)
    low, high = evaluation.bounds
    assert low <= evaluation.value <= high
    assert high - low == pytest.approx(evaluation.nash_conv)


@pytest.mark.skipif(not numba_available(), reason="numba is not installed")
def test_the_numba_and_numpy_kernels_agree(tmp_path) -> None:
    game = StreamGame("openspiel", (1, 2), faces=4)
    game = StreamGame("openspiel", (1, 2), faces=4, payoff=generic_payoff(game, seed=2))
    fused = StreamSolver(game, tmp_path / "numba", dtype="float64", fused=True)
    plain = StreamSolver(game, tmp_path / "numpy", dtype="float64", fused=False)
    fused.iterate(10)
    plain.iterate(10)
    assert largest_difference(fused.average_strategy(), plain.average_strategy()) < 1e-9
    assert fused.evaluate().value == pytest.approx(plain.evaluate().value, abs=1e-12)


def test_nash_conv_falls_and_the_value_approaches_the_lp_value(tmp_path) -> None:
    pytest.importorskip("scipy")
    from liarsdice.solver import game_value

    result = stream_solve(
        "openspiel", (1, 2), 3, folder=tmp_path, max_iterations=200, report_every=25,
        progress=False, log=lambda line: None,
    )  # fmt: skip
    gaps = [report.nash_conv for report in result.reports]
    assert len(gaps) == 8
    # CFR+'s average is not monotone check to check (CFRPlus's neither), but it falls
    assert max(gaps[4:]) < min(gaps[:4])
    assert gaps[-1] < gaps[0] / 20
    assert result.nash_conv < 2e-3
    exact = game_value("openspiel", (1, 2), 3)
    assert abs(result.value - exact) <= result.nash_conv  # the bound the summary states
    low, high = result.evaluation.bounds
    assert low <= exact <= high


def test_the_per_level_maps_give_the_same_run(tmp_path) -> None:
    game = StreamGame("perudo", (2, 1), faces=3)
    whole = StreamSolver(game, tmp_path / "whole", resident=True)
    levels = StreamSolver(game, tmp_path / "levels", resident=False)
    whole.iterate(9)
    levels.iterate(9)
    for kind in ("regret_bid", "sum_liar"):
        assert np.array_equal(whole._arrays.whole(kind), levels._arrays.whole(kind))
    # resident: every array in memory, no file the page cache writes back; else all in files
    assert not (tmp_path / "whole/live").exists()
    assert (tmp_path / "levels/live/terminal_0.bin").is_file()


# ----- checkpoints -----------------------------------------------------------------------------


def test_a_run_interrupted_and_resumed_is_the_run_uninterrupted(tmp_path) -> None:
    game = StreamGame("openspiel", (2, 1), faces=3)
    straight = StreamSolver(game, tmp_path / "straight")
    straight.iterate(12)
    first = StreamSolver(game, tmp_path / "resumed")
    first.iterate(5)
    first.checkpoint()
    first.iterate(3)  # lost: the process dies before its next checkpoint
    again = StreamSolver(game, tmp_path / "resumed")
    assert again.iterations == 5
    again.iterate(7)
    for kind in ("regret_liar", "regret_bid", "sum_liar", "sum_bid"):
        assert np.array_equal(straight._arrays.whole(kind), again._arrays.whole(kind))
    assert again.evaluate() == straight.evaluate()
    names = sorted(p.name for p in (tmp_path / "resumed").iterdir())
    assert names == ["checkpoint.json", "ckpt-000000005"]  # no partial files, no scratch


def test_stream_solve_resumes_to_the_same_result(tmp_path) -> None:
    quiet = {"progress": False, "log": lambda line: None, "report_every": 4}
    whole = stream_solve("perudo", (1, 2), 3, folder=tmp_path / "a", max_iterations=12, **quiet)
    stream_solve("perudo", (1, 2), 3, folder=tmp_path / "b", max_iterations=8, **quiet)
    resumed = stream_solve("perudo", (1, 2), 3, folder=tmp_path / "b", max_iterations=12, **quiet)
    assert (resumed.iterations, resumed.evaluation) == (12, whole.evaluation)
    assert [r.iterations for r in resumed.reports] == [4, 8, 12]
    assert resumed.checkpoint.name == "ckpt-000000012"


@pytest.fixture
def saved(tmp_path) -> tuple[StreamGame, Path]:
    game = StreamGame("openspiel", (1, 2), faces=3)
    solver = StreamSolver(game, tmp_path)
    solver.iterate(3)
    solver.checkpoint()
    return game, tmp_path


@pytest.mark.parametrize(
    ("other", "settings", "message"),
    [
        (("openspiel", (2, 1), 3), {}, r"dice \[1, 2\], not \[2, 1\]"),
        (("openspiel", (1, 2), 2), {}, "faces 3, not 2"),
        (("perudo", (1, 2), 3), {}, "other rules"),
        (("openspiel", (1, 2), 3), {"dtype": "float64"}, "dtype 'float32', not 'float64'"),
        (("openspiel", (1, 2), 3), {"averaging": 1.0}, "averaging 2.0, not 1.0"),
    ],
)
def test_a_checkpoint_for_another_game_or_settings_is_refused(saved, other, settings, message):
    _, folder = saved
    rules, dice, faces = other
    with pytest.raises(ValueError, match=message):
        StreamSolver(StreamGame(rules, dice, faces), folder, **settings)
    StreamSolver(StreamGame(rules, dice, faces), folder, restart=True, **settings)  # discarded
    assert not (folder / "checkpoint.json").exists()


def test_a_checkpoint_with_another_payoff_is_refused(saved) -> None:
    game, folder = saved
    other = StreamGame("openspiel", (1, 2), 3, payoff=generic_payoff(game))
    with pytest.raises(ValueError, match="other payoff_table"):
        StreamSolver(other, folder)


def _flip_a_byte(folder: Path) -> None:
    file = next(folder.glob("ckpt-*")) / "sum_bid.bin"
    data = bytearray(file.read_bytes())
    data[len(data) // 2] ^= 0xFF
    file.write_bytes(bytes(data))


def _truncate(folder: Path) -> None:
    file = next(folder.glob("ckpt-*")) / "regret_liar.bin"
    file.write_bytes(file.read_bytes()[:-4])


def _garble_manifest(folder: Path) -> None:
    (folder / "checkpoint.json").write_text('{"format": "liarsdice-stream-checkpoint", "ver')


def _other_version(folder: Path) -> None:
    manifest = json.loads((folder / "checkpoint.json").read_text())
    manifest["version"] = 99
    (folder / "checkpoint.json").write_text(json.dumps(manifest))


def _drop_the_data(folder: Path) -> None:
    for file in next(folder.glob("ckpt-*")).iterdir():
        file.unlink()


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (_flip_a_byte, "sum_bid.bin does not match its checksum; corrupt"),
        (_truncate, "regret_liar.bin is missing or of the wrong size; corrupt"),
        (_garble_manifest, "checkpoint.json.: unreadable, corrupt"),
        (_other_version, "version 99"),
        (_drop_the_data, "missing"),
    ],
)
def test_a_corrupt_checkpoint_is_refused(saved, damage, message) -> None:
    game, folder = saved
    damage(folder)
    with pytest.raises(ValueError, match=message) as error:
        StreamSolver(game, folder)
    assert str(folder) in str(error.value)


def test_settings_are_checked(tmp_path) -> None:
    game = StreamGame("openspiel", (1, 1), faces=3)
    with pytest.raises(ValueError, match="'float16'"):
        StreamSolver(game, tmp_path, dtype="float16")
    with pytest.raises(ValueError, match="averaging=11"):
        StreamSolver(game, tmp_path, averaging=11)
    with pytest.raises(TypeError, match="SmallGame"):
        StreamSolver(SmallGame("openspiel", (1, 1), 3), tmp_path)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="folder=3"):
        StreamSolver(game, 3)  # type: ignore[arg-type]
    for bad in ({"minutes": 0}, {"minutes": float("nan")}, {"report_every": 0}):
        with pytest.raises(ValueError, match=str(next(iter(bad.values())))):
            stream_solve("openspiel", (1, 1), 3, folder=tmp_path, **bad)  # type: ignore[arg-type]


# ----- the command line ------------------------------------------------------------------------


def test_cli_stream_prints_the_value_with_its_bound(tmp_path, capsys) -> None:
    args = ["stream", "--rules", "openspiel", "--dice", "1,1", "--faces", "3"]
    args += ["--checkpoint", str(tmp_path), "--max-iterations", "40", "--no-progress"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "iteration 40: NashConv" in out
    assert "the game's value is" in out and "40 iterations" in out
    assert (tmp_path / "checkpoint.json").exists()
    assert main([*args[:-3], "--max-iterations", "50", "--no-progress"]) == 0
    assert "50 iterations" in capsys.readouterr().out  # resumed at 40


@pytest.mark.parametrize(
    ("args", "quoted"),
    [
        (["--dice", "5,5"], "dice=(5, 5)"),
        (["--dice", "2,x"], "2,x"),
        (["--faces", "9"], "faces=9"),
        (["--minutes", "-1"], "minutes=-1.0"),
        (["--minutes", "nan"], "minutes=nan"),
        (["--report-every", "0"], "report_every=0"),
        (["--dice", "3,3"], "MAX_STREAM_STATES"),
    ],
)
def test_cli_stream_refuses_bad_input_in_one_line(tmp_path, capsys, args, quoted) -> None:
    assert main(["stream", "--checkpoint", str(tmp_path), "--rules", "openspiel", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("liarsdice stream: ") and quoted in err
    assert err.count("\n") == 1


def test_cli_stream_refuses_another_runs_checkpoint(tmp_path, capsys) -> None:
    common = ["stream", "--checkpoint", str(tmp_path), "--rules", "openspiel", "--faces", "3"]
    assert main([*common, "--dice", "1,1", "--max-iterations", "2", "--no-progress"]) == 0
    capsys.readouterr()
    assert main([*common, "--dice", "1,2", "--max-iterations", "2", "--no-progress"]) == 2
    assert "made for dice [1, 1], not [1, 2]" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_cli_stream_speaks_the_language_chosen(tmp_path, capsys, lang: str) -> None:
    args = ["--language", lang, "stream", "--rules", "openspiel", "--dice", "1,1", "--faces", "3"]
    args += ["--checkpoint", str(tmp_path), "--max-iterations", "40", "--no-progress"]
    try:
        assert main(args) == 0
        out = capsys.readouterr().out
        ld.set_language(lang)
        progress = translate(
            "iteration {n}: NashConv {nash_conv}, value {value} ({solving} s solving in all, "
            "check {check} s, {run} s this run)"
        )
        bound = translate(
            "NashConv = {nash_conv}: the game's value is {value} +- {nash_conv}; it lies in "
            "[{low}, {high}]"
        )
    finally:
        ld.set_language(None)
    assert progress.split("{n}")[0] == progress.split(" ")[0] + " "  # "iteracja ", "iterace "
    assert progress.split("{n}")[0] + "40: NashConv" in out and "iteration 40" not in out
    said = bound.split("{value}")[0].replace("{nash_conv}", "")
    assert said.split(":")[1] in out and "the game's value" not in out
    assert re.search(r"NashConv \d,\d{3}e-\d\d", out)  # the decimal comma
