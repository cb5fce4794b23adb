"""The loss reason in words (solver/patience/loss_reason.py).

It is a second implementation of the search's dead-position test, so it is held to the
kernel's test on many positions, and every proof it gives is checked here from the cards by
a third, much simpler reading: the checker below only verifies what the proof claims.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest
from tests.conftest import seeded
from tests.patience.gen_games import play_randomly, random_game, random_stacked_game

from solver.answer import Limits, SolverBug
from solver.patience import decide, deal_from_number, variant_rules
from solver.patience import methods
from solver.patience.brute import brute_solve
from solver.patience.deal import Deal
from solver.patience.loss_reason import (CopyReason, Link, LossReason, copy_slack,
                                         loss_reason, tightest_cards)
from solver.patience.search import is_dead, kernel

#: The kernel's tests that loss_reason puts in words: all but the copy test's tight counts
#: ("hall"), whose proofs stay the search's.
WORDED = kernel.ALL_OPTIONS & ~kernel.OPT_HALL


def _stacks(deal: Deal) -> dict[str, list]:
    return {"reserve": list(deal.reserve),
            **{f"pile {p + 1}": list(pile) for p, pile in enumerate(deal.waste)}}


def check_proof(deal: Deal, reason: LossReason) -> None:
    """Verify the proof's every claim from the deal (fails with what is wrong).

    The stuck cards must be the bottom part of their stacks (or stock cards); every card
    that could be the first stuck card to go up must be refuted: the top stuck card of each
    stack and the stuck stock cards of each rank. A refutation's chain must run down the
    card's own stack through cards of the same or higher rank, each copy number at most
    one more than the one above it (or than the cards of its rank up now); and the copy the
    card needs must exceed the cards of its rank in the game, or the cards of the lower
    rank named that are not stuck.
    """
    copies = deal.rules.foundations
    up = [copies] + [sum(top.rank >= r for top in deal.foundations)
                     for r in range(1, deal.rules.ranks + 1)]
    stacks = _stacks(deal)
    stuck = dict(reason.stuck)
    for place, cards in stuck.items():
        if place == "stock":
            assert not Counter(cards) - Counter(deal.stock), cards
        else:
            assert list(cards) == stacks[place][:len(cards)], (place, cards)
    stuck_ranks = Counter(card.rank for cards in stuck.values() for card in cards)
    fronts = {place for place in stuck if place != "stock"}
    stock_ranks = {card.rank for card in stuck.get("stock", ())}
    for blocked in reason.blocked:
        rank = blocked.rank
        if blocked.place == "stock":
            assert blocked.cards == tuple(c for c in deal.stock if c.rank == rank)
            assert blocked.needs <= up[rank] + 1
            stock_ranks.discard(rank)
        else:
            cards = stacks[blocked.place]
            index = len(cards) - blocked.from_top
            assert blocked.cards == (cards[index],)
            assert len(stuck[blocked.place]) == index + 1, "not the top stuck card"
            fronts.discard(blocked.place)
            above, previous = len(cards), None
            links = blocked.chain + (Link(cards[index], blocked.needs),)
            for step, link in enumerate(links):
                # the chain's cards lie in this order down the stack, above the card
                lowest = index if step == len(links) - 1 else index + 1
                at = max(i for i in range(lowest, above) if cards[i] == link.card)
                bound = up[link.card.rank] + 1
                if previous is not None:
                    assert previous.card.rank >= link.card.rank, (previous, link)
                    bound = max(bound, previous.copy + 1)
                assert link.copy <= bound, (link, bound)
                above, previous = at, link
        if blocked.limit_rank == 0:
            assert blocked.needs > copies
        else:
            assert blocked.limit_rank < rank
            assert copies - stuck_ranks[blocked.limit_rank] <= blocked.limit < blocked.needs
    assert not fronts and not stock_ranks, f"unrefuted candidates: {fronts} {stock_ranks}"


def _positions(seed: int):
    """Small random games (many with deep reserves and stacked piles) and positions along
    random play of full `frog` deals with 2, 3 and 5 waste piles."""
    rng = seeded(seed, "loss reason")
    for _ in range(600):
        yield random_game(rng)
        yield random_stacked_game(rng)
    for piles in (2, 3, 5):
        rules = variant_rules("frog").with_overrides(waste_piles=piles)
        for number in range(1, 13):
            deal = deal_from_number(rules, number)
            for moves in range(10, 140, 10):
                yield play_randomly(rng, deal, moves)


def check_copy_proof(deal: Deal, reason: CopyReason) -> None:
    """Verify a copy-count proof's every claim from the deal: each card is where it is
    said to be; its chain runs through its own stack away from it (down for latest copies,
    up for earliest), each link's rank at most (at least) the next one's and its copy one
    less (more), the chain's end bounded by the copies of its rank alone; the card's copy
    is within the bound; and there are more such cards than copies left for them."""
    copies = deal.rules.foundations
    up = {r: sum(top.rank >= r for top in deal.foundations) for r in range(1, deal.rules.ranks + 1)}
    stacks = _stacks(deal)
    seen = set()
    for placed in reason.cards:
        cards = stacks[placed.place]
        index = len(cards) - placed.from_top
        assert cards[index] == placed.link.card and placed.link.card.rank == reason.rank
        assert (placed.place, index) not in seen
        seen.add((placed.place, index))
        at = index
        for link, further in zip(placed.chain, placed.chain[1:]):
            if reason.latest:
                at = max(i for i in range(at) if cards[i] == further.card)
                assert further.card.rank <= link.card.rank and link.copy == further.copy - 1
            else:
                at = min(i for i in range(at + 1, len(cards)) if cards[i] == further.card)
                assert further.card.rank >= link.card.rank and link.copy == further.copy + 1
        end = placed.chain[-1]
        assert end.copy == (copies if reason.latest else up[end.card.rank] + 1), end
        copy = placed.link.copy
        assert copy <= reason.bound if reason.latest else copy >= reason.bound
    left = reason.bound - up[reason.rank] if reason.latest else copies - reason.bound + 1
    assert len(reason.cards) > left and reason.places == max(0, left)


def test_agrees_with_the_kernel_and_every_proof_checks(seed: int) -> None:
    kinds = Counter()
    for deal in _positions(seed):
        reason = loss_reason(deal)
        assert (reason is not None) == is_dead(deal, WORDED), deal.to_text()
        if reason is None:
            continue
        assert reason.lines() and json.dumps(reason.as_json())
        if isinstance(reason, CopyReason):
            check_copy_proof(deal, reason)
            kinds["copies, latest" if reason.latest else "copies, earliest"] += 1
            continue
        check_proof(deal, reason)
        alone = reason.blocked[0].limit_rank == 0
        kinds["one card" if alone else "counting"] += 1
        kinds["stock"] += any(b.place == "stock" for b in reason.blocked)
        kinds["several"] += len(reason.blocked) > 1
    assert kinds["one card"] >= 100 and kinds["counting"] >= 40, kinds
    assert kinds["copies, latest"] >= 10, kinds
    assert kinds["stock"] >= 10 and kinds["several"] >= 30, kinds


def test_the_checker_rejects_broken_proofs(seed: int) -> None:
    """Each way a proof could be wrong is caught: a candidate left unrefuted, a chain
    missing a card, a limit too high, a stuck card that is not stuck; for a copy count, a
    card too few, a copy its chain does not force, a bound that leaves room."""
    deal = deal_from_number(variant_rules("frog"), 117)
    proof = loss_reason(deal)
    (blocked,) = proof.blocked
    broken = [replace(proof, blocked=()),
              replace(proof, blocked=(replace(blocked, chain=blocked.chain[1:]),)),
              replace(proof, blocked=(replace(blocked, needs=8),))]
    deal2, counting = next((d, r) for d in _positions(seed)
                           if isinstance(r := loss_reason(d), LossReason) and len(r.blocked) > 1)
    first = counting.blocked[0]
    broken2 = [replace(counting, blocked=counting.blocked[1:]),
               replace(counting, blocked=(replace(first, limit=first.needs),
                                          *counting.blocked[1:]))]
    deal3, copy = next((d, r) for d in _positions(seed)
                       if isinstance(r := loss_reason(d), CopyReason) and r.latest)
    placed = copy.cards[0]
    link = placed.chain[0]
    broken3 = [replace(copy, cards=copy.cards[1:]),
               replace(copy, cards=(replace(placed, chain=(replace(link, copy=link.copy - 1),
                                                           *placed.chain[1:])),
                                    *copy.cards[1:])),
               replace(copy, bound=copy.copies)]
    check_copy_proof(deal3, copy)
    for wrong in broken3:
        with pytest.raises(AssertionError):
            check_copy_proof(deal3, wrong)
    for wrong in broken:
        with pytest.raises(AssertionError):
            check_proof(deal, wrong)
    for wrong in broken2:
        with pytest.raises(AssertionError):
            check_proof(deal2, wrong)


def test_a_proved_loss_is_never_won(seed: int) -> None:
    """Against the unpruned brute force on small games with deep reserves."""
    rng = seeded(seed, "loss reason brute")
    decided = 0
    for _ in range(400):
        deal = random_stacked_game(rng)
        if loss_reason(deal) is None:
            continue
        verdict = brute_solve(deal, Limits(max_nodes=200_000)).verdict
        assert verdict != "winnable", deal.to_text()
        decided += verdict == "unwinnable"
    assert decided >= 25, decided


def test_frog_117_the_2_of_spades() -> None:
    """The chain checked by hand (see test_search.test_full_deal_lost_at_the_root)."""
    reason = loss_reason(deal_from_number(variant_rules("frog"), 117))
    (blocked,) = reason.blocked
    assert (str(blocked.cards[0]), blocked.place, blocked.from_top) == ("2S", "reserve", 12)
    assert [str(link) for link in blocked.chain] == [
        "KD King #1", "9S Nine #2", "8S Eight #3", "8S Eight #4", "7D Seven #5", "6D Six #6",
        "4D Four #7", "4S Four #8"]
    assert (blocked.needs, blocked.limit_rank, blocked.limit) == (9, 0, 8)
    assert "only 8 Twos" in " ".join(reason.lines())


def test_copy_slack_below_zero_exactly_when_one_card_runs_out_of_copies(seed: int) -> None:
    """A negative slack is the one-card proof (a stacked card needs a copy its rank does not
    have): the kernel's dead test agrees, and every one-card proof has a negative slack."""
    signs = Counter()
    for deal in _positions(seed):
        slack = copy_slack(deal)
        reason = loss_reason(deal)
        one_card = isinstance(reason, LossReason) and reason.blocked[0].limit_rank == 0
        assert (slack < 0) == one_card, deal.to_text()
        if slack < 0:
            assert is_dead(deal)
            assert slack <= deal.rules.foundations - reason.blocked[0].needs  # the top one
        signs["negative" if slack < 0 else "zero" if slack == 0 else "positive"] += 1
        stacked = Counter([*deal.reserve, *(card for pile in deal.waste for card in pile)])
        tight = Counter(tightest_cards(deal))
        assert (not tight) == (not stacked) and not tight - stacked
    assert min(signs.values()) >= 20, signs
    frog = variant_rules("frog")
    assert copy_slack(deal_from_number(frog, 117)) == 8 - 9  # the 2S would be Two #9
    assert [str(card) for card in tightest_cards(deal_from_number(frog, 117))] == ["2S"]
    assert copy_slack(deal_from_number(frog, 1)) >= 0


