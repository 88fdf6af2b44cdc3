"""RollingTable's texts: the intro, the run's numbers and where the normal curve is poor.

Every sentence is built in the language in force (liarsdice.i18n) when the widget draws it:
whole sentences looked up in the catalogs (plural forms by n_), decimals with the language's
decimal sign (format_number), whole numbers grouped and percentages written as the language
does (liarsdice.i18n's format_count and format_percent).

- chance_text(p), signed_text(x, digits): a probability and a signed decimal as the texts
  write them.
- counted_words(run), intro_html(run, rolls), run_html(run), normal_html(check, run): the
  texts of liarsdice.widgets.rolling_table.RollingTable, every number computed.
"""

from __future__ import annotations

import html
import itertools
import math
from fractions import Fraction

from liarsdice.i18n import format_count, format_number, format_percent, n_
from liarsdice.i18n import translate as _
from liarsdice.rules import Rules
from liarsdice.sampling import (
    FAR_TAIL,
    TOLERANCE,
    NormalCheck,
    RollingRun,
    half_width,
    skewness,
    standard_errors,
)

RELATIVE_POOR = 0.1  # a tail off by a tenth of its chance or more is called poor
INSIDE_TWO_SE = math.erf(2 / math.sqrt(2))  # P(|Z| < 2) for a standard normal Z
SMALL_CHANCE = 1e-4  # below this a chance is written 1.234e-05, not 0.000012


def signed_text(x: float, digits: int) -> str:
    """Return x with its sign always written ("+0.53", "-1.20"), the language's decimal sign."""
    said = format_number(x, digits)
    return said if said.startswith("-") else "+" + said


def chance_text(p: float) -> str:
    """Return a probability for the text: six decimals, or three significant digits when tiny
    (1.234e-05), with the language's decimal sign."""
    if p == 0 or p >= SMALL_CHANCE:
        return format_number(p, 6)
    mantissa, exponent = f"{p:.3e}".split("e")
    return f"{format_number(float(mantissa), 3)}e{exponent}"


def labelled(label: str, text: str, between: str = ": ") -> str:
    """Return a bold label before a text, both escaped for HTML: "<b>few dice</b>: ..."."""
    return f"<b>{html.escape(label)}</b>{between}{html.escape(text)}"


def counted_words(run: RollingRun) -> str:
    """Return what is counted for the bid, in words: "fives (aces count as fives too)"."""
    rules, face = run.rules, run.bid.face
    name = rules.face_name(face, plural=True)
    if face == rules.wild:
        return _("{name} (the wild face: only {name} count)").format(name=name)
    wild = rules.face_name(rules.wild, plural=True)
    return _("{name} ({wild} count as {name} too)").format(name=name, wild=wild)


def intro_html(run: RollingRun, rolls: int) -> str:
    """Return the text above the figures: what is shown and what it assumes."""
    rules, bid, n = run.rules, run.bid, run.dice
    each = n_(
        "Each step rolls {rolls} tables of {n} die and counts the {counted}.",
        "Each step rolls {rolls} tables of {n} dice and counts the {counted}.",
        n,
    ).format(rolls=format_count(rolls), n=n, counted=counted_words(run))
    true = html.escape(_("The bid {bid} is true when the count is at least {quantity}.")).format(
        bid=f"<b>{html.escape(rules.describe(bid))}</b>", quantity=bid.quantity
    )
    left = _(
        "the share of the rolls so far on which it was true, against the exact P(true), inside "
        "the band P ± 2√(P(1−P)/t), which shrinks like 1/√t (t = rolls so far; log scale)."
    )
    right = _(
        "how often each count came up, beside the exact distribution (binomial, n = {n}, "
        "p = {p}) and the normal curve with the continuity correction."
    ).format(n=n, p=run.chance)
    assumed = _(
        "The dice are assumed fair and independent; the rolls come from a seeded generator."
    )
    left_label, right_label = html.escape(_("Left:")), html.escape(_("Right:"))
    return (
        f"<div class='ld-intro'>{html.escape(each)} {true} <b>{left_label}</b> "
        f"{html.escape(left)} <b>{right_label}</b> {html.escape(right)} "
        f"{html.escape(assumed)}</div>"
    )


