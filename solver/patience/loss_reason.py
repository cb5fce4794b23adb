"""Why a lost position is lost, in words a card player can check.

The search's dead-position test (`kernel.dead_test`, whose docstring has the full soundness
argument) proves many positions lost without searching them, `frog` deal 117 among them.
That answer is only a node count. This module re-derives the same counting argument in
plain Python, from the cards, and keeps what a person needs to check it:

- the cards that can never go up (the "stuck" cards), stack by stack;
- for each stuck card that could be the first of them to go up (the top stuck card of the
  reserve and of each waste pile, and the stock's stuck cards of each rank), why it cannot:
  it could only go up as the k-th card of its rank or later, and either the game has
  fewer than k cards of that rank, or fewer than k cards of some lower rank can be up
  while every stuck card is still down.

Two facts make the argument (both in `kernel.dead_test`):
1. The k-th card of a rank to go up needs k cards of every lower rank up before it.
2. The reserve and the waste piles give up their cards only to the foundations, top first.
   So a stacked card goes up after every card above it; below a card of the same or a
   higher rank it must be a later copy of its rank than that card (by fact 1 for a higher
   one). Down a stack this gives each card an earliest copy number, and the chain of cards
   that fixes it is the explanation ("KD King #1, 9S Nine #2, ..., 2S Two #9").

The stuck cards are what is left when every card that might go up is collected, as the
kernel does: stock cards are free (any can be turned at any time), stacked cards top
first. If some card is never collected, then the first stuck card to go up in any real
line would have to be one of the candidates above, and each is refuted: the position is
lost. `loss_reason` gives None when every card can be collected (the test says nothing).

This is a second, independent implementation of the test: tests/patience/test_loss_reason.py
holds it to the kernel's on many positions and checks every proof it prints.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from textwrap import wrap
from typing import Any

from solver.patience.cards import Card
from solver.patience.deal import Deal

RANK_WORDS = ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King")
WIDTH = 88  # the text's line width
#: The two facts every reason rests on (the module docstring's 1 and 2).
FACTS = ("Reserve and waste cards go up only to the foundations, top first, and the k-th "
         "card of a rank to go up needs k cards of every lower rank up before it.")


def rank_word(rank: int, plural: bool = False) -> str:
    """'Two', or 'Twos' with `plural`; 'Six' and 'Sixes'."""
    word = RANK_WORDS[rank - 1]
    if not plural:
        return word
    return word + ("es" if word.endswith("x") else "s")


@dataclass(frozen=True)
class Link:
    """A card on a chain and the earliest copy of its rank it can go up as."""

    card: Card
    copy: int

    def __str__(self) -> str:
        return f"{self.card} {rank_word(self.card.rank)} #{self.copy}"


@dataclass(frozen=True)
class Blocked:
    """A stuck card that could be the first stuck card to go up, and why it cannot.

    `place` is "reserve", "pile N" or "stock"; `from_top` the card's position counted from
    the top of its stack (1 is the playable card; 0 for the stock). `chain` runs from the
    top of the stack down to the card: each link is a card above it that forces the next
    link's copy number up (empty when nothing above forces it). The card could go up only
    as copy `needs` of its rank or later; `limit_rank` 0 means the game has only `limit`
    cards of the card's own rank, else at most `limit` cards of rank `limit_rank` can be up
    while every stuck card is down.
    """

    place: str
    from_top: int
    cards: tuple[Card, ...]
    chain: tuple[Link, ...]
    needs: int
    limit_rank: int
    limit: int

    @property
    def rank(self) -> int:
        return self.cards[0].rank

    def sentence(self) -> str:
        rank = self.rank
        if self.place == "stock":
            what = (f"the stock's {len(self.cards)} {rank_word(rank, len(self.cards) > 1)} "
                    f"({' '.join(map(str, self.cards))})")
            order = f"each could go up only as {rank_word(rank)} #{self.needs} or later"
        else:
            where = _where(self.place)
            what = f"the {self.cards[0]} in {where}, {_ordinal(self.from_top)} from the top"
            if self.chain:
                order = (f"going down {where}, each card must be a later copy of its rank "
                         "than any card above it of the same or a higher rank: "
                         + ", ".join(map(str, self.chain + (Link(self.cards[0], self.needs),)))
                         + " at the earliest")
            else:
                order = f"it could go up only as {rank_word(rank)} #{self.needs} or later"
        if self.limit_rank == 0:
            limit = f"there are only {self.limit} {rank_word(rank, True)}"
        elif self.limit == 0:
            limit = f"while every stuck card is down, no {rank_word(self.limit_rank)} can be up"
        else:
            limit = (f"while every stuck card is down, at most {self.limit} "
                     f"{rank_word(self.limit_rank, self.limit != 1)} can be up")
        return f"{what}: {order}; but {limit}."

    def as_json(self) -> dict[str, Any]:
        return {"place": self.place, "from_top": self.from_top,
                "cards": [str(c) for c in self.cards],
                "chain": [{"card": str(link.card), "copy": link.copy} for link in self.chain],
                "needs_copy": self.needs,
                "limit_rank": rank_word(self.limit_rank) if self.limit_rank else None,
                "limit": self.limit}


@dataclass(frozen=True)
class LossReason:
    """A proof that a position is lost: the stuck cards and the refuted candidates.

    With one candidate whose own rank runs out (`limit_rank` 0), that card alone is the
    reason and `stuck` is it and the cards under it.
    """

    stuck: tuple[tuple[str, tuple[Card, ...]], ...]
    blocked: tuple[Blocked, ...]

    @property
    def stuck_count(self) -> int:
        return sum(len(cards) for _, cards in self.stuck)

    @property
    def one_card(self) -> bool:
        """Whether one card, whose own rank runs out, is the whole reason."""
        return len(self.blocked) == 1 and self.blocked[0].limit_rank == 0

    def lines(self) -> list[str]:
        """The reason as indented text lines (for `frog solve`)."""
        if self.one_card:
            what = (f"the {self.blocked[0].cards[0]} in {_where(self.blocked[0].place)} can "
                    f"never go up (nor the cards under it)")
        else:
            what = f"these {self.stuck_count} cards can never go up"
        out = wrap(f"why: {what}, so no play wins. {FACTS}", WIDTH, subsequent_indent="  ")
        if not self.one_card:
            for place, cards in self.stuck:
                out += wrap(f"{place}: {' '.join(map(str, cards))}", WIDTH,
                            initial_indent="  ", subsequent_indent="    ")
            out += wrap("The first of them to go up would have to be one of these, and none "
                        "can be:", WIDTH, initial_indent="  ", subsequent_indent="  ")
        for blocked in self.blocked:
            out += wrap(blocked.sentence(), WIDTH, initial_indent="  - ",
                        subsequent_indent="    ")
        return out

    def as_json(self) -> dict[str, Any]:
        return {"stuck": {place: [str(c) for c in cards] for place, cards in self.stuck},
                "blocked": [b.as_json() for b in self.blocked],
                "text": self.lines()}


@dataclass(frozen=True)
class Placed:
    """A stacked card and the copy of its rank it must go up as at the latest (`latest`
    reasons) or at the earliest, with the chain of cards in its stack that forces it, from
    the card outwards (each link one copy further from it), ending at a card the chain
    cannot push further (the last copy of its rank, or the first copy not yet up)."""

    place: str
    from_top: int
    chain: tuple[Link, ...]

    @property
    def link(self) -> Link:
        return self.chain[0]

    def as_json(self) -> dict[str, Any]:
        return {"place": self.place, "from_top": self.from_top, "card": str(self.link.card),
                "copy": self.link.copy,
                "chain": [{"card": str(link.card), "copy": link.copy} for link in self.chain]}


@dataclass(frozen=True)
class CopyReason:
    """A proof by the copy count (kernel.copy_test): more stacked cards of `rank` must go up
    as copies at most `bound` (`latest`) or at least `bound` than there are such copies
    left, with `up` cards of the rank up already and `copies` in the game."""

    rank: int
    latest: bool
    bound: int
    up: int
    copies: int
    cards: tuple[Placed, ...]

    @property
    def places(self) -> int:
        """How many copies of the rank are left for the cards (fewer than them)."""
        if self.latest:
            return max(0, self.bound - self.up)
        return self.copies - self.bound + 1

    def lines(self) -> list[str]:
        """The reason as indented text lines (for `frog solve`)."""
        word = rank_word(self.rank)
        plural = rank_word(self.rank, True)
        count = len(self.cards)
        who = f"{count} {plural} must each" if count > 1 else f"1 {word} must"
        if self.latest:
            span = f"{word} #1" if self.bound == 1 else f"{plural} #1-#{self.bound}"
            what = f"{who} go up as one of {span}"
            order = ("A stacked card goes up before every card under it, so it must be an "
                     "earlier copy of its rank than any card under it of the same or a lower "
                     "rank (the k-th card of a rank to go up needs k cards of every lower "
                     "rank up before it).")
            if self.up:
                what += f", and {self.up} of those {'is' if self.up == 1 else 'are'} up already"
        else:
            what = (f"{who} go up as {word} #{self.bound} or later, and the game has "
                    f"{self.copies}")
            order = ("A stacked card goes up after every card above it, so it must be a "
                     "later copy of its rank than any card above it of the same or a higher "
                     "rank (the k-th card of a rank to go up needs k cards of every lower "
                     "rank up before it).")
        places = "no place" if self.places == 0 else \
            f"only {self.places} place{'s' if self.places > 1 else ''}"
        out = wrap(f"why: {what}: {places} for {count} card{'s' if count > 1 else ''}, so "
                   f"no play wins. {order}", WIDTH, subsequent_indent="  ")
        for placed in self.cards:
            card = placed.link.card
            where = _where(placed.place)
            bound = "at the latest" if self.latest else "at the earliest"
            text = f"the {card} in {where}, {_ordinal(placed.from_top)} from the top: " \
                   f"{rank_word(card.rank)} #{placed.link.copy} {bound}"
            if len(placed.chain) > 1:
                side = "under" if self.latest else "above"
                text += f" ({side} it: {', '.join(map(str, placed.chain[1:]))})"
            out += wrap(text + ".", WIDTH, initial_indent="  - ", subsequent_indent="    ")
        return out

    def as_json(self) -> dict[str, Any]:
        return {"kind": "copies", "rank": rank_word(self.rank),
                "copies": "latest" if self.latest else "earliest", "bound": self.bound,
                "up": self.up, "cards": [placed.as_json() for placed in self.cards],
                "text": self.lines()}


def _where(place: str) -> str:
    """'the reserve', 'pile 2'."""
    return f"the {place}" if place == "reserve" else place


def _ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def loss_reason(deal: Deal) -> LossReason | CopyReason | None:
    """The counting argument's proof that `deal`'s position is lost, or None if it has none:
    the dead test's (a LossReason) or, when that says nothing, the copy test's
    (`copy_reason`).

    The position is the deal as given (a mid-game position is a deal too): nothing is
    played first.
    """
    copies = deal.rules.foundations
    ranks = deal.rules.ranks
    up = _up_counts(deal)
    stacks = _stacks(deal)
    earliest = [_earliest_copies(cards, up) for _, cards in stacks]
    stock_left = Counter(card.rank for card in deal.stock)
    can = list(up)  # per rank: the cards up now plus those collected (might go up)
    taken = [0] * len(stacks)  # cards collected from the top of each stack

    def reach(rank: int) -> int:
        """How many cards of every rank 1..rank might be up together (rank 0: copies)."""
        return min([copies] + can[1:rank + 1])

    changed = True
    while changed:
        changed = False
        for rank in range(1, ranks + 1):
            if stock_left[rank] and reach(rank - 1) > up[rank]:
                can[rank] += stock_left.pop(rank)
                changed = True
        for s, (_, cards) in enumerate(stacks):
            while taken[s] < len(cards):
                index = len(cards) - 1 - taken[s]
                if reach(cards[index].rank - 1) < earliest[s][index][0]:
                    break
                can[cards[index].rank] += 1
                taken[s] += 1
                changed = True
    if all(taken[s] == len(cards) for s, (_, cards) in enumerate(stacks)) and not stock_left:
        return copy_reason(deal)
    alone = _out_of_copies(stacks, earliest, copies)
    if alone is not None:  # one card whose own rank runs out is a reason on its own
        return alone

    def lowest_rank_below(rank: int) -> tuple[int, int]:
        """The lower rank with the fewest cards that might be up (the highest on a tie),
        and that number: fewer than a stuck card of `rank` needs."""
        lowest = min(can[1:rank])
        return max(t for t in range(1, rank) if can[t] == lowest), lowest

    blocked = []
    for s, (place, cards) in enumerate(stacks):
        index = len(cards) - 1 - taken[s]
        if index >= 0:
            blocked.append(_blocked(place, cards, earliest[s], index,
                                    *lowest_rank_below(cards[index].rank)))
    for rank in sorted(stock_left):
        cards = tuple(c for c in deal.stock if c.rank == rank)
        blocked.append(Blocked("stock", 0, cards, (), up[rank] + 1, *lowest_rank_below(rank)))
    stuck = [(place, tuple(cards[:len(cards) - taken[s]]))
             for s, (place, cards) in enumerate(stacks) if taken[s] < len(cards)]
    if stock_left:
        stuck.append(("stock", tuple(c for c in deal.stock if c.rank in stock_left)))
    return LossReason(tuple(stuck), tuple(blocked))


def copy_reason(deal: Deal) -> CopyReason | None:
    """The copy test's proof that `deal`'s position is lost (kernel.copy_test, re-derived
    here from the cards), or None when it has none.

    Each stacked card must go up as a copy of its rank at least `_earliest_copies` and at
    most `_latest_copies` gives; the copies of one rank all differ, so if more cards of a
    rank must be among its first b copies than the b - up of them still to go up, or among
    its copies a..F than there are, no play wins. The first such count, rank by rank (the
    latest copies first), is the reason; only its cards get their chains.
    """
    copies = deal.rules.foundations
    up = _up_counts(deal)
    # per rank: (copy, place, cards, bounds, index) for the latest and the earliest copies
    latest: dict[int, list] = {r: [] for r in range(1, deal.rules.ranks + 1)}
    earliest: dict[int, list] = {r: [] for r in range(1, deal.rules.ranks + 1)}
    for place, cards in _stacks(deal):
        for found, bounds in ((latest, _latest_copies(cards, copies)),
                              (earliest, _earliest_copies(cards, up))):
            for i, card in enumerate(cards):
                found[card.rank].append((bounds[i][0], place, cards, bounds, i))
    for rank in latest:
        for bound in range(1, copies + 1):
            early = [entry for entry in latest[rank] if entry[0] <= bound]
            if early and len(early) > bound - up[rank]:
                return CopyReason(rank, True, bound, up[rank], copies, _placed(early))
        for bound in range(copies + 1, up[rank], -1):
            late = [entry for entry in earliest[rank] if entry[0] >= bound]
            if late and len(late) > copies - bound + 1:
                return CopyReason(rank, False, bound, up[rank], copies, _placed(late))
    return None


def _latest_copies(cards: list[Card], copies: int) -> list[tuple[int, int | None]]:
    """For each card of a stack (bottom to top): the latest copy of its rank it can go up
    as, and the card under it that forces that (its index, or None: only the copies of its
    rank). The mirror of `_earliest_copies`: a card goes up before every card under it, so
    above a card x of the same or a lower rank it is an earlier copy than x is."""
    latest: list[tuple[int, int | None]] = [(0, None)] * len(cards)
    for i in range(len(cards)):
        rank = cards[i].rank
        best: tuple[int, int | None] = (copies, None)
        for j in range(i):  # from the bottom: ties keep the lower card
            if cards[j].rank <= rank and latest[j][0] - 1 < best[0]:
                best = (latest[j][0] - 1, j)
        latest[i] = best
    return latest


def _placed(entries: list) -> tuple[Placed, ...]:
    """`copy_reason`'s cards, each with its bound and the chain of cards that forces it
    (`_chain`, read from the card outwards)."""
    return tuple(Placed(place, len(cards) - index,
                        tuple(Link(cards[j], bounds[j][0])
                              for j in [index, *reversed(_chain(bounds, index))]))
                 for _, place, cards, bounds, index in entries)


def copy_slack(deal: Deal) -> int:
    """How many copies the tightest stacked card has to spare: the least, over the cards of
    the reserve and the waste piles, of its rank's copies less the earliest copy it can go up
    as (`_earliest_copies`). Negative: some card would need a copy its rank does not have, so
    the position is lost (`loss_reason` says why). 0: some card can only go up as the last
    copy of its rank. A position with no stacked card has the full number of copies.

    A measure of how tightly the stacks fix the order of play, not a proof of anything when
    it is 0 or more: benchmarks/reserve_slack.py counts the surveys' verdicts by it.
    """
    return min((spare for _, spare in _spare_copies(deal)), default=deal.rules.foundations)


def tightest_cards(deal: Deal) -> list[Card]:
    """The stacked cards with the fewest copies to spare (`copy_slack` of them), top of
    the reserve first, then pile by pile."""
    spares = _spare_copies(deal)
    least = min((spare for _, spare in spares), default=None)
    return [card for card, spare in spares if spare == least]


def _spare_copies(deal: Deal) -> list[tuple[Card, int]]:
    """Each stacked card (top of each stack first; the reserve, then the piles) with how
    many copies of its rank it has to spare."""
    copies = deal.rules.foundations
    up = _up_counts(deal)
    spares = []
    for _, cards in _stacks(deal):
        earliest = _earliest_copies(cards, up)
        spares += [(cards[i], copies - earliest[i][0]) for i in range(len(cards) - 1, -1, -1)]
    return spares


def _up_counts(deal: Deal) -> list[int]:
    """Per rank (from 1): the cards of it on the foundations; index 0 holds the copies of a
    rank, as the kernel's n[0] does."""
    return [deal.rules.foundations] + [sum(top.rank >= r for top in deal.foundations)
                                       for r in range(1, deal.rules.ranks + 1)]


