"""PlayTable: whole games against bots inside the notebook.

You sit at seat 0; bots of the chosen kind fill the other seats. The table shows your dice as
SVG, each opponent's cup with its dice count (and shown dice), this round's bids, and a bid
picker that offers only the legal raises, with Challenge (plus Calza and Show-and-reroll where
the rules allow them). After a challenge the reveal draws every seat's dice with the matching
ones highlighted and the settlement's explanation; "Next round" goes on. A hint toggle shows the
odds of the current bid from your seat. Every move goes through Game.apply, so nothing illegal
can be played; a refused move is explained in the message line.
"""

from __future__ import annotations

import html

import ipywidgets as w

from liarsdice import odds
from liarsdice.actions import Action, Calza, Challenge, Pass, ShowAndReroll
from liarsdice.agents import BOTS, Bot
from liarsdice.bids import Bid
from liarsdice.engine import MAX_DICE_PER_PLAYER, SHOW, Game, RoundResult
from liarsdice.errors import IllegalMoveError
from liarsdice.rules import PRESETS, Rules, preset
from liarsdice.svg import cup_svg, hand_svg
from liarsdice.terminal import describe_action
from liarsdice.widgets.controls import die_label, preset_dropdown

YOU = 0


def reveal_html(result: RoundResult, rules: Rules) -> str:
    """Return the reveal of a round: every seat's dice, the matching ones highlighted, and why."""
    bid = result.bid
    rows = []
    for seat, dice in enumerate(result.dice):
        if not dice:
            continue
        matching = [i for i, d in enumerate(dice) if rules.count((d,), bid.face, result.palifico)]
        who = "you" if seat == YOU else f"seat {seat}"
        rows.append(f"<div>{who}: {hand_svg(dice, rules, highlight=matching, size=26)}</div>")
    return (
        f"<div class='ld-reveal'><b>Reveal of round {result.round}</b>: "
        f"{result.count} {html.escape(rules.face_name(bid.face, plural=result.count != 1))} "
        f"on the table (highlighted){''.join(rows)}"
        f"<p><b>{html.escape(result.explanation)}</b></p></div>"
    )


