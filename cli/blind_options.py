"""The options of the blind-play commands (`frog hint`, `frog playout`): which policy, its
random seed, and whether the player forgets the buried reserve cards (docs/blind.md)."""
from __future__ import annotations

import argparse

from cli.errors import UserError
from solver.patience.blind import (BEST, DEFAULT_POLICY, POLICY_NAMES, Policy, PolicyError,
                                   policy_named)


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


def policy_from(args: argparse.Namespace) -> Policy:
    """The policy named by --policy; UserError (exit 2, one line) for an unknown name."""
    try:
        return policy_named(args.policy)
    except PolicyError as exc:
        raise UserError(f"--policy: {exc}") from None
