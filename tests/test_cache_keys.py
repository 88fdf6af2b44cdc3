"""Cache keys: a rule set's key (rules.rules_key) names only the options unlike their defaults, so
adding an option, at a default that keeps the old behaviour, leaves every key, file name,
solution file, endgame file and streamed checkpoint valid; a file lacking an option it always
held, or holding an unknown one, is still refused."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import liarsdice as ld
from liarsdice import rules as rules_module
from liarsdice import solver
from liarsdice.rules import OPTIONS, PRESETS, Choice, Flag, Option, Rules, changed, rules_key
from liarsdice.solver import checked
from liarsdice.solver.stream import StreamGame, StreamSolver

NEW = "side_bets"  # the option a later version adds, off by default (the old behaviour)
OLD = "calza"  # an option that an older version, in this story, did not have yet


@dataclasses.dataclass(frozen=True)
class NewerRules(Rules):
    """The rules as a later version declares them: one more option, off by default."""

    side_bets: bool = dataclasses.field(
        default=False, metadata={"values": Flag(), "meaning": "a later option"}
    )


def _become_newer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make this liarsdice the later version: NewerRules, its option table and its presets."""
    newer = {**OPTIONS, NEW: Option(NEW, Flag(), False, "a later option")}
    _rebind(monkeypatch, "OPTIONS", OPTIONS, newer)
    presets = {name: NewerRules(**dataclasses.asdict(r)) for name, r in PRESETS.items()}
    _rebind(monkeypatch, "PRESETS", PRESETS, presets)
    monkeypatch.setattr(checked, "Rules", NewerRules)


def _rebind(monkeypatch: pytest.MonkeyPatch, name: str, old: object, new: object) -> None:
    """Bind `name` to `new` in every liarsdice module that binds it to `old` (the rules'
    modules each import the option table and the presets)."""
    for module in list(sys.modules.values()):
        if module.__name__.startswith("liarsdice") and getattr(module, name, None) is old:
            monkeypatch.setattr(module, name, new)


def _become_older(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make OLD an option newer than the files: absent from a file, it reads as its default."""
    required = tuple(name for name in checked.REQUIRED_OPTIONS if name != OLD)
    monkeypatch.setattr(checked, "REQUIRED_OPTIONS", required)


def _members(path: Path) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """Return a file's metadata and arrays, read without any check."""
    with np.load(path, allow_pickle=False) as data:
        contents = {name: data[name] for name in data.files}
    return json.loads(contents.pop("metadata").tobytes().decode()), contents


def _write(target: Path, metadata: dict[str, Any], arrays: dict[str, np.ndarray]) -> Path:
    """Write a file of these members, its SHA-256 computed as the file format computes it."""
    metadata = {**metadata, "sha256": checked.checksum(arrays, metadata)}
    text = np.frombuffer(json.dumps(metadata).encode(), dtype=np.uint8)
    save: Any = np.savez_compressed  # its stubs type **kwds as allow_pickle (numpy 2)
    save(target, metadata=text, **arrays)
    return target


def _as_older(source: Path, target: Path) -> Path:
    """Write `source` as a version without the option OLD would have written it."""
    metadata, arrays = _members(source)
    del metadata["rules"][OLD]
    return _write(target, metadata, arrays)


@pytest.fixture(scope="module")
def solution_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a saved solution of openspiel 1 v 1 on three faces, at its cache path."""
    solution = solver.solve(ld.preset("openspiel"), (1, 1), faces=3, tolerance=1e-3)
    folder = tmp_path_factory.mktemp("cache")
    return solver.save_solution(solution, solver.solution_path("openspiel", (1, 1), 3, folder))


@pytest.fixture(scope="module")
def endgame_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a saved endgame of blef with one die each on two faces, at its cache path."""
    endgame = solver.solve_endgame(solver.endgame_rules("blef"), faces=2, max_dice=2)
    folder = tmp_path_factory.mktemp("cache")
    return solver.save_endgame(endgame, solver.endgame_path(endgame.rules, 2, 2, folder))


def _same_solutions(a: solver.Solution, b: solver.Solution) -> None:
    """Assert that two solutions hold the same values and strategy."""
    assert (a.value, a.nash_conv, a.iterations, a.game.dice) == (
        b.value,
        b.nash_conv,
        b.iterations,
        b.game.dice,
    )
    for mine, theirs in zip(
        (*a.strategy.liar, *a.strategy.bid), (*b.strategy.liar, *b.strategy.bid)
    ):
        assert np.array_equal(mine, theirs)


# ----- the key ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_the_key_names_the_options_unlike_their_defaults_and_gives_the_rules_back(
    name: str,
) -> None:
    key = rules_key(name)
    options = json.loads(key)
    assert list(options) == sorted(options)  # sorted by name
    assert all(value != OPTIONS[option].default for option, value in options.items())
    assert Rules(**options) == PRESETS[name]  # every other option is at its default
    assert key == rules_key(PRESETS[name]) and " " not in key


