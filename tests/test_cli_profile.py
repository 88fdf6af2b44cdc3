"""`python -m liarsdice profile GAME.json... --seat N` (liarsdice.cli_profile): the numbers it
prints are profiles.fit's and profiles.compare's; bad files are refused naming them, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from liarsdice import inference, profiles
from liarsdice.agents import ExpectedLossBot, ThresholdBot
from liarsdice.bots_model import ModelBot
from liarsdice.cli import main
from liarsdice.cli_inputs import MAX_FILE_BYTES
from liarsdice.match import play_game


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Return the paths of three saved 3-seat Blef games; seat 0 plays quantal(5)."""
    folder = tmp_path_factory.mktemp("games")
    paths = []
    for seed in range(3):
        bots = [ModelBot(inference.quantal(5.0), seed), ExpectedLossBot(), ThresholdBot()]
        path = folder / f"game{seed}.json"
        path.write_text(play_game("blef", bots, seed=seed).to_json(), encoding="utf-8")
        paths.append(str(path))
    return paths


def printed(capsys: pytest.CaptureFixture, argv: list[str]) -> tuple[int, str, str]:
    """Return main(argv)'s exit status, stdout and stderr."""
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_it_prints_the_fits_estimate_intervals_and_counts(saved, capsys) -> None:
    status, out, err = printed(capsys, ["profile", *saved, "--seat", "0"])
    assert status == 0 and err == ""
    texts = [Path(p).read_text(encoding="utf-8") for p in saved]
    fit = profiles.fit(texts, 0, "quantal")
    assert f"beta = {fit.estimate:.4g}" in out
    assert f"95% profile-likelihood interval: {fit.interval[0]:.4g} .. {fit.interval[1]:.4g}" in out
    assert f"95% credible interval: {fit.credible[0]:.4g} .. {fit.credible[1]:.4g}" in out
    assert f"(prior: {fit.prior})" in out
    assert f"{fit.decisions} decisions used, {fit.skipped} left out" in out
    assert f"bluff rate: {fit.bluff_rate:.4g}" in out
    assert "over 3 games" in out


def test_the_comparison_table_holds_compares_numbers(saved, capsys) -> None:
    status, out, _ = printed(capsys, ["profile", *saved, "--seat", "0"])
    assert status == 0
    rows = profiles.compare([Path(p).read_text(encoding="utf-8") for p in saved], 0)
    lines = {line.split()[0]: line.split() for line in out.splitlines() if line.strip()}
    for row in rows:
        cells = lines[row["family"]]
        if row["note"]:
            assert cells[-1] == "-" and f"{row['family']}: {row['note']}" in out
            continue
        assert cells[3] == f"{row['log_likelihood']:.4g}"
        assert cells[5:8] == [f"{row[k]:.4g}" for k in ("aic", "bic", "log_marginal")]
        assert cells[8] == f"{row['bayes_factor']:.4g}"
    assert lines["uniform"][8] == "1"  # uniform against itself


def test_family_and_level_are_passed_on(saved, capsys) -> None:
    argv = ["profile", *saved, "--seat", "1", "--family", "trembling", "--level", "0.9"]
    status, out, _ = printed(capsys, argv)
    assert status == 0
    texts = [Path(p).read_text(encoding="utf-8") for p in saved]
    fit = profiles.fit(texts, 1, "trembling", level=0.9)
    assert f"epsilon = {fit.estimate:.4g}" in out
    assert f"90% profile-likelihood interval: {fit.interval[0]:.4g} .. {fit.interval[1]:.4g}" in out


def test_a_family_without_a_parameter_prints_no_intervals(saved, capsys) -> None:
    status, out, _ = printed(capsys, ["profile", *saved, "--seat", "0", "--family", "uniform"])
    assert status == 0
    assert "no parameter = -" in out and "interval" not in out


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{}", "is not a saved game"),
        ("not json at all", "is not a saved game"),
        (b"\xff\xfe binary", "is not UTF-8 text"),
    ],
    ids=["empty-record", "not-json", "binary"],
)
def test_a_bad_file_is_refused_naming_it(saved, tmp_path, capsys, content, expected) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content if isinstance(content, bytes) else content.encode())
    status, out, err = printed(capsys, ["profile", saved[0], str(bad), "--seat", "0"])
    assert status == 2 and out == ""
    assert err.startswith("liarsdice profile: ") and str(bad) in err and expected in err


def test_a_missing_file_a_folder_and_a_huge_file_are_refused(saved, tmp_path, capsys) -> None:
    missing = str(tmp_path / "nowhere.json")
    status, _, err = printed(capsys, ["profile", missing, "--seat", "0"])
    assert status == 2 and missing in err
    status, _, err = printed(capsys, ["profile", str(tmp_path), "--seat", "0"])
    assert status == 2 and "is a folder" in err
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    status, _, err = printed(capsys, ["profile", str(huge), "--seat", "0"])
    assert status == 2 and "larger than" in err


def test_a_seat_the_fit_refuses_names_the_file(saved, capsys) -> None:
    status, out, err = printed(capsys, ["profile", *saved, "--seat", "5"])
    assert status == 2 and out == ""
    assert saved[0] in err and "no seat 5" in err


def test_usage_errors_exit_2(saved) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["profile", *saved])  # no --seat
    assert caught.value.code == 2
    with pytest.raises(SystemExit) as caught:
        main(["profile", *saved, "--seat", "0", "--family", "nonsense"])
    assert caught.value.code == 2
