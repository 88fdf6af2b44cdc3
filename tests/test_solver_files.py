"""Solution files: they round-trip, refuse tampering, and SolverBot plays them from the cache."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import liarsdice as ld
from liarsdice import bots_solver, solver
from liarsdice.agents import SolverBot
from liarsdice.cli import main
from liarsdice.engine import Game
from liarsdice.solver import checked


@pytest.fixture(scope="module")
def solved() -> dict[tuple[int, int], solver.Solution]:
    """Return perudo on three faces solved, 1 v 1 and 1 v 2."""
    return {
        dice: solver.solve("perudo", dice, faces=3, tolerance=1e-3) for dice in ((1, 1), (1, 2))
    }


def _members(path: Path) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """Return a file's metadata and arrays, read without any check."""
    with np.load(path, allow_pickle=False) as data:
        contents = {name: data[name] for name in data.files}
    metadata = json.loads(contents.pop("metadata").tobytes().decode())
    return metadata, contents


def _rewrite(
    path: Path, metadata: dict[str, Any], arrays: dict[str, np.ndarray], rehash: bool = False
) -> None:
    """Write a file with these members (with a fresh checksum if `rehash`)."""
    if rehash:
        metadata = {**metadata, "sha256": checked.checksum(arrays, metadata)}
    text = np.frombuffer(json.dumps(metadata).encode(), dtype=np.uint8)
    np.savez_compressed(path, metadata=text, **arrays)


@pytest.mark.parametrize("dice", [(1, 1), (1, 2)])
def test_a_solution_round_trips(
    solved: dict[tuple[int, int], solver.Solution], tmp_path: Path, dice: tuple[int, int]
) -> None:
    solution = solved[dice]
    path = solver.save_solution(solution, tmp_path / "sub" / "game.npz")
    assert path == tmp_path / "sub" / "game.npz" and path.is_file()
    loaded = solver.load_solution(path, "perudo", dice, 3)
    assert loaded.game.dice == dice and loaded.game.faces == 3
    assert loaded.rules == ld.preset("perudo")
    for ours, theirs in zip(
        (*solution.strategy.liar, *solution.strategy.bid),
        (*loaded.strategy.liar, *loaded.strategy.bid),
    ):
        np.testing.assert_array_equal(ours, theirs)
    assert loaded.value == solution.value
    assert loaded.nash_conv == solution.nash_conv
    assert loaded.iterations == solution.iterations
    assert loaded.game.nash_conv(loaded.strategy) == pytest.approx(solution.nash_conv, abs=1e-12)
    assert loaded.game.expected_value(loaded.strategy) == pytest.approx(solution.value, abs=1e-12)
    hand = loaded.game.hands[0][0]
    assert loaded.action_probabilities(hand) == solution.action_probabilities(hand)
    assert not list(tmp_path.glob("sub/.*partial"))  # no temporary file left behind


def test_other_rules_dice_or_faces_are_refused_when_asked(
    solved: dict[tuple[int, int], solver.Solution], tmp_path: Path
) -> None:
    path = solver.save_solution(solved[(1, 1)], tmp_path / "game.npz")
    solver.load_solution(path)  # nothing asked: any game
    with pytest.raises(ValueError, match="other rules"):
        solver.load_solution(path, rules="blef")
    with pytest.raises(ValueError, match="made for dice"):
        solver.load_solution(path, dice=(1, 2), faces=3)
    with pytest.raises(ValueError, match="3 faces, not 4"):
        solver.load_solution(path, faces=4)


