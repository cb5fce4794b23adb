"""`frog tricks analyse`, `bid`, `auction` and `verify --explain`: advice at the table.

Argument parsing and printing only; the answers come from `solver.tricks.analysis`,
`solver.tricks.bidding` and `solver.tricks.auction`. Registered from `cli/tricks.py`.
"""
from __future__ import annotations

import argparse
import json

from cli.errors import UserError
from cli.jobs import default_jobs, jobs_from
from cli.tricks_display import card_text, cards_text, play_text, solution_rows, trick_rows
from solver.answer import Exit
from solver.tricks import (CONTRACTS, DEFAULT_SAMPLES, DEFAULT_SEED, NOTE, Advice, Analysis,
                           Auction, CardError, Deal, Explanation, Game, IllegalPlay, Line,
                           LineError, Rules, RulesError, Table, advise, analyse, card_name,
                           discard_values, distributions, explain, hand_deal, parse_card,
                           parse_line, parse_suit, points_of, position)

MAX_EXACT = 200_000

def register(commands: argparse._SubParsersAction) -> None:
    """Add the advice sub-commands to `frog tricks`."""
    from cli.tricks import _rule_options

    parser = commands.add_parser(
        "analyse", aliases=["analyze"],
        help="every legal card now, with the bidder's final points if it is played",
        description="At any position (the start of the hand, between tricks or in the "
        "middle of one), list each legal card of the player to move with the bidder's final "
        "card-point total if that card is played and all three play perfectly after it "
        "(double dummy). The best cards are marked: the highest totals for the bidder, the "
        "lowest for a defender. The position is the deal after the tricks of --after "
        "(a line file, whose last trick may be unfinished).",
        epilog="example: frog tricks analyse deal.txt --contract frog --bidder 2 --after line.txt")
    parser.add_argument("deal", help="deal file (or a deal number)")
    parser.add_argument("--contract", choices=CONTRACTS,
                        help="the contract (taken from --after's header when omitted)")
    parser.add_argument("--trump", help="chico trumps: clubs, diamonds or spades")
    parser.add_argument("--bidder", type=int, choices=(1, 2, 3))
    parser.add_argument("--after", metavar="LINE",
                        help="line file: the tricks played so far (the last may be unfinished)")
    parser.add_argument("--discard", metavar="CARDS",
                        help='frog discards, e.g. "QC 8C 9S" (default: the line\'s, else the best)')
    parser.add_argument("--discards", type=int, nargs="?", const=10, metavar="N",
                        help="frog, before the first card: list the N best discards "
                        "(default 10) with the bidder's exact total, instead of cards")
    parser.add_argument("--ascii", action="store_true", help="card letters instead of suit symbols")
    _rule_options(parser)
    parser.set_defaults(func=run_analyse)



    bid = commands.add_parser(
        "bid", help="bidding advice from one hand: every contract's chances and expected payment",
        description="Bidding advice from the 11 cards a player holds before the auction. "
        "The unseen cards (the other two hands and the widow) are dealt at random --samples "
        "times from a printed seed; on each sample every contract the seat may bid (frog "
        "with its best discard, chico in each trump, grand) is solved double dummy. For each "
        "contract: the probability of making it, the mean and spread of the bidder's points "
        "and the expected payment, each with a 95% confidence interval; the recommended bid "
        "is the one with the highest expected payment, or pass when none is above 0. "
        "Double-dummy values assume every card is visible, so they overstate a declarer who "
        "cannot see the other hands: treat them as an upper estimate.",
        epilog='examples: frog tricks bid "AH TH KH QH 9H 8H AC TC KS 7D 6D" --seat 1; '
        "frog tricks bid deal.txt --seat 2 --samples 500 --jobs 2 --json")
    bid.add_argument("hand", help='the 11 cards in quotes ("AH TH KH ..."), or a deal file '
                     "(or deal number) whose --seat hand is used; the rest of a deal is ignored")
    bid.add_argument("--seat", type=int, choices=(1, 2, 3), required=True,
                     help="the seat bidding: 1 is eldest and leads to the first trick")
    _advice_options(bid)
    _rule_options(bid)
    bid.set_defaults(func=run_bid)

    auction = commands.add_parser(
        "auction", help="the whole auction, every seat bidding on its own hand, then the play",
        description="One round of bidding as the sources give it: from eldest (seat 1), each "
        "player passes or names a game higher than any named so far (frog < chico < grand); "
        "a player whose frog is overcalled by chico may at once raise to grand; the highest "
        "game named is played, exactly that one; if all pass the deal is thrown in. Every "
        "seat follows `frog tricks bid` on its own 11 cards (asked only about the games it "
        "may still name): it names the one with the highest expected payment if above 0. "
        "The winning contract is then played double dummy. Seat s samples with seed "
        "SEED + s - 1. Rules and their reading: docs/tricks.md.",
        epilog="example: frog tricks auction deal.txt --samples 100 --jobs 2")
    auction.add_argument("deal", help="deal file (or a deal number)")
    _advice_options(auction)
    _rule_options(auction)
    auction.set_defaults(func=run_auction_command)


