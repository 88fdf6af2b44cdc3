"""RollingTable: n dice rolled again and again, live, for one bid, against the exact odds.

Controls: the rules (a preset, its options folded below), the number of dice n, the bid (text
such as "5x5" or "2 aces"), the seed, play/pause (a w.Play whose ticks each take one step),
its speed, Step, Reset and the rolls per step. Changing the rules, n, the bid or the seed
starts the run again; the same seed gives the same rolls. A refused input shows a message
and changes nothing.

Views: the running frequency of "the bid is true" against the exact P(true) inside the band
P +- 2 SE (plots.sampling.frequency_figure), the histogram of the count beside the exact
distribution and the normal curve (plots.sampling.histogram_figure), the run's numbers, and
where the normal curve is poor (liarsdice.sampling.normal_check), every claim computed (the
texts: liarsdice.widgets.rolling_texts).

Language: the labels, placeholders, figure titles and texts are in the language in force
(liarsdice.i18n) when the widget is built, the texts when they are drawn; a refused input's
message (the library's error) stays English.

The model is liarsdice.sampling.RollingRun (`run`); step(k) takes k steps from code: one by
one while they roll at most ROLLED_DICE dice in all (the same rolls as k clicks of Step), else
all at once by RollingRun.advance, which draws only the tally (the same law, other random
numbers), so that even k = MAX_STEPS steps of MAX_ROLLS_PER_STEP rolls of MAX_TABLE_DICE dice take
well under a second. During play only the traces that change are sent; the snapshot for pages
opening later is refreshed when the play pauses (and after every step taken while not playing).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from liarsdice.bids import Bid
from liarsdice.checks import check_integer
from liarsdice.i18n import n_
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_TABLE_DICE
from liarsdice.plots.sampling import (
    OBSERVED,
    frequency_data,
    frequency_figure,
    histogram_figure,
    observed_shares,
)
from liarsdice.render import error_html
from liarsdice.rules import Rules
from liarsdice.sampling import (
    MAX_ROLLS_PER_STEP,
    MAX_SEED,
    RollingRun,
    normal_check,
    normal_pmf,
)
from liarsdice.widgets.controls import LABEL_STYLE, RulesPicker, refresh_snapshot, update_figure
from liarsdice.widgets.figures import FigureWidget
from liarsdice.widgets.rolling_texts import chance_text, intro_html, normal_html, run_html

__all__ = ["MAX_SPEED", "MAX_STEPS", "PLAY_TICKS", "ROLLED_DICE", "RollingTable", "chance_text"]

MAX_SPEED = 30  # steps per second at most (a step takes a few milliseconds)
MAX_STEPS = 10_000  # step(k) takes at most this many steps at once
ROLLED_DICE = 10**7  # step(k) rolls each die up to this many dice in all (~0.1 s), then advances
PLAY_TICKS = 2**31 - 1  # the Play widget counts up to here: far beyond any lesson


class RollingTable(w.VBox):  # type: ignore[misc]  # ipywidgets has no types: VBox is Any
    """n dice rolled again and again for one bid: live frequency and histogram, exact odds.

    Args:
        rules: a Rules or a preset name.
        dice: the dice rolled each time, 1..MAX_TABLE_DICE (liarsdice.sampling).
        bid: a Bid or text such as "5x5"; its quantity is at most `dice`.
        seed: seeds the rolls, 0..MAX_SEED.
        rolls_per_step: tables rolled per step, 1..MAX_ROLLS_PER_STEP.
        speed: steps per second while playing, 1..MAX_SPEED.
    """

    def __init__(
        self,
        rules: Rules | str = "blef",
        dice: int = 15,
        bid: Bid | str = "5x5",
        seed: int = 0,
        rolls_per_step: int = 100,
        speed: int = 5,
    ) -> None:
        super().__init__()
        self.run = RollingRun(rules, dice, bid, seed)  # bad input raises before any widget
        rolls_per_step = check_integer("rolls_per_step", rolls_per_step, 1, MAX_ROLLS_PER_STEP)
        speed = check_integer("speed", speed, 1, MAX_SPEED)
        self.picker = RulesPicker(self.run.rules)
        self.preset = self.picker.preset
        self.dice = w.IntText(
            value=self.run.dice,
            description=_("dice n (1..{max})").format(max=MAX_TABLE_DICE),
            style=LABEL_STYLE,
        )
        self.bid = w.Text(
            value=str(self.run.bid),
            description=_("bid"),
            placeholder=_("5x5, 5 fives, 2 aces"),
            continuous_update=False,
        )
        self.seed = w.IntText(
            value=self.run.seed,
            description=_("seed"),
            tooltip=_("a whole number 0..{max}").format(max=MAX_SEED),
        )
        self.play = w.Play(
            value=0, min=0, max=PLAY_TICKS, interval=round(1000 / speed), show_repeat=False
        )
        self.speed = w.IntSlider(
            value=speed, min=1, max=MAX_SPEED, description=_("steps/s"), style=LABEL_STYLE
        )
        self.rolls = w.IntText(
            value=rolls_per_step, description=_("rolls per step"), style=LABEL_STYLE
        )
        self.step_button = w.Button(description=_("Step"), icon="step-forward")
        self.reset_button = w.Button(description=_("Reset"), icon="undo")
        self.message = w.HTML()
        self.intro = w.HTML()
        self.summary = w.HTML()
        self.normal = w.HTML()
        self.frequency = FigureWidget(frequency_figure([], [], self.run.p_true))
        self.histogram = FigureWidget(
            histogram_figure(self.run.histogram, self.run.distribution, self.run.distribution, 1)
        )
        self._restoring = False  # True while a refused control is set back
        self.picker.observe(self.on_rules_change, names="rules")
        for control in (self.dice, self.bid, self.seed):
            control.observe(self.on_run_control_change, names="value")
        self.rolls.observe(self.on_rolls_change, names="value")
        self.speed.observe(self.on_speed_change, names="value")
        self.play.observe(self.on_play_change, names="value")
        self.play.observe(self.on_playing_change, names="playing")
        self.step_button.on_click(self.on_step_click)
        self.reset_button.on_click(self.on_reset_click)
        self.add_class("ld-rolling-table")
        self.children = [
            w.HBox([self.preset, self.dice, self.bid, self.seed]),
            self.picker.options,
            w.HBox([self.play, self.step_button, self.reset_button, self.speed, self.rolls]),
            self.message,
            self.intro,
            self.summary,
            w.HBox([self.frequency, self.histogram]),
            self.normal,
        ]
        self.redraw()

    @property
    def rules(self) -> Rules:
        """Return the rules of the current run."""
        return self.run.rules

    # ----- drawing ------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw both figures and every text afresh for the current run."""
        run = self.run
        trials, frequencies = run.path()
        title = n_(
            "How often is {bid} true? ({n} die)", "How often is {bid} true? ({n} dice)", run.dice
        ).format(bid=run.rules.describe(run.bid), n=run.dice)
        update_figure(self.frequency, frequency_figure(trials, frequencies, run.p_true, title))
        counted = run.rules.face_name(run.bid.face, count=5)  # the form after "how many"
        normal = normal_pmf(run.dice, run.p)
        update_figure(
            self.histogram,
            histogram_figure(run.histogram, run.distribution, normal, run.bid.quantity, counted),
        )
        self.intro.value = intro_html(run, self.rolls.value)
        self.summary.value = run_html(run)
        self.normal.value = normal_html(normal_check(run.rules, run.dice, run.bid), run)

    def _draw_step(self) -> None:
        """Send only what a step changes: the frequency's traces, the bars, the numbers."""
        trials, frequencies = self.run.path()
        with self.frequency.batch_update():
            for index, values in frequency_data(trials, frequencies, self.run.p_true).items():
                self.frequency.data[index].update(values)
        with self.histogram.batch_update():
            self.histogram.data[OBSERVED].y = observed_shares(self.run.histogram)
        self.summary.value = run_html(self.run)
        if not self.play.playing:
            self.refresh()

    def refresh(self) -> None:
        """Refresh both figures' snapshots for pages that open later (voila)."""
        refresh_snapshot(self.frequency)
        refresh_snapshot(self.histogram)

    # ----- actions ------------------------------------------------------------------------

    def step(self, k: int = 1) -> None:
        """Take k steps of `rolls per step` rolls each, then update the views once (past
        ROLLED_DICE dice in all, the k steps' tally is drawn at once: RollingRun.advance)."""
        k = check_integer("k", k, 1, MAX_STEPS)
        rolls = self.rolls.value
        if k * rolls * self.run.dice > ROLLED_DICE:
            self.run.advance(k * rolls)
        else:
            for _step in range(k):
                self.run.step(rolls)
        self._draw_step()

    def reset(self) -> None:
        """Start the run again from its seed (the same rolls come again)."""
        self.message.value = ""
        self.run.reset()
        self.redraw()

    def _start(self, rules: Rules, dice: object, bid: object, seed: object) -> bool:
        """Start a new run with these settings; return False (with a message) if refused."""
        try:
            run = RollingRun(rules, dice, bid, seed)  # type: ignore[arg-type]
        except ValueError as error:  # ArgumentTypeError is a ValueError too
            self.message.value = error_html(str(error))
            return False
        self.message.value = ""
        self.run = run
        self.bid.value = str(run.bid)  # "5 fives" shows as 5x5 (no new run: the bid is equal)
        self.redraw()
        return True

    def _restore(self, control: w.Widget | RulesPicker, value: object) -> None:
        """Set a refused control back to `value` without reacting to it."""
        self._restoring = True
        try:
            if isinstance(control, RulesPicker):
                control.set_rules(value)  # type: ignore[arg-type]
            else:
                control.value = value
        finally:
            self._restoring = False

    # ----- handlers -----------------------------------------------------------------------

    def on_rules_change(self, change: dict[str, Any]) -> None:
        """Start again under the new rules (the bid's words may name another face)."""
        if self._restoring:
            return
        if not self._start(change["new"], self.dice.value, self.bid.value, self.seed.value):
            self._restore(self.picker, change["old"])

    def on_run_control_change(self, change: dict[str, Any]) -> None:
        """Start again for a new n, bid or seed; refuse bad input and set the control back."""
        if self._restoring:
            return
        if change["owner"] is self.bid and self._same_bid(change["new"]):
            return
        if not self._start(self.run.rules, self.dice.value, self.bid.value, self.seed.value):
            self._restore(change["owner"], change["old"])

    def _same_bid(self, text: str) -> bool:
        """Return True if `text` reads as the current bid (only its spelling changed)."""
        try:
            return Bid.parse(text, rules=self.run.rules) == self.run.bid
        except ValueError:
            return False

    def on_rolls_change(self, change: dict[str, Any]) -> None:
        """Take the new rolls per step (the run goes on); refuse numbers out of range."""
        if self._restoring:
            return
        try:
            check_integer("rolls per step", change["new"], 1, MAX_ROLLS_PER_STEP)
        except ValueError as error:
            self.message.value = error_html(str(error))
            self._restore(self.rolls, change["old"])
            return
        self.message.value = ""
        self.intro.value = intro_html(self.run, change["new"])

    def on_speed_change(self, change: dict[str, Any]) -> None:
        """Set the time between the Play widget's ticks."""
        self.play.interval = round(1000 / change["new"])

    def on_play_change(self, change: dict[str, Any]) -> None:
        """Take one step per tick of the Play widget (its stop button going back is no tick)."""
        if change["new"] > change["old"]:
            self.step()

    def on_playing_change(self, change: dict[str, Any]) -> None:
        """Refresh the snapshots when the play pauses; nothing else changes."""
        if not change["new"]:
            self.refresh()

    def on_step_click(self, button: object = None) -> None:
        """Take one step."""
        self.step()

    def on_reset_click(self, button: object = None) -> None:
        """Start the run again from its seed."""
        self.reset()
