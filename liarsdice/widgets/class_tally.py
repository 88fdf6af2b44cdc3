"""ClassTally: groups enter their real rolls; the class's tally is tested against fair dice.

Controls: a group name, what the entry holds (six face counts, the faces rolled, or each
round's count of dice counting for the face), the entry box, Add and Undo; a CSV file to load
(merged into the tally; a bad row refuses the whole file) and an Export link (a data: URI, so
it works in voila too). Views: the pooled table (liarsdice.tally.Tally), for the chosen group or
the whole class the chi-square tests of the faces and of the rounds in words, each beside a
figure of observed against expected counts (plots.tally.tally_figure), and the two-proportion
test between two chosen groups.

- ClassTally(rules="blef", dice_per_round=15, face=5, seed=0): the widget; `tally` is its
  Tally, to_csv() its CSV text. The rules, dice per round and face are fixed for the tally's
  life: a round's count means nothing under other settings.
- fit_html(fit, tally), comparison_html(comparison, tally), export_link_html(text): the texts.
"""

from __future__ import annotations

import base64
import html
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from liarsdice import odds
from liarsdice.checks import check_integer
from liarsdice.plots.tally import tally_figure
from liarsdice.render import error_html
from liarsdice.rules import Rules
from liarsdice.tally import (
    MIN_EXPECTED,
    SIMULATIONS,
    Entry,
    GroupComparison,
    Tally,
    TallyFit,
)
from liarsdice.widgets.controls import LABEL_STYLE, update_figure
from liarsdice.widgets.figures import FigureWidget

CLASS = ""  # the dropdowns' value for the whole class (no group has an empty name)
EXPORT_NAME = "class_tally.csv"
SIGNIFICANCE = 0.05  # the p-value the texts call small
HALF = {"width": "49%", "min_width": "420px"}  # the two fits side by side, wrapped when narrow


def _mode_options(tally: Tally) -> dict[str, tuple[str, str]]:
    """Return, per entry mode, its button label and the entry box's placeholder."""
    return {
        "counts": ("face counts", "six counts, faces 1 to 6 in order: 12 9 11 10 8 10"),
        "faces": ("faces rolled", "each die's face: 1 5 5 3 6 2 4 4"),
        "rounds": (
            "rounds",
            f"per round, the {tally.counted} among {tally.dice_per_round} dice: 4 6 5 3",
        ),
    }


def _whose(group: str | None) -> str:
    """Return "the whole class" or the group's name, escaped for HTML."""
    return "the whole class" if group is None else f"group {html.escape(group)}"


def _cells_text(pooled_cells: tuple[tuple[int, int], ...]) -> str:
    """Return the pooled cells in words: "0–3, 4, 5, 6–15"."""
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in pooled_cells)


def _p_text(p: float) -> str:
    """Return a p-value to four places, or "< 0.0001" where those would all be zeros."""
    return "&lt; 0.0001" if p < 0.00005 else f"= {p:.4f}"


