"""solver/patience/engine.py, the reference rules engine (docs/rules.md, Moves): legal moves,
every illegal move refused with its reason, card conservation under random play, win and loss,
replay."""
import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from solver.patience.cards import Card, parse_cards
from solver.patience.deal import Deal, deal_from_deck, deal_from_number
from solver.patience import (
    IllegalMove, Move, MoveListError, Position, parse_move_list, replay)
from solver.patience.engine import play_leniently
from solver.patience.line import FOUNDATION
from solver.patience.rules import ACE_PROCEDURES, variant_rules
from tests.conftest import seeded
from tests.patience.gen_games import play_randomly, winning_lines


def cards(text):
    return tuple(parse_cards(text))


def move(text, waste_piles=5):
    return Move.parse(text, waste_piles)


def tiny(stock, waste_piles=1, ranks=2, stock_play="forced", reserve=""):
    """A one-deck game of A..ranks with no reserve procedure: the layout as given."""
    rules = variant_rules("plain-frog").with_overrides(
        decks=1, ranks=ranks, waste_piles=waste_piles, reserve_size=4, stock_play=stock_play)
    return Deal(rules, (), cards(reserve), cards(stock))


def refusal(position, text, waste_piles=5):
    with pytest.raises(IllegalMove) as info:
        position.play(move(text, waste_piles))
    return str(info.value)


FROG1 = deal_from_number(variant_rules("pysol-frog"), 1)  # AS up; reserve top 6H; stock TC 8D ...
START = Position.start(FROG1)


# ------------------------------------------------------------ the start and its legal moves

def test_start_position_has_one_slot_per_foundation():
    assert START.foundations == (1, 0, 0, 0, 0, 0, 0, 0)
    assert START.top("reserve") == Card(6, "H") and START.top("stock") == Card(10, "C")
    assert START.top("w1") is None
    assert START.cards_left() == 103


def test_legal_moves_at_the_start_of_pysol_frog_1_are_tc_to_each_waste_pile():
    assert START.legal_moves() == [move(f"TC stock w{i}") for i in range(1, 6)]


def test_an_ace_fits_an_empty_foundation_and_a_card_fits_on_the_rank_below():
    position = Position.start(tiny("AC 2C AD 2D AH 2H AS 2S"))
    assert position.fits(Card(1, "S")) and not position.fits(Card(2, "S"))
    after = position.play(move("AC stock foundation", 1))
    assert after.fits(Card(2, "D")) and after.fits(Card(1, "D"))


# ------------------------------------------------------------ every illegal move, with its reason

def test_wrong_card_on_top_is_refused_naming_the_card_shown():
    assert refusal(START, "8D stock w1") == "stock shows TC, not 8D"
    assert refusal(START, "6C reserve foundation") == "reserve shows 6H, not 6C"


def test_same_rank_other_suit_is_still_the_wrong_card():
    after = START.play(move("TC stock w2"))
    assert refusal(after, "TS w2 foundation") == "w2 shows TC, not TS"


def test_empty_source_is_refused():
    assert refusal(START, "TC w3 foundation") == "waste pile 3 is empty"
    empty_reserve = Position.start(tiny("AC 2C AD 2D AH 2H AS 2S"))
    assert refusal(empty_reserve, "AC reserve foundation", 1) == "the reserve is empty"


def test_card_that_does_not_fit_is_refused_naming_the_foundation_it_needs():
    assert refusal(START, "6H reserve foundation") == "6H does not fit: no foundation shows 5"
    assert refusal(START, "TC stock foundation") == "TC does not fit: no foundation shows 9"


def test_ace_without_an_empty_foundation_does_not_fit():
    rules = variant_rules("plain-frog").with_overrides(decks=1, ranks=2, waste_piles=1,
                                                       reserve_size=4)
    # built by hand, as an engine state: all four foundations started, an Ace loose
    position = Position(rules, (1, 1, 1, 1), (), cards("AC"), ((),))
    assert "AC does not fit: no empty foundation" == refusal(position, "AC stock foundation", 1)


