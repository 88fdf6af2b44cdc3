"""RollingTable: n dice rolled again and again, live, for one bid, against the exact odds.

Controls: the rules (a preset, its options folded below), the number of dice n, the bid (text
such as "5x5" or "2 aces"), the seed, play/pause (a w.Play whose ticks each take one step),
its speed, Step, Reset and the rolls per step. Changing the rules, n, the bid or the seed
starts the run again; the same seed gives the same rolls. A refused input shows a message
and changes nothing.

Views: the running frequency of "the bid is true" against the exact P(true) inside the band
P +- 2 SE (plots.sampling.frequency_figure), the histogram of the count beside the exact
distribution and the normal curve (plots.sampling.histogram_figure), the run's numbers, and
where the normal curve is poor (liarsdice.sampling.normal_check), every claim computed.

The model is liarsdice.sampling.RollingRun (`run`); step(k) takes k steps from code: one by
one while they roll at most ROLLED_DICE dice in all (the same rolls as k clicks of Step), else
all at once by RollingRun.advance, which draws only the tally (the same law, other random
numbers), so that even k = MAX_STEPS steps of MAX_ROLLS_PER_STEP rolls of MAX_TABLE_DICE dice take
well under a second. During play only the traces that change are sent; the snapshot for pages
opening later is refreshed when the play pauses (and after every step taken while not playing).
"""

from __future__ import annotations

import html
import itertools
import math
from fractions import Fraction
from typing import Any

import ipywidgets as w

from liarsdice.bids import Bid
from liarsdice.checks import check_integer
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
    FAR_TAIL,
    MAX_ROLLS_PER_STEP,
    MAX_SEED,
    TOLERANCE,
    NormalCheck,
    RollingRun,
    half_width,
    normal_check,
    normal_pmf,
    skewness,
    standard_errors,
)
from liarsdice.widgets.controls import LABEL_STYLE, RulesPicker, refresh_snapshot, update_figure
from liarsdice.widgets.figures import FigureWidget

MAX_SPEED = 30  # steps per second at most (a step takes a few milliseconds)
MAX_STEPS = 10_000  # step(k) takes at most this many steps at once
ROLLED_DICE = 10**7  # step(k) rolls each die up to this many dice in all (~0.1 s), then advances
PLAY_TICKS = 2**31 - 1  # the Play widget counts up to here: far beyond any lesson
RELATIVE_POOR = 0.1  # a tail off by a tenth of its chance or more is called poor
INSIDE_TWO_SE = math.erf(2 / math.sqrt(2))  # P(|Z| < 2) for a standard normal Z
SMALL_CHANCE = 1e-4  # below this a chance is written 1.234e-05, not 0.000012


def chance_text(p: float) -> str:
    """Return a probability for the text: six decimals, or three significant digits when tiny."""
    return f"{p:.6f}" if p == 0 or p >= SMALL_CHANCE else f"{p:.3e}"


def dice_text(n: int) -> str:
    """Return "1 die" or "n dice"."""
    return "1 die" if n == 1 else f"{n} dice"


def counted_words(run: RollingRun) -> str:
    """Return what is counted for the bid, in words: "fives (aces count as fives too)"."""
    rules, face = run.rules, run.bid.face
    name = rules.face_name(face, plural=True)
    if face == rules.wild:
        return f"{name} (the wild face: only {name} count)"
    return f"{name} ({rules.face_name(rules.wild, plural=True)} count as {name} too)"