def test_the_key_is_canonical() -> None:
    assert rules_key(Rules()) == "{}"  # Blef: every option at its default
    assert rules_key(ld.preset("blef", dice=np.int64(3))) == '{"dice":3}'
    assert rules_key(Rules(calza=True, dice=2)) == rules_key(Rules(dice=2, calza=True))
    assert rules_key(ld.preset("perudo", calza=True)) == rules_key("perudo")  # a default override
    with pytest.raises(ValueError, match="'nonsense'"):
        rules_key("nonsense")


def _neighbours() -> list[Rules]:
    """Return every preset and each preset with one option changed to another allowed value."""
    found = list(PRESETS.values())
    for rules in PRESETS.values():
        for option in OPTIONS.values():
            kind = option.values
            values = kind.values() if isinstance(kind, Choice | Flag) else (kind.low, kind.low + 1)
            for value in values:
                try:
                    found.append(changed(rules, option.name, value))
                except ValueError:  # a combination the rules refuse (a box too small...)
                    continue
    return found


def test_rules_that_differ_in_one_option_get_other_keys_and_files(tmp_path: Path) -> None:
    every = set(_neighbours())
    assert len(every) > 3 * len(OPTIONS)  # the neighbours are many rule sets
    assert len({rules_key(r) for r in every}) == len(every)
    paths = {solver.solution_path(r, (1, 1), 6, tmp_path) for r in every}
    assert len(paths) == len(every)
    no_calza = ld.preset("perudo", calza=False)
    assert json.loads(rules_key(no_calza)).get("calza") is None  # calza now at its default
    assert solver.endgame_path(no_calza, 6, 2, tmp_path) != solver.endgame_path(
        "perudo", 6, 2, tmp_path
    )


# ----- a later version: one more option --------------------------------------------------------