def _advice_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                        help=f"random deals of the unseen cards (default {DEFAULT_SAMPLES})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"seed of the random deals (default {DEFAULT_SEED}; printed)")
    parser.add_argument("--jobs", metavar="N", default=None,
                        help=f"worker processes, each solving whole samples (default: every "
                        f"core, here {default_jobs()}; the answer does not depend on it)")
    parser.add_argument("--exact", action="store_true",
                        help="average over every distribution of the unseen cards instead of "
                        "samples (reduced deals only: at most %d distributions)" % MAX_EXACT)
    parser.add_argument("--ascii", action="store_true", help="card letters instead of suit symbols")


def add_explain_option(verify: argparse.ArgumentParser) -> None:
    """`verify --explain` (and `--ascii` for its display)."""
    verify.add_argument("--explain", action="store_true",
                        help="also show, card by card, the points each side gave away "
                        "against perfect play (the swing per trick)")
    verify.add_argument("--ascii", action="store_true",
                        help="card letters instead of suit symbols")


def run_analyse(args: argparse.Namespace) -> int:
    from cli.tricks import _load_deal, _read

    deal = _load_deal(args.deal)
    line = None
    if args.after:
        try:
            line = parse_line(_read(args.after))
        except LineError as exc:
            raise UserError(f"{args.after}: {exc}") from None
    rules = _analyse_rules(args, line)
    if args.discards is not None:
        return _print_discards(args, deal, rules, line)
    discard = _discard(args, line, rules)
    try:
        game = position(deal, rules, discard, line.tricks if line else [])
        if rules.contract == "frog" and not discard:
            discard = [c for c in list(deal.hands[rules.bidder - 1]) + list(deal.widow)
                       if c not in game.hands[rules.bidder - 1]]
        if game.finished:
            raise UserError(f"{args.after}: the hand is over, no card is left to play")
        result = analyse(game)
    except IllegalPlay as exc:
        where = f"line {line.file_lines[exc.trick - 1]}: " if line and exc.trick else ""
        raise UserError(f"{args.after or 'discard'}: {where}{exc}") from None
    if args.json:
        print(json.dumps(_analysis_json(result, discard)))
    else:
        _print_analysis(result, deal, discard, args.ascii, line)
    return Exit.YES


def _print_discards(args: argparse.Namespace, deal: Deal, rules: Rules,
                    line: Line | None) -> int:
    """`analyse --discards`: the frog's discards ranked by the bidder's exact total."""
    if rules.contract != "frog":
        raise UserError(f"there is no discard in {rules.contract}")
    if line is not None and line.tricks:
        raise UserError("--discards is the choice before the first card: give no tricks")
    if args.discards < 1:
        raise UserError("--discards needs a number of discards of at least 1")
    values = discard_values(deal, rules)
    best = values[0][1]
    shown = values[:args.discards]
    if args.json:
        print(json.dumps({"contract": rules.contract, "bidder": rules.bidder,
                          "considered": len(values), "discards": [
                              {"discard": [card_name(c) for c in d], "bidder_points": v,
                               "best": v == best, "verdict": rules.verdict(v),
                               "payment": rules.payment(v)} for d, v in shown]}))
        return Exit.YES
    a = args.ascii
    print(_header(rules))
    print(f"widow: {cards_text(deal.widow, a)}; hand with the widow: "
          f"{cards_text(list(deal.hands[rules.bidder - 1]) + list(deal.widow), a)}")
    print(f"{len(values)} discards considered (the others are never better); the best "
          f"{len(shown)}, each with the bidder's total under perfect play:")
    print(f"{'discard':<16}{'bidder ends with':>17}  {'result':<9}{'payment':>8}")
    for d, v in shown:
        mark = "  <- best" if v == best else ""
        print(f"{cards_text(d, a):<16}{v:>17}  {rules.verdict(v):<9}{rules.payment(v):>+8}{mark}")
    return Exit.YES