def test_tampered_and_broken_files_are_refused(
    solved: dict[tuple[int, int], solver.Solution], tmp_path: Path
) -> None:
    good = solver.save_solution(solved[(1, 2)], tmp_path / "good.npz")
    metadata, arrays = _members(good)

    def refused(path: Path, match: str) -> None:
        with pytest.raises(ValueError, match=match) as error:
            solver.load_solution(path)
        assert str(path) in str(error.value)

    # a byte flipped in the file: the zip's CRC or our checksum catches it
    data = bytearray(good.read_bytes())
    data[len(data) // 2] ^= 0xFF
    (flipped := tmp_path / "flipped.npz").write_bytes(bytes(data))
    refused(flipped, "corrupt|checksum")
    # an array changed and written back with the old checksum
    changed = {**arrays, "liar_1": arrays["liar_1"][::-1].copy()}
    _rewrite(tampered := tmp_path / "tampered.npz", metadata, changed)
    refused(tampered, "checksum mismatch")
    # the metadata edited: another version, other rules
    _rewrite(v2 := tmp_path / "v2.npz", {**metadata, "version": 2}, arrays)
    refused(v2, "version 2")
    blef = {**metadata, "rules": json.loads(json.dumps(ld.preset("blef").__dict__))}
    _rewrite(other := tmp_path / "other.npz", blef, arrays)
    refused(other, "checksum mismatch|expected float64")  # blef's game has other shapes
    # with a matching checksum, the other rules are refused when asked for perudo
    _rewrite(rehashed := tmp_path / "rehashed.npz", blef, arrays, rehash=True)
    with pytest.raises(ValueError, match="other rules"):
        solver.load_solution(rehashed, rules="perudo")
    # checksummed but not a strategy: rows not summing to 1, values outside [0, 1], a shape
    _rewrite(
        halved := tmp_path / "halved.npz",
        metadata,
        {**arrays, "liar_1": arrays["liar_1"] / 2},
        rehash=True,
    )
    refused(halved, "do not sum to 1")
    _rewrite(
        big := tmp_path / "big.npz",
        metadata,
        {**arrays, "liar_1": arrays["liar_1"] + 1},
        rehash=True,
    )
    refused(big, r"outside \[0, 1\]")
    _rewrite(
        cut := tmp_path / "cut.npz",
        metadata,
        {**arrays, "liar_1": arrays["liar_1"][1:]},
        rehash=True,
    )
    refused(cut, "expected float64")
    # truncated, text, a bare .npy, a missing file, a folder
    (truncated := tmp_path / "truncated.npz").write_bytes(good.read_bytes()[:500])
    refused(truncated, "corrupt")
    (text := tmp_path / "text.npz").write_text("not a solution\n")
    refused(text, "corrupt")
    np.save(bare := tmp_path / "bare.npy", np.zeros(3))
    refused(bare, "corrupt")
    refused(tmp_path / "missing.npz", "no such file")
    refused(tmp_path, "no such file")
    with pytest.raises(TypeError):
        solver.load_solution(3)  # type: ignore[arg-type]


def test_the_cache_folder_and_file_names(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("LIARSDICE_CACHE", str(tmp_path))
    assert solver.solution_cache_dir() == tmp_path
    path = solver.solution_path("perudo", (1, 2))
    assert path.parent == tmp_path and path.name.startswith("perudo-1v2-f6-")
    custom = ld.preset("perudo", calza=False)
    assert solver.solution_path(custom, (1, 2)).name.startswith("custom-1v2-f6-")
    assert solver.solution_path(custom, (1, 2)) != solver.solution_path("perudo", (1, 2))
    assert solver.solution_path("perudo", (2, 1), 3, tmp_path / "x").parent == tmp_path / "x"
    monkeypatch.delenv("LIARSDICE_CACHE")
    assert solver.solution_cache_dir().name.lower() in ("liarsdice", "cache")
    with pytest.raises(ValueError):
        solver.solution_path("perudo", (2, 2))


def test_the_command_line_writes_a_file_that_loads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "perudo.npz"
    args = ["solve", "--rules", "perudo", "--dice", "1,2", "--faces", "3", "--out", str(out)]
    assert main([*args, "--single-round"]) == 0  # the round alone, +-1
    printed = capsys.readouterr().out
    assert "NashConv" in printed and str(out) in printed
    loaded = solver.load_solution(out, "perudo", (1, 2), 3)
    assert loaded.nash_conv <= 1e-3
    assert main(args) == 0  # the whole game's endgame, calza left out
    printed = capsys.readouterr().out
    assert "calza left out" in printed and str(out) in printed
    endgame = solver.load_endgame(out, ld.preset("perudo", calza=False), 3, 3)
    assert len(endgame.states) == 10
    for solved in endgame.states.values():  # every state's P(seat 0 wins), printed
        assert f"{solved.p_win:15.6f}" in printed
    assert endgame.value((1, 2), 0, palifico=True) == pytest.approx(-4 / 9)


def test_the_command_line_writes_into_the_cache_folder(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("LIARSDICE_CACHE", str(tmp_path / "cache"))
    assert main(["solve", "--rules", "openspiel", "--faces", "2", "--tolerance", "1e-2"]) == 0
    path = solver.solution_path("openspiel", (1, 1), 2)  # one round: the round's file
    assert str(path) in capsys.readouterr().out
    assert solver.load_solution(path, "openspiel", (1, 1), 2).nash_conv <= 1e-2
    assert main(["solve", "--rules", "blef", "--faces", "2", "--dice", "2,1"]) == 0
    path = solver.endgame_path("blef", 2, 3)  # the game goes on: the endgame's file
    assert str(path) in capsys.readouterr().out
    one_round = solver.lp_value(solver.SmallGame("blef", (1, 1), 2))  # one die each decides
    assert solver.load_endgame(path, "blef", 2, 3).value((1, 1)) == pytest.approx(one_round)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--dice", "2,2"], "at most 3"),
        (["--dice", "1"], "two dice counts"),
        (["--dice", "a,b"], "integers separated by commas"),
        (["--faces", "9"], "faces"),
        (["--tolerance", "-1"], "tolerance"),
        (
            ["--faces", "6", "--dice", "1,2", "--max-iterations", "10000", "--single-round"],
            "solver refused",
        ),
    ],
)
def test_bad_command_line_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, extra: list[str], message: str
) -> None:
    out = tmp_path / "x.npz"
    assert main(["solve", "--rules", "perudo", "--faces", "3", "--out", str(out), *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("liarsdice solve: ") and message in err and err.count("\n") == 1
    assert not out.exists()


def test_an_unwritable_output_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    out = tmp_path / "file" / "x.npz"  # a folder that is a file
    assert main(["solve", "--faces", "2", "--out", str(out)]) == 2
    assert capsys.readouterr().err.startswith("liarsdice solve: ")


def _first_view() -> ld.View:
    game = Game(ld.preset("openspiel"), 2, seed=3)
    return game.view(game.current_player)


def test_solver_bot_plays_a_cached_solution(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LIARSDICE_CACHE", str(tmp_path))
    rules = ld.preset("openspiel")
    game = solver.SmallGame(rules, (1, 1))
    uniform = solver.Strategy.uniform(game)  # not the equilibrium: plainly from the file
    fake = solver.Solution(game, uniform, 0.0, 0.0, 1, 0.0)
    solver.save_solution(fake, solver.solution_path(rules, (1, 1)))

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("solved, though a solution file is cached")

    monkeypatch.setattr(solver, "solve", refuse)
    view = _first_view()
    bot = SolverBot(seed=5, tolerance=2e-3)  # a tolerance no other test solves at
    assert bot.policy(view) == uniform.action_probabilities(view.hand)
    assert bot.act(view) in view.legal_actions()


def test_solver_bot_falls_back_with_one_warning_on_a_bad_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LIARSDICE_CACHE", str(tmp_path))
    rules = ld.preset("openspiel")
    solver.solution_path(rules, (1, 1)).write_text("corrupt")
    equilibrium = bots_solver._solution(rules, (1, 1), SolverBot().tolerance)  # shared, cached
    calls: list[object] = []

    def solve(*args: object, **kwargs: object) -> solver.Solution:
        calls.append(args)
        return equilibrium

    monkeypatch.setattr(solver, "solve", solve)
    view = _first_view()
    bot = SolverBot(tolerance=3e-3)  # a tolerance no other test solves at
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert bot.policy(view) == equilibrium.action_probabilities(view.hand)
        assert bot.policy(view) == equilibrium.action_probabilities(view.hand)
    assert len(calls) == 1
    assert [str(w.message) for w in caught if "SolverBot" in str(w.message)] != []
    assert len([w for w in caught if "SolverBot" in str(w.message)]) == 1
    assert "solving the endgame instead" in str(caught[0].message)


def test_solver_bot_solves_when_no_file_or_a_loose_one_is_cached(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LIARSDICE_CACHE", str(tmp_path))
    rules = ld.preset("openspiel")
    equilibrium = bots_solver._solution(rules, (1, 1), SolverBot().tolerance)
    view = _first_view()
    assert SolverBot().policy(view) == equilibrium.action_probabilities(view.hand)
    # a file solved less tightly than the bot asks for is not played
    game = solver.SmallGame(rules, (1, 1))
    loose = solver.Solution(game, solver.Strategy.uniform(game), 0.0, 0.5, 1, 0.0)
    solver.save_solution(loose, solver.solution_path(rules, (1, 1)))
    assert SolverBot().policy(view) == equilibrium.action_probabilities(view.hand)


# ----- endgame files ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def endgame() -> solver.Endgame:
    """Return Bluff's endgame on three faces (cyclic: Shapley's iteration)."""
    return solver.solve_endgame("bluff", faces=3)


def test_an_endgame_round_trips(endgame: solver.Endgame, tmp_path: Path) -> None:
    path = solver.save_endgame(endgame, tmp_path / "sub" / "bluff.npz")
    back = solver.load_endgame(path, "bluff", 3, 3)
    assert back.states.keys() == endgame.states.keys()
    assert (back.cyclic, back.sweeps, back.notes) == (endgame.cyclic, endgame.sweeps, endgame.notes)
    for state, solved in endgame.states.items():
        loaded = back.states[state]
        assert (loaded.value, loaded.exact) == (solved.value, solved.exact)
        # The payoffs are rebuilt from the saved values: those of the last Shapley sweep, one
        # sweep after the payoffs the cyclic rounds were solved with (within its tolerance).
        rebuilt, made = loaded.solution.game, solved.solution.game
        assert np.allclose(rebuilt.payoff_table, made.payoff_table, rtol=0, atol=1e-8)
        for a, b in zip(loaded.solution.strategy.bid, solved.solution.strategy.bid):
            assert np.array_equal(a, b)
        assert loaded.solution.value == solved.solution.value


def test_tampered_or_other_endgames_are_refused(endgame: solver.Endgame, tmp_path: Path) -> None:
    path = solver.save_endgame(endgame, tmp_path / "bluff.npz")
    for kwargs, message in (
        ({"rules": "blef"}, "made for rules bluff, not blef"),
        ({"faces": 6}, "made for faces 3, not 6"),
        ({"max_dice": 2}, "made for max_dice 3, not 2"),
    ):
        with pytest.raises(ValueError, match=message):
            solver.load_endgame(path, **kwargs)
    with pytest.raises(ValueError, match="not a file of format 'liarsdice-endgame'"):
        solver.load_endgame(solver.save_solution(solver.solve("bluff", faces=2), tmp_path / "s"))
    metadata, arrays = _members(path)
    # A value edited: the checksum catches it; rehashed, the rebuilt payoffs still hold.
    edited = json.loads(json.dumps(metadata))
    edited["states"][3]["value"] += 0.01
    _rewrite(tmp_path / "value.npz", edited, arrays)
    with pytest.raises(ValueError, match="checksum mismatch"):
        solver.load_endgame(tmp_path / "value.npz")
    # A state dropped, rehashed: refused as incomplete.
    dropped = {**metadata, "states": metadata["states"][:-1]}
    _rewrite(tmp_path / "dropped.npz", dropped, arrays, rehash=True)
    with pytest.raises(ValueError, match=r"payoff|states"):
        solver.load_endgame(tmp_path / "dropped.npz")
    # An array of a round made a non-strategy, rehashed: refused.
    broken = dict(arrays)
    broken["s0_bid_1"] = broken["s0_bid_1"] * 2
    _rewrite(tmp_path / "broken.npz", metadata, broken, rehash=True)
    with pytest.raises(ValueError, match=r"outside|sum to 1"):
        solver.load_endgame(tmp_path / "broken.npz")
    extra = {**arrays, "s99_liar_0": arrays["s0_liar_0"]}
    _rewrite(tmp_path / "extra.npz", metadata, extra, rehash=True)
    with pytest.raises(ValueError, match="'s99_liar_0' is not among its metadata's arrays"):
        solver.load_endgame(tmp_path / "extra.npz")


def test_solver_bot_plays_a_cached_endgame(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("LIARSDICE_CACHE", str(tmp_path))
    rules = ld.preset("blef", dice=1)
    # An endgame whose (1, 1) rounds are uniform: plainly from the file, not solved.
    solved = solver.solve_endgame(rules, faces=2, max_dice=2)
    states = {}
    for state in solved.states:
        game = solver.endgame_round(rules, state, 6, {})
        uniform = solver.Solution(game, solver.Strategy.uniform(game), 0.0, 0.0, 1, 0.0)
        states[state] = solver.StateSolution(state, 0.0, False, uniform)
    fake = solver.Endgame(rules, 6, 2, states, False)
    solver.save_endgame(fake, solver.endgame_path(rules, 6, 2))

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("solved, though an endgame file is cached")

    monkeypatch.setattr(solver, "solve_endgame", refuse)
    game = Game(rules, 2, seed=3)
    view = game.view(game.current_player)
    bot = SolverBot(seed=5, tolerance=4e-3)  # a tolerance no other test solves at
    found = solver.endgame_of(view)
    assert found is not None
    expected = states[found[0]].solution.strategy.action_probabilities(view.hand)
    assert bot.policy(view) == expected
    # A corrupt file warns and solves instead.
    solver.endgame_path(rules, 6, 2).write_text("corrupt")
    monkeypatch.undo()
    monkeypatch.setenv("LIARSDICE_CACHE", str(tmp_path))
    with pytest.warns(RuntimeWarning, match="solving the endgame instead"):
        assert SolverBot(tolerance=5e-3).policy(view) is not None
