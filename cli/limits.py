"""Parsing the limit options of docs/rules.md: --max-nodes 10M, --timeout 30s, --memory 1G."""
from __future__ import annotations

import argparse
import re

from solver.answer import Limits

_DECIMAL = {"": 1, "K": 10**3, "M": 10**6, "G": 10**9}
_BINARY = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
_SECONDS = {"": 1.0, "MS": 0.001, "S": 1.0, "M": 60.0, "H": 3600.0}
#: Node counts and memory sizes must fit the solvers' 64-bit parameters (CP-SAT's above all).
LARGEST = 10**18


def _number_with_unit(text: str, units: dict, what: str) -> float:
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([A-Za-z]*)\s*", text)
    unit = match.group(2).upper() if match else ""
    if not match or unit not in units:
        raise argparse.ArgumentTypeError(
            f"'{text}' is not a {what} "
            f"(number with optional unit: {', '.join(u for u in units if u)})")
    value = float(match.group(1)) * units[unit]
    if value == float("inf"):
        raise argparse.ArgumentTypeError(f"'{text[:20]}...' is too large for a {what}")
    return value


def node_count(text: str) -> int:
    """--max-nodes: K/M/G = 10^3/10^6/10^9."""
    value = int(_number_with_unit(text, _DECIMAL, "node count"))
    if not 1 <= value <= LARGEST:
        raise argparse.ArgumentTypeError("--max-nodes must be 1 to 10^18")
    return value


def duration(text: str) -> float:
    """A duration option (--timeout, --total): ms/s/m/h; a bare number is seconds."""
    value = _number_with_unit(text, _SECONDS, "duration")
    if value <= 0:
        raise argparse.ArgumentTypeError("the duration must be positive")
    return value


def memory_size(text: str) -> int:
    """--memory: K/M/G = 2^10/2^20/2^30 bytes (a trailing B or iB is allowed)."""
    cleaned = re.sub(r"(?i)i?b$", "", text.strip())
    value = int(_number_with_unit(cleaned, _BINARY, "memory size"))
    if value < 1 << 16:
        raise argparse.ArgumentTypeError("--memory must be at least 64K")
    if value > LARGEST:
        raise argparse.ArgumentTypeError("--memory must be at most 10^18 bytes")
    return value


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("limits", "stop with 'unknown' (exit 3) when one is reached")
    group.add_argument("--max-nodes", type=node_count, metavar="N",
                       help="node limit, e.g. 500K, 10M, 1G (default: none)")
    group.add_argument("--timeout", type=duration, metavar="T",
                       help="time limit, e.g. 500ms, 30s, 5m, 1h (default: none)")
    group.add_argument("--memory", type=memory_size, default=1 << 30, metavar="M",
                       help="transposition-table size, e.g. 256M, 1G (default 1G); the "
                       "search's beams take at most a quarter as much again")


def limits_from(args: argparse.Namespace) -> Limits:
    return Limits(max_nodes=args.max_nodes, timeout=args.timeout, memory=args.memory)


def set_table_default(parser: argparse.ArgumentParser, size: str) -> None:
    """Give --memory (from cli.limits) a smaller default for commands that decide many deals:
    every worker's search grows its own table up to this cap."""
    parser.set_defaults(memory=memory_size(size))
    for action in parser._actions:
        if action.dest == "memory":
            action.help = (f"transposition-table size per deal, e.g. 64M, 1G (default {size}, "
                           "smaller than frog solve's 1G: every worker grows its own table up to it)")