def test_adding_an_option_leaves_every_key_and_file_name(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    keys = {name: rules_key(name) for name in PRESETS}
    paths = {name: solver.solution_path(name, (1, 2), 3, tmp_path) for name in PRESETS}
    endgames = {name: solver.endgame_path(name, 6, 2, tmp_path) for name in PRESETS}
    _become_newer(monkeypatch)
    assert all(isinstance(rules, NewerRules) for rules in rules_module.PRESETS.values())
    assert {name: rules_key(name) for name in PRESETS} == keys
    assert {name: solver.solution_path(name, (1, 2), 3, tmp_path) for name in PRESETS} == paths
    assert {name: solver.endgame_path(name, 6, 2, tmp_path) for name in PRESETS} == endgames
    with_it = ld.preset("openspiel", side_bets=True)  # the new option used: another game
    assert json.loads(rules_key(with_it)) == {**json.loads(keys["openspiel"]), NEW: True}
    assert solver.solution_path(with_it, (1, 2), 3, tmp_path) != paths["openspiel"]


def test_a_solution_file_from_before_an_option_loads_with_it_at_its_default(
    solution_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = solver.load_solution(solution_file)
    _become_newer(monkeypatch)
    assert solver.solution_path("openspiel", (1, 1), 3, solution_file.parent) == solution_file
    after = solver.load_solution(solution_file, rules="openspiel", dice=(1, 1), faces=3)
    assert isinstance(after.game.rules, NewerRules) and after.game.rules.side_bets is False
    assert after.game.rules.preset_name == "openspiel"
    _same_solutions(after, before)
    with pytest.raises(ValueError, match="other rules"):  # the new option used: not this file
        solver.load_solution(solution_file, rules=ld.preset("openspiel", side_bets=True))


def test_an_endgame_file_from_before_an_option_loads_with_it_at_its_default(
    endgame_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = solver.load_endgame(endgame_file)
    _become_newer(monkeypatch)
    rules = rules_module.PRESETS["blef"]
    assert solver.endgame_path(rules, 2, 2, endgame_file.parent) == endgame_file
    after = solver.load_endgame(endgame_file, rules=rules, faces=2, max_dice=2)
    assert isinstance(after.rules, NewerRules) and after.states.keys() == before.states.keys()
    for state, solved in after.states.items():
        assert solved.value == before.states[state].value
        _same_solutions(solved.solution, before.states[state].solution)


def test_a_checkpoint_from_before_an_option_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = StreamSolver(StreamGame("openspiel", (1, 2), faces=3), tmp_path)
    first.iterate(3)
    first.checkpoint()
    _become_newer(monkeypatch)
    game = StreamGame("openspiel", (1, 2), faces=3)
    assert isinstance(game.rules, NewerRules)
    again = StreamSolver(game, tmp_path)
    assert again.iterations == 3 and again.evaluate() == first.evaluate()
    with pytest.raises(ValueError, match="other rules"):
        StreamSolver(StreamGame(ld.preset("openspiel", side_bets=True), (1, 2), 3), tmp_path)


# ----- an older file: one option missing -------------------------------------------------------


@pytest.mark.parametrize("kind", ["solution", "endgame"])
def test_a_file_without_an_option_newer_than_it_reads_the_default(
    kind: str,
    solution_file: Path,
    endgame_file: Path,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    def load(path: Path) -> Any:
        """Return the file at `path`, loaded as a file of this kind."""
        return solver.load_solution(path) if kind == "solution" else solver.load_endgame(path)

    source = solution_file if kind == "solution" else endgame_file
    older = _as_older(source, tmp_path / "older.npz")
    with pytest.raises(ValueError, match=f"no field '{OLD}'"):  # an option it always held
        load(older)
    _become_older(monkeypatch)  # OLD newer than the file: read as its default
    made, then = load(older), load(source)
    if isinstance(made, solver.Solution):
        rules, then_rules = made.game.rules, then.game.rules
        _same_solutions(made, then)
    else:
        rules, then_rules = made.rules, then.rules
        assert {s: v.value for s, v in made.states.items()} == {
            s: v.value for s, v in then.states.items()
        }
    assert rules == then_rules and getattr(rules, OLD) == OPTIONS[OLD].default
    # the older version's key, without the option, is the key of the rules read back
    key = rules_key(rules)
    _rebind(monkeypatch, "OPTIONS", OPTIONS, {n: o for n, o in OPTIONS.items() if n != OLD})
    assert rules_key(rules) == key


def test_a_file_with_an_unknown_option_or_no_rules_is_still_refused(
    solution_file: Path, tmp_path: Path
) -> None:
    metadata, arrays = _members(solution_file)
    for rules, message in (
        ({**metadata["rules"], NEW: False}, f"unknown field '{NEW}'"),
        ({}, "no field"),
        (None, "rules=None"),
    ):
        target = _write(tmp_path / "edited.npz", {**metadata, "rules": rules}, arrays)
        with pytest.raises(ValueError, match=message):
            solver.load_solution(target)


def test_a_checkpoint_without_an_option_newer_than_it_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = StreamGame("openspiel", (1, 2), faces=3)
    first = StreamSolver(game, tmp_path)
    first.iterate(3)
    first.checkpoint()
    manifest = json.loads((tmp_path / "checkpoint.json").read_text())
    del manifest["rules"][OLD]
    manifest["sha256"] = checked.checksum({}, manifest)
    (tmp_path / "checkpoint.json").write_text(json.dumps(manifest))
    with pytest.raises(ValueError, match=f"no field '{OLD}'"):
        StreamSolver(game, tmp_path)
    _become_older(monkeypatch)
    again = StreamSolver(game, tmp_path)
    assert again.iterations == 3 and again.evaluate() == first.evaluate()


def test_every_required_option_is_an_option() -> None:
    assert set(checked.REQUIRED_OPTIONS) <= set(OPTIONS)  # an option is never removed