def test_only_the_turned_stock_card_may_go_to_a_waste_pile():
    assert refusal(START, "6H reserve w1") == (
        "only the card turned from the stock may go to a waste pile, 6H comes from the reserve")
    after = START.play(move("TC stock w1"))
    assert refusal(after, "TC w1 w2") == (
        "only the card turned from the stock may go to a waste pile, TC comes from waste pile 1")
    assert refusal(after, "TC w1 w1").startswith("only the card turned from the stock")


def test_forced_stock_play_refuses_a_fitting_card_on_a_waste_pile():
    position = Position.start(tiny("AC 2C AD 2D AH 2H AS 2S", stock_play="forced"))
    assert refusal(position, "AC stock w1", 1) == (
        "AC fits a foundation and stock-play is forced: it must go there")
    assert position.legal_moves() == [move("AC stock foundation", 1)]


def test_optional_stock_play_lets_a_fitting_card_wait_on_a_waste_pile():
    position = Position.start(tiny("AC 2C AD 2D AH 2H AS 2S", stock_play="optional"))
    assert position.legal_moves() == [move("AC stock foundation", 1), move("AC stock w1", 1)]
    assert position.play(move("AC stock w1", 1)).waste == (cards("AC"),)


def test_forced_play_does_not_oblige_reserve_or_waste_cards():
    deal = tiny("AD 2D AH 2H AS 2S", reserve="2C AC", stock_play="forced")
    position = Position.start(deal)
    # the stock's AD fits too, but moving the reserve's AC first is still allowed
    assert set(position.legal_moves()) == {move("AC reserve foundation", 1),
                                           move("AD stock foundation", 1)}


def test_a_refused_move_leaves_the_position_unchanged():
    before = START
    with pytest.raises(IllegalMove):
        START.play(move("8D stock w1"))
    assert START == before and START.cards_left() == 103


# ------------------------------------------------------------ applying moves

def test_playing_moves_updates_the_right_piles():
    position = START.play(move("TC stock w1")).play(move("8D stock w1"))
    assert position.waste[0] == cards("TC 8D") and position.top("w1") == Card(8, "D")
    assert position.stock[:2] == cards("4C JS") and position.cards_left() == 103
    deal = tiny("AD 2D AH 2H AS 2S", reserve="2C AC")
    position = Position.start(deal).play(move("AC reserve foundation", 1))
    position = position.play(move("2C reserve foundation", 1))
    assert position.foundations == (2, 0, 0, 0) and position.reserve == ()


# ------------------------------------------------------------ win and loss

def test_a_tiny_game_played_straight_up_is_won():
    deal = tiny("AC 2C AD 2D AH 2H AS 2S")
    moves = [move(f"{card} stock foundation", 1) for card in deal.stock]
    result = replay(deal, moves)
    assert result.valid and result.won and result.moves_played == 8
    assert result.position.is_won() and not result.position.is_lost()
    assert result.position.foundations == (2, 2, 2, 2) and result.position.cards_left() == 0


def test_a_tiny_game_with_twos_buried_under_threes_is_lost():
    deal = tiny("2C 3C 2D 3D 2H 3H 2S 3S AC AD AH AS", ranks=3)
    position = Position.start(deal)
    while position.legal_moves():
        position = position.play(position.legal_moves()[0])
    assert position.stock == () and position.waste == (cards("2C 3C 2D 3D 2H 3H 2S 3S"),)
    assert position.is_lost() and not position.is_won()
    assert position.foundations == (1, 1, 1, 1)


def test_a_won_line_found_by_search_replays_as_won():
    deal = tiny("2C AC 3C 2D AD 3D AH 2H 3H AS 3S 2S", waste_piles=2, ranks=3)
    line = _find_win(Position.start(deal), [])
    assert line is not None
    result = replay(deal, line)
    assert result.valid and result.won and result.moves_played == len(line)
    assert sum(1 for m in line if m.target == "foundation") == 12


