"""The bot grader: the student's bot (a Bot subclass, an instance, or a function act(view)) plays
a seeded heads-up tournament through the match loop and must beat the opponent significantly
(the Wilson interval's low end above 1/2).

- bot_grader(opponent, games, rules, ...) -> Grade: a bot of the package, an illegal move, an
  exception, a value that is no action and a move asked of a package bot's act each stop the
  games with their own message.
- MAX_GRADER_GAMES: the most games a bot grader plays (10,000).

Messages are in the language in force (liarsdice.i18n); `what` is looked up in the catalogs
(the bot grader serves the advanced track, whose texts are not in them: they stay English).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from typing import TYPE_CHECKING, cast

import numpy as np

from liarsdice.checks import check_integer, check_seed, check_text, quote
from liarsdice.errors import ArgumentTypeError
from liarsdice.i18n import format_number
from liarsdice.i18n import translate as _
from liarsdice.moves import is_action
from liarsdice.teach.graders_calls import Grade, describe_error
from liarsdice.teach.watch import borrowed_act, from_the_package, name, watching

if TYPE_CHECKING:
    from types import CodeType

    from liarsdice.actions import Action
    from liarsdice.rules import Rules
    from liarsdice.view import View

MAX_GRADER_GAMES = 10_000


def bot_grader(
    opponent: Callable[[], object],
    games: int = 200,
    rules: str = "blef",
    seed: int = 2027,
    what: str = "beat it",
) -> Grade:
    """Return a grader that plays the student's bot against `opponent()` in seeded heads-up
    games; it passes if the Wilson interval of its win rate lies above 1/2.

    opponent: makes the opposing bot; games: 1..MAX_GRADER_GAMES; rules: a preset name (or
    Rules); seed: 0..MAX_SEED; what: at most MAX_TEXT characters.
    """
    from liarsdice.rules import resolve

    if not callable(opponent):
        raise ArgumentTypeError(f"opponent={quote(opponent)}: expected a bot class or function")
    games = check_integer("games", games, 1, MAX_GRADER_GAMES)
    resolve(rules)
    seed = check_seed("seed", seed)
    check_text("what", what)

    def grade(candidate: object) -> tuple[bool, str]:
        from liarsdice import stats
        from liarsdice.engine import Game
        from liarsdice.errors import IllegalMoveError
        from liarsdice.match import Match

        if from_the_package(candidate):
            message = _(
                "{bot} comes from the liarsdice package: write a bot of your own (a class with "
                "act(view), or a function of the view)."
            )
            return False, message.format(bot=name(candidate))
        try:
            bot = _as_bot(candidate)
        except (Exception, SystemExit) as error:  # building the student's bot may raise anything
            return False, _("making your bot raised {error}.").format(error=describe_error(error))
        if bot is None:
            return False, _(
                "expected a bot: a Bot subclass, an instance of one, or a function act(view) that "
                "returns a legal action."
            )
        wins = 0
        seeds = np.random.SeedSequence(seed).generate_state(games)
        for number, game_seed in enumerate(seeds.tolist()):
            other = opponent().reseeded(int(game_seed) + 1)  # type: ignore[attr-defined]
            seats = [bot, other] if number % 2 == 0 else [other, bot]
            game = Game(_rules(rules), 2, int(game_seed))
            try:
                Match(game, [_Guarded(s, watched=s is bot) for s in seats]).run()
            except _BadMove as error:
                return False, str(error)
            except IllegalMoveError as error:
                message = _("your bot made an illegal move in game {game}: {error}")
                return False, message.format(game=number + 1, error=error)
            wins += game.winner == number % 2
        low, high = stats.wilson_interval(wins, games)
        if low > 0.5:
            return True, "right"
        message = _(
            "your bot won {wins} of {games} seeded games against {opponent}: {level} interval "
            "[{low}, {high}], which does not lie above 1/2. To {what}, decide when to challenge "
            "by the chance that the bid is true from your bot's seat (which reads the bids as "
            "saying nothing; lesson 5 reads them)."
        )
        return False, message.format(
            wins=wins,
            games=games,
            opponent=type(opponent()).__name__,
            level="95%",
            low=format_number(low, 2),
            high=format_number(high, 2),
            what=_(what),
        )

    return grade


class _BadMove(Exception):
    """The student's bot returned something that is no action, or raised."""


class _Guarded:
    """A seat that turns the student's errors into _BadMove, naming the move."""

    def __init__(self, bot: object, watched: bool = False) -> None:
        self.bot = bot
        self.watched = watched  # the student's seat: its moves may not come from a bot of ours

    def __repr__(self) -> str:
        """Return how messages name the seat: the bot by its class or function."""
        return f"the bot {name(self.bot)}"

    def act(self, view: View) -> Action:
        """Return the bot's action; raise _BadMove for an exception or a non-action."""

        unwatched: list[str] = []  # the opponent's seat: no profile function to slow it
        with watching(_borrowing) if self.watched else nullcontext(unwatched) as borrowed:
            try:
                action = self.bot.act(view)  # type: ignore[attr-defined]
            except (Exception, SystemExit) as error:  # the student's code may raise anything
                message = _("your bot raised {error} when asked for a move.")
                raise _BadMove(message.format(error=describe_error(error))) from None
        if borrowed:
            message = _(
                "your bot asks the package's bots for its move ({call}): write the decision "
                "yourself, from the chance that the bid is true from your seat."
            )
            raise _BadMove(message.format(call=borrowed[0]))
        if not is_action(action):
            message = _(
                "your bot returned {action}; expected an action such as Bid(3, 5) or Challenge()."
            )
            raise _BadMove(message.format(action=quote(action)))
        return cast("Action", action)


def _borrowing(code: CodeType) -> bool:
    """Return whether a call the student's bot makes is a package bot's act (a wrapper around
    ThresholdBot, or a subclass that keeps its act, is no bot of one's own; the helpers of
    liarsdice.botkit and liarsdice.odds stay free to use)."""
    return borrowed_act(code) and code not in _HARNESS


def _as_bot(candidate: object) -> object | None:
    """Return a bot from a Bot subclass, an instance with act(view), or a function of a view."""
    if isinstance(candidate, type):
        candidate = candidate()
    if callable(getattr(candidate, "act", None)):
        return candidate
    if callable(candidate):
        return _FunctionBot(candidate)
    return None


class _FunctionBot:
    """A bot made of the student's function of a view."""

    def __init__(self, function: Callable[[object], object]) -> None:
        self.function = function

    def act(self, view: object) -> object:
        """Return the function's action for the view."""
        return self.function(view)


def _rules(name: Rules | str) -> Rules:
    """Return the preset named `name` (or the Rules given)."""
    from liarsdice.rules import resolve

    return resolve(name)


# The grader's own code that runs inside the student's call, which the watcher lets pass.
_HARNESS = frozenset((_FunctionBot.act.__code__,))
