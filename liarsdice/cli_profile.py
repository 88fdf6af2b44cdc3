"""The subcommand `profile`: how one seat bids, fitted from saved games (liarsdice.profiles).

- run_profile(args): read the saved games (JSON records, as Game.to_json writes them) and print,
  for --seat: the --family's estimate with its profile-likelihood interval and its credible
  interval under the stated prior, the decisions used and left out, the bluff rate, and the
  model comparison of every family (log-likelihood, AIC, BIC, log marginal likelihood and the
  Bayes factor against UNIFORM).
- MAX_PROFILE_FILES: the most game files one command reads.

Limits: at most MAX_PROFILE_FILES files, each a regular file of at most cli_inputs.MAX_FILE_BYTES
bytes of UTF-8 text (cli_inputs.text_file) holding one game's record; --seat, --family,
--level and --bot as liarsdice.profiles checks them. A file that is not a game, or that the fit
refuses for this seat, is named in the message (main() prints it and returns 2).

The report's sentences and headings are in the language in force (liarsdice.i18n), numbers
with its decimal sign; family and parameter names, and the fit's own notes, stay as
liarsdice.profiles writes them.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from liarsdice import profiles
from liarsdice.checks import quote
from liarsdice.cli_inputs import text_file
from liarsdice.cli_tables import format_table
from liarsdice.engine import Game
from liarsdice.i18n import format_decimal_text, format_percent, n_
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_TEXT

MAX_PROFILE_FILES = 10_000  # game files one `profile` command reads


def _number(value: object) -> str:
    """Return a number for the tables: 4 significant digits, the language's decimal sign;
    None and missing as "-"."""
    if value is None:
        return "-"
    if isinstance(value, float | int):
        return format_decimal_text(f"{value:.4g}")
    return str(value)


def _interval(interval: Sequence[float] | None) -> str:
    """Return an interval as "2.91 .. 6.4" ("-" for none)."""
    return "-" if interval is None else f"{_number(interval[0])} .. {_number(interval[1])}"


def read_games(paths: Sequence[str]) -> list[Game]:
    """Return the games saved in the files (each one Game.to_json record), reading each with
    cli_inputs.text_file; ValueError names a file that is not a game (at most
    MAX_PROFILE_FILES files)."""
    if len(paths) > MAX_PROFILE_FILES:
        raise ValueError(f"{len(paths):,} game files: at most {MAX_PROFILE_FILES:,} at once")
    games = []
    for path in paths:
        text = text_file("GAME", path)
        try:
            games.append(Game.from_json(text))
        except (ValueError, TypeError) as error:
            raise ValueError(
                f"GAME {quote(path, limit=MAX_TEXT + 2)} is not a saved game: {error}"
            ) from None
    return games


def _blame(games: list[Game], paths: Sequence[str], seat: int, error: Exception) -> Exception:
    """Return the fit's error, naming the first file whose game the fit refuses on its own."""
    for game, path in zip(games, paths):
        try:
            profiles.decisions([game], seat)
        except (ValueError, TypeError) as own:
            return type(error)(f"GAME {quote(path, limit=MAX_TEXT + 2)}: {own}")
    return error


def profile_lines(fit: profiles.Fit, rows: list[dict[str, object]], games: int) -> list[str]:
    """Return the report's lines: the fit of one family and the comparison table."""
    parameter = fit.parameter or _("no parameter")
    decimals = f"{fit.level * 100:g}".partition(".")[2]  # 95 -> "", 97.5 -> "5"
    level = format_percent(fit.level, len(decimals))  # "95%", Czech "95 %"
    counts = n_(
        "seat {seat} over {n} game: {used} decisions used, {skipped} left out (information "
        "the records do not hold, or outside the family)",
        "seat {seat} over {n} games: {used} decisions used, {skipped} left out (information "
        "the records do not hold, or outside the family)",
        games,
    )
    rate = _("bluff rate: {rate} (the share of its bids below 1/2 from its own view, bids unread)")
    family = _(
        "family {family}: {parameter} = {estimate} (maximum likelihood; max log-likelihood "
        "{log_likelihood})"
    )
    lines = [
        counts.format(seat=fit.seat, n=games, used=fit.decisions, skipped=fit.skipped),
        rate.format(rate=_number(fit.bluff_rate)),
        family.format(
            family=fit.family,
            parameter=parameter,
            estimate=_number(fit.estimate),
            log_likelihood=_number(fit.max_log_likelihood),
        ),
    ]
    if fit.parameter is not None:
        profile = _("{level} profile-likelihood interval: {interval}")
        credible = _("{level} credible interval: {interval} (prior: {prior})")
        lines += [
            "  " + profile.format(level=level, interval=_interval(fit.interval)),
            "  " + credible.format(level=level, interval=_interval(fit.credible), prior=fit.prior),
        ]
    if fit.note:
        lines.append("  " + _("note: {note}").format(note=fit.note))
    header = [
        _("family"),
        _("parameter"),
        _("estimate"),
        _("log-lik"),
        "k",
        "AIC",
        "BIC",
        _("log marginal"),
        _("Bayes factor"),
    ]
    table = [
        [
            row.get("family"),
            row.get("parameter") or "-",
            *(_number(row.get(key)) for key in profiles.COMPARE_COLUMNS),
        ]
        for row in rows
    ]
    lines += ["", _("model comparison (Bayes factor against uniform; AIC, BIC: lower is better):")]
    lines.append(format_table(header, table, numbers_right=True))
    lines += [f"  {row['family']}: {row['note']}" for row in rows if row.get("note")]
    return lines


def run_profile(args: argparse.Namespace) -> None:
    """Print how --seat bids in the saved games: the --family's estimate, both intervals at
    --level, the decisions used and left out, the bluff rate and the model comparison.

    Everything is read and fitted (and bad input refused, naming the file) before anything is
    printed. Limits: as the module's docstring says.
    """
    games = read_games(args.games)
    try:
        fit = profiles.fit(games, args.seat, args.family, level=args.level, bot=args.bot)
        rows = profiles.compare(games, args.seat, bot=args.bot)
    except (ValueError, TypeError) as error:
        raise _blame(games, args.games, args.seat, error) from None
    print("\n".join(profile_lines(fit, rows, len(games))))