def intro_html(run: RollingRun, rolls: int) -> str:
    """Return the text above the figures: what is shown and what it assumes."""
    rules, bid = run.rules, run.bid
    return (
        f"<div class='ld-intro'>Each step rolls {rolls:,} tables of {dice_text(run.dice)} and counts "
        f"the {html.escape(counted_words(run))}. The bid <b>{html.escape(rules.describe(bid))}"
        f"</b> is true when the count is at least {bid.quantity}. "
        "<b>Left:</b> the share of the rolls so far on which it was true, against the exact "
        "P(true), inside the band P ± 2√(P(1−P)/t), which shrinks like 1/√t "
        "(t = rolls so far; log scale). "
        "<b>Right:</b> how often each count came up, beside the exact distribution (binomial, "
        f"n = {run.dice}, p = {run.chance}) and the normal curve with the continuity correction. "
        "The dice are assumed fair and independent; the rolls come from a seeded generator.</div>"
    )


def run_html(run: RollingRun) -> str:
    """Return the run's numbers: rolls, the frequency and its distance from P(true) in SE."""
    p = run.p_true
    head = f"Exact P(true) = P(count ≥ {run.bid.quantity}) = <b>{chance_text(p)}</b>. "
    if not run.trials:
        return head + "No rolls yet: press play or Step."
    se = float(half_width(run.trials, p)) / 2
    z = standard_errors(run.hits, run.trials, p)
    return (
        head + f"After <b>{run.trials:,}</b> rolls the bid was true {run.hits:,} times: "
        f"frequency <b>{chance_text(run.frequency)}</b>, {z:+.2f} standard errors from P(true) "
        f"(SE = √(P(1−P)/t) = {se:.6f}). At any one t the frequency lies inside P ± 2 SE "
        f"about {INSIDE_TWO_SE:.1%} of the time (normal curve); over a long run it leaves "
        "the band now and then."
    )


def _fraction(p: float) -> Fraction:
    """Return a die's chance of matching as a fraction (1/3, 1/6)."""
    return Fraction(p).limit_denominator(36)


def _few_dice_item(check: NormalCheck) -> str:
    """Return the claim about few dice: the largest error (plain face) by number of dice."""
    errors = check.plain_errors
    listed = ", ".join(f"{dice_text(size)} {error:.4f}" for size, error in zip(check.sizes, errors))
    shrinks = all(a >= b for a, b in itertools.pairwise(errors))
    trend = "shrinks as dice are added" if shrinks else "does not shrink steadily"
    # the first size from which on every listed error is below TOLERANCE
    good = [size for i, size in enumerate(check.sizes) if max(errors[i:]) < TOLERANCE]
    reach = f"from {good[0]} dice on" if good else "at none of them"
    plain = check.error_at(wild=False)
    here = "still above" if plain >= TOLERANCE else "below"
    return (
        f"<b>few dice</b>: for a plain face (p = {_fraction(check.plain_p)}) the largest error "
        f"{trend}: {listed}. Of these sizes it stays below {TOLERANCE} (a difference that shows "
        f"in odds rounded to two decimals) {reach}; with {dice_text(check.n)} it is {plain:.4f}, "
        f"{here} {TOLERANCE}."
    )


def _wild_item(check: NormalCheck, rules: Rules) -> str:
    """Return the claim about the wild face: its error and skewness against a plain face's."""
    n = check.n
    wild, plain = check.error_at(wild=True), check.error_at(wild=False)
    ratio = wild / plain if plain else math.inf
    if ratio >= 1.1:
        words = f"{ratio:.1f} times a plain face's"
    elif ratio <= 1 / 1.1:
        words = f"only {ratio:.2f} times a plain face's"
    else:
        words = "about the same as a plain face's"
    skew_wild, skew_plain = skewness(n, check.wild_p), skewness(n, check.plain_p)
    lopsided = "more" if skew_wild > skew_plain else "less"
    name = html.escape(rules.face_name(rules.wild, plural=True))
    return (
        f"<b>the wild face</b> ({name}, p = {_fraction(check.wild_p)}): with {dice_text(n)} its "
        f"largest error is {wild:.4f}, {words} {plain:.4f}; its count is {lopsided} lopsided "
        f"(skewness {skew_wild:.2f} against {skew_plain:.2f}), which a symmetric curve misses."
    )