def _find_win(position, line):
    if position.is_won():
        return line
    for candidate in position.legal_moves():
        found = _find_win(position.play(candidate), line + [candidate])
        if found:
            return found
    return None


def test_valid_but_unfinished_move_list_is_not_won():
    result = replay(FROG1, [move("TC stock w1")])
    assert result.valid and not result.won and result.moves_played == 1


# ------------------------------------------------------------ move lists and replay

def test_move_text_and_description():
    m = move("tc STOCK W1")
    assert m == Move(Card(10, "C"), "stock", "w1")
    assert str(m) == "TC stock w1"
    assert m.describe() == "TC from the stock to waste pile 1"
    assert move("6H reserve foundation").describe() == "6H from the reserve to a foundation"


def test_move_list_skips_comments_and_blank_lines_keeping_line_numbers():
    text = "# a comment\nTC stock w1\n\n8D stock w1   # second\n"
    assert parse_move_list(text, 5) == [(2, move("TC stock w1")), (4, move("8D stock w1"))]


@pytest.mark.parametrize("line, words", [
    ("TC stock", "expected 'CARD SOURCE TARGET'"), ("TC stock w1 w2", "expected"),
    ("TX stock w1", "'TX' is not a card"), ("TC deck w1", "unknown source 'deck'"),
    ("TC stock w6", "unknown target 'w6' (foundation or w1..w5)"),
    ("TC stock reserve", "unknown target 'reserve'"), ("TC foundation w1", "unknown source"),
])
def test_unreadable_move_line_is_refused_with_its_line_number(line, words):
    with pytest.raises(MoveListError) as info:
        parse_move_list(f"TC stock w1\n{line}\n", 5)
    assert info.value.line == 2 and str(info.value).startswith("line 2: ") and words in str(info.value)


def test_game_without_waste_piles_says_so():
    with pytest.raises(MoveListError, match="no waste piles in this game"):
        parse_move_list("AC stock w1", 0)


def test_replay_names_the_first_illegal_line_and_stops_there():
    text = "TC stock w1\n# comment\n8D stock w1\n4C stock foundation\nJS stock w2\n"
    numbered = parse_move_list(text, 5)
    result = replay(FROG1, [m for _, m in numbered], [n for n, _ in numbered])
    assert not result.valid and not result.won
    assert result.illegal_line == 4 and result.moves_played == 2
    assert result.reason == "4C stock foundation: 4C does not fit: no foundation shows 3"
    assert result.position == START.play(move("TC stock w1")).play(move("8D stock w1"))


def test_replay_without_line_numbers_counts_moves_from_one():
    result = replay(FROG1, [move("TC stock w1"), move("TC stock w1")])
    assert result.illegal_line == 2 and result.reason == "TC stock w1: stock shows 8D, not TC"


# ------------------------------------------------------------ property: random play

