"""The options of the blind-play commands (`frog hint`, `frog playout`): which policy, its
random seed, and whether the player forgets the buried reserve cards (docs/blind.md)."""
from __future__ import annotations

import argparse

from cli.errors import UserError
from solver.patience.blind import (BEST, DEFAULT_POLICY, POLICY_NAMES, Policy, PolicyError,
                                   default_threads, policy_named)


def add_blind_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("blind play", "what chooses the moves, seeing only what "
                                      "a player sees (never the stock's order)")
    group.add_argument("--policy", "-p", default=DEFAULT_POLICY, metavar="NAME",
                       help=f"the policy: {', '.join(POLICY_NAMES)} (best: the strongest "
                       f"measured, now {BEST}; default {DEFAULT_POLICY}); docs/blind.md, "
                       "Policies, says how each one plays")
    group.add_argument("--seed", type=int, default=0, metavar="N",
                       help="the seed of the policy's random draws (the sampled stocks): the "
                       "same seed gives the same answer (default 0)")
    group.add_argument("--forget-reserve", action="store_true",
                       help="play as one who does not remember the reserve cards under its "
                       "top card (by default a player remembers them: each was seen face up "
                       "at the deal)")
    group.add_argument("--threads", type=_threads, default=default_threads(), metavar="N",
                       help="threads deciding a sampling policy's sampled stocks: the same "
                       "moves for any number, only faster (default: the cores this process "
                       f"may use, at most 4; here {default_threads()})")


def _threads(text: str) -> int:
    """--threads: a whole number from 1 to 64."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 64:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to 64, got '{text}'")
    return value


def policy_from(args: argparse.Namespace) -> Policy:
    """The policy named by --policy; UserError (exit 2, one line) for an unknown name."""
    try:
        # a survey has no --threads: its jobs fill the cores, one game a thread each
        return policy_named(args.policy, getattr(args, "threads", 1))
    except PolicyError as exc:
        raise UserError(f"--policy: {exc}") from None
