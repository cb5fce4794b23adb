"""The `Deal`: a layout to solve (a fresh deal or a position in play), and its sources.

A deal comes from a PySolFC game number, a whole deck order (`deck:`), a deal file or JSON
(docs/rules.md, Deal files). Every way in ends in `check_deal`, which refuses an inconsistent
layout with a message naming the line and the card.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from solver.excerpt import excerpt
from solver.patience.cards import Card, CardError, card_of_id, format_cards, parse_cards, rank_name
from solver.patience.rules import PARAMETER_NAMES, Rules, RulesError, variant_rules
from solver.shuffle import pysol_card_ids

#: Ace procedures that put Aces on the foundations, so that a reserve never holds one.
ACES_LEAVE_RESERVE = ("frog", "pysol", "fly", "dicks")


class DealError(ValueError):
    """An unreadable or inconsistent deal; the message names the line and the card."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line else message)


@dataclass(frozen=True)
class Deal:
    """A layout: foundation tops, the reserve (bottom to top), the stock (next card first)
    and the waste piles (each bottom to top). A foundation whose top is rank r holds A..r.

    From a deal number (docs/rules.md, Known deals):

    >>> from solver.patience.rules import variant_rules
    >>> deal = deal_from_number(variant_rules("pysol-frog"), 1)
    >>> deal.foundations, len(deal.reserve), len(deal.stock)
    ((Card(rank=1, suit='S'),), 13, 90)
    >>> str(deal.reserve[-1])  # the reserve's playable card
    '6H'

    From a deal file (a reduced game of one deck, ranks A-2), and back:

    >>> tiny = parse_deal("variant: plain-frog\\ndecks: 1\\nranks: 2\\nwaste-piles: 1\\n"
    ...                   "reserve-size: 1\\nreserve: 2S\\nstock: AC 2C AD 2D AH 2H AS\\n")
    >>> print(tiny.to_text("tiny"), end="")
    # tiny
    variant: plain-frog
    decks: 1
    ranks: 2
    waste-piles: 1
    reserve-size: 1
    foundations: -
    reserve: 2S
    stock: AC 2C AD 2D AH 2H AS
    >>> parse_deal(tiny.to_text()) == tiny
    True
    >>> parse_deal("variant: frog\\nreserve: 5X\\n")
    Traceback (most recent call last):
    ...
    solver.patience.deal.DealError: line 2: '5X' is not a card (ranks A 2-9 T J Q K, suits C D H S)
    """

    rules: Rules
    foundations: tuple[Card, ...] = ()
    reserve: tuple[Card, ...] = ()
    stock: tuple[Card, ...] = ()
    waste: tuple[tuple[Card, ...], ...] = ()
    #: Where each field came from in a deal file (for error messages); not part of equality.
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.waste) < self.rules.waste_piles:
            padding = ((),) * (self.rules.waste_piles - len(self.waste))
            object.__setattr__(self, "waste", tuple(self.waste) + padding)

    def to_text(self, title: str | None = None) -> str:
        """The deal-file form of docs/rules.md; waste lines only for non-empty piles."""
        out = [f"# {title}"] if title else []
        out.append(f"variant: {self.rules.variant}")
        out += [f"{key}: {value}" for key, value in self.rules.differences().items()]
        out.append(f"foundations: {format_cards(self.foundations)}")
        out.append(f"reserve: {format_cards(self.reserve)}")
        out.append(f"stock: {format_cards(self.stock)}")
        out += [f"waste{i + 1}: {format_cards(pile)}" for i, pile in enumerate(self.waste) if pile]
        return "\n".join(out) + "\n"

    def to_json(self) -> dict[str, object]:
        """The same keys as the deal file, every rule parameter included."""
        data: dict[str, object] = {"variant": self.rules.variant}
        data.update(self.rules.parameters())
        data["foundations"] = [str(card) for card in self.foundations]
        data["reserve"] = [str(card) for card in self.reserve]
        data["stock"] = [str(card) for card in self.stock]
        for i, pile in enumerate(self.waste):
            data[f"waste{i + 1}"] = [str(card) for card in pile]
        return data


