"""Reading a bid: a seat's count before and after its bids, and what its last bid weighed.

- belief_figure(prior, posterior, rules, face, seat, model): the seat's count of `face` as two
  bar series side by side, before reading its bids (the prior) and after (the posterior).
- ratio_figure(ratios, rules, face, seat): the likelihood ratio of the seat's last move for
  each count, bars around a line at 1 (above 1: the move made that count more likely).

BidReader reuses both.

rules: a Rules or a preset name; face: an integer 1..6; seat: an integer
0..rules.MAX_PLAYERS_LIMIT - 1; prior and posterior: as many chances in [0, 1], at most
plots.MAX_POINTS (20,000); ratios: at most MAX_POINTS counts (integers 0..MAX_QUANTITY) mapped to
finite numbers >= 0; model: None (the model, in the language in force) or text of at most
limits.MAX_TEXT characters. Wrong kinds raise ArgumentTypeError, values out of range
ValueError, each quoting the input.

The texts are in the language in force when the figure is built (liarsdice.i18n), the face
words in the form for each count ("3 piątki", "5 piątek"), and plotly writes the numbers with
the language's decimal sign (style.localised).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import plotly.graph_objects as go

from liarsdice.checks import quote
from liarsdice.i18n import translate as _
from liarsdice.limits import MAX_QUANTITY
from liarsdice.plots._inputs import (
    MAX_POINTS,
    Numbers,
    check_integer,
    check_mapping,
    check_numbers,
    check_probabilities,
    check_title,
    quoting,
)
from liarsdice.plots.style import PLAIN_COLOUR, localised
from liarsdice.rules import MAX_PLAYERS_LIMIT, Rules, resolve


def _check_face_and_seat(face: object, seat: object) -> tuple[int, int]:
    """Return the face (1..6) and the seat (0..MAX_PLAYERS_LIMIT - 1); raise quoting them."""
    return check_integer("face", face, 1, 6), check_integer("seat", seat, 0, MAX_PLAYERS_LIMIT - 1)


def _count_words(rules: Rules, face: int, counts: list[int]) -> list[str]:
    """Return the face's word for each count, in the form that follows it ("1 five", "2
    fives"; Polish "2 piątki", "5 piątek"): the hover texts' customdata."""
    return [rules.face_name(face, count=count) for count in counts]


PRIOR_COLOUR = "#b0bec5"
POSTERIOR_COLOUR = "#1f77b4"


def belief_figure(
    prior: Numbers,
    posterior: Numbers,
    rules: Rules | str,
    face: int,
    seat: int,
    model: str | None = None,
) -> go.Figure:
    """Return the seat's count of `face`, prior and posterior, as grouped bars (traces: prior,
    posterior). model: what the posterior assumes (None: "the model")."""
    rules = resolve(rules)
    given = (prior, posterior)
    prior = check_probabilities("prior", prior)
    posterior = check_probabilities("posterior", posterior)
    face, seat = _check_face_and_seat(face, seat)
    model = _("the model") if model is None else check_title("model", model, optional=False)
    if len(prior) != len(posterior):
        raise ValueError(
            f"prior and posterior differ in length: {len(prior)}, {len(posterior)} "
            f"(prior={quote(given[0])}, posterior={quote(given[1])})"
        )
    counts = list(range(len(prior)))
    words = _count_words(rules, face, counts)
    faces = rules.face_name(face, count=5)  # "fives", Polish "piątek": after "how many"
    point = dict(count="%{x}", faces="%{customdata}", p="%{y:.3f}")
    fig = localised(
        go.Figure(
            [
                go.Bar(
                    x=counts,
                    y=[float(p) for p in prior],
                    name=_("before its bids (prior)"),
                    marker_color=PRIOR_COLOUR,
                    customdata=words,
                    hovertemplate=_("{count} {faces}: {p} before").format(**point)
                    + "<extra></extra>",
                ),
                go.Bar(
                    x=counts,
                    y=[float(p) for p in posterior],
                    name=_("after its bids ({model})").format(model=model),
                    marker_color=POSTERIOR_COLOUR,
                    customdata=words,
                    hovertemplate=_("{count} {faces}: {p} after").format(**point)
                    + "<extra></extra>",
                ),
            ]
        )
    )
    fig.update_layout(
        title=_("How many {faces} does seat {seat} hold?").format(faces=faces, seat=seat),
        barmode="group",
        xaxis=dict(
            title=_("{faces} in seat {seat}'s hidden dice (aces counted as the rules say)").format(
                faces=faces, seat=seat
            ),
            dtick=1,
        ),
        yaxis=dict(title=_("probability"), range=[0, 1]),
        template="plotly_white",
        height=330,
        margin=dict(l=10, r=10, t=40, b=40),
        legend=dict(orientation="h", y=-0.3),
    )
    return fig


def ratio_figure(
    ratios: Mapping[int, float | Fraction], rules: Rules | str, face: int, seat: int
) -> go.Figure:
    """Return the likelihood ratio of the seat's last move for each of its counts of `face`."""
    rules = resolve(rules)
    check_mapping("ratios", ratios, MAX_POINTS, " from counts to likelihood ratios")
    with quoting("ratios", ratios):
        check_numbers("counts", list(ratios), 0, MAX_QUANTITY, integer=True)
        check_numbers("ratios", list(ratios.values()), 0)
    face, seat = _check_face_and_seat(face, seat)
    faces = rules.face_name(face, count=5)
    counts = sorted(ratios)
    hover = _("{count} {faces}: x{ratio}").format(
        count="%{x}", faces="%{customdata}", ratio="%{y:.3f}"
    )
    fig = localised(
        go.Figure(
            go.Bar(
                x=counts,
                y=[float(ratios[c]) for c in counts],
                marker_color=PLAIN_COLOUR,
                marker_line_color="#34495e",
                marker_line_width=1,
                customdata=_count_words(rules, face, counts),
                hovertemplate=hover + "<extra></extra>",
                name=_("likelihood ratio"),
            )
        )
    )
    fig.add_hline(y=1, line_dash="dash", line_color="#7f8c8d")
    fig.update_layout(
        title=_("What seat {seat}'s last move did to each count (x1: nothing)").format(seat=seat),
        xaxis=dict(
            title=_("{faces} in seat {seat}'s hidden dice").format(faces=faces, seat=seat), dtick=1
        ),
        yaxis=dict(title=_("posterior / prior before that move"), rangemode="tozero"),
        template="plotly_white",
        height=330,
        margin=dict(l=10, r=10, t=40, b=40),
        showlegend=False,
    )
    return fig