def _analyse_rules(args: argparse.Namespace, line: Line | None) -> Rules:
    """The contract from the options, or from the line header; they must agree."""
    try:
        trump = parse_suit(args.trump) if args.trump else None
    except CardError as exc:
        raise UserError(str(exc)) from None
    contract, bidder = args.contract, args.bidder
    if line is not None:
        for name, given, read in (("contract", contract, line.contract),
                                  ("bidder", bidder, line.bidder), ("trump", trump, line.trump)):
            if given is not None and given != read:
                raise UserError(f"--{name} disagrees with the header of {args.after}")
        contract, bidder, trump = line.contract, line.bidder, line.trump
    if not contract or not bidder:
        raise UserError("analyse needs --contract and --bidder (or --after with a line file)")
    if contract == "chico" and trump is None:
        raise UserError("a chico needs --trump clubs, diamonds or spades")
    try:
        return Rules(contract, bidder, trump if trump is not None else parse_suit("hearts"),
                     args.target, args.must_overtrump, args.scoring, args.players,
                     args.penalty_frog, args.inactive)
    except RulesError as exc:
        raise UserError(str(exc)) from None


def _discard(args: argparse.Namespace, line: Line | None, rules: Rules) -> list[int]:
    try:
        given = [parse_card(w) for w in args.discard.split()] if args.discard else []
    except CardError as exc:
        raise UserError(f"--discard: {exc}") from None
    if given and rules.contract != "frog":
        raise UserError(f"there is no discard in {rules.contract}")
    if line is not None and line.discard:
        if given and sorted(given) != sorted(line.discard):
            raise UserError(f"--discard disagrees with the header of {args.after}")
        return list(line.discard)
    return given


def _analysis_json(result: Analysis, discard: list[int]) -> dict:
    game, rules = result.game, result.game.rules
    return {
        "contract": rules.contract, "trump": rules.trump_name, "bidder": rules.bidder,
        "discard": [card_name(c) for c in discard],
        "trick": len(game.tricks_played) + 1, "to_play": result.seat,
        "on_trick": [f"{seat}:{card_name(c)}" for seat, c in _on_trick(game)],
        "bidder_points_so_far": game.points[0], "value": result.value,
        "cards": [{"card": card_name(cv.card), "bidder_points": cv.value, "best": cv.best,
                   "verdict": rules.verdict(cv.value), "payment": rules.payment(cv.value)}
                  for cv in result.cards],
        "target": rules.target, "must_overtrump": rules.must_overtrump,
        "scoring": rules.scoring, "players": rules.players,
    }


def _on_trick(game: Game) -> list[tuple[int, int]]:
    return [((game.leader - 1 + i) % 3 + 1, c) for i, c in enumerate(game.trick)]


def _header(rules: Rules) -> str:
    return (f"contract: {rules.contract}, trumps {rules.trump_name}, bidder seat {rules.bidder}; "
            f"target {rules.target}, must-overtrump {'on' if rules.must_overtrump else 'off'}, "
            f"scoring {rules.scoring}, {rules.players} players")


