"""Small controls shared by the widgets.

- RulesPicker(rules): the rules of a widget: a preset dropdown (showing "custom" for rules that
  are no preset) and, folded below it, one control per option of the option table
  (liarsdice.rules.OPTIONS: a dropdown for a choice, a checkbox for a flag, a number box for an
  integer). Its `rules` trait holds the current Rules; a change that breaks the rules is
  refused with a message and the controls show the rules kept.
- DicePicker: a row of dice buttons; clicking a die turns it to the next face, + and - add and
  remove dice. Its `value` is the tuple of faces.
- die_label(face, rules): the text a die button shows.
- update_figure(widget, figure): copy a freshly built figure into a FigureWidget in one batch;
  replace_figure(widget, figure) when the number of traces changes; refresh_snapshot(widget),
  the one place that works around plotly for pages that open later (voila).
- SeatControls: the controls of one seat's view shared by the explorers (rules, dice on the
  table, your hand, a face), following the RulesPicker.
- SeatWidget: the base of the explorers: a VBox holding SeatControls, with `rules`.

Every label, tooltip and title is in the language in force when the control is built
(liarsdice.i18n: set_language before building a widget). The option controls are named by the
options themselves (ace_rule, box_dice...), and their values shown as in code ("board", None):
the names a student writes in Rules(...) in any language.
"""

from __future__ import annotations

import copy
from typing import Any

import ipywidgets as w
import plotly
import plotly.graph_objects as go
import traitlets

from liarsdice.checks import check_faces
from liarsdice.deprecation import aliases
from liarsdice.i18n import translate as _
from liarsdice.render import error_html
from liarsdice.rules import OPTIONS, PRESETS, Choice, Flag, Rules, changed, resolve

_DIE_GLYPHS = "⚀⚁⚂⚃⚄⚅"
LABEL_STYLE = {"description_width": "initial"}  # keeps long labels such as "dice on table" whole
CUSTOM = "custom"  # the preset dropdown's entry for rules that are no preset
NO_BOX = 0  # the box_dice number box shows None as 0
NONE = "None"  # a dropdown shows the option value None as this text (None there means "nothing")
OPTION_INTEGER_MAX = 1000  # the number boxes' upper end where an option has none


def die_label(face: int, rules: Rules) -> str:
    """Return a die's glyph: ★ for a star wild face, else the Unicode die face."""
    if face == rules.wild and rules.wild_name == "star":
        return "★"
    return _DIE_GLYPHS[face - 1]


def update_figure(widget: go.FigureWidget, figure: go.Figure, layout: bool = True) -> None:
    """Copy every trace (and the layout) of `figure` into `widget` inside one batch_update.

    The figure builders in liarsdice.plots stay the only place that draws; widgets rebuild a
    figure from new data and copy it over, trace by trace, so the browser gets one update.
    """
    with widget.batch_update():
        for old, new in zip(widget.data, figure.data):
            # Keep the widget's trace ids: the browser finds its traces by them.
            settings = {k: v for k, v in new.to_plotly_json().items() if k != "uid"}
            old.update(settings, overwrite=True)
        if layout:
            # The template is large and never changes between rebuilds: leave it out.
            settings = {k: v for k, v in figure.layout.to_plotly_json().items() if k != "template"}
            widget.layout.update(settings)
    refresh_snapshot(widget)


def replace_figure(widget: go.FigureWidget, figure: go.Figure) -> None:
    """Replace every trace and the layout of `widget` by those of `figure` (the number of
    traces may change)."""
    widget.data = []
    widget.add_traces(list(figure.data))
    update_figure(widget, figure)


def refresh_snapshot(widget: go.FigureWidget) -> None:
    """Refresh the figure state that a page opening later reads (plotly has no public call).

    plotly sends edits as messages, which a page that is not open yet (voila renders after
    running every cell) never receives; such a page reads the synced snapshot `_widget_data`
    and `_widget_layout`, which plotly itself refreshes only when the figure is displayed
    directly (FigureWidget._repr_mimebundle_). This does what that method does, without its
    display side effects. tests/test_widgets.py fails, naming the plotly version, when a
    plotly release moves these attributes; pyproject.toml bounds plotly to the tested major.
    """
    needed = ("_widget_data", "_widget_layout", "_data", "_layout_obj")
    missing = [name for name in needed if not hasattr(widget, name)]
    if missing:
        raise RuntimeError(
            f"plotly {plotly.__version__} changed FigureWidget (no {', '.join(missing)}): "
            "liarsdice.widgets.controls.refresh_snapshot needs updating"
        )
    widget._widget_data = copy.deepcopy(widget._data)
    widget._widget_layout = copy.deepcopy(widget._layout_obj._props)


