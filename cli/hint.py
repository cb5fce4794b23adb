"""`frog hint`: where should the turned card go? Every choice ranked by a blind policy, with
its chance, printed without the solver ever seeing the stock's order (docs/blind.md, Hints)."""
from __future__ import annotations

import argparse
import json

from cli.blind_options import add_blind_arguments, policy_from
from cli.deal_source import add_deal_arguments, load_deal
from solver.answer import Exit
from solver.patience.blind import Choice, Hint, View, hint
from solver.patience.blind.hint import class_words
from solver.patience.line import Move


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "hint", help="advice for the turned card, without looking at the stock",
        description="Advice for a game in progress, as a player could be given it: the next "
        "stock card is turned face up and a blind policy ranks every legal move with its "
        "chance of winning. The policy sees only what a player sees (the reserve as dealt, the "
        "foundations, the waste piles, the cards turned, how many cards the stock holds), "
        "never the stock's order. Give the moves played so far with --after. The seed is "
        "printed: the same seed gives the same hint. Exit 0 (also when the game is over), "
        "2 bad input.",
        epilog="examples:\n  frog hint 1234\n  frog hint 1234 --after moves.txt\n"
        "  frog hint 1234 --after moves.txt --json\n"
        "  frog hint 1234 --after moves.txt --policy tips\n"
        "  frog hint 7 --variant fanny --seed 5 --forget-reserve")
    add_deal_arguments(parser)
    add_blind_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=command_hint)


def command_hint(args: argparse.Namespace) -> int:
    policy_from(args)  # an unknown name is refused before the deal is read
    deal, title = load_deal(args)
    advice = hint(deal, (), args.policy, args.seed, args.forget_reserve, args.threads)
    if args.json:
        print(json.dumps({"deal": title, "variant": deal.rules.variant,
                          "rules": deal.rules.parameters(), **advice.to_json(),
                          "forget_reserve": args.forget_reserve, "over": not advice.choices,
                          "won": advice.view.cards_left() == 0}))
    else:
        print(_as_text(advice, title))
    return Exit.YES


def _as_text(advice: Hint, title: str) -> str:
    view = advice.view
    if not advice.choices:
        left = view.cards_left()
        end = "won" if left == 0 else f"lost, {left} cards left"
        return f"{title}: the game is over, nothing to play ({end})"
    turned = f"the turned card is {view.turned}" if view.turned else "no card turned"
    best = advice.choices[0]
    equal = [c for c in advice.choices if c.equal_to_best]
    left = "1 card" if view.stock_count == 1 else f"{view.stock_count} cards"
    lines = [f"{title}: {turned}, {left} left in the stock",
             f"Advice ({advice.policy}, seed {advice.seed}): {class_words(view, best)}"]
    if equal:
        lines.append("  about as good (the samples cannot tell them apart): " +
                     _places(view, equal))
    lines.append("Choices, best first:")
    names = [_name(choice) for choice in advice.choices]
    width = max(map(len, names))
    lines += [f"  {name:<{width}}  {_chance(choice)}"
              for name, choice in zip(names, advice.choices)]
    lines += [advice.meaning,
              f"The same hint again: --policy {advice.policy} --seed {advice.seed}"]
    return "\n".join(lines)


def _places(view: View, choices: list[Choice]) -> str:
    """Choices in words, shortly when they all put the turned card on a pile: 'waste pile 4,
    1 or 5' ('any empty pile' for a class of empty piles)."""
    words = [class_words(view, c) for c in choices]
    prefix = f"{view.turned} from the stock to "
    if view.turned is None or not all(w.startswith(prefix) for w in words):
        return "; ".join(words)
    places = [w[len(prefix):].removeprefix("waste pile ") for w in words]
    listed = ", ".join(places[:-1]) + f" or {places[-1]}" if len(places) > 1 else places[0]
    return ("waste pile " if words[0][len(prefix):].startswith("waste pile") else "") + listed


def _name(choice: Choice) -> str:
    """The move, with the places of its equivalent moves: '7H stock w1|w3|w4'."""
    if not choice.equivalent:
        return str(choice.action)
    return str(choice.action) + "".join(f"|{m.target}" for m in choice.equivalent
                                        if isinstance(m, Move))


def _chance(choice: Choice) -> str:
    if choice.chance is None:
        return choice.note
    interval = (f" ({choice.interval[0]:.0%}-{choice.interval[1]:.0%})"
                if choice.interval else "")
    mark = "  = best" if choice.equal_to_best else ""
    return f"{choice.chance:>4.0%}{interval}{mark}  {choice.note}".rstrip()