def _print_analysis(result: Analysis, deal: Deal, discard: list[int], ascii_only: bool,
                    line: Line | None) -> None:
    game, rules = result.game, result.game.rules
    print(_header(rules))
    if rules.contract == "frog":
        origin = "" if (line and line.discard) else " (the best discard, assumed)"
        print(f"discard: {cards_text(discard, ascii_only)} ({points_of(discard)} points){origin}")
    if game.tricks_played:
        banked = deal.taken[0] + (points_of(discard) if rules.contract == "frog"
                                  else points_of(deal.widow))
        print("played so far:")
        for row in trick_rows(rules, banked, game.tricks_played, ascii_only):
            print("  " + row)
    trick = len(game.tricks_played) + 1
    on = "  ".join(play_text(s, c, ascii_only) for s, c in _on_trick(game))
    role = "the bidder" if result.seat == rules.bidder else "a defender"
    print(f"trick {trick}: seat {result.seat} ({role}) to play"
          + (f" after {on}" if on else ", leading") + f"; bidder has {game.points[0]} so far")
    print(f"hand: {cards_text(game.hands[result.seat - 1], ascii_only)}")
    print(f"the position is worth {result.value} to the bidder under perfect play "
          f"({rules.verdict(result.value)}, payment {rules.payment(result.value):+d})")
    print(f"{'card':<6}{'bidder ends with':>17}  {'result':<9}{'payment':>8}")
    for cv in result.cards:
        mark = "  <- best" if cv.best else ""
        print(f"{card_text(cv.card, ascii_only):<6}{cv.value:>17}  {rules.verdict(cv.value):<9}"
              f"{rules.payment(cv.value):>+8}{mark}")


def run_explain(args: argparse.Namespace, deal: Deal, line: Line, rules: Rules) -> int:
    """`verify --explain` once the line is known to be legal and complete."""
    result = explain(deal, rules, line.discard, line.tricks)
    if args.json:
        print(json.dumps(_explanation_json(result)))
        return Exit.YES
    a = args.ascii
    print(_header(rules))
    if rules.contract == "frog":
        print(f"discard: {cards_text(result.discard, a)}; best discard "
              f"{cards_text(result.best_discard, a)}: the discard gave away {result.discard_lost}")
    best_total = result.start + result.discard_lost
    after = f"; after this discard {result.start}" if rules.contract == "frog" else ""
    print(f"perfect play from the deal: bidder {best_total}{after}; the line ends with "
          f"{result.final} ({rules.verdict(result.final)}, payment {rules.payment(result.final):+d})")
    banked = deal.taken[0] + (points_of(result.discard) if rules.contract == "frog"
                              else points_of(deal.widow))
    rows = trick_rows(rules, banked, [t for t in line.tricks], a)
    print(rows[0] + "   swing: card (points given away)")
    for number, row in enumerate(rows[1:], 1):
        faults = [s for s in result.swings if s.trick == number and s.lost]
        notes = "  ".join(f"{play_text(s.seat, s.card, a)} {'bidder' if s.by_bidder else 'defence'}"
                          f" -{s.lost}" for s in faults)
        print(f"{row}   {notes}" if notes else row)
    print(f"given away: bidder {result.lost_by(True)}, defenders {result.lost_by(False)} "
          f"(perfect play {best_total} - bidder's losses + defenders' losses = {result.final})")
    return Exit.YES


def _explanation_json(result: Explanation) -> dict:
    rules = result.rules
    return {
        "legal": True, "contract": rules.contract, "trump": rules.trump_name,
        "bidder": rules.bidder, "discard": [card_name(c) for c in result.discard],
        "best_discard": [card_name(c) for c in result.best_discard],
        "discard_lost": result.discard_lost, "perfect": result.start + result.discard_lost,
        "bidder_points": result.final, "verdict": rules.verdict(result.final),
        "payment": rules.payment(result.final),
        "lost_by_bidder": result.lost_by(True), "lost_by_defenders": result.lost_by(False),
        "cards": [{"trick": s.trick, "play": f"{s.seat}:{card_name(s.card)}",
                   "before": s.before, "after": s.after, "lost": s.lost,
                   "side": "bidder" if s.by_bidder else "defenders"} for s in result.swings],
    }


def _progress_line(unit: str):
    """A progress printer for long runs, on standard error and only on a terminal (so
    pipes, files and tests see nothing of it); None otherwise."""
    import sys

    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int, prefix: str = "") -> None:
        print(f"\r{prefix}{done}/{total} {unit} solved", end="", file=sys.stderr, flush=True)
    return show


def _progress_done() -> None:
    import sys

    if sys.stderr.isatty():
        print("\r\033[K", end="", file=sys.stderr, flush=True)


def table_of(args: argparse.Namespace) -> Table:
    """The rule parameters of the command line, checked once (one line on error)."""
    table = Table(args.target, args.must_overtrump, args.scoring, args.players,
                  args.penalty_frog, args.inactive)
    try:
        table.rules("grand", 1, parse_suit("hearts"))
    except RulesError as exc:
        raise UserError(str(exc)) from None
    return table


