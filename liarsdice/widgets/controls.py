"""Small controls shared by the widgets.

- DicePicker: a row of dice buttons; clicking a die turns it to the next face, + and - add and
  remove dice. Its `value` is the tuple of faces.
- preset_dropdown(value): a dropdown of the rule presets.
- die_label(face, rules): the text a die button shows.
- update_figure(widget, figure): copy a freshly built figure into a FigureWidget in one batch.
- SeatControls: the controls of one seat's view shared by the explorers (rules, dice on the
  table, your hand, a face), with set_rules() to switch presets.
- SeatWidget: the base of the explorers: a VBox holding SeatControls, with `rules`.
"""

from __future__ import annotations

import copy

import ipywidgets as w
import plotly.graph_objects as go
import traitlets

from liarsdice.rules import PRESETS, Rules

_DIE_GLYPHS = "⚀⚁⚂⚃⚄⚅"
LABEL_STYLE = {"description_width": "initial"}  # keeps long labels such as "dice on table" whole


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
    # plotly sends the edits above as messages, which a page that is not open yet (voila
    # renders after running every cell) never receives; it reads the synced snapshot of the
    # figure instead, which plotly refreshes only on direct display. Refresh it here.
    widget._widget_data = copy.deepcopy(widget._data)
    widget._widget_layout = copy.deepcopy(widget._layout_obj._props)


def preset_dropdown(value: str = "blef") -> w.Dropdown:
    """Return a dropdown of the preset names."""
    return w.Dropdown(options=list(PRESETS), value=value, description="rules")


class DicePicker(w.HBox):
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
        self._add = w.Button(description="+", tooltip="add a die", layout=w.Layout(width="34px"))
        self._remove = w.Button(
            description="−", tooltip="remove the last die", layout=w.Layout(width="34px")
        )
        self._add.on_click(self.on_add_click)
        self._remove.on_click(self.on_remove_click)
        self.dice_buttons: list[w.Button] = []
        self.observe(self.on_value_change, names="value")
        self.value = tuple(value)
        self.on_value_change()

    @traitlets.validate("value")
    def _check_value(self, proposal: dict) -> tuple[int, ...]:
        """Return the proposed dice if they are faces 1..6 and few enough; refuse them otherwise."""
        dice = tuple(proposal["value"])
        bad = [d for d in dice if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6]
        if bad or len(dice) > self.max_dice:
            raise traitlets.TraitError(
                f"dice {dice!r}: expected at most {self.max_dice} faces 1..6 (bad: {bad})"
            )
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
                tooltip=f"{self.rules.face_name(face)}: click to turn",
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
    """The controls of one seat's view that the explorers share: the preset, the dice on the
    table, your hand and a face; `rules` follows the preset."""

    def __init__(
        self, rules: str, total: int, hand: tuple[int, ...], min_total: int, max_total: int
    ) -> None:
        self.rules: Rules = PRESETS[rules]
        self.preset = preset_dropdown(rules)
        self.total = w.BoundedIntText(
            value=total,
            min=min_total,
            max=max_total,
            description="dice on table",
            style=LABEL_STYLE,
        )
        self.hand = DicePicker(hand, self.rules, max_dice=10, description="your hand")
        self.face = w.Dropdown(description="face")
        self.set_rules(rules)

    def set_rules(self, name: str) -> Rules:
        """Switch to the named preset: redraw the hand, refill the faces (keeping the chosen one)."""
        self.rules = PRESETS[name]
        self.hand.set_rules(self.rules)
        faces = (*self.rules.plain_faces, self.rules.wild)
        chosen = self.face.value
        self.face.options = [(self.rules.face_name(f, plural=True), f) for f in faces]
        self.face.value = chosen if chosen in faces else faces[0]
        return self.rules


class SeatWidget(w.VBox):
    """A widget of one seat's view: `seat` holds the shared controls, `rules` follows them."""

    def __init__(
        self, rules: str, total: int, hand: tuple[int, ...], min_total: int, max_total: int
    ) -> None:
        super().__init__()
        self.seat = SeatControls(rules, total, hand, min_total, max_total)
        self.preset, self.total = self.seat.preset, self.seat.total
        self.hand, self.face = self.seat.hand, self.seat.face

    @property
    def rules(self) -> Rules:
        """Return the rules of the chosen preset."""
        return self.seat.rules
