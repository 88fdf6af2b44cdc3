"""ClassTally's texts: the tests of a tally in words, the entries, the labels of its modes.

Every text is built in the language in force (liarsdice.i18n) when it is asked for: whole
sentences looked up in the catalogs (plural forms by n_), decimals with the language's decimal
sign (format_number), whole numbers grouped as the language groups them (liarsdice.i18n.format_count).

- fit_html(fit, tally), comparison_html(comparison, tally), export_link_html(text): the tests
  and the export link, as HTML (liarsdice.widgets.class_tally re-exports them).
- mode_options(tally): per entry mode, its label and the entry box's placeholder.
- fit_title(kind, group), entry_words(batch), nothing_yet(kind, group): a fit's title, what
  entries hold, why nothing can be tested yet.
- EXPORT_NAME, SIGNIFICANCE: the exported file's name, the p-value the texts call small.
"""

from __future__ import annotations

import base64
import html

from liarsdice import odds
from liarsdice.i18n import format_count, format_number, format_percent, n_
from liarsdice.i18n import translate as _
from liarsdice.tally import MIN_EXPECTED, SIMULATIONS, Entry, GroupComparison, Tally, TallyFit
from liarsdice.widgets.rolling_texts import signed_text

EXPORT_NAME = "class_tally.csv"
SIGNIFICANCE = 0.05  # the p-value the texts call small


def mode_options(tally: Tally) -> dict[str, tuple[str, str]]:
    """Return, per entry mode, its button label and the entry box's placeholder."""
    n = tally.dice_per_round
    rounds = n_(
        "per round, the {counted} among {n} die: 4 6 5 3",
        "per round, the {counted} among {n} dice: 4 6 5 3",
        n,
    ).format(counted=tally.counted, n=n)
    return {
        "counts": (_("face counts"), _("six counts, faces 1 to 6 in order: 12 9 11 10 8 10")),
        "faces": (_("faces rolled"), _("each die's face: 1 5 5 3 6 2 4 4")),
        "rounds": (_("rounds"), rounds),
    }


def fit_title(kind: str, group: str | None) -> str:
    """Return the title of a group's (None: the class's) faces or rounds, escaped for HTML."""
    if group is None:
        return _("Faces of the whole class") if kind == "faces" else _("Rounds of the whole class")
    said = _("Faces of group {group}") if kind == "faces" else _("Rounds of group {group}")
    return html.escape(said).format(group=html.escape(group))


def _cells_text(pooled_cells: tuple[tuple[int, int], ...]) -> str:
    """Return the pooled cells in words: "0–3, 4, 5, 6–15"."""
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in pooled_cells)


def _p_text(p: float) -> str:
    """Return a p-value to four places, or "< 0.0001" where those would all be zeros (HTML)."""
    return f"&lt; {format_number(0.0001, 4)}" if p < 0.00005 else f"= {format_number(p, 4)}"


def _model_text(fit: TallyFit, tally: Tally) -> str:
    """Return what fair dice give for a fit: 1/6 per face, or the rounds' binomial count."""
    if fit.kind == "faces":
        return _(
            "If the dice are fair, every face comes up 1/6 of the time: {mean} times each here."
        ).format(mean=format_number(fit.total / 6, 2))
    p, n = odds.match_chance(tally.face, tally.rules), tally.dice_per_round
    return n_(
        "If the dice are fair, a round's count of {counted} among {n} die is binomial with "
        "p = {p}: {mean} on average.",
        "If the dice are fair, a round's count of {counted} among {n} dice is binomial with "
        "p = {p}: {mean} on average.",
        n,
    ).format(counted=tally.counted, n=n, p=p, mean=format_number(n * float(p), 2))


def _chi_square_text(fit: TallyFit) -> str:
    """Return the pooled chi-square test in words, as HTML (the fit has one)."""
    pooled = fit.pooled
    assert pooled is not None
    k = len(pooled.cells)
    if k < len(fit.cells):
        cells = n_(
            "{n} cell after pooling those expecting fewer than {least}: {cells}",
            "{n} cells after pooling those expecting fewer than {least}: {cells}",
            k,
        ).format(n=k, least=MIN_EXPECTED, cells=_cells_text(fit.pooled_cells))
    else:
        cells = n_("{n} cell", "{n} cells", k).format(n=k)
    said = n_(
        "Chi-square test: χ² = {statistic} with {dof} degree of freedom ({cells}). If the dice "
        "are fair, a tally at least this far from the expected counts happens with chance p {p} "
        "(from the chi-square curve).",
        "Chi-square test: χ² = {statistic} with {dof} degrees of freedom ({cells}). If the dice "
        "are fair, a tally at least this far from the expected counts happens with chance p {p} "
        "(from the chi-square curve).",
        pooled.dof,
    )
    return html.escape(said).format(
        statistic=format_number(pooled.statistic, 3),
        dof=pooled.dof,
        cells=html.escape(cells),
        p=f"<b>{_p_text(pooled.p_value)}</b>",
    )


