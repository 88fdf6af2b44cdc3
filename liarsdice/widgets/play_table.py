"""PlayTable: whole games against bots inside the notebook, played through liarsdice.match.

You sit at seat 0 (a Human the match waits for); bots of the chosen kind fill the other seats.
The table shows your dice as SVG, each opponent's cup with its dice count (and shown dice),
this round's events, and a bid picker that offers only the legal raises, with Challenge (plus
Calza and Show-and-reroll where the rules allow them); the raise may also be picked on the board
("pick on the board": the ring with the legal raises outlined, coloured by P(true) when the hint
is on; drawn only while open). After a challenge the reveal draws every
seat's dice with the matching ones highlighted and the settlement's explanation; "Next round"
goes on. A hint toggle shows the odds of the current bid from your seat, both naive and
reading the other players' bids (liarsdice.inference, the model named). Every move goes
through Match.submit (so Game.apply): nothing illegal can be played; a refused move is
explained in the message line. When the game ends, a review lists each of your bidding
decisions with P(true) at that moment and what ExpectedLossBot would have done, and why
(liarsdice.review). Every text comes from liarsdice.render; the table's own labels, status
lines and messages are marked for translation (liarsdice.i18n: English, Polish or Czech, as
set when the table is made; numbers with the language's decimal sign).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from liarsdice import inference, odds, plots, render
from liarsdice.actions import Action, Calza, Challenge, Pass, ShowAndReroll
from liarsdice.agents import BAYES_BETA, BOTS
from liarsdice.bids import Bid
from liarsdice.deprecation import aliases
from liarsdice.engine import Game
from liarsdice.errors import IllegalMoveError
from liarsdice.i18n import format_number
from liarsdice.i18n import translate as _
from liarsdice.match import Event, Human, Match, Moved, RoundStarted, Settled
from liarsdice.review import review, review_html
from liarsdice.rules import MAX_PLAYERS_LIMIT, Rules, changed
from liarsdice.view import Phase, RoundResult, View
from liarsdice.widgets.board_view import board_size, clicked_bids
from liarsdice.widgets.controls import RulesPicker, die_label, update_figure
from liarsdice.widgets.figures import FigureWidget

YOU = 0


class PlayTable(w.VBox):  # type: ignore[misc]  # ipywidgets has no types: VBox is Any
    """A game against bots: the table, the bid history, legal moves only, reveals and hints."""

    def __init__(
        self,
        rules: Rules | str = "blef",
        players: int = 4,
        bot: str = "threshold",
        seed: int = 0,
        show_and_reroll: bool | None = None,
        dice: int | None = None,
    ) -> None:
        super().__init__()
        self.picker = RulesPicker(rules)
        for option, value in (("show_and_reroll", show_and_reroll), ("dice", dice)):
            if value is not None:
                self.picker.set_rules(changed(self.picker.rules, option, value))
        self.preset = self.picker.preset
        self.dice = self.picker.controls["dice"]
        self.variant = self.picker.controls["show_and_reroll"]
        self.players = w.BoundedIntText(
            value=players, min=2, max=MAX_PLAYERS_LIMIT, description=_("players")
        )
        self.bot = w.Dropdown(options=list(BOTS), value=bot, description=_("bots"))
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**9, description=_("seed"))
        self.new_game = w.Button(description=_("New game"), icon="refresh")
        self.hint = w.Checkbox(
            value=False,
            description=_("hint: odds from my seat"),
            layout=w.Layout(width="auto"),  # the whole label, in every language
        )
        self.hint_model = inference.quantal(BAYES_BETA)  # how the hint reads the bids
        self.status = w.HTML()
        self.status.add_class("ld-status")
        self.table = w.HTML()
        self.history = w.HTML()
        self.hint_text = w.HTML()
        self.reveal = w.HTML()
        self.message = w.HTML()
        self.raises = w.Dropdown(description=_("raise to"), layout=w.Layout(width="260px"))
        self.bid_button = w.Button(description=_("Bid"), button_style="primary")
        self.challenge_button = w.Button(description=_("Challenge"), button_style="danger")
        self.calza_button = w.Button(description=_("Calza"), button_style="warning")
        self.show_picker = w.SelectMultiple(description=_("show dice"), rows=1)
        self.show_button = w.Button(description=_("Show and reroll"))
        self.pass_button = w.Button(description=_("Keep my dice"))
        self.next_button = w.Button(description=_("Next round"), button_style="success")
        self.legal_bids: list[Bid] = []  # your legal raises now (none when not your turn)
        self.review = w.HTML()
        self.review.add_class("ld-review")
        self.board: go.FigureWidget | None = None  # made when the board is first opened
        self.board_box = w.Accordion(children=[w.HTML(html.escape(_("drawing the board...")))])
        self.board_box.selected_index = None
        self.board_box.set_title(0, _("pick on the board"))
        self.board_box.observe(self.on_board_toggle, names="selected_index")
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
        self.picker.observe(self.on_new_game_click, names="rules")
        for control in (self.players, self.bot):
            control.observe(self.on_new_game_click, names="value")
        self.hint.observe(lambda _: self.render(), names="value")
        self.moves_row = w.HBox(
            [self.raises, self.bid_button, self.challenge_button, self.calza_button]
        )
        self.show_row = w.HBox([self.show_picker, self.show_button, self.pass_button])
        self.add_class("ld-play-table")
        self.children = [
            w.HBox([self.preset, self.players, self.bot]),
            w.HBox([self.seed, self.new_game]),
            self.picker.options,
            self.hint,
            self.status,
            self.table,
            self.history,
            self.hint_text,
            self.moves_row,
            self.board_box,
            self.show_row,
            self.message,
            self.reveal,
            self.next_button,
            self.review,
        ]
        self.on_new_game_click()

    # ----- the game --------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """Return the rules of the next new game (the picker's)."""
        return self.picker.rules

    def on_new_game_click(self, event: object = None) -> None:
        """Start a new game with the chosen rules, players, bots and seed."""
        rules = self.picker.rules
        players = min(self.players.value, rules.max_players)
        seed = self.seed.value
        self.game = Game(rules, players, seed)
        seats = [
            Human() if seat == YOU else BOTS[self.bot.value]().reseeded(seed + seat)
            for seat in range(players)
        ]
        self.round_log: list[str] = []  # the texts of this round's events
        self.next_log: list[str] = []  # the next round's, held while a reveal is shown
        self.pending: RoundResult | None = None
        self.decisions: list[tuple[View, Action]] = []  # your moves, for the review
        self.message.value = ""
        self.review.value = ""
        self.match = Match(self.game, seats, listeners=[self.on_event])
        self.advance()

    def on_event(self, event: Event) -> None:
        """Log what happened, as the renderer words it; hold a settled round for its reveal."""
        if isinstance(event, Settled):
            self.pending = event.result
        elif isinstance(event, RoundStarted | Moved):
            log = self.next_log if self.pending is not None else self.round_log
            log.append(render.event_text(event, self.game.rules, you=YOU))

    def advance(self) -> None:
        """Let the bots play until it is your turn, a round is settled or the game ends."""
        if self.pending is None:
            self.match.advance(pause_after_round=True)
        self.render()

    def _my_turn(self) -> bool:
        """Return True if you may move now; otherwise say why in the message line."""
        if self.pending is None and self.match.waiting == YOU:
            return True
        self.message.value = render.error_html(_("It is not your turn."))
        return False

    def play(self, action: Action) -> None:
        """Play your move; a refused one is explained and changes nothing."""
        if not self._my_turn():
            return
        view = self.game.view(YOU)
        try:
            self.match.submit(action)
        except IllegalMoveError as error:
            self.message.value = render.error_html(str(error))
            return
        self.decisions.append((view, action))
        self.message.value = ""
        self.advance()

    def on_board_click(self, trace: object, points: object, state: object = None) -> None:
        """Pick the clicked cell's bid in the raise picker, or say why it cannot be bid."""
        if not self._my_turn():
            return
        for bid in clicked_bids(self.board, points) if self.board is not None else []:
            rules, view = self.game.rules, self.game.view(YOU)
            if bid in self.legal_bids:
                self.raises.value = bid
                said = f"<b>{html.escape(rules.describe(bid))}</b>"
                self.message.value = html.escape(_("Picked {bid}: press Bid.")).format(bid=said)
            else:
                self.message.value = render.error_html(
                    render.not_legal_text(rules, bid, view.previous, view.total)
                )

    def on_bid_click(self, event: object = None) -> None:
        """Bid the raise chosen in the picker."""
        if not self._my_turn():
            return
        if self.raises.value is None:
            self.message.value = render.error_html(_("There is no raise to make."))
            return
        self.play(self.raises.value)

    def on_show_click(self, event: object = None) -> None:
        """Show the picked dice and reroll the others."""
        if not self._my_turn():
            return
        hand = self.game.hands[YOU]
        shown = tuple(sorted(hand[i] for i in self.show_picker.value))
        if not shown:
            self.message.value = render.error_html(_("Pick the dice to show."))
            return
        self.play(ShowAndReroll(shown))

    def on_next_round_click(self, event: object = None) -> None:
        """Close the reveal and play on."""
        self.pending = None
        self.round_log, self.next_log = self.next_log, []
        self.advance()

    # ----- drawing ---------------------------------------------------------------------------

    def render(self) -> None:
        """Redraw the table, the history, the moves on offer and the reveal."""
        game, rules = self.game, self.game.rules
        view = game.view(YOU)
        my_turn = self.pending is None and self.match.waiting == YOU
        legal = view.legal_actions() if my_turn else ()
        if game.is_over:
            who = _("You win!") if game.winner == YOU else _("Seat {seat} wins the game.")
            who = f"<b>{html.escape(who.format(seat=game.winner))}</b>"
            status = html.escape(_("{who} Press New game to play again.")).format(who=who)
        elif self.pending is not None:
            status = _("Round {round} is settled. Press Next round.")
            status = html.escape(status.format(round=self.pending.round))
        elif my_turn:
            status = _("Round {round} (palifico): your move.")
            status = status if view.palifico else _("Round {round}: your move.")
            status = html.escape(status.format(round=view.round))
        else:
            status = html.escape(_("You are out of dice; the bots play on."))
        # Between rounds your new dice stay under the cup until you press Next round.
        hands = {YOU: view.hand} if self.pending is None else {}
        self.table.value = render.view_html(view, hands, you=YOU, bids=False)
        this_round = html.escape(_("This round:"))
        self.history.value = f"<b>{this_round}</b> " + (
            "<br>".join(map(html.escape, self.round_log)) or html.escape(_("nothing yet"))
        )
        bids = self.legal_bids = [a for a in legal if isinstance(a, Bid)]
        self.raises.options = [(f"{b} ({rules.describe(b)})", b) for b in bids]
        self.raises.value = bids[0] if bids else None
        self.bid_button.disabled = not bids
        self.challenge_button.disabled = Challenge() not in legal
        self.calza_button.disabled = Calza() not in legal
        self.calza_button.layout.display = None if rules.calza else "none"
        showing = my_turn and game.phase == Phase.SHOW
        self.moves_row.layout.display = "none" if showing else None
        self.show_row.layout.display = None if showing else "none"
        hand = game.hands[YOU]
        self.show_picker.options = [(f"{die_label(d, rules)} {d}", i) for i, d in enumerate(hand)]
        self.show_picker.rows = max(1, len(hand))
        self.reveal.value = render.reveal_html(self.pending, rules, YOU) if self.pending else ""
        self.next_button.disabled = self.pending is None or game.is_over
        self.hint_text.value = self._hint_html(view) if self.hint.value and my_turn else ""
        self.board_box.layout.display = "none" if showing or not my_turn else None
        self.draw_board()
        if game.is_over and not self.review.value:
            self.review.value = review_html(review(self.decisions), rules)
        # The status goes last, with the move number: once it shows, the rest is drawn.
        move = html.escape(_("(move {n})").format(n=len(game.actions)))
        self.status.value = f"{status} <small>{move}</small>"

    def on_board_toggle(self, change: dict[str, Any]) -> None:
        """Draw the board afresh when it is opened."""
        if change["new"] is not None:
            self.draw_board(fresh=True)

    def draw_board(self, fresh: bool = False) -> None:
        """Redraw the board picker (only while it is open): the bid, the legal raises outlined,
        and the odds from your seat when the hint is on. `fresh` makes a new figure widget: a
        page draws a figure it had not shown yet from a snapshot, and would miss the edits
        made while it was closed."""
        if self.board_box.selected_index is None:
            return
        view, rules = self.game.view(YOU), self.game.rules
        probabilities = None
        if self.hint.value:
            probabilities = odds.table(rules, view.unknown, view.known, palifico=view.palifico)
        figure = plots.board_figure(
            rules,
            board_size(view.total),
            bid=view.previous,
            legal=self.legal_bids,
            probabilities=probabilities,
        )
        if fresh or self.board is None:
            self.board = FigureWidget(figure)
            self.board.data[plots.BOARD_CELLS].on_click(self.on_board_click)
            self.board_box.children = [self.board]
        else:
            update_figure(self.board, figure)

    def _hint_html(self, view: View) -> str:
        """Return the odds of the current bid from your seat, naive and reading the bids under
        the hint's bidder model, and the likeliest raise."""
        rules = self.game.rules
        lines = []
        if view.previous is not None:
            said = html.escape(rules.describe(view.previous))
            naive = odds.bid_probability(
                view.previous, rules, view.unknown, view.known, palifico=view.palifico
            )
            try:
                read = inference.bid_probability(view, view.previous, self.hint_model)
                read_text = format_number(float(read), 3)
            except ValueError:  # a history the model cannot explain
                read_text = _("impossible under the model")
            model = getattr(self.hint_model, "name", None)
            model = _("the model") if model is None else model
            said_odds = _(
                "P({bid} is true) = {naive} if the bids say nothing; {read} reading "
                "them as {model} bidders"
            )
            lines.append(
                html.escape(said_odds).format(
                    bid=said,
                    naive=format_number(float(naive), 3),
                    read=html.escape(read_text),
                    model=html.escape(model),
                )
            )
        bids = [a for a in view.legal_actions() if isinstance(a, Bid)]
        if bids:
            table = odds.table(rules, view.unknown, view.known, palifico=view.palifico)
            best = max(bids, key=lambda b: table[b.face - 1, b.quantity])
            likeliest = _("likeliest raise: {bid} (P = {p}, bids unread)")
            lines.append(
                html.escape(likeliest).format(
                    bid=html.escape(rules.describe(best)),
                    p=format_number(float(table[best.face - 1, best.quantity]), 3),
                )
            )
        return "<div class='ld-hint'>" + "<br>".join(lines) + "</div>"


__getattr__ = aliases(
    "liarsdice.widgets.play_table",
    {"reveal_html": (lambda: render.reveal_html, "liarsdice.render.reveal_html")},
)