def test_won_deal_has_no_reason() -> None:
    assert loss_reason(deal_from_number(variant_rules("frog"), 1)) is None


def test_a_win_of_a_proved_loss_is_a_solver_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    """decide() refuses to report a win when the counting argument says lost."""
    lost = loss_reason(deal_from_number(variant_rules("frog"), 117))
    monkeypatch.setattr(methods, "loss_reason", lambda deal: lost)
    with pytest.raises(SolverBug, match="proves lost"):
        decide(deal_from_number(variant_rules("pysol-frog"), 3), limits=Limits(max_nodes=10**6))


def test_solve_prints_the_reason(frog, tmp_path) -> None:
    code, out, _ = frog("solve", "117", "--jobs", "1")
    assert code == 1
    assert "why: the 2S in the reserve can never go up" in out
    assert "4S Four #8, 2S Two #9 at the earliest; but there are only 8 Twos." in \
        " ".join(out.split())
    answer = json.loads(frog("solve", "117", "--json", "--jobs", "1")[1])
    assert answer["loss_reason"]["blocked"][0]["needs_copy"] == 9
    assert answer["loss_reason"]["stuck"] == {"reserve": ["5C", "2S"]}
    page = tmp_path / "lost.html"
    assert frog("solve", "117", "--jobs", "1", "--html", page)[0] == 1
    assert "2S Two #9 at the earliest" in page.read_text()
    won = json.loads(frog("solve", "1", "--variant", "pysol-frog", "--json", "--jobs", "1")[1])
    assert won["verdict"] == "winnable" and won["loss_reason"] is None