def _small_text(fit: TallyFit) -> str:
    """Return the exact or simulated p-value of the unpooled table in words, as HTML."""
    assert fit.small is not None
    n = fit.total
    if fit.method != "exact":
        said = _(
            "So p is found from {simulations} simulated tallies of fair dice (a seeded sample), "
            "keeping every cell apart (χ² = {statistic}): if the dice are fair, a tally at least "
            "this far from the expected counts happens with chance p {p} (up to the sampling "
            "error of the simulation)."
        )
    elif fit.kind == "faces":
        said = n_(
            "So p is found exactly, by adding up the chance of every possible tally of these "
            "{n} die, keeping every cell apart (χ² = {statistic}): if the dice are fair, a tally "
            "at least this far from the expected counts happens with chance p {p}.",
            "So p is found exactly, by adding up the chance of every possible tally of these "
            "{n} dice, keeping every cell apart (χ² = {statistic}): if the dice are fair, a tally "
            "at least this far from the expected counts happens with chance p {p}.",
            n,
        )
    else:
        said = n_(
            "So p is found exactly, by adding up the chance of every possible tally of these "
            "{n} round, keeping every cell apart (χ² = {statistic}): if the dice are fair, a "
            "tally at least this far from the expected counts happens with chance p {p}.",
            "So p is found exactly, by adding up the chance of every possible tally of these "
            "{n} rounds, keeping every cell apart (χ² = {statistic}): if the dice are fair, a "
            "tally at least this far from the expected counts happens with chance p {p}.",
            n,
        )
    return html.escape(said).format(
        simulations=format_count(SIMULATIONS),
        n=n,
        statistic=format_number(fit.small.statistic, 3),
        p=f"<b>{_p_text(fit.p_value)}</b>",
    )


def fit_html(fit: TallyFit, tally: Tally) -> str:
    """Return a test of a tally against fair dice in words a student follows, as HTML."""
    n = fit.total
    if fit.kind == "faces":
        what = n_("({n} die)", "({n} dice)", n).format(n=n)
    else:
        what = n_("({n} round)", "({n} rounds)", n).format(n=n)
    head = f"<b>{fit_title(fit.kind, fit.group)}</b> {html.escape(what)}."
    lines = [f"{head} {html.escape(_model_text(fit, tally))}"]
    if fit.pooled is not None:
        lines.append(_chi_square_text(fit))
    else:
        lines.append(html.escape(_(
            "Too few for the chi-square curve: pooling cells until each expects at least {least} "
            "would leave a single cell."
        ).format(least=MIN_EXPECTED)))  # fmt: skip
    if fit.small is not None:
        small = _small_text(fit)
        if fit.pooled is not None:
            rough = _("Each face expects fewer than {least} here, where the curve is rough.")
            small = f"{html.escape(rough.format(least=MIN_EXPECTED))} {small}"
        lines.append(small)
    if fit.p_value < SIGNIFICANCE:
        verdict = _(
            "A p below {limit} counts as small; this one is small: evidence that the dice, the "
            "rolling or the tallying are not fair."
        )
    else:
        verdict = _(
            "A p below {limit} counts as small; this one is not small: the tally is what fair "
            "dice often give (which does not prove them fair)."
        )
    lines.append(html.escape(verdict.format(limit=format_number(SIGNIFICANCE, 2))))
    return "<div class='ld-summary'>" + "<br>".join(lines) + "</div>"


def comparison_html(comparison: GroupComparison, tally: Tally) -> str:
    """Return the two-proportion test of two groups in words, as HTML."""
    c, test = comparison, comparison.test
    sides = [
        html.escape(
            n_("{group}: {m} of {n} die were {counted} ({share})",
               "{group}: {m} of {n} dice were {counted} ({share})", d)
        ).format(
            group=f"<b>{html.escape(name)}</b>", m=m, n=d, counted=html.escape(tally.counted),
            share=format_percent(m / d, 1),
        )
        for name, m, d in ((c.group_a, c.matches_a, c.dice_a), (c.group_b, c.matches_b, c.dice_b))
    ]  # fmt: skip
    methods = {"two-proportion z-test": _("two-proportion z-test")}
    said = _(
        "{sides}. Difference {difference} points, z = {z}. If both groups' dice show {counted} "
        "equally often, a difference at least this large, either way, happens with chance p {p} "
        "({method}, counting the dice of face records and rounds together; it assumes every die "
        "is rolled independently, and the normal curve wants at least 5 dice counting and 5 not "
        "counting in each group)."
    )
    text = html.escape(said).format(
        sides="; ".join(sides),
        difference=signed_text(100 * test.difference, 1),
        z=format_number(test.statistic, 3),
        counted=html.escape(tally.counted),
        p=f"<b>{_p_text(test.p_value)}</b>",
        method=html.escape(methods.get(test.method, test.method)),
    )
    return f"<div class='ld-summary'>{text}</div>"


def export_link_html(text: str, filename: str = EXPORT_NAME) -> str:
    """Return an HTML link that downloads `text` as a CSV file (a data: URI, no server)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    label = _("⬇ Export the tally as CSV ({filename})").format(filename=filename)
    return (
        f"<a download='{html.escape(filename)}' href='data:text/csv;charset=utf-8;base64,{data}'"
        f" target='_blank'>{html.escape(label)}</a>"
    )


def entry_words(batch: tuple[Entry, ...]) -> str:
    """Return what a batch of entries holds in words: "60 dice by face for red, 5 rounds for
    blue"."""
    parts = []
    for entry in batch:
        if entry.kind == "faces":
            n = sum(entry.values)
            said = n_("{n} die by face for {group}", "{n} dice by face for {group}", n)
        else:
            n = len(entry.values)
            said = n_("{n} round for {group}", "{n} rounds for {group}", n)
        parts.append(said.format(n=n, group=entry.group))
    return ", ".join(parts)


def nothing_yet(kind: str, group: str | None) -> str:
    """Return why a group's (None: the class's) faces or rounds cannot be tested yet."""
    if group is None:
        if kind == "faces":
            return _("the class has no face counts yet: enter some before testing them")
        return _("the class has no rounds yet: enter some before testing them")
    if kind == "faces":
        said = _("group {group} has no face counts yet: enter some before testing them")
    else:
        said = _("group {group} has no rounds yet: enter some before testing them")
    return said.format(group=repr(group))