def run_html(run: RollingRun) -> str:
    """Return the run's numbers: rolls, the frequency and its distance from P(true) in SE."""
    p = run.p_true
    head = html.escape(_("Exact P(true) = P(count ≥ {quantity}) = {p}.")).format(
        quantity=run.bid.quantity, p=f"<b>{chance_text(p)}</b>"
    )
    if not run.trials:
        return head + " " + html.escape(_("No rolls yet: press play or Step."))
    se = float(half_width(run.trials, p)) / 2
    z = standard_errors(run.hits, run.trials, p)
    after = n_(
        "After {trials} roll the bid was true {hits} times: frequency {frequency}, {z} standard "
        "errors from P(true) (SE = √(P(1−P)/t) = {se}).",
        "After {trials} rolls the bid was true {hits} times: frequency {frequency}, {z} standard "
        "errors from P(true) (SE = √(P(1−P)/t) = {se}).",
        run.trials,
    )
    band = _(
        "At any one t the frequency lies inside P ± 2 SE about {share} of the time (normal "
        "curve); over a long run it leaves the band now and then."
    ).format(share=format_percent(INSIDE_TWO_SE, 1))
    numbers = html.escape(after).format(
        trials=f"<b>{format_count(run.trials)}</b>",
        hits=format_count(run.hits),
        frequency=f"<b>{chance_text(run.frequency)}</b>",
        z=signed_text(z, 2),
        se=format_number(se, 6),
    )
    return f"{head} {numbers} {html.escape(band)}"


def _fraction(p: float) -> Fraction:
    """Return a die's chance of matching as a fraction (1/3, 1/6)."""
    return Fraction(p).limit_denominator(36)


def _few_dice_item(check: NormalCheck) -> str:
    """Return the claim about few dice: the largest error (plain face) by number of dice."""
    errors = check.plain_errors
    listed = ", ".join(
        n_("{n} die {error}", "{n} dice {error}", size).format(n=size, error=format_number(e, 4))
        for size, e in zip(check.sizes, errors)
    )
    shrinks = all(a >= b for a, b in itertools.pairwise(errors))
    trend = _("shrinks as dice are added") if shrinks else _("does not shrink steadily")
    # the first size from which on every listed error is below TOLERANCE
    good = [size for i, size in enumerate(check.sizes) if max(errors[i:]) < TOLERANCE]
    reach = (
        n_("from {n} die on", "from {n} dice on", good[0]).format(n=good[0])
        if good
        else _("at none of them")
    )
    plain = check.error_at(wild=False)
    here = _("still above") if plain >= TOLERANCE else _("below")
    said = n_(
        "for a plain face (p = {p}) the largest error {trend}: {listed}. Of these sizes it stays "
        "below {tolerance} (a difference that shows in odds rounded to two decimals) {reach}; "
        "with {n} die it is {error}, {here} {tolerance}.",
        "for a plain face (p = {p}) the largest error {trend}: {listed}. Of these sizes it stays "
        "below {tolerance} (a difference that shows in odds rounded to two decimals) {reach}; "
        "with {n} dice it is {error}, {here} {tolerance}.",
        check.n,
    ).format(
        p=_fraction(check.plain_p),
        trend=trend,
        listed=listed,
        reach=reach,
        n=check.n,
        tolerance=format_number(TOLERANCE, 2),
        error=format_number(plain, 4),
        here=here,
    )
    return labelled(_("few dice"), said)


def _wild_item(check: NormalCheck, rules: Rules) -> str:
    """Return the claim about the wild face: its error and skewness against a plain face's."""
    n = check.n
    wild, plain = check.error_at(wild=True), check.error_at(wild=False)
    ratio = wild / plain if plain else math.inf
    plain_text = format_number(plain, 4)
    if ratio >= 1.1:
        words = _("{ratio} times a plain face's {plain}").format(
            ratio=format_number(ratio, 1), plain=plain_text
        )
    elif ratio <= 1 / 1.1:
        words = _("only {ratio} times a plain face's {plain}").format(
            ratio=format_number(ratio, 2), plain=plain_text
        )
    else:
        words = _("about the same as a plain face's {plain}").format(plain=plain_text)
    skew_wild, skew_plain = skewness(n, check.wild_p), skewness(n, check.plain_p)
    lopsided = _("more lopsided") if skew_wild > skew_plain else _("less lopsided")
    said = n_(
        "({name}, p = {p}): with {n} die its largest error is {error}, {words}; its count is "
        "{lopsided} (skewness {skew} against {plain_skew}), which a symmetric curve misses.",
        "({name}, p = {p}): with {n} dice its largest error is {error}, {words}; its count is "
        "{lopsided} (skewness {skew} against {plain_skew}), which a symmetric curve misses.",
        n,
    ).format(
        name=rules.face_name(rules.wild, plural=True),
        p=_fraction(check.wild_p),
        n=n,
        error=format_number(wild, 4),
        words=words,
        lopsided=lopsided,
        skew=format_number(skew_wild, 2),
        plain_skew=format_number(skew_plain, 2),
    )
    return labelled(_("the wild face"), said, " ")