def _far_item(check: NormalCheck) -> str:
    """Return the claim about the far tail: its absolute and relative error."""
    far, tails = check.far, check.approximation
    exact, normal = tails.exact[far], tails.normal[far]
    gap = abs(normal - exact)
    relative = gap / exact if exact else math.inf
    which = f"the first tail at most {FAR_TAIL}" if exact <= FAR_TAIL else "the farthest tail"
    side = "too high" if normal > exact else "too low"
    verdict = "poor" if relative >= RELATIVE_POOR else "fair"
    return (
        f"<b>the far tail</b>: at k = {far} ({which}), exact "
        f"P(count ≥ {far}) = {chance_text(exact)}, normal {chance_text(normal)} ({side}): "
        f"{chance_text(gap)} apart, {relative:.0%} of the true chance ({verdict}, counting "
        f"{RELATIVE_POOR:.0%} or more as poor)."
    )


def normal_html(check: NormalCheck, run: RollingRun) -> str:
    """Return where the normal curve is poor for this bid, every number computed."""
    n, p, q, tails = check.n, check.p, check.quantity, check.approximation
    sd = math.sqrt(n * p * (1 - p))
    at = check.at
    words = html.escape(run.rules.describe(run.bid))
    error = tails.normal[q] - tails.exact[q]
    error_text = ("+" if error >= 0 else "−") + chance_text(abs(error))
    if tails.exact[q] > 0:
        error_text += f", {abs(error) / tails.exact[q]:.0%} of the exact chance"
    lines = [
        f"<b>Normal curve</b> (mean np = {n * p:.2f}, sd √(np(1−p)) = {sd:.2f}, continuity "
        f"correction: P(count ≥ k) ≈ P(Z ≥ (k − ½ − np)/sd)). Its largest error over the tails "
        f"P(count ≥ k) is <b>{check.largest_error:.4f}</b>, at k = {at} (exact "
        f"{tails.exact[at]:.4f}, normal {tails.normal[at]:.4f}).",
        f"For {words}: exact P(count ≥ {q}) = <b>{chance_text(tails.exact[q])}</b>, normal "
        f"<b>{chance_text(tails.normal[q])}</b> (error {error_text}).",
        "Where it is poor:",
    ]
    items = [_few_dice_item(check), _wild_item(check, run.rules), _far_item(check)]
    listed = "".join(f"<li>{item}</li>" for item in items)
    return f"<div class='ld-normal'>{'<br>'.join(lines)}<ul>{listed}</ul></div>"


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
            value=self.run.dice, description=f"dice n (1..{MAX_TABLE_DICE})", style=LABEL_STYLE
        )
        self.bid = w.Text(
            value=str(self.run.bid),
            description="bid",
            placeholder="5x5, 5 fives, 2 aces",
            continuous_update=False,
        )
        self.seed = w.IntText(
            value=self.run.seed, description="seed", tooltip=f"a whole number 0..{MAX_SEED}"
        )
        self.play = w.Play(
            value=0, min=0, max=PLAY_TICKS, interval=round(1000 / speed), show_repeat=False
        )
        self.speed = w.IntSlider(
            value=speed, min=1, max=MAX_SPEED, description="steps/s", style=LABEL_STYLE
        )
        self.rolls = w.IntText(
            value=rolls_per_step, description="rolls per step", style=LABEL_STYLE
        )
        self.step_button = w.Button(description="Step", icon="step-forward")
        self.reset_button = w.Button(description="Reset", icon="undo")
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
        title = f"How often is {run.rules.describe(run.bid)} true? ({dice_text(run.dice)})"
        update_figure(self.frequency, frequency_figure(trials, frequencies, run.p_true, title))
        counted = run.rules.face_name(run.bid.face, plural=True)
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
            for _ in range(k):
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

    def on_step_click(self, _: object = None) -> None:
        """Take one step."""
        self.step()

    def on_reset_click(self, _: object = None) -> None:
        """Start the run again from its seed."""
        self.reset()
