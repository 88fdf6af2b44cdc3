"""Tests of liarsdice.render: one renderer, so the terminal prints and PlayTable shows the same
text for the same events, and the engine's reprs draw through it."""

from __future__ import annotations

import html
import itertools

import pytest

import liarsdice as ld
from liarsdice import Bid, Calza, Challenge, Game, Pass, ShowAndReroll, render
from liarsdice.match import GameOver, Moved, Revealed, RoundStarted, Settled
from liarsdice.terminal import play
from liarsdice.widgets import PlayTable
from liarsdice.widgets.play_table import YOU
from tests.games import replay_events


def test_each_action_in_words() -> None:
    rules = ld.preset("blef")
    assert render.move_text(rules, 2, Bid(4, 5)) == "seat 2 bids 4x5 (4 fives)"
    assert render.move_text(rules, 1, Challenge()) == "seat 1 challenges"
    assert render.move_text(rules, 1, Calza()) == "seat 1 calls calza (exactly right)"
    assert render.move_text(rules, 0, ShowAndReroll((2, 2))) == (
        "seat 0 shows 2 2 and rerolls the rest"
    )
    assert render.move_text(rules, 3, Pass()) == "seat 3 keeps their dice"
    assert render.moves_text(rules, ()) == "none yet"
    with pytest.raises(ValueError, match="not an action"):
        render.action_words(rules, "fold")  # type: ignore[arg-type]


def test_the_engine_draws_through_the_renderer() -> None:
    game = Game(ld.preset("bluff"), players=3, seed=1, opener=0)
    game.apply(Bid(2, 3))
    hands = dict(enumerate(game.hands))
    assert str(game) == render.view_text(game.view_all(), hands)
    assert game._repr_html_() == render.view_html(game.view_all(), hands)
    view = game.view(1)
    assert str(view) == render.view_text(view, {1: view.hand}, you=1)


def test_the_terminal_prints_the_renderers_text_for_every_event() -> None:
    answers = itertools.cycle(["challenge", "1x2"])
    lines: list[str] = []
    events: list = []
    rules = ld.preset("blef")
    play(
        rules,
        3,
        seed=3,
        read=lambda _: next(answers),
        write=lines.append,
        listeners=[events.append],
    )
    assert isinstance(events[-1], GameOver) and len(events) > 20
    position = 0
    for event in events:  # every event's text, in order, as one written item
        position = lines.index(render.event_text(event, rules, you=0), position) + 1


def test_play_table_shows_the_renderers_text_for_every_event() -> None:
    table = PlayTable(rules="perudo", players=3, seed=2)
    for _ in range(200):
        if table.pending is not None:
            events = replay_events(table.game)
            rules = table.game.rules
            round_ = table.pending.round
            shown = [
                render.event_text(e, rules, you=YOU)
                for e in events
                if isinstance(e, RoundStarted | Moved) and e.round == round_
            ]
            assert table.history.value == "<b>This round:</b> " + "<br>".join(
                map(html.escape, shown)
            )
            (reveal,) = [e for e in events if isinstance(e, Revealed) and e.result.round == round_]
            assert table.reveal.value == render.reveal_html(reveal.result, rules, YOU)
            (settled,) = [e for e in events if isinstance(e, Settled) and e.result.round == round_]
            assert html.escape(render.event_text(settled, rules)) in table.reveal.value
            if table.game.is_over:
                break
            table.next_button.click()
        elif not table.challenge_button.disabled:
            table.challenge_button.click()
        else:
            table.bid_button.click()
    assert len(table.game.results) >= 2


# ----- issue 14: bad input is refused clearly, quoting it ------------------------------------

from liarsdice.checks import quote  # noqa: E402
from liarsdice.errors import ArgumentTypeError, InvalidBidError  # noqa: E402

_BLEF = ld.preset("blef")
_HUGE = 10**5000


def _game() -> Game:
    game = Game(_BLEF, players=3, seed=1, opener=0)
    game.apply(Bid(2, 3))
    return game


RENDER_REFUSALS = [
    (lambda: render.action_words(_BLEF, None), ArgumentTypeError, "action=None"),
    (lambda: render.action_words(None, Bid(1, 5)), ArgumentTypeError, "rules=None"),
    (lambda: render.move_text(_BLEF, "<b>", Bid(1, 5)), ArgumentTypeError, "seat='<b>'"),
    (lambda: render.move_text(_BLEF, _HUGE, Bid(1, 5)), ValueError, f"seat={quote(_HUGE)}"),
    (lambda: render.moves_text(_BLEF, None), ArgumentTypeError, "history=None"),
    (lambda: render.moves_text(_BLEF, "3x5"), ArgumentTypeError, "history='3x5'"),
    (lambda: render.moves_text(_BLEF, [1]), ArgumentTypeError, "history=[1]"),
    (lambda: render.moves_text(_BLEF, [(0, "3x5")]), ArgumentTypeError, "action='3x5'"),
    (lambda: render.not_legal_text(_BLEF, None, None, 3), ArgumentTypeError, "bid=None"),
    (lambda: render.not_legal_text(_BLEF, Bid(1, 5), "x", 3), InvalidBidError, "'x'"),
    (lambda: render.not_legal_text(_BLEF, Bid(1, 5), None, "y"), ArgumentTypeError, "'y'"),
    (lambda: render.not_legal_text(_BLEF, Bid(1, 5), None, _HUGE), ValueError, "total="),
    (lambda: render.error_html(None), ArgumentTypeError, "message=None"),
    (lambda: render.error_html(_HUGE), ArgumentTypeError, f"message={quote(_HUGE)}"),
    (lambda: render.event_text(None, _BLEF), ArgumentTypeError, "event=None"),
    (lambda: render.view_text(None, {}), ArgumentTypeError, "view=None"),
    (lambda: render.view_html("view", {}), ArgumentTypeError, "view='view'"),
    (lambda: render.view_text(_game().view(0), None), ArgumentTypeError, "hands=None"),
    (lambda: render.view_text(_game().view(0), {7: (1,)}), ValueError, "seat=7"),
    (lambda: render.view_text(_game().view(0), {0: "15"}), ArgumentTypeError, "'15'"),
    (lambda: render.view_text(_game().view(0), {}, you=2.0), ArgumentTypeError, "you=2.0"),
    (lambda: render.view_html(_game().view(0), {}, bids="no"), ArgumentTypeError, "'no'"),
    (lambda: render.reveal_text(None, _BLEF), ArgumentTypeError, "result=None"),
    (lambda: render.reveal_html(None, _BLEF), ArgumentTypeError, "result=None"),
]


@pytest.mark.parametrize(("call", "error", "quoted"), RENDER_REFUSALS)
def test_bad_input_to_the_renderer_is_refused_quoting_it(call, error, quoted: str) -> None:
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert quoted in message and len(message) < 600


def test_the_renderer_takes_preset_names_and_bid_text() -> None:
    assert render.action_words("blef", Bid(4, 5)) == "bids 4x5 (4 fives)"
    assert render.not_legal_text("blef", "4x5", "5x5", 20) == (
        "4 fives is not a legal bid after 5 fives with 20 dice on the table."
    )
