"""Random small games for the differential tests, and the harness that compares solvers.

`random_game(rng)` draws random Rules (1-2 decks, ranks 2-5, 1-3 waste piles, reserve 0-4,
every Ace procedure, forced and optional stock play), deals a random deck through the
variant's procedure, and sometimes plays a few random legal moves first, so that positions in
play (started foundations, non-empty waste piles, lost positions) are covered too. Games are
sized so that the unpruned brute force finishes: the number of cards allowed shrinks as the
number of waste piles grows, more so under optional stock play. `random_stacked_game(rng)`
draws games with a deep reserve (many cards above cards of the same or a lower rank).

`compare_methods(deal, methods)` runs every method on one deal, asserts that all decided
verdicts agree and replays every win through the reference engine. A method is any callable
`deal -> result` whose result has `.verdict` and `.moves`.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Callable, Protocol

from solver.answer import Limits
from solver.patience.brute import brute_solve
from solver.patience.cards import Card
from solver.patience.deal import Deal, check_deal, deal_from_deck
from solver.patience import Move, Position, deal_after, replay
from solver.patience.line import STOCK
from solver.patience.rules import ACE_PROCEDURES, Rules

#: Most cards in a game, by (stock play, waste piles): the brute force's state count grows
#: steeply with piles under optional play, where every turned card may go anywhere.
MAX_CARDS = {("forced", 1): 40, ("forced", 2): 32, ("forced", 3): 24,
             ("optional", 1): 20, ("optional", 2): 16, ("optional", 3): 16}


class Verdict(Protocol):
    verdict: str
    moves: list[Move] | None


Method = Callable[[Deal], Verdict]


def random_rules(rng: random.Random) -> Rules:
    """Random small rules within MAX_CARDS."""
    stock_play = rng.choice(("forced", "optional"))
    piles = rng.choice((1, 1, 2, 3))  # one pile is where small games get lost
    while True:
        decks, ranks = rng.randint(1, 2), rng.randint(2, 5)
        if 4 * decks * ranks <= MAX_CARDS[(stock_play, piles)]:
            break
    return Rules("frog", decks=decks, ranks=ranks, waste_piles=piles,
                 reserve_size=rng.randint(0, 4), aces=rng.choice(ACE_PROCEDURES),
                 stock_play=stock_play)


def random_deal(rng: random.Random, rules: Rules) -> Deal:
    """A shuffled deck dealt by the rules' procedure (a random Ace is the one `aces: frog`
    fetches when none was met)."""
    deck = [Card(rank, suit) for _ in range(rules.decks) for rank in range(1, rules.ranks + 1)
            for suit in "CDHS"]
    rng.shuffle(deck)
    aces = [i for i, card in enumerate(deck) if card.rank == 1]
    deal = deal_from_deck(rules, deck, fetch_index=rng.choice(aces))
    check_deal(deal)
    return deal


def play_randomly(rng: random.Random, deal: Deal, moves: int) -> Deal:
    """The position after up to `moves` random legal moves, as a Deal (a position in play)."""
    position = Position.start(deal)
    played = []
    for _ in range(moves):
        legal = position.legal_moves()
        if not legal:
            break
        turns = [move for move in legal if move.source == STOCK]
        # Turning cards at random, rather than playing what fits, is what strands them.
        move = rng.choice(turns if turns and rng.random() < 0.7 else legal)
        played.append(move)
        position = position.play(move)
    in_play = deal_after(deal, played)
    check_deal(in_play)
    return in_play


def random_game(rng: random.Random, in_play_share: float = 0.5) -> Deal:
    """A random small game; with probability `in_play_share` a position a few moves in."""
    deal = random_deal(rng, random_rules(rng))
    if rng.random() < in_play_share:
        cards = deal.rules.card_count
        deal = play_randomly(rng, deal, rng.randint(1, max(1, cards // 2)))
    return deal


def random_stacked_game(rng: random.Random) -> Deal:
    """A random small game with a deep reserve (a quarter to half of the cards) and a few
    more cards than `random_rules` allows (a deep reserve leaves the brute force fewer
    choices): many cards lie above other cards of the same or a lower rank, which is what
    the dead-position test's order terms (kernel.dead_test) are about. Half are positions
    a few random moves in, with cards stacked on the waste piles too."""
    stock_play = rng.choice(("forced", "optional"))
    piles = rng.choice((1, 1, 2, 3))
    while True:
        decks, ranks = rng.randint(1, 2), rng.randint(2, 5)
        if 4 * decks * ranks <= MAX_CARDS[(stock_play, piles)] + 8:
            break
    cards = 4 * decks * ranks
    rules = Rules("frog", decks=decks, ranks=ranks, waste_piles=piles,
                  reserve_size=rng.randint(cards // 4, cards // 2),
                  aces=rng.choice(ACE_PROCEDURES), stock_play=stock_play)
    deal = random_deal(rng, rules)
    if rng.random() < 0.5:
        deal = play_randomly(rng, deal, rng.randint(1, cards // 2))
    return deal


def winning_lines(rng: random.Random, games: int) -> Iterator[tuple[Deal, list[Move]]]:
    """The winnable ones among `games` random small games (random_stacked_game and
    random_game in turn), each with the brute force's winning line."""
    for n in range(games):
        deal = random_game(rng) if n % 2 else random_stacked_game(rng)
        found = brute_solve(deal, Limits(max_nodes=100_000))
        if found.verdict == "winnable":
            yield deal, found.moves


def is_in_play(deal: Deal) -> bool:
    """A position past the deal: a card on a waste pile or a foundation above its Ace."""
    return any(deal.waste) or any(card.rank > 1 for card in deal.foundations)


@dataclass
class Tally:
    """Counts over many compared games, for the soak summary and coverage checks."""

    games: int = 0
    winnable: int = 0
    unwinnable: int = 0
    undecided: int = 0
    forced: int = 0
    in_play: int = 0

    def add(self, deal: Deal, verdicts: dict[str, str]) -> None:
        self.games += 1
        decided = {v for v in verdicts.values() if v != "unknown"}
        if "winnable" in decided:
            self.winnable += 1
        elif "unwinnable" in decided:
            self.unwinnable += 1
        if "unknown" in verdicts.values():
            self.undecided += 1
        self.forced += deal.rules.forced
        self.in_play += is_in_play(deal)

    def summary(self) -> str:
        return (f"{self.games} games: {self.winnable} winnable, {self.unwinnable} unwinnable, "
                f"{self.undecided} with an unknown, {self.forced} forced, "
                f"{self.in_play} in play; no disagreement")


def compare_methods(deal: Deal, methods: dict[str, Method]) -> dict[str, str]:
    """Run every method on `deal`; assert that the decided verdicts agree and that every
    win replays to a won position. Returns each method's verdict."""
    verdicts: dict[str, str] = {}
    for name, method in methods.items():
        result = method(deal)
        verdicts[name] = result.verdict
        if result.verdict == "winnable":
            assert result.moves is not None, f"{name}: a win without moves\n{deal.to_text()}"
            outcome = replay(deal, result.moves)
            why = outcome.reason or "cards remain"
            assert outcome.won, f"{name}: its win does not replay ({why})\n{deal.to_text()}"
    decided = {v for v in verdicts.values() if v != "unknown"}
    assert len(decided) <= 1, f"methods disagree: {verdicts}\n{deal.to_text()}"
    return verdicts