# ---------------------------------------------------------------- deal procedures

def deal_from_deck(rules: Rules, deck: list[Card], fetch_index: int | None = None) -> Deal:
    """Run the variant's deal procedure on a deck order (top card first).

    `fetch_index` is the position of the Ace that `aces: frog` takes out when no Ace was met
    (docs/rules.md, Deal procedures); by default the Ace of clubs nearest the top.
    """
    cards = list(deck)
    foundations: list[Card] = []
    reserve: list[Card] = []
    if rules.aces == "fly":
        foundations = [card for card in cards if card.rank == 1]
        rest = [card for card in cards if card.rank != 1]
        reserve, stock = rest[:rules.reserve_size], rest[rules.reserve_size:]
    elif rules.aces in ("frog", "pysol"):
        position = 0
        while position < len(cards) and len(reserve) < rules.reserve_size:
            card = cards[position]
            (foundations if card.rank == 1 else reserve).append(card)
            position += 1
        stock = cards[position:]
        if rules.aces == "frog" and not foundations:
            if fetch_index is None:
                fetch_index = next((i for i, card in enumerate(cards) if card == Card(1, "C")),
                                   None)
            if fetch_index is not None and fetch_index >= position:
                foundations = [cards[fetch_index]]
                del stock[fetch_index - position]
    elif rules.aces == "dicks":
        counted = cards[:rules.reserve_size]
        foundations = [card for card in counted if card.rank == 1]
        reserve = [card for card in counted if card.rank != 1]
        stock = cards[rules.reserve_size:]
    else:  # "stay"
        reserve, stock = cards[:rules.reserve_size], cards[rules.reserve_size:]
    return Deal(rules, tuple(foundations), tuple(reserve), tuple(stock))


def deal_from_number(rules: Rules, number: int) -> Deal:
    """The layout of deal `number`: PySolFC's shuffle, then the variant's procedure."""
    ids = pysol_card_ids(number, rules.decks, rules.ranks)
    deck = [card_of_id(card_id, rules.ranks) for card_id in ids]
    return deal_from_deck(rules, deck, fetch_index=ids.index(0))


# ---------------------------------------------------------------- checking

def check_deal(deal: Deal) -> None:
    """Refuse a layout that is not a position of this game (docs/rules.md, Deal files)."""
    rules, lines = deal.rules, deal.lines
    if len(deal.waste) > rules.waste_piles:
        raise DealError(f"{len(deal.waste)} waste piles given but the game has "
                        f"{rules.waste_piles}", lines.get(f"waste{len(deal.waste)}"))
    placed: list[tuple[str, Card]] = [("foundations", card) for card in deal.foundations]
    placed += [("reserve", card) for card in deal.reserve]
    placed += [("stock", card) for card in deal.stock]
    for i, pile in enumerate(deal.waste):
        placed += [(f"waste{i + 1}", card) for card in pile]
    seen: Counter[Card] = Counter()
    for key, card in placed:
        if card.rank > rules.ranks:
            raise DealError(f"{card} is above the highest rank {rank_name(rules.ranks)}",
                            lines.get(key))
        seen[card] += 1
        if seen[card] > rules.decks:
            raise DealError(f"extra {card}: it appears more than {rules.decks} time(s)",
                            lines.get(key))
    if len(deal.foundations) > rules.foundations:
        raise DealError(f"{len(deal.foundations)} foundations given but the game has "
                        f"{rules.foundations}", lines.get("foundations"))
    _check_rank_counts(deal, seen)
    _check_reserve_against_variant(deal)


