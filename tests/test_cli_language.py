"""The command line in Polish and Czech (issue 25): `python -m liarsdice --language pl ...` and
LIARSDICE_LANGUAGE put every help text (ours and argparse's own words: the usage prefix, the
group titles, -h's help, the error prefix) and every printed heading and sentence in the
catalog's translation (liarsdice.i18n's translate of the English text, so a missing or English
entry fails), decimals with the decimal comma; error messages stay English, and English stays
the default."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pytest

import liarsdice as ld
from liarsdice import inference, odds, profiles, solver
from liarsdice.agents import ExpectedLossBot, ThresholdBot
from liarsdice.bots_model import ModelBot
from liarsdice.cli import build_parser, main
from liarsdice.cli_language import language_option
from liarsdice.i18n import format_decimal_text, format_number, language, n_, translate
from liarsdice.match import play_game
from liarsdice.rules import ERRATA, OPTIONS, SOURCES
from tests.language_helpers import TRANSLATED, in_language

BLEF = ld.preset("blef")
ODDS = ["odds", "--unknown", "15", "--hand", "1,1,3,5,6", "--bid", "7x5"]
ARGPARSE_WORDS = ("usage: ", "positional arguments", "options", "show this help message and exit")


def squeezed(text: str) -> str:
    """Return text without whitespace (argparse wraps help at spaces and hyphens)."""
    return "".join(text.split())


def help_texts(parser: argparse.ArgumentParser) -> dict[str, list[str]]:
    """Return the texts of each parser's help, by its prog: the description and every
    argument's help (the subcommands' lines of the main help included), in order."""
    texts = [parser.description or ""]
    found = {parser.prog: texts}
    for action in parser._actions:
        if action.help and action.help != argparse.SUPPRESS:
            texts.append(action.help)
        if isinstance(action, argparse._SubParsersAction):
            texts += [choice.help for choice in action._choices_actions if choice.help]
            for sub in action.choices.values():
                found.update(help_texts(sub))
    return found


def printed_help(capsys: pytest.CaptureFixture, argv: list[str]) -> str:
    """Return what `argv --help` prints (argparse exits 0 after it)."""
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_help_text_is_the_catalogs(lang: str) -> None:
    ld.set_language("en")
    english = help_texts(build_parser())
    assert len(english) == 12 and sum(map(len, english.values())) > 60  # main + 11 commands
    assert "show this help message and exit" in english["liarsdice odds"]
    ld.set_language(lang)
    translated = help_texts(build_parser())
    assert translated.keys() == english.keys()
    for prog, texts in english.items():
        assert translated[prog] == [in_language(lang, text) for text in texts], prog


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("command", [None, "rules", "odds", "profile", "stream", "figures"])
def test_help_prints_the_translations(lang: str, command: str | None, capsys) -> None:
    ld.set_language("en")
    prog = "liarsdice" if command is None else f"liarsdice {command}"
    english = help_texts(build_parser())[prog]
    out = printed_help(capsys, ["--language", lang] + ([command] if command else []))
    assert out.startswith(in_language(lang, "usage: ") + prog)
    assert f"\n{in_language(lang, 'options')}:\n" in out
    if command is None or command == "profile":  # the subcommands, the GAME.json files
        assert f"\n{in_language(lang, 'positional arguments')}:\n" in out
    for text in english:
        assert squeezed(in_language(lang, text)) in squeezed(out), text
    for word in ("usage:", "options:", "show this help message", "positional arguments"):
        assert word not in out
    assert "--language {en,pl,cs}" in out or command is not None  # names stay as typed


@pytest.mark.parametrize("lang", TRANSLATED)
def test_argparse_words_are_translated_and_errors_stay_english(lang: str, capsys) -> None:
    for english in ARGPARSE_WORDS:
        in_language(lang, english)
    with pytest.raises(SystemExit) as done:
        main(["--language", lang, "odds", "--unknown", "3"])  # no --bid
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(in_language(lang, "usage: ") + "liarsdice odds")
    error = in_language(lang, "{prog}: error: {message}")
    message = "the following arguments are required: --bid"  # argparse's, English
    assert err.endswith(error.format(prog="liarsdice odds", message=message) + "\n")
    assert main(["--language", lang, "odds", "--unknown", "3", "--bid", "seven"]) == 2
    assert capsys.readouterr().err.startswith("liarsdice odds: ")  # ours: English, unchanged


@pytest.mark.parametrize("lang", TRANSLATED)
def test_odds_prints_in_the_language_with_the_decimal_comma(lang: str, capsys) -> None:
    assert main(["--language", lang, *ODDS]) == 0
    lines = capsys.readouterr().out.splitlines()
    p_true = odds.bid_probability("7x5", BLEF, 15, (1, 1, 3, 5, 6), exact=True)
    p_exact = odds.p_exact("7x5", BLEF, 15, (1, 1, 3, 5, 6), exact=True)
    cost = odds.challenge_cost("7x5", BLEF, 15, (1, 1, 3, 5, 6))
    ld.set_language(lang)
    heading = n_(
        "{bid} ({words}) under {rules}: {n} unknown die, known {known}",
        "{bid} ({words}) under {rules}: {n} unknown dice, known {known}",
        15,
    )
    words = BLEF.describe("7x5")
    assert lines[0] == heading.format(bid="7x5", words=words, rules="blef", n=15, known="1,1,3,5,6")
    true, exact = in_language(lang, "P(true)"), in_language(lang, "P(exact)")
    width = max(len(true), len(exact))
    assert lines[1] == f"{true:{width}} = {p_true} = {format_number(float(p_true), 6)}"
    assert lines[2] == f"{exact:{width}} = {p_exact} = {format_number(float(p_exact), 6)}"
    assert "," in format_number(float(p_true), 6) and "." not in lines[1].split(" = ")[-1]
    said = in_language(lang, "If challenged now (dice per seat {dice}), expected dice lost:")
    assert lines[3] == said.format(dice=cost.dice)
    loss = format_number(float(cost.expected_bidder_loss), 4)
    assert lines[4] == "  " + in_language(lang, "bidder, seat {seat}: {loss}").format(
        seat=0, loss=loss
    )
    assert "," in loss


@pytest.mark.parametrize("lang", TRANSLATED)
def test_odds_reading_the_bids_is_a_table_in_the_language(lang: str, capsys) -> None:
    assert main(["--language", lang, *ODDS, "--history", "1:3x5", "--model", "uniform"]) == 0
    out = capsys.readouterr().out
    ld.set_language(lang)
    naive = format_number(odds.bid_probability("7x5", BLEF, 15, (1, 1, 3, 5, 6)), 6)
    given = in_language(lang, "Given the bids ({said}), under the bidder model {model}:")
    bid = in_language(lang, "seat {seat} bid {bid}").format(seat=1, bid=BLEF.describe("3x5"))
    assert given.format(said=bid, model="uniform") in out
    assert in_language(lang, "naive (bids say nothing)") in out
    rows = [line for line in out.splitlines() if line.startswith(translate("P(true)") + " ")]
    row = rows[-1]  # the table's row, after the line "P(true) = fraction = decimal"
    assert row.split()[-2:] == [naive, naive]  # UNIFORM reads nothing


@pytest.mark.parametrize("lang", TRANSLATED)
def test_ladder_and_rules_print_their_headings_in_the_language(lang: str, capsys) -> None:
    assert main(["--language", lang, "ladder", "--max", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    title = in_language(
        lang, "The ladder of {rules} (ace rule {ace_rule!r}), quantities up to {max}"
    )
    assert lines[0] == title.format(rules="blef", ace_rule="board", max=2)
    assert lines[1].split() == [in_language(lang, word) for word in ("rank", "bid")] + (
        in_language(lang, "in words").split()
    )
    assert lines[3].split() == ["0", "1x2", *BLEF.describe("1x2").split()]
    assert main(["--language", lang, "rules"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(in_language(lang, "preset") + " ")
    option = next(line for line in out.splitlines() if line.startswith(translate("option")))
    for word in ("allowed values", "default", "meaning"):
        assert in_language(lang, word) in option
    assert in_language(lang, "Errata and conflicts between them, as the presets read them:") in out
    flat = squeezed(out)  # the table's columns and the wrapped errata, without their spacing
    for meaning in (o.meaning for o in OPTIONS.values()):
        assert squeezed(in_language(lang, meaning)) in flat and squeezed(meaning) not in flat
    for text in (*SOURCES.values(), *ERRATA):
        assert squeezed(in_language(lang, text)) in flat and squeezed(text) not in flat
    whole = in_language(lang, "an integer {low}..{high}").format(low=1, high=10)
    assert f"{whole} " in out  # dice's allowed values, in words


@pytest.mark.parametrize("lang", TRANSLATED)
def test_solve_prints_in_the_language(lang: str, tmp_path, capsys) -> None:
    out_file = str(tmp_path / "solution.json")
    argv = ["--language", lang, "solve", "--rules", "openspiel", "--faces", "2", "--out", out_file]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    solution = solver.load_solution(out_file)
    value = in_language(lang, "value    = {value} (for the opener)")
    assert lines[1] == value.format(value=format_number(solution.value, 6))
    assert "," in lines[1] and lines[-1] == in_language(lang, "written to {path}").format(
        path=out_file
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_profile_prints_in_the_language(lang: str, tmp_path, capsys) -> None:
    bots = [ModelBot(inference.quantal(5.0), 0), ExpectedLossBot(), ThresholdBot()]
    game = play_game("blef", bots, seed=0)
    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    assert main(["--language", lang, "profile", str(path), "--seat", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    fit = profiles.fit([game], 0, "quantal")
    ld.set_language(lang)
    counts = n_(
        "seat {seat} over {n} game: {used} decisions used, {skipped} left out (information "
        "the records do not hold, or outside the family)",
        "seat {seat} over {n} games: {used} decisions used, {skipped} left out (information "
        "the records do not hold, or outside the family)",
        1,
    )
    assert counts.startswith(in_language(lang, "seat {seat}").split("{")[0])  # gracz, hráč
    assert lines[0] == counts.format(seat=0, n=1, used=fit.decisions, skipped=fit.skipped)
    estimate = format_decimal_text(f"{fit.estimate:.4g}")
    assert f"beta = {estimate} (" in lines[2] and "," in estimate  # 5,408
    family = "family {family}: {parameter} = {estimate} (maximum likelihood; max log-likelihood "
    assert lines[2].startswith(in_language(lang, family + "{log_likelihood})").split("{")[0])
    header = next(line for line in lines if "AIC" in line.split())
    assert header.startswith(in_language(lang, "family") + " ")
    assert header.endswith(in_language(lang, "Bayes factor"))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_environment_variable_chooses_the_language(lang: str) -> None:
    env = {**os.environ, "LIARSDICE_LANGUAGE": lang}
    done = subprocess.run(
        [sys.executable, "-m", "liarsdice", "ladder", "--max", "1", "--help"],
        capture_output=True, text=True, env=env, timeout=120, check=True,
    )  # fmt: skip
    assert done.stdout.startswith(in_language(lang, "usage: ") + "liarsdice ladder")
    assert squeezed(in_language(lang, "the largest quantity")) in squeezed(done.stdout)
    done = subprocess.run(
        [sys.executable, "-m", "liarsdice", "ladder", "--max", "1"],
        capture_output=True, text=True, env=env, timeout=120, check=True,
    )  # fmt: skip
    title = in_language(
        lang, "The ladder of {rules} (ace rule {ace_rule!r}), quantities up to {max}"
    )
    assert done.stdout.splitlines()[0] == title.format(rules="blef", ace_rule="board", max=1)
    other = "cs" if lang == "pl" else "pl"  # --language wins over the variable
    done = subprocess.run(
        [sys.executable, "-m", "liarsdice", "--language", other, "ladder", "--max", "1"],
        capture_output=True, text=True, env=env, timeout=120, check=True,
    )  # fmt: skip
    title = in_language(
        other, "The ladder of {rules} (ace rule {ace_rule!r}), quantities up to {max}"
    )
    assert done.stdout.splitlines()[0] == title.format(rules="blef", ace_rule="board", max=1)


def test_a_bad_environment_variable_is_one_line_not_a_traceback() -> None:
    env = {**os.environ, "LIARSDICE_LANGUAGE": "de"}
    done = subprocess.run(
        [sys.executable, "-m", "liarsdice", "rules"],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "liarsdice: LIARSDICE_LANGUAGE='de': the languages are en, pl, cs\n"


def test_english_is_the_default(capsys) -> None:
    out = printed_help(capsys, ["odds"])
    assert out.startswith("usage: liarsdice odds") and "\noptions:\n" in out
    assert "show this help message and exit" in out and "the bid, such as 7x5" in out
    assert main(ODDS) == 0
    out = capsys.readouterr().out
    assert out.startswith("7x5 (7 fives) under blef: 15 unknown dice") and "P(true)  = " in out
    assert main(["--language", "pl", "ladder", "--max", "1"]) == 0
    assert language() == "pl"  # --language calls set_language
    capsys.readouterr()
    assert main(["--language", "en", "ladder", "--max", "1"]) == 0
    assert capsys.readouterr().out.startswith("The ladder of blef (ace rule 'board')")


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--language", "pl", "odds"], "pl"),
        (["--language=cs", "--help"], "cs"),
        (["--lang", "cs", "rules"], "cs"),  # argparse's abbreviation, as the full parser takes it
        (["odds", "--language", "pl"], None),  # after the subcommand: not a global option
        (["--language"], None),
        (["--language", "de", "rules"], None),  # the full parser refuses it with its usage
        ([], None),
    ],
)
def test_language_option_is_read_before_the_parser(argv: list[str], expected: str | None) -> None:
    assert language_option(argv) == expected


def test_decimal_text_uses_the_languages_sign() -> None:
    assert format_decimal_text("-1.25e-03") == "-1.25e-03"
    for lang in TRANSLATED:
        ld.set_language(lang)
        assert format_decimal_text("-1.25e-03") == "-1,25e-03" and format_decimal_text("12") == "12"