def check_sampling(args: argparse.Namespace, deal: Deal, seat: int) -> None:
    if args.samples < 2:
        raise UserError("--samples must be at least 2")
    if args.exact and distributions(deal, seat) > MAX_EXACT:
        raise UserError(f"--exact would solve {distributions(deal, seat):,} distributions "
                        f"(at most {MAX_EXACT:,}): use it on reduced deals, or sample")


def load_hand(text: str, seat: int) -> Deal:
    """A deal from a deal file or number, or from an 11-card hand given at `seat`."""
    from cli.tricks import _load_deal
    from pathlib import Path

    words = text.replace(",", " ").split()
    if Path(text).exists() or len(words) == 1:  # a file, a deal number, or a missing file
        return _load_deal(text)
    try:
        cards = [parse_card(w) for w in words]
    except CardError as exc:
        raise UserError(f"{exc} (give 11 cards in quotes, or a deal file)") from None
    if len(cards) != 11 or len(set(cards)) != 11:
        raise UserError(f"a hand has 11 different cards, not {len(set(cards))} "
                        f"(or give a deal file)")
    return hand_deal(cards, seat)


def run_bid(args: argparse.Namespace) -> int:
    import time

    deal = load_hand(args.hand, args.seat)
    table = table_of(args)
    check_sampling(args, deal, args.seat)
    jobs = jobs_from(args.jobs)
    started = time.perf_counter()
    advice = advise(deal, args.seat, table, args.samples, args.seed, jobs, args.exact,
                    progress=_progress_line("samples"))
    _progress_done()
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps(advice_json(advice, table, seconds)))
    else:
        print_advice(advice, table, seconds, args.ascii, jobs)
    return Exit.YES


def advice_json(advice: Advice, table: Table, seconds: float) -> dict:
    best = advice.recommended
    return {
        "seat": advice.seat, "hand": [card_name(c) for c in sorted(advice.hand)],
        "exact": advice.exact, "samples": advice.estimates[0].samples if advice.estimates else 0,
        "seed": advice.seed,
        "contracts": [{
            "contract": e.contract, "trump": _suit(e.trump), "p_make": _r(e.p_make),
            "p_make_ci": _r(e.p_make_ci), "mean_points": _r(e.mean_points),
            "sd_points": _r(e.sd_points), "mean_points_ci": _r(e.mean_points_ci),
            "mean_payment": _r(e.mean_payment), "sd_payment": _r(e.sd_payment),
            "mean_payment_ci": _r(e.mean_payment_ci)} for e in advice.estimates],
        "recommended": {"bid": best.contract if best else "pass",
                        "trump": _suit(best.trump) if best else None,
                        "mean_payment": _r(best.mean_payment) if best else 0.0},
        "target": table.target, "must_overtrump": table.must_overtrump,
        "scoring": table.scoring, "players": table.players,
        "penalty_frog": table.penalty_frog, "inactive": table.inactive,
        "note": NOTE, "seconds": round(seconds, 3),
    }


def _r(value):
    """Four decimals are far below the sampling error; more only hide the figures."""
    if isinstance(value, tuple):
        return [round(v, 4) for v in value]
    return round(value, 4)


def _suit(trump: int) -> str:
    from solver.tricks import SUIT_NAMES
    return SUIT_NAMES[trump]