#: A lost game of frog deal 820412 as the default policy played it blind, after move 47.
AFTER_MOVE_47 = """\
variant: frog
foundations: 6C AH AD AS AS AH
reserve: 5D 5D JH KH 9S 5H 5S TC 6C QS 2S 8D KS
stock: 6D JH 8S JD KH 2H 7C 8H 4C 7S 6S 2D 4S JC 2S 5C 3H 2C AC 2D 9H 7D 2H TC 3C 7H 7S TD TH JS 8D JC TH 6S QS QD 3C 4D 9H QH 4H 7C AD KS 3S 5H
waste1: QC 6H 5S 4D 4H 3H 3S 3D
waste2: 8H 6D 6H TD 9D 7H 7D 4C
waste3: 9D 9C 8C 8S 8C
waste4: TS 9S 9C
waste5: JS JD QD TS QH KC KC KD QC KD
"""


def test_a_copy_count_proves_a_position_of_a_played_game_lost() -> None:
    """The position of docs/solver.md, The copy test (a lost blind game of frog deal 820412
    after move 47): the dead test says nothing, the copy count proves it lost, and the
    proof names the three Kings that must be among the first two."""
    from solver.patience.deal import parse_deal_text

    deal = parse_deal_text(AFTER_MOVE_47)
    reason = loss_reason(deal)
    assert isinstance(reason, CopyReason), reason
    check_copy_proof(deal, reason)
    assert (reason.rank, reason.latest, reason.bound, len(reason.cards)) == (13, True, 2, 3)
    assert "3 Kings must each go up as one of Kings #1-#2" in " ".join(reason.lines())
    assert {placed.place for placed in reason.cards} == {"reserve", "pile 5"}