def _far_item(check: NormalCheck) -> str:
    """Return the claim about the far tail: its absolute and relative error."""
    far, tails = check.far, check.approximation
    exact, normal = tails.exact[far], tails.normal[far]
    gap = abs(normal - exact)
    relative = gap / exact if exact else math.inf
    which = (
        _("the first tail at most {far_tail}").format(far_tail=format_number(FAR_TAIL, 2))
        if exact <= FAR_TAIL
        else _("the farthest tail")
    )
    side = _("too high") if normal > exact else _("too low")
    if relative >= RELATIVE_POOR:
        said = _(
            "at k = {k} ({which}), exact P(count ≥ {k}) = {exact}, normal {normal} ({side}): "
            "{gap} apart, {relative} of the true chance (poor, counting {poor} or more as poor)."
        )
    else:
        said = _(
            "at k = {k} ({which}), exact P(count ≥ {k}) = {exact}, normal {normal} ({side}): "
            "{gap} apart, {relative} of the true chance (fair, counting {poor} or more as poor)."
        )
    said = said.format(
        k=far,
        which=which,
        exact=chance_text(exact),
        normal=chance_text(normal),
        side=side,
        gap=chance_text(gap),
        relative=format_percent(relative, 0),
        poor=format_percent(RELATIVE_POOR, 0),
    )
    return labelled(_("the far tail"), said)


def normal_html(check: NormalCheck, run: RollingRun) -> str:
    """Return where the normal curve is poor for this bid, every number computed."""
    n, p, q, tails = check.n, check.p, check.quantity, check.approximation
    sd = math.sqrt(n * p * (1 - p))
    at = check.at
    error = tails.normal[q] - tails.exact[q]
    error_text = ("+" if error >= 0 else "−") + chance_text(abs(error))
    if tails.exact[q] > 0:
        share = format_percent(abs(error) / tails.exact[q], 0)
        error_text = _("{error}, {share} of the exact chance").format(error=error_text, share=share)
    curve = _(
        "(mean np = {mean}, sd √(np(1−p)) = {sd}, continuity correction: P(count ≥ k) ≈ "
        "P(Z ≥ (k − ½ − np)/sd)). Its largest error over the tails P(count ≥ k) is {largest}, "
        "at k = {at} (exact {exact}, normal {normal})."
    )
    bid = _("For {bid}: exact P(count ≥ {q}) = {exact}, normal {normal} (error {error}).")
    lines = [
        labelled(_("Normal curve"), "", " ")
        + html.escape(curve).format(
            mean=format_number(n * p, 2),
            sd=format_number(sd, 2),
            largest=f"<b>{format_number(check.largest_error, 4)}</b>",
            at=at,
            exact=format_number(tails.exact[at], 4),
            normal=format_number(tails.normal[at], 4),
        ),
        html.escape(bid).format(
            bid=html.escape(run.rules.describe(run.bid)),
            q=q,
            exact=f"<b>{chance_text(tails.exact[q])}</b>",
            normal=f"<b>{chance_text(tails.normal[q])}</b>",
            error=html.escape(error_text),
        ),
        html.escape(_("Where it is poor:")),
    ]
    items = [_few_dice_item(check), _wild_item(check, run.rules), _far_item(check)]
    listed = "".join(f"<li>{item}</li>" for item in items)
    return f"<div class='ld-normal'>{'<br>'.join(lines)}<ul>{listed}</ul></div>"