# ----- the rules -----------------------------------------------------------------------------


def _option_control(name: str) -> w.Widget:
    """Return the control of one option: a dropdown, a checkbox or a number box."""
    option = OPTIONS[name]
    values = option.values
    if isinstance(values, Choice):
        labels = [(str(v), NONE if v is None else v) for v in values.values()]
        return w.Dropdown(options=labels, description=name, style=LABEL_STYLE)
    if isinstance(values, Flag):
        return w.Checkbox(description=name, indent=False)
    top = values.high if values.high is not None else OPTION_INTEGER_MAX
    low = NO_BOX if values.optional else values.low
    label = _("{option} (0: none)").format(option=name) if values.optional else name
    return w.BoundedIntText(min=low, max=top, description=label, style=LABEL_STYLE)


def _shown(name: str, value: object) -> object:
    """Return how an option's control shows `value` (None as "None" or 0); None where the
    option does not take None."""
    if value is not None:
        return value
    values = OPTIONS[name].values
    if isinstance(values, Choice):
        return NONE if None in values.values() else None
    return NO_BOX if OPTIONS[name].default is None else None


class RulesPicker(traitlets.HasTraits):
    """A preset dropdown and one control per rule option; `rules` holds the current Rules."""

    rules = traitlets.Instance(Rules)

    def __init__(self, rules: Rules | str = "blef") -> None:
        super().__init__()
        first = resolve(rules)
        self.preset = w.Dropdown(
            options=[*((name, name) for name in PRESETS), (_("custom"), CUSTOM)],
            value=first.preset_name or CUSTOM,
            description=_("rules"),
        )
        self.controls = {name: _option_control(name) for name in OPTIONS}
        self.message = w.HTML()
        self.options = w.Accordion(
            [w.VBox([*self.controls.values(), self.message])], selected_index=None
        )
        self.options.set_title(0, _("rule options"))
        self._showing = False  # True while the controls are set from the rules
        self.rules = first
        self._show(first)
        self.preset.observe(self.on_preset_change, names="value")
        for name, control in self.controls.items():
            control.observe(lambda change, name=name: self.on_option_change(name, change), "value")

    def _show(self, rules: Rules) -> None:
        """Set every control from `rules` without reacting to the changes."""
        self._showing = True
        try:
            self.preset.value = rules.preset_name or CUSTOM
            for name, control in self.controls.items():
                control.value = _shown(name, getattr(rules, name))
        finally:
            self._showing = False

    def set_rules(self, rules: Rules | str) -> None:
        """Switch to `rules` (a Rules or a preset name) and show them."""
        self.message.value = ""
        self.rules = resolve(rules)
        self._show(self.rules)

    def on_preset_change(self, change: dict[str, Any]) -> None:
        """Take the chosen preset ("custom" keeps the current rules)."""
        if not self._showing and change["new"] != CUSTOM:
            self.set_rules(change["new"])

    def on_option_change(self, name: str, change: dict[str, Any]) -> None:
        """Change one option (with the options it forces); refuse rules that break."""
        if self._showing:
            return
        none_shown = _shown(name, None)
        value = None if none_shown is not None and change["new"] == none_shown else change["new"]
        try:
            rules = changed(self.rules, name, value)
        except ValueError as error:
            self.message.value = error_html(str(error))
            self._show(self.rules)
            return
        self.set_rules(rules)


