"""The errors of liarsdice; every one is a ValueError whose message quotes the bad input.

- InvalidBidError: a bid that is not a bid at all (bad syntax, quantity < 1, face outside 1..6).
- IllegalBidError: a well-formed bid the rules do not allow here (not a raise, too many dice).
- IllegalMoveError: an action not allowed in this game state (out of turn, after the game ended,
  a tampered saved game).
- BotTimeoutError: a bot that did not move within a match's move_seconds (an IllegalMoveError:
  a move not made in time is not made; the message names the seat, the bot and the limit).
- ArgumentTypeError: an argument of the wrong kind (a float or a bool for an integer); it is a
  TypeError, and a ValueError too, so that code catching bad input as ValueError catches it.
"""

from __future__ import annotations


class InvalidBidError(ValueError):
    """A bid that cannot be read or does not describe dice."""


class IllegalBidError(ValueError):
    """A well-formed bid that the rules do not allow at this point."""


class IllegalMoveError(ValueError):
    """An action that the game cannot take in its current state."""


class BotTimeoutError(IllegalMoveError):
    """A bot that did not choose its move within the match's per-move time limit."""


class ArgumentTypeError(TypeError, ValueError):
    """An argument of the wrong kind: a TypeError that `except ValueError` also catches."""
