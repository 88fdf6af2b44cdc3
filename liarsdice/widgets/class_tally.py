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
- fit_html(fit, tally), comparison_html(comparison, tally), export_link_html(text): the texts
  (built in liarsdice.widgets.class_tally_texts).

Language: the labels, placeholders, options, messages, table and texts are in the language in
force (liarsdice.i18n) when the widget is built, the texts and messages when they are drawn;
the reason a refused entry or file gives (the library's error) stays English, and so does the
CSV file, so that it loads in any language.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from liarsdice.checks import check_integer
from liarsdice.i18n import n_
from liarsdice.i18n import translate as _
from liarsdice.plots.tally import tally_figure
from liarsdice.render import error_html
from liarsdice.rules import Rules
from liarsdice.tally import Tally, TallyFit
from liarsdice.widgets.class_tally_texts import (
    EXPORT_NAME,
    SIGNIFICANCE,
    comparison_html,
    entry_words,
    export_link_html,
    fit_html,
    fit_title,
    mode_options,
    nothing_yet,
)
from liarsdice.widgets.controls import LABEL_STYLE, update_figure
from liarsdice.widgets.figures import FigureWidget
from liarsdice.widgets.rolling_texts import labelled

__all__ = [
    "CLASS",
    "EXPORT_NAME",
    "SIGNIFICANCE",
    "ClassTally",
    "comparison_html",
    "export_link_html",
    "fit_html",
]

CLASS = ""  # the dropdowns' value for the whole class (no group has an empty name)
HALF = {"width": "49%", "min_width": "420px"}  # the two fits side by side, wrapped when narrow


class ClassTally(w.VBox):  # type: ignore[misc]  # ipywidgets has no types: VBox is Any
    """Entry controls for a class's real rolls beside the pooled table, tests and figures."""

    def __init__(
        self, rules: Rules | str = "blef", dice_per_round: int = 15, face: int = 5, seed: int = 0
    ) -> None:
        super().__init__()
        self.tally = Tally(rules, dice_per_round, face)
        self.seed = check_integer("seed", seed, 0)
        self.modes = mode_options(self.tally)
        self.intro = w.HTML(self._intro_html())
        self.group = w.Text(
            description=_("group"), placeholder=_("your group's name, e.g. red table")
        )
        self.mode = w.ToggleButtons(
            options=[(label, mode) for mode, (label, _placeholder) in self.modes.items()],
            value="counts",
            description=_("enter"),
            style=LABEL_STYLE,
        )
        self.entry = w.Text(
            description=_("numbers"),
            placeholder=self.modes["counts"][1],
            layout=w.Layout(width="620px"),
        )
        self.add = w.Button(
            description=_("Add"), button_style="primary", tooltip=_("add the entry")
        )
        self.undo = w.Button(description=_("Undo"), tooltip=_("take back the last entry or file"))
        self.message = w.HTML()
        self.upload = w.FileUpload(accept=".csv", multiple=False, description=_("Load CSV"))
        self.export = w.HTML()
        self.table = w.HTML()
        self.whose = w.Dropdown(description=_("test"), style=LABEL_STYLE)
        self.faces_text, self.rounds_text = w.HTML(), w.HTML()
        self.faces_figure = FigureWidget(self._figure(None, "faces"))
        self.rounds_figure = FigureWidget(self._figure(None, "rounds"))
        self.group_a = w.Dropdown(description=_("group A"), style=LABEL_STYLE)
        self.group_b = w.Dropdown(description=_("group B"), style=LABEL_STYLE)
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
            w.HTML(self._compare_intro_html()),
            w.HBox([self.group_a, self.group_b]),
            self.compare_text,
        ]  # fmt: skip
        self.on_tally_change()

    def _intro_html(self) -> str:
        """Return the text above the widget: what to enter, what is shown, what it assumes."""
        t = self.tally
        entered = n_(
            "Each group rolls real dice and enters what it saw: the count of each face (six "
            "numbers), or the faces one by one, or, for rounds of {n} die, how many {counted} "
            "each round showed (rules: {rules}).",
            "Each group rolls real dice and enters what it saw: the count of each face (six "
            "numbers), or the faces one by one, or, for rounds of {n} dice, how many {counted} "
            "each round showed (rules: {rules}).",
            t.dice_per_round,
        ).format(n=t.dice_per_round, counted=t.counted, rules=t.rules.preset_name or _("custom"))
        said = (
            entered,
            _(
                "The widget pools the entries and compares them with what fair dice give on "
                "average: the bars are your tally, the dots the expected counts."
            ),
            _(
                "The tests assume every die is fair and rolled independently of the others; a "
                "small p-value is evidence against that."
            ),
        )
        return labelled(_("Class tally: are our dice fair?"), " ".join(said), " ")

    def _compare_intro_html(self) -> str:
        """Return the heading of the comparison of two groups."""
        faces = self.tally.rules.face_name(self.tally.face, plural=True)
        share = _("The share of their dice that count for the {faces}.").format(faces=faces)
        return labelled(_("Do two groups differ?"), share, " ")

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

    def on_add_click(self, button: object = None) -> None:
        """Add the typed entry to the group; a refused one stays in its box with the reason."""
        try:
            entry = self.tally.add_entry(self.group.value, self.mode.value, self.entry.value)
        except ValueError as error:
            self.message.value = error_html(_("Not added: {reason}").format(reason=error))
            return
        self.entry.value = ""
        added = _("Added {entries}.").format(entries=entry_words((entry,)))
        self.message.value = html.escape(added)
        self.on_tally_change()

    def on_undo_click(self, button: object = None) -> None:
        """Take back the last entry or loaded file."""
        if not self.tally.history:
            return
        batch = self.tally.undo()
        self.message.value = html.escape(
            _("Took back {entries}.").format(entries=entry_words(batch))
        )
        self.on_tally_change()

    def on_upload_change(self, change: dict[str, Any]) -> None:
        """Merge an uploaded CSV file into the tally, or refuse it whole with the reason."""
        files = change["new"]
        if not files:
            return  # the upload was cleared, below
        upload = files[0]
        name = upload.get("name", _("the file"))
        try:
            text = bytes(upload["content"]).decode("utf-8")
            batch = self.tally.merge_csv(text)
        except UnicodeDecodeError:
            refused = _("Not loaded: {name} is not UTF-8 text (a CSV file)").format(name=name)
            self.message.value = error_html(refused)
        except ValueError as error:
            refused = _("Not loaded, {name}: {reason}").format(name=name, reason=error)
            self.message.value = error_html(refused)
        else:
            loaded = _("Loaded {name}: {entries}.").format(name=name, entries=entry_words(batch))
            self.message.value = html.escape(loaded)
            self.on_tally_change()
        self.upload.value = ()  # so that the same file can be loaded again

    # ----- views ------------------------------------------------------------------------------

    def on_tally_change(self) -> None:
        """Redraw everything after the tally changed: table, export, choices, tests."""
        tally = self.tally
        self.table.value = tally._repr_html_()
        self.export.value = (
            html.escape(_("Nothing to export yet."))
            if tally.is_empty()
            else export_link_html(tally.to_csv())
        )
        self.undo.disabled = not tally.history
        groups = list(tally.groups)
        self._refreshing = True
        try:
            chosen = self.whose.value
            self.whose.options = [(_("the whole class"), CLASS), *[(g, g) for g in groups]]
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
        n = tally.dice_per_round
        if kind == "faces":
            cell_title = _("face")
            cells = tuple(range(1, 7))
        else:
            cell_title = n_(
                "{counted} in a round of {n} die", "{counted} in a round of {n} dice", n
            ).format(counted=tally.counted, n=n)
            cells = tuple(range(n + 1))
        if fit is None:
            title = _("No face counts yet") if kind == "faces" else _("No rounds yet")
            return tally_figure(cells, [0] * len(cells), [0.0] * len(cells), (), title, cell_title)
        title = fit_title(kind, fit.group)
        return tally_figure(
            fit.cells, fit.observed, fit.expected, fit.pooled_cells, title, cell_title
        )

    def _has(self, kind: str, group: str | None) -> bool:
        """Return True if a group (None: the class) has entries of this kind to test."""
        return bool(
            sum(self.tally.face_counts(group) if kind == "faces" else self.tally.rounds(group))
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
            fit: TallyFit | None = None
            if self._has(kind, group):
                fit = self.tally.fit(kind, group, self.seed)
                text.value = fit_html(fit, self.tally)
            else:
                text.value = f"<i>{html.escape(nothing_yet(kind, group))}.</i>"
            update_figure(figure, self._figure(fit, kind))

    def on_compare_change(self, change: object = None) -> None:
        """Test whether the two chosen groups' dice count for the face equally often."""
        if self._refreshing:
            return
        a, b = self.group_a.value, self.group_b.value
        if len(self.tally.groups) < 2:
            said = _("Enter rolls for two groups to compare them.")
            self.compare_text.value = f"<i>{html.escape(said)}</i>"
        elif a == b or a is None or b is None:
            said = _("Pick two different groups.")
            self.compare_text.value = f"<i>{html.escape(said)}</i>"
        else:
            comparison = self.tally.compare(a, b)
            self.compare_text.value = comparison_html(comparison, self.tally)
