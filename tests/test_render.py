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