def fit_html(fit: TallyFit, tally: Tally) -> str:
    """Return a test of a tally against fair dice in words a student follows, as HTML."""
    if fit.kind == "faces":
        what = f"{fit.total} dice"
        model = (
            f"If the dice are fair, every face comes up 1/6 of the time: {fit.total / 6:.2f} "
            "times each here."
        )
    else:
        what = f"{fit.total} rounds"
        p = odds.match_chance(tally.face, tally.rules)
        model = (
            f"If the dice are fair, a round's count of {html.escape(tally.counted)} among "
            f"{tally.dice_per_round} dice is binomial with p = {p}: "
            f"{tally.dice_per_round * float(p):.2f} on average."
        )
    far = "a tally at least this far from the expected counts happens with chance"
    lines = [f"<b>{'Faces' if fit.kind == 'faces' else 'Rounds'} of {_whose(fit.group)}</b> "
             f"({what}). {model}"]  # fmt: skip
    if fit.pooled is not None:
        pooled = fit.pooled
        merged = len(pooled.cells) < len(fit.cells)
        cells = (
            f"{len(pooled.cells)} cells after pooling those expecting fewer than {MIN_EXPECTED}:"
            f" {_cells_text(fit.pooled_cells)}"
            if merged
            else f"{len(pooled.cells)} cells"
        )
        lines.append(
            f"Chi-square test: χ² = {pooled.statistic:.3f} with {pooled.dof} "
            f"degree{'s' if pooled.dof != 1 else ''} of freedom ({cells}). If the dice are fair, "
            f"{far} p <b>{_p_text(pooled.p_value)}</b> "
            "(from the chi-square curve)."
        )
    else:
        lines.append(
            f"Too few for the chi-square curve: pooling cells until each expects at least "
            f"{MIN_EXPECTED} would leave a single cell."
        )
    if fit.small is not None:
        how = (
            f"exactly, by adding up the chance of every possible tally of these {what}"
            if fit.method == "exact"
            else f"from {SIMULATIONS:,} simulated tallies of fair dice (a seeded sample)"
        )
        why = (
            f"Each face expects fewer than {MIN_EXPECTED} here, where the curve is rough, so"
            if fit.pooled is not None
            else "So"
        )
        lines.append(
            f"{why} p is found {how}, keeping every cell apart "
            f"(χ² = {fit.small.statistic:.3f}): "
            f"if the dice are fair, {far} p <b>{_p_text(fit.p_value)}</b>"
            f"{'' if fit.method == 'exact' else ' (up to the sampling error of the simulation)'}."
        )
    verdict = (
        "small: evidence that the dice, the rolling or the tallying are not fair"
        if fit.p_value < SIGNIFICANCE
        else "not small: the tally is what fair dice often give (which does not prove them fair)"
    )
    lines.append(f"A p below {SIGNIFICANCE} counts as small; this one is {verdict}.")
    return "<div class='ld-summary'>" + "<br>".join(lines) + "</div>"


def comparison_html(comparison: GroupComparison, tally: Tally) -> str:
    """Return the two-proportion test of two groups in words, as HTML."""
    c, test = comparison, comparison.test
    counted = html.escape(tally.counted)
    sides = [
        f"<b>{html.escape(name)}</b>: {m} of {d} dice were {counted} ({m / d:.1%})"
        for name, m, d in ((c.group_a, c.matches_a, c.dice_a), (c.group_b, c.matches_b, c.dice_b))
    ]
    return (
        f"<div class='ld-summary'>{'; '.join(sides)}. Difference {100 * test.difference:+.1f} "
        f"points, z = {test.statistic:.3f}. If both groups' dice show {counted} equally "
        f"often, a difference at least this large, either way, happens with chance "
        f"p <b>{_p_text(test.p_value)}</b> ({test.method}, counting the dice of face records "
        "and rounds together; it assumes every die is rolled independently, and the "
        "normal curve wants at least 5 dice counting and 5 not counting in each group).</div>"
    )