class PlayTable(w.VBox):
    """A game against bots: the table, the bid history, legal moves only, reveals and hints."""

    def __init__(
        self,
        rules: str = "blef",
        players: int = 4,
        bot: str = "threshold",
        seed: int = 0,
        show_and_reroll: bool = False,
        dice: int | None = None,
    ) -> None:
        super().__init__()
        self.preset = preset_dropdown(rules)
        self.players = w.BoundedIntText(value=players, min=2, max=20, description="players")
        self.dice = w.BoundedIntText(
            value=dice or PRESETS[rules].dice,
            min=1,
            max=MAX_DICE_PER_PLAYER,
            description="dice each",
        )
        self.bot = w.Dropdown(options=list(BOTS), value=bot, description="bots")
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**9, description="seed")
        self.new_game = w.Button(description="New game", icon="refresh")
        self.hint = w.Checkbox(value=False, description="hint: odds from my seat")
        self.variant = w.Checkbox(value=show_and_reroll, description="show-and-reroll variant")
        self.status = w.HTML()
        self.status.add_class("ld-status")
        self.table = w.HTML()
        self.history = w.HTML()
        self.hint_text = w.HTML()
        self.reveal = w.HTML()
        self.message = w.HTML()
        self.raises = w.Dropdown(description="raise to", layout=w.Layout(width="260px"))
        self.bid_button = w.Button(description="Bid", button_style="primary")
        self.challenge_button = w.Button(description="Challenge", button_style="danger")
        self.calza_button = w.Button(description="Calza", button_style="warning")
        self.show_picker = w.SelectMultiple(description="show dice", rows=1)
        self.show_button = w.Button(description="Show and reroll")
        self.pass_button = w.Button(description="Keep my dice")
        self.next_button = w.Button(description="Next round", button_style="success")
        for button, name in [
            (self.bid_button, "ld-bid"),
            (self.challenge_button, "ld-challenge"),
            (self.calza_button, "ld-calza"),
            (self.show_button, "ld-show"),
            (self.pass_button, "ld-pass"),
            (self.next_button, "ld-next"),
            (self.new_game, "ld-new-game"),
        ]:
            button.add_class(name)
        self.bid_button.on_click(self.on_bid_click)
        self.challenge_button.on_click(lambda _: self.play(Challenge()))
        self.calza_button.on_click(lambda _: self.play(Calza()))
        self.show_button.on_click(self.on_show_click)
        self.pass_button.on_click(lambda _: self.play(Pass()))
        self.next_button.on_click(self.on_next_round_click)
        self.new_game.on_click(self.on_new_game_click)
        self.preset.observe(self.on_preset_change, names="value")
        for control in (self.players, self.dice, self.bot, self.variant):
            control.observe(self.on_new_game_click, names="value")
        self.hint.observe(lambda _: self.render(), names="value")
        self.moves_row = w.HBox(
            [self.raises, self.bid_button, self.challenge_button, self.calza_button]
        )
        self.show_row = w.HBox([self.show_picker, self.show_button, self.pass_button])
        self.add_class("ld-play-table")
        self.children = [
            w.HBox([self.preset, self.players, self.dice, self.bot]),
            w.HBox([self.seed, self.variant, self.new_game]),
            self.hint,
            self.status,
            self.table,
            self.history,
            self.hint_text,
            self.moves_row,
            self.show_row,
            self.message,
            self.reveal,
            self.next_button,
        ]
        self.on_new_game_click()

    # ----- the game --------------------------------------------------------------------------

    def on_preset_change(self, change: dict) -> None:
        """Take the preset's dice per player and start a new game."""
        dice = PRESETS[change["new"]].dice
        if self.dice.value != dice:
            self.dice.value = dice  # its observer starts the new game
        else:
            self.on_new_game_click()

    def on_new_game_click(self, _: object = None) -> None:
        """Start a new game with the chosen preset, players, dice, bots and seed."""
        rules = preset(self.preset.value, show_and_reroll=self.variant.value, dice=self.dice.value)
        players = min(self.players.value, rules.max_players)
        seed = self.seed.value
        self.game = Game(rules, players, seed)
        self.bots: dict[int, Bot] = {
            seat: BOTS[self.bot.value]().reseeded(seed + seat) for seat in range(1, players)
        }
        self.moves_log: list[str] = []
        self.pending: RoundResult | None = None
        self.message.value = ""
        self.advance()

    def advance(self) -> None:
        """Let the bots play until it is your turn, a round is settled or the game ends."""
        game = self.game
        while not game.is_over and self.pending is None:
            if game.current_player == YOU and game.dice[YOU]:
                break
            seat = game.current_player
            self._apply(seat, self.bots[seat].act(game.view(seat)))
        self.render()

    def _apply(self, seat: int, action: Action) -> None:
        """Apply a move, log it and note a settled round."""
        settled = len(self.game.results)
        self.game.apply(action)
        if not isinstance(action, Pass):
            self.moves_log.append(describe_action(self.game.rules, seat, action))
        if len(self.game.results) > settled:
            self.pending = self.game.results[-1]

    def _my_turn(self) -> bool:
        """Return True if you may move now; otherwise say why in the message line."""
        if self.pending is None and self.game.current_player == YOU:
            return True
        self.message.value = "<span style='color:#c0392b'>It is not your turn.</span>"
        return False

    def play(self, action: Action) -> None:
        """Play your move; a refused one is explained and changes nothing."""
        if not self._my_turn():
            return
        try:
            self._apply(YOU, action)
        except IllegalMoveError as error:
            self.message.value = f"<span style='color:#c0392b'>{html.escape(str(error))}</span>"
            return
        self.message.value = ""
        self.advance()

    def on_bid_click(self, _: object = None) -> None:
        """Bid the raise chosen in the picker."""
        if not self._my_turn():
            return
        if self.raises.value is None:
            self.message.value = "<span style='color:#c0392b'>There is no raise to make.</span>"
            return
        self.play(self.raises.value)

    def on_show_click(self, _: object = None) -> None:
        """Show the picked dice and reroll the others."""
        if not self._my_turn():
            return
        hand = self.game.hands[YOU]
        shown = tuple(sorted(hand[i] for i in self.show_picker.value))
        if not shown:
            self.message.value = "<span style='color:#c0392b'>Pick the dice to show.</span>"
            return
        self.play(ShowAndReroll(shown))

    def on_next_round_click(self, _: object = None) -> None:
        """Close the reveal and play on."""
        self.pending = None
        self.moves_log = []
        self.advance()

    # ----- drawing ---------------------------------------------------------------------------

    def render(self) -> None:
        """Redraw the table, the history, the moves on offer and the reveal."""
        game, rules = self.game, self.game.rules
        view = game.view(YOU)
        my_turn = self.pending is None and game.current_player == YOU and not game.is_over
        legal = view.legal_actions() if my_turn else ()
        if game.is_over:
            who = "You win!" if game.winner == YOU else f"Seat {game.winner} wins the game."
            status = f"<b>{who}</b> Press New game to play again."
        elif self.pending is not None:
            status = f"Round {self.pending.round} is settled. Press Next round."
        elif my_turn:
            status = f"Round {view.round}{' (palifico)' if view.palifico else ''}: your move."
        else:
            status = "You are out of dice; the bots play on."
        self.table.value = self._table_html(view)
        self.history.value = "<b>Bids this round:</b> " + (
            html.escape("; ".join(self.moves_log)) if self.moves_log else "none yet"
        )
        bids = [a for a in legal if isinstance(a, Bid)]
        self.raises.options = [(f"{b} ({rules.describe(b)})", b) for b in bids]
        self.raises.value = bids[0] if bids else None
        self.bid_button.disabled = not bids
        self.challenge_button.disabled = Challenge() not in legal
        self.calza_button.disabled = Calza() not in legal
        self.calza_button.layout.display = None if rules.calza else "none"
        showing = my_turn and game.phase == SHOW
        self.moves_row.layout.display = "none" if showing else None
        self.show_row.layout.display = None if showing else "none"
        hand = game.hands[YOU]
        self.show_picker.options = [(f"{die_label(d, rules)} {d}", i) for i, d in enumerate(hand)]
        self.show_picker.rows = max(1, len(hand))
        self.reveal.value = reveal_html(self.pending, rules) if self.pending else ""
        self.next_button.disabled = self.pending is None or game.is_over
        self.hint_text.value = self._hint_html(view) if self.hint.value and my_turn else ""
        # The status goes last, with the move number: once it shows, the rest is drawn.
        self.status.value = f"{status} <small>(move {len(game.actions)})</small>"

    def _table_html(self, view: object) -> str:
        """Return every seat: your dice drawn, the others' cups with their dice counts."""
        rules = self.game.rules
        cells = []
        for seat, n in enumerate(view.dice):
            shown = hand_svg(view.shown[seat], rules, size=22) if view.shown[seat] else ""
            turn = " ◀" if seat == view.current_player and self.pending is None else ""
            if seat == YOU and self.pending is None:
                dice = hand_svg(view.hand, rules, size=34) if view.hand else "out"
                cells.append(f"<div><b>you</b> ({n}): {dice} {shown}{turn}</div>")
            else:
                # Between rounds your new dice stay under the cup until you press Next round.
                cup = cup_svg(n) if n else "out"
                who = "<b>you</b>" if seat == YOU else f"seat {seat}"
                cells.append(f"<div>{who}: {cup} {shown}{turn}</div>")
        return "<div class='ld-table'>" + "".join(cells) + "</div>"

    def _hint_html(self, view: object) -> str:
        """Return the odds of the current bid and of the likeliest raise from your seat."""
        rules = self.game.rules
        lines = []
        if view.previous is not None:
            p = odds.bid_probability(
                view.previous, rules, view.unknown, view.known, palifico=view.palifico
            )
            lines.append(f"P({html.escape(rules.describe(view.previous))} is true) = {p:.3f}")
        bids = [a for a in view.legal_actions() if isinstance(a, Bid)]
        if bids:
            table = odds.table(rules, view.unknown, view.known, palifico=view.palifico)
            best = max(bids, key=lambda b: table[b.face - 1, b.quantity])
            lines.append(
                f"likeliest raise: {html.escape(rules.describe(best))} "
                f"(P = {table[best.face - 1, best.quantity]:.3f})"
            )
        return "<div class='ld-hint'>" + "<br>".join(lines) + "</div>"