def _check_rank_counts(deal: Deal, explicit: Counter[Card]) -> None:
    """Each rank must number 4 x decks: loose cards plus the foundations holding that rank."""
    rules = deal.rules
    expected = 4 * rules.decks
    for rank in range(1, rules.ranks + 1):
        loose = sum(1 for pile in (deal.reserve, deal.stock, *deal.waste)
                    for card in pile if card.rank == rank)
        on_foundations = sum(1 for top in deal.foundations if top.rank >= rank)
        total = loose + on_foundations
        if total < expected:
            candidates = [str(Card(rank, suit)) for suit in "CDHS"
                          if explicit[Card(rank, suit)] < rules.decks]
            raise DealError(f"missing card(s) of rank {rank_name(rank)}: {total} of {expected} "
                            f"present; missing {expected - total} of {' '.join(candidates)}")
        if total > expected:
            raise DealError(f"too many cards of rank {rank_name(rank)}: {total} counting the "
                            f"foundations (a foundation topped by rank r holds one card of each "
                            f"rank A..r), {expected} expected", deal.lines.get("foundations"))


def _check_reserve_against_variant(deal: Deal) -> None:
    """An explicit reserve is never longer than the procedure deals and holds no Ace where
    the Ace procedure takes Aces out; a shorter one is a position in play, whose missing
    cards are on the foundations (docs/rules.md, Checking a deal)."""
    rules, line = deal.rules, deal.lines.get("reserve")
    if rules.aces in ACES_LEAVE_RESERVE:
        ace = next((card for card in deal.reserve if card.rank == 1), None)
        if ace is not None:
            raise DealError(f"{ace} in the reserve, but with aces: {rules.aces} Aces never "
                            f"stay in the reserve", line)
    if len(deal.reserve) > rules.reserve_size:
        raise DealError(f"the reserve holds {len(deal.reserve)} cards, more than "
                        f"reserve-size {rules.reserve_size}", line)
    missing = reserve_gone_up(deal)
    up = sum(top.rank for top in deal.foundations)
    if missing > up:
        raise DealError(f"the reserve holds {len(deal.reserve)} cards under reserve-size "
                        f"{rules.reserve_size}: the {missing} missing cards must have gone up, but "
                        f"the foundations hold {up} card{'s' * (up != 1)}", line)


def reserve_gone_up(deal: Deal) -> int:
    """How many cards have left the reserve for the foundations (`frog show` says it): the
    deal procedures fill
    the reserve to `reserve-size` (or deal the whole deck), putting up only the Aces they
    take out, and a reserve card can only go up; so a reserve shorter than that is a
    position in play, and its foundations hold at least the missing cards.

    >>> reserve_gone_up(deal_from_number(variant_rules("frog"), 1))
    0
    """
    rules = deal.rules
    return max(0, min(rules.reserve_size, rules.card_count) - len(deal.reserve))


# ---------------------------------------------------------------- deal files and JSON

_RULE_FIELDS = {name: attribute for attribute, name in PARAMETER_NAMES.items()}
_INTEGER_FIELDS = ("decks", "ranks", "waste-piles", "reserve-size")
_LAYOUT_FIELDS = ("foundations", "reserve", "stock")


def parse_deal_text(text: str, default_variant: str = "frog",
                    overrides: dict[str, object] | None = None) -> Deal:
    """Read a deal file (docs/rules.md, Deal files); `overrides` (rule attribute -> value) win
    over its lines."""
    values: dict[str, str] = {}
    lines: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        content = raw.split("#", 1)[0].strip()
        if not content:
            continue
        key, colon, value = content.partition(":")
        key = key.strip().lower()
        if not colon:
            raise DealError(f"expected 'key: value', found {excerpt(content)}", number)
        if key in values:
            raise DealError(f"{excerpt(key)} given twice (first on line {lines[key]})", number)
        values[key], lines[key] = value.strip(), number
    return _deal_from_fields(values, lines, default_variant, overrides)