def export_link_html(text: str, filename: str = EXPORT_NAME) -> str:
    """Return an HTML link that downloads `text` as a CSV file (a data: URI, no server)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (
        f"<a download='{html.escape(filename)}' href='data:text/csv;charset=utf-8;base64,{data}'"
        f" target='_blank'>⬇ Export the tally as CSV ({html.escape(filename)})</a>"
    )


def _entry_words(batch: tuple[Entry, ...], tally: Tally) -> str:
    """Return what a batch of entries holds in words: "60 dice by face and 5 rounds for red"."""
    parts = []
    for entry in batch:
        if entry.kind == "faces":
            parts.append(f"{sum(entry.values)} dice by face for {entry.group}")
        else:
            parts.append(f"{len(entry.values)} rounds for {entry.group}")
    return ", ".join(parts)


class ClassTally(w.VBox):  # type: ignore[misc]  # ipywidgets has no types: VBox is Any
    """Entry controls for a class's real rolls beside the pooled table, tests and figures."""

    def __init__(
        self, rules: Rules | str = "blef", dice_per_round: int = 15, face: int = 5, seed: int = 0
    ) -> None:
        super().__init__()
        self.tally = Tally(rules, dice_per_round, face)
        self.seed = check_integer("seed", seed, 0)
        self.modes = _mode_options(self.tally)
        self.intro = w.HTML(self._intro_html())
        self.group = w.Text(description="group", placeholder="your group's name, e.g. red table")
        self.mode = w.ToggleButtons(
            options=[(label, mode) for mode, (label, _) in self.modes.items()],
            value="counts",
            description="enter",
            style=LABEL_STYLE,
        )
        self.entry = w.Text(
            description="numbers",
            placeholder=self.modes["counts"][1],
            layout=w.Layout(width="620px"),
        )
        self.add = w.Button(description="Add", button_style="primary", tooltip="add the entry")
        self.undo = w.Button(description="Undo", tooltip="take back the last entry or file")
        self.message = w.HTML()
        self.upload = w.FileUpload(accept=".csv", multiple=False, description="Load CSV")
        self.export = w.HTML()
        self.table = w.HTML()
        self.whose = w.Dropdown(description="test", style=LABEL_STYLE)
        self.faces_text, self.rounds_text = w.HTML(), w.HTML()
        self.faces_figure = FigureWidget(self._figure(None, "faces"))
        self.rounds_figure = FigureWidget(self._figure(None, "rounds"))
        self.group_a = w.Dropdown(description="group A", style=LABEL_STYLE)
        self.group_b = w.Dropdown(description="group B", style=LABEL_STYLE)
        self.compare_text = w.HTML()
        self._refreshing = False  # True while the dropdowns are refilled
        self.add.on_click(self.on_add_click)
        self.undo.on_click(self.on_undo_click)
        self.mode.observe(self.on_mode_change, names="value")
        self.upload.observe(self.on_upload_change, names="value")
        self.whose.observe(self.on_whose_change, names="value")
        self.group_a.observe(self.on_compare_change, names="value")
        self.group_b.observe(self.on_compare_change, names="value")
        self.add_class("ld-class-tally")
        self.children = [
            self.intro,
            w.HBox([self.group, self.mode]),
            w.HBox([self.entry, self.add, self.undo]),
            self.message,
            w.HBox([self.upload, self.export]),
            self.table,
            self.whose,
            w.HBox([w.VBox([self.faces_text, self.faces_figure], layout=w.Layout(**HALF)),
                    w.VBox([self.rounds_text, self.rounds_figure], layout=w.Layout(**HALF))],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HTML("<b>Do two groups differ?</b> The share of their dice that count for the "
                   f"{html.escape(self.tally.rules.face_name(self.tally.face, plural=True))}."),
            w.HBox([self.group_a, self.group_b]),
            self.compare_text,
        ]  # fmt: skip
        self.on_tally_change()

    def _intro_html(self) -> str:
        """Return the text above the widget: what to enter, what is shown, what it assumes."""
        t = self.tally
        name = t.rules.preset_name or "custom"
        return (
            "<b>Class tally: are our dice fair?</b> Each group rolls real dice and enters what "
            "it saw: the count of each face (six numbers), or the faces one by one, or, for "
            f"rounds of {t.dice_per_round} dice, how many {html.escape(t.counted)} each round "
            f"showed (rules: {html.escape(name)}). The widget pools the entries and compares "
            "them with what fair dice give on average: the bars are your tally, the dots the "
            "expected counts. The tests assume every die is fair and rolled independently of "
            "the others; a small p-value is evidence against that."
        )

    @property
    def rules(self) -> Rules:
        """Return the tally's rules."""
        return self.tally.rules

    def to_csv(self) -> str:
        """Return the tally as CSV text (liarsdice.tally.Tally.to_csv)."""
        return self.tally.to_csv()

    # ----- entering ---------------------------------------------------------------------------

    def on_mode_change(self, change: object = None) -> None:
        """Show the chosen mode's format in the entry box's placeholder."""
        self.entry.placeholder = self.modes[self.mode.value][1]

    def on_add_click(self, _: object = None) -> None:
        """Add the typed entry to the group; a refused one stays in its box with the reason."""
        try:
            entry = self.tally.add_entry(self.group.value, self.mode.value, self.entry.value)
        except ValueError as error:
            self.message.value = error_html(f"Not added: {error}")
            return
        self.entry.value = ""
        self.message.value = f"Added {html.escape(_entry_words((entry,), self.tally))}."
        self.on_tally_change()

    def on_undo_click(self, _: object = None) -> None:
        """Take back the last entry or loaded file."""
        if not self.tally.history:
            return
        batch = self.tally.undo()
        self.message.value = f"Took back {html.escape(_entry_words(batch, self.tally))}."
        self.on_tally_change()

    def on_upload_change(self, change: dict[str, Any]) -> None:
        """Merge an uploaded CSV file into the tally, or refuse it whole with the reason."""
        files = change["new"]
        if not files:
            return  # the upload was cleared, below
        upload = files[0]
        name = upload.get("name", "the file")
        try:
            text = bytes(upload["content"]).decode("utf-8")
            batch = self.tally.merge_csv(text)
        except UnicodeDecodeError:
            self.message.value = error_html(f"Not loaded: {name} is not UTF-8 text (a CSV file)")
        except ValueError as error:
            self.message.value = error_html(f"Not loaded, {name}: {error}")
        else:
            words = html.escape(_entry_words(batch, self.tally))
            self.message.value = f"Loaded {html.escape(name)}: {words}."
            self.on_tally_change()
        self.upload.value = ()  # so that the same file can be loaded again

    # ----- views ------------------------------------------------------------------------------

    def on_tally_change(self) -> None:
        """Redraw everything after the tally changed: table, export, choices, tests."""
        tally = self.tally
        self.table.value = tally._repr_html_()
        self.export.value = (
            "Nothing to export yet." if tally.is_empty() else export_link_html(tally.to_csv())
        )
        self.undo.disabled = not tally.history
        groups = list(tally.groups)
        self._refreshing = True
        try:
            chosen = self.whose.value
            self.whose.options = [("the whole class", CLASS), *[(g, g) for g in groups]]
            self.whose.value = chosen if chosen in groups else CLASS
            a, b = self.group_a.value, self.group_b.value
            self.group_a.options = self.group_b.options = groups
            self.group_a.value = a if a in groups else (groups[0] if groups else None)
            others = [g for g in groups if g != self.group_a.value]
            self.group_b.value = b if b in others else (others[0] if others else None)
        finally:
            self._refreshing = False
        self.on_whose_change()
        self.on_compare_change()

    def _figure(self, fit: TallyFit | None, kind: str) -> go.Figure:
        """Return the figure of a fit (or an empty one of the kind's cells when no fit)."""
        tally = self.tally
        if kind == "faces":
            cell_title = "face"
            cells = tuple(range(1, 7))
        else:
            cell_title = f"{tally.counted} in a round of {tally.dice_per_round} dice"
            cells = tuple(range(tally.dice_per_round + 1))
        if fit is None:
            title = "No face counts yet" if kind == "faces" else "No rounds yet"
            return tally_figure(cells, [0] * len(cells), [0.0] * len(cells), (), title, cell_title)
        title = f"{'Faces' if kind == 'faces' else 'Rounds'} of {_whose(fit.group)}"
        return tally_figure(
            fit.cells, fit.observed, fit.expected, fit.pooled_cells, title, cell_title
        )

    def on_whose_change(self, change: object = None) -> None:
        """Test the chosen group's (or the class's) faces and rounds; redraw their figures."""
        if self._refreshing:
            return
        group = self.whose.value or None
        for kind, text, figure in (
            ("faces", self.faces_text, self.faces_figure),
            ("rounds", self.rounds_text, self.rounds_figure),
        ):
            fit: TallyFit | None
            try:
                fit = self.tally.fit(kind, group, self.seed)
            except ValueError as error:  # nothing of this kind entered yet
                fit = None
                text.value = f"<i>{html.escape(str(error))}.</i>"
            else:
                text.value = fit_html(fit, self.tally)
            update_figure(figure, self._figure(fit, kind))

    def on_compare_change(self, change: object = None) -> None:
        """Test whether the two chosen groups' dice count for the face equally often."""
        if self._refreshing:
            return
        a, b = self.group_a.value, self.group_b.value
        if len(self.tally.groups) < 2:
            self.compare_text.value = "<i>Enter rolls for two groups to compare them.</i>"
        elif a == b or a is None or b is None:
            self.compare_text.value = "<i>Pick two different groups.</i>"
        else:
            comparison = self.tally.compare(a, b)
            self.compare_text.value = comparison_html(comparison, self.tally)