def print_advice(advice: Advice, table: Table, seconds: float, ascii_only: bool,
                 jobs: int) -> None:
    n = advice.estimates[0].samples if advice.estimates else 0
    print(f"seat {advice.seat} holds {cards_text(advice.hand, ascii_only)}"
          + (" (eldest: leads to the first trick)" if advice.seat == 1 else ""))
    if advice.exact:
        print(f"every one of the {n} distributions of the unseen cards, solved double dummy")
    else:
        print(f"{n} random deals of the unseen cards (seed {advice.seed}; --seed, --samples "
              f"to change), each solved double dummy")
    print(f"scoring {table.scoring}, target {table.target}, {table.players} players"
          + (", penalty frog" if table.penalty_frog else "")
          + (f", inactive players {table.inactive}" if table.players > 3 else ""))
    print(f"{'contract':<16}{'P(make) [95% CI]':<21}{'points: mean, sd [95% CI]':<31}"
          f"expected payment [95% CI]")
    for e in advice.estimates:
        print(f"{e.name:<16}{e.p_make:>4.2f} [{e.p_make_ci[0]:.2f}, {e.p_make_ci[1]:.2f}]    "
              f"{e.mean_points:>5.1f}, {e.sd_points:>4.1f} [{e.mean_points_ci[0]:5.1f}, "
              f"{e.mean_points_ci[1]:5.1f}]    {e.mean_payment:>+7.1f} "
              f"[{e.mean_payment_ci[0]:+.1f}, {e.mean_payment_ci[1]:+.1f}]")
    best = advice.recommended
    if best is None:
        print("recommended: pass (no contract is expected to win; passing pays 0)")
    else:
        runner = sorted(advice.estimates, key=lambda e: -e.mean_payment)[1:2]
        close = (f"; next best {runner[0].name} {runner[0].mean_payment:+.1f}"
                 if runner else "")
        print(f"recommended: {best.name} (expected payment {best.mean_payment:+.1f} a hand"
              f"{close}; passing pays 0)")
    print(f"note: {NOTE}")
    print(f"solved {n * len(advice.estimates)} contracts in {seconds:.1f} s ({jobs} job"
          f"{'s' if jobs > 1 else ''})")


def run_auction_command(args: argparse.Namespace) -> int:
    from cli.tricks import _load_deal
    from solver.tricks import run_auction

    deal = _load_deal(args.deal)
    table = table_of(args)
    if args.exact:
        raise UserError("auction samples; --exact is for bid")
    for seat in (1, 2, 3):
        check_sampling(args, deal, seat)
    jobs = jobs_from(args.jobs)
    show = _progress_line("samples")
    result = run_auction(deal, table, args.samples, args.seed, jobs,
                         (lambda seat, done, total: show(done, total, f"seat {seat}: "))
                         if show else None)
    _progress_done()
    if args.json:
        print(json.dumps(auction_json(result, table)))
        return Exit.YES
    a = args.ascii
    n = args.samples
    print(f"auction: each seat bids on its own hand, {n} random deals of its unseen cards "
          f"(seeds {args.seed}, {args.seed + 1}, {args.seed + 2} for seats 1, 2, 3)")
    for call in result.calls:
        advice = result.advice.get(call.seat)
        if call.raised:
            why = f"raises after the chico overcall: grand expected {call.expected:+.1f}"
        elif advice is None:
            why = "nothing higher may be named"
        else:
            why = ", ".join(f"{e.name} {e.mean_payment:+.1f}" for e in advice.estimates)
            why = "expected payments: " + why
        print(f"  seat {call.seat}: {call.name:<15} ({why})")
    print(f"note: {NOTE}")
    if result.solution is None:
        print("all pass: the deal is thrown in")
        return Exit.YES
    s = result.solution
    rules = s.rules
    print(f"contract: {rules.contract}, trumps {rules.trump_name}, bidder seat {rules.bidder}; "
          f"target {rules.target}, scoring {rules.scoring}, {rules.players} players")
    if rules.contract == "frog":
        print(f"widow: {cards_text(s.deal.widow, a)}; discard: {cards_text(s.discard, a)} "
              f"({points_of(s.discard)} points)")
    else:
        print(f"widow: {cards_text(s.deal.widow, a)} ({points_of(s.deal.widow)} points)")
    print(f"played double dummy: bidder {s.bidder_points} -> {s.verdict}, payment {s.payment:+d}")
    for row in solution_rows(s, a):
        print("  " + row)
    return Exit.YES


def auction_json(result: Auction, table: Table) -> dict:
    from cli.tricks import _solution_json

    return {
        "calls": [{"seat": c.seat, "bid": c.bid,
                   "trump": _suit(c.trump) if c.trump is not None else None,
                   "expected_payment": c.expected, "raised": c.raised} for c in result.calls],
        "advice": {str(seat): advice_json(a, table, 0.0)["contracts"]
                   for seat, a in result.advice.items()},
        "contract": _solution_json(result.solution) if result.solution else None,
        "thrown_in": result.solution is None, "note": NOTE,
    }