def parse_deal_json(data: object, default_variant: str = "frog",
                    overrides: dict[str, object] | None = None) -> Deal:
    """Read the JSON form (the deal file's keys; card lists as arrays of names)."""
    if not isinstance(data, dict):
        raise DealError("a JSON deal must be an object with keys such as variant, reserve, stock")
    values: dict[str, str] = {}
    for key, value in data.items():
        if isinstance(value, list):
            value = " ".join(str(item) for item in value) if value else "-"
        values[str(key).lower()] = str(value)
    return _deal_from_fields(values, {}, default_variant, overrides)


def parse_deal(text: str, default_variant: str = "frog",
               overrides: dict[str, object] | None = None) -> Deal:
    """A deal file in either form: JSON when it starts with '{', else the text form."""
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DealError(f"invalid JSON: {exc.msg}", exc.lineno) from None
        except RecursionError:
            raise DealError("invalid JSON: nested too deeply") from None
        return parse_deal_json(data, default_variant, overrides)
    return parse_deal_text(text, default_variant, overrides)


def _deal_from_fields(values: dict[str, str], lines: dict[str, int], default_variant: str,
                      overrides: dict[str, object] | None) -> Deal:
    rules = _rules_from_fields(values, lines, default_variant, overrides)
    known = {"variant", "deck", *_RULE_FIELDS, *_LAYOUT_FIELDS}
    waste_keys = {f"waste{i}" for i in range(1, 17)}
    for key in values:
        if key not in known and key not in waste_keys:
            raise DealError(f"unknown field {excerpt(key)} (fields: variant, {', '.join(_RULE_FIELDS)}, "
                            f"foundations, reserve, stock, waste1..wasteN, deck)", lines.get(key))

    def cards(key: str) -> tuple[Card, ...]:
        try:
            return tuple(parse_cards(values.get(key, "-")))
        except CardError as exc:
            raise DealError(str(exc), lines.get(key)) from None

    if "deck" in values:
        clash = [key for key in values if key in _LAYOUT_FIELDS or key in waste_keys]
        if clash:
            raise DealError(f"'deck' cannot be combined with '{clash[0]}'", lines.get(clash[0]))
        deck = cards("deck")
        check_deal(Deal(rules.with_overrides(reserve_size=0), stock=deck,
                        lines={"stock": lines.get("deck", 0)}))
        return deal_from_deck(rules, list(deck))
    waste_numbers = sorted(int(key[5:]) for key in values if key in waste_keys)
    if waste_numbers and waste_numbers[-1] > rules.waste_piles:
        key = f"waste{waste_numbers[-1]}"
        raise DealError(f"'{key}' but the game has {rules.waste_piles} waste piles", lines.get(key))
    waste = tuple(cards(f"waste{i}") for i in range(1, rules.waste_piles + 1))
    deal = Deal(rules, cards("foundations"), cards("reserve"), cards("stock"), waste, lines=lines)
    check_deal(deal)
    return deal


def _rules_from_fields(values: dict[str, str], lines: dict[str, int], default_variant: str,
                       overrides: dict[str, object] | None) -> Rules:
    overrides = dict(overrides or {})
    named = overrides.pop("variant", None) or values.get("variant") or default_variant
    variant = str(named).lower()
    try:
        rules = variant_rules(variant)
    except RulesError as exc:
        raise DealError(str(exc), lines.get("variant")) from None
    given: dict[str, object] = {}
    for name, attribute in _RULE_FIELDS.items():
        if name not in values:
            continue
        text = values[name]
        if name in _INTEGER_FIELDS:
            try:
                given[attribute] = int(text)
            except ValueError:
                raise DealError(f"{name} must be a whole number, not {excerpt(text)}",
                                lines.get(name)) from None
        else:
            given[attribute] = text.lower()
    try:
        rules = rules.with_overrides(**given)
    except RulesError as exc:
        name = next((name for name in _RULE_FIELDS if str(exc).startswith(name)), "")
        raise DealError(str(exc), lines.get(name)) from None
    try:
        return rules.with_overrides(**overrides)
    except RulesError as exc:
        raise DealError(str(exc)) from None