class DicePicker(w.HBox):  # type: ignore[misc]  # ipywidgets has no types: HBox is Any
    """A row of dice to toggle: click a die to turn it, + to add one, - to remove the last."""

    value = traitlets.Tuple()

    def __init__(
        self,
        value: tuple[int, ...] = (),
        rules: Rules | None = None,
        max_dice: int = 10,
        description: str = "",
    ) -> None:
        super().__init__()
        self.rules = rules or PRESETS["blef"]
        self.max_dice = max_dice
        self._label = w.Label(description, layout=w.Layout(width="90px"))
        self._add = w.Button(description="+", tooltip=_("add a die"), layout=w.Layout(width="34px"))
        self._remove = w.Button(
            description="−", tooltip=_("remove the last die"), layout=w.Layout(width="34px")
        )
        self._add.on_click(self.on_add_click)
        self._remove.on_click(self.on_remove_click)
        self.dice_buttons: list[w.Button] = []
        self.observe(self.on_value_change, names="value")
        self.value = tuple(value)
        self.on_value_change()

    @traitlets.validate("value")
    def _check_value(self, proposal: dict[str, Any]) -> tuple[int, ...]:
        """Return the proposed dice if they are faces 1..6 and few enough; refuse them otherwise."""
        try:
            dice = check_faces("dice", proposal["value"])
        except ValueError as error:
            raise traitlets.TraitError(str(error)) from None
        if len(dice) > self.max_dice:
            raise traitlets.TraitError(f"dice {dice!r}: expected at most {self.max_dice} dice")
        return dice

    def set_rules(self, rules: Rules) -> None:
        """Redraw the dice for other rules (the wild face may change its look)."""
        self.rules = rules
        self.on_value_change()

    def on_value_change(self, change: object = None) -> None:
        """Rebuild the dice buttons after the value changed."""
        self.dice_buttons = []
        for index, face in enumerate(self.value):
            button = w.Button(
                description=die_label(face, self.rules),
                tooltip=_("{face}: click to turn").format(face=self.rules.face_name(face)),
                layout=w.Layout(width="42px"),
            )
            button.style.font_size = "22px"  # the Unicode die faces are tiny at the default size
            button.add_class("ld-die")
            button.on_click(lambda _, i=index: self.turn(i))
            self.dice_buttons.append(button)
        self._add.disabled = len(self.value) >= self.max_dice
        self._remove.disabled = not self.value
        self.children = [self._label, *self.dice_buttons, self._add, self._remove]

    def turn(self, index: int) -> None:
        """Turn die `index` to its next face (6 goes back to 1)."""
        faces = list(self.value)
        faces[index] = faces[index] % 6 + 1
        self.value = tuple(faces)

    def on_add_click(self, _: object = None) -> None:
        """Add a die showing the lowest plain face, up to max_dice."""
        if len(self.value) < self.max_dice:
            self.value = (*self.value, self.rules.plain_faces[0])

    def on_remove_click(self, _: object = None) -> None:
        """Remove the last die."""
        self.value = self.value[:-1]


class SeatControls:
    """The controls of one seat's view that the explorers share: the rules (a RulesPicker),
    the dice on the table, your hand and a face; `rules` follows the picker."""

    def __init__(
        self,
        rules: Rules | str,
        total: int,
        hand: tuple[int, ...],
        min_total: int,
        max_total: int,
    ) -> None:
        self.picker = RulesPicker(rules)
        self.total = w.BoundedIntText(
            value=total,
            min=min_total,
            max=max_total,
            description=_("dice on table"),
            style=LABEL_STYLE,
        )
        self.hand = DicePicker(hand, self.rules, max_dice=10, description=_("your hand"))
        self.face = w.Dropdown(description=_("face"))
        self.follow_rules()

    @property
    def rules(self) -> Rules:
        """Return the picker's rules."""
        return self.picker.rules

    def follow_rules(self) -> Rules:
        """Redraw the hand for the picker's rules and refill the faces (keeping the chosen one)."""
        rules = self.rules
        self.hand.set_rules(rules)
        faces = (*rules.plain_faces, rules.wild)
        chosen = self.face.value
        self.face.options = [(rules.face_name(f, plural=True), f) for f in faces]
        self.face.value = chosen if chosen in faces else faces[0]
        return rules


class SeatWidget(w.VBox):  # type: ignore[misc]  # ipywidgets has no types: VBox is Any
    """A widget of one seat's view: `seat` holds the shared controls, `rules` follows them.

    Subclasses define on_rules_change (called after the controls follow new rules).
    """

    def __init__(
        self,
        rules: Rules | str,
        total: int,
        hand: tuple[int, ...],
        min_total: int,
        max_total: int,
    ) -> None:
        super().__init__()
        self.seat = SeatControls(rules, total, hand, min_total, max_total)
        self.picker, self.preset = self.seat.picker, self.seat.picker.preset
        self.total, self.hand, self.face = self.seat.total, self.seat.hand, self.seat.face
        self.picker.observe(self._on_picker_change, names="rules")

    @property
    def rules(self) -> Rules:
        """Return the chosen rules."""
        return self.seat.rules

    def _on_picker_change(self, change: dict[str, Any]) -> None:
        """Follow new rules: redraw the seat's controls, then the subclass's views."""
        self.seat.follow_rules()
        self.on_rules_change()

    def on_rules_change(self) -> None:
        """Redraw for new rules (subclasses)."""


__getattr__ = aliases(
    "liarsdice.widgets.controls",
    {"preset_dropdown": (lambda: lambda value="blef": RulesPicker(value).preset, "RulesPicker")},
)