def _stacks(deal: Deal) -> list[tuple[str, list[Card]]]:
    """The reserve and the waste piles by name, each bottom to top."""
    return [("reserve", list(deal.reserve))] + \
        [(f"pile {p + 1}", list(pile)) for p, pile in enumerate(deal.waste)]


def _out_of_copies(stacks: list[tuple[str, list[Card]]],
                   earliest: list[list[tuple[int, int | None]]], copies: int) -> LossReason | None:
    """The highest stacked card that would have to go up as a copy its rank does not have
    (a reason that needs no counting of other ranks), with the cards under it; or None."""
    found = [(len(cards) - i, s, i) for s, (_, cards) in enumerate(stacks)
             for i in range(len(cards)) if earliest[s][i][0] > copies]
    if not found:
        return None
    _, s, i = min(found)
    place, cards = stacks[s]
    return LossReason(((place, tuple(cards[:i + 1])),),
                      (_blocked(place, cards, earliest[s], i, 0, copies),))


def _blocked(place: str, cards: list[Card], earliest: list[tuple[int, int | None]],
             index: int, limit_rank: int, limit: int) -> Blocked:
    """The stacked card at `index` as a refuted candidate, with its chain."""
    chain = tuple(Link(cards[j], earliest[j][0]) for j in _chain(earliest, index))
    return Blocked(place, len(cards) - index, (cards[index],), chain, earliest[index][0],
                   limit_rank, limit)