@st.composite
def games(draw):
    decks, ranks = draw(st.integers(1, 2)), draw(st.integers(1, 4))
    rules = variant_rules("frog").with_overrides(
        decks=decks, ranks=ranks, waste_piles=draw(st.integers(0, 3)),
        reserve_size=draw(st.integers(0, 4 * decks * ranks // 2)),
        aces=draw(st.sampled_from(ACE_PROCEDURES)),
        stock_play=draw(st.sampled_from(["forced", "optional"])))
    deck = [Card(r, s) for _ in range(decks) for r in range(1, ranks + 1) for s in "CDHS"]
    random.Random(draw(st.integers(0, 2**32))).shuffle(deck)
    return deal_from_deck(rules, deck)


def expected_legal(position):
    """docs/rules.md, Moves, restated: rule 1 from the reserve and each waste pile, rule 2 for the
    turned stock card."""
    rules, tops = position.rules, position.foundations
    fits = lambda card: (card.rank == 1 and 0 in tops) or (card.rank - 1 in tops and card.rank > 1)
    piles = [f"w{i}" for i in range(1, rules.waste_piles + 1)]
    legal = set()
    for source in ["reserve", *piles]:
        pile = position.reserve if source == "reserve" else position.waste[int(source[1:]) - 1]
        if pile and fits(pile[-1]):
            legal.add(Move(pile[-1], source, "foundation"))
    if position.stock:
        card = position.stock[0]
        if fits(card):
            legal.add(Move(card, "stock", "foundation"))
        if not (fits(card) and rules.stock_play == "forced"):
            legal |= {Move(card, "stock", pile) for pile in piles}
    return legal


def loose(position):
    return Counter(position.reserve + position.stock + sum(position.waste, ()))


@settings(max_examples=120, deadline=None)
@given(games(), st.randoms(use_true_random=False))
def test_random_play_conserves_cards_and_refuses_exactly_the_illegal_moves(deal, rng):
    rules = deal.rules
    all_cards = sorted({Card(r, s) for r in range(1, rules.ranks + 1) for s in "CDHS"})
    sources = ["stock", "reserve", *(f"w{i}" for i in range(1, rules.waste_piles + 1))]
    targets = ["foundation", *(f"w{i}" for i in range(1, rules.waste_piles + 1))]
    position = Position.start(deal)
    remaining = loose(position)
    while True:
        legal = position.legal_moves()
        assert set(legal) == expected_legal(position) and len(set(legal)) == len(legal)
        for candidate in legal:
            position.play(candidate)  # every listed move is accepted
        for source in sources:
            top = position.top(source)
            for card in {top, rng.choice(all_cards)} - {None}:
                for target in targets:
                    candidate = Move(card, source, target)
                    try:
                        position.play(candidate)
                        assert candidate in legal
                    except IllegalMove:
                        assert candidate not in legal
        # conservation: every rank numbers 4 x decks, loose cards only ever leave
        for rank in range(1, rules.ranks + 1):
            on_foundations = sum(1 for top in position.foundations if top >= rank)
            loose_rank = sum(n for card, n in loose(position).items() if card.rank == rank)
            assert loose_rank + on_foundations == 4 * rules.decks
        assert sum(position.foundations) + position.cards_left() == rules.card_count
        assert loose(position) == remaining
        if not legal:
            assert position.is_won() == (position.cards_left() == 0)
            assert position.is_lost() != position.is_won()
            break
        chosen = rng.choice(legal)
        after = position.play(chosen)
        assert all(new >= old for new, old in zip(after.foundations, position.foundations))
        if chosen.target == "foundation":
            remaining -= Counter([chosen.card])
        if chosen.source == "stock":
            assert after.stock == position.stock[1:]
        position = after


def test_pile_names_and_indexes_are_each_other_s_inverse():
    """Every module that turns a move list's 'wN' into a pile index goes through these."""
    from solver.patience.line import pile_index, pile_name, pile_names

    assert pile_names(3) == ["w1", "w2", "w3"]
    assert [pile_index(name) for name in pile_names(12)] == list(range(12))
    assert pile_name(pile_index("w10")) == "w10"
    for place in ("stock", "reserve", "foundation", "w0", "w", "wx"):
        with pytest.raises(ValueError, match="names no waste pile"):
            pile_index(place)


def test_a_line_played_leniently_is_legal_and_a_legal_line_is_played_as_it_is(seed):
    """play_leniently: from its own position a winning line is played move for move; from a
    position a few random moves later, what it plays is a legal line (the engine replays it)
    that puts every card it turns onto a pile where the line puts it."""
    rng = seeded(seed, "lenient")
    for deal, line in winning_lines(rng, 40):
        assert play_leniently(deal, line) == line
        later = play_randomly(rng, deal, rng.randint(1, 4))
        played = play_leniently(later, line)
        assert replay(later, played).valid
        assert all(move in line or move.target == FOUNDATION for move in played)