def _earliest_copies(cards: list[Card], up: list[int]) -> list[tuple[int, int | None]]:
    """For each card of a stack (bottom to top): the earliest copy of its rank it can go up
    as, and the card above it that forces that (its index, or None: only the foundations).

    A card goes up after every card above it. Below a card y of the same rank it is a later
    copy than y; below a card y of a higher rank s too: just before y goes up as copy k of
    rank s, at least k cards of every lower rank are up, this card not among them.
    """
    earliest: list[tuple[int, int | None]] = [(0, None)] * len(cards)
    for i in range(len(cards) - 1, -1, -1):
        rank = cards[i].rank
        best: tuple[int, int | None] = (up[rank] + 1, None)
        for j in range(len(cards) - 1, i, -1):  # from the top: ties keep the higher card
            if cards[j].rank >= rank and earliest[j][0] + 1 > best[0]:
                best = (earliest[j][0] + 1, j)
        earliest[i] = best
    return earliest


def _chain(earliest: list[tuple[int, int | None]], index: int) -> list[int]:
    """The cards that force `index`'s copy number (`_earliest_copies`' cards above it or
    `_latest_copies`' cards under it), from the far end of the chain to the nearest."""
    chain = []
    above = earliest[index][1]
    while above is not None:
        chain.append(above)
        above = earliest[above][1]
    return chain[::-1]
