"""A CP-SAT (OR-Tools) model of "is this deal winnable", an independent second opinion.

The model describes a whole winning game as one timeline and asks CP-SAT whether such a
timeline exists. `infeasible` is therefore a proof that no winning line exists; a solution is
turned into a move list (docs/rules.md, Move lists), which is replayed through the reference
engine before it is returned.

Events and variables
--------------------
Let U be the N loose cards (reserve, stock, waste piles; cards already on the foundations are
not modelled) and s_0 .. s_{S-1} the stock, next card first. A won game is a sequence of N + S
events: S *turns* (stock card s_i is turned and placed) and N *ups* (a card reaches a
foundation). Every event gets a distinct time in 0 .. N+S-1:

- `theta[i]`: the time s_i is turned (the engine's move `s_i stock X`);
- `tau[x]`: the time card x goes up;
- `AllDifferent(tau + theta)`: one event at a time, so the times are a permutation;
- `straight[i]`, `on[i][p]` (booleans): s_i goes straight to a foundation, or onto waste pile p;
- `before(x, y)` (booleans, created for the pairs that need them) <=> tau[x] < tau[y];
- `gone(x, i)` (booleans) <=> tau[x] < theta[i]: x is up when s_i is turned.

Constraints, and why each is exactly the rule
---------------------------------------------
1. Stock order (one pass): theta[0] < theta[1] < ... ; a stock card goes up after it is
   turned: tau[s_i] > theta[i].
2. Reserve and the cards a waste pile holds at the start: only the top card is available, and
   nothing is ever put back on the reserve or under a pile's first cards, so they go up top
   first: a chain of strict inequalities on tau.
3. Foundations (docs/rules.md, Moves, rule 1): foundations are interchangeable, so the
   foundation state is n[r], the number of foundations showing rank r or higher, and a
   rank-r card fits iff n[r-1] > n[r] (n[0] = the number of foundations). Each rank-k card
   going up adds one to n[k] whichever foundation it lands on, so at the time card c of
   rank r >= 2 goes up,
       n[r-1] = a[r-1] + #{e of rank r-1 : before(e, c)},
       n[r]   = a[r]   + #{d != c of rank r : before(d, c)},
   where a[k] counts the foundations whose top at the start is k or higher. The constraint
   a[r-1] + sum before(e, c) >= a[r] + sum before(d, c) + 1 is then exactly "c fits when it
   goes up". (Equivalently: the k-th card of rank r to go up follows the (k + a[r] - a[r-1])-th
   of rank r-1.) An Ace always fits: there are exactly as many Aces as foundations, so while
   an Ace is loose some foundation is empty.
4. Placing the turned card: exactly one of straight[i], on[i][1..W]. straight[i] forces
   tau[s_i] = theta[i] + 1 (nothing happens between the turn and the card going up: that is
   the engine's single move `s_i stock foundation`). on[i][p] forces tau[s_i] >= theta[i] + 2:
   a card put on a pile and taken off before any other event is the same line as going
   straight up, so that duplicate is removed (under the forced rule it is impossible anyway:
   the card did not fit at the turn, and nothing has changed since).
5. Waste piles are stacks (last in, first out): for cards x placed on pile p before card y
   (x a starting card of p, or x = s_i and y = s_j with i < j), either x is gone before y
   arrives, gone(x, j), or y leaves first, before(y, x). Pairwise, this is exactly the stack
   rule: x is on top when it leaves iff every card put on it later has left already. Nothing
   else is ever put on a pile (only the turned card may go to a pile) and a pile card may
   only go up, which the foundations constraint covers.
6. Forced stock play: a turned card that fits must go up at once. At the turn of s_i (rank r)
   the foundation counts are those of the ups before theta[i], so "fits at the turn" is
   a[r-1] + sum gone(e, i) > a[r] + sum gone(d, i) over e of rank r-1 and d of rank r.
   The model requires straight[i] <=> fits at the turn: <= because the rule forces the card
   up; => is implied by constraint 3 (nothing changes between theta[i] and theta[i] + 1) and is
   stated anyway to help propagation. Turned Aces always go straight up. Under optional
   stock play there is no such constraint: the card goes straight up or on any pile.

Every winning line of the engine gives a solution (number its moves, a `stock -> foundation`
move counting as a turn immediately followed by an up) and every solution is replayed as a
winning line, so the model is exact; each constraint above is a rule, a renaming of times, or
the removal of a duplicate line.

Redundant constraints (`REDUNDANT`)
-----------------------------------
These follow from the rules above, so every winning line satisfies them and no verdict
changes; they let CP-SAT see sooner that a partial timeline cannot be completed (measured in
docs/cpsat.md). Let pos[c] be the number of loose cards of c's rank that go up before c
(pos[c] = the sum of before(d, c) over the other loose cards d of its rank: c's copy number
among them, from 0); the times are distinct, so the pos of one rank are all different.

- `pos`, copy bounds along the fixed chains: if y lies above x in the reserve or in a
  starting pile and rank(y) = ry >= rank(x) = rx, then pos[x] >= pos[y] + 1 + a[ry] - a[rx].
  Proof: let n_s count the loose rank-s cards up at or before tau[y] (n_ry = pos[y] + 1).
  If n_s >= 1, the last of them (copy number n_s - 1) needed n_s + a[s] - a[s-1] cards of
  rank s-1 up before it (rule 3), all up before y, so n_(s-1) >= n_s + a[s] - a[s-1]; if
  n_s = 0 that holds too, as a[s] <= a[s-1]. Summed from s = ry down to rx + 1:
  n_rx >= pos[y] + 1 + a[ry] - a[rx]; x goes up after y (rule 2), so these n_rx cards (y
  among them when rx = ry) are all up before x: pos[x] >= n_rx. (The dead test's counting
  argument: going down the reserve, each card is a later copy of its rank than any card
  above it of the same or a higher rank.)
- `order`, the foundation rule along whole rank chains: u[r][k] is the time the k-th loose
  rank-r card goes up (k from 0), u[r][0] < u[r][1] < ...; booleans slot(c, k), exactly one
  per card and one per k, say that c is that card: then tau[c] = u[r][k] and pos[c] = k.
  The times are distinct, so every line has exactly one such sorted order. Rule 3 for the
  k-th rank-r card (pos = k) asks for k + 1 + a[r] - a[r-1] cards of rank r-1 up before
  it, that is for the one with copy number j = k + a[r] - a[r-1]: u[r][k] > u[r-1][j] when
  j >= 0, and when j is not the copy number of any loose rank-(r-1) card that card can
  never fit, so the model is infeasible (as rule 3 already makes it).
- `chain`, the same pairwise: a rank-(r-1) card e with pos[e] <= pos[c] + a[r] - a[r-1] is
  among the cards of rank r-1 that rule 3 asks to be up before the rank-r card c, so
  before(e, c) or pos[e] >= pos[c] + a[r] - a[r-1] + 1.

Symmetry breaking and bounds
----------------------------
- Waste piles that are empty at the start are interchangeable: renaming them in order of
  first use maps any line onto one where the first card put on the k+1-th such pile comes
  after the first card put on the k-th (`used[i][p]`: some card s_0..s_i went on p).
- The duplicate "on a pile and off again at once" of straight play is removed (rule 4).
- Domains: theta[i] >= i and at most N - S + 2i (s_i .. s_{S-1} go up after it); a reserve or
  pile card with k cards above it goes up at time k or later; tau[s_i] >= i + 1.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from solver.answer import Limits, Result, SolverBug, Verdict
from solver.patience.cards import Card
from solver.patience.deal import Deal
from solver.patience.engine import play_leniently, replay
from solver.patience.line import (FOUNDATION, RESERVE, STOCK, Move, pile_index, pile_name,
                                  pile_names)

#: CP-SAT's presolve is switched off: on this model its probing adds half a million binary
#: clauses and takes seconds, and the search without it won each of the 16 Sir Tommy deals
#: of benchmarks/results/cpsat.txt sooner (median 13.9 s against 28.5 s, same machine and
#: load). Presolve only rewrites the model into an equivalent one, so verdicts are the same.
PRESOLVE = False

#: CP-SAT's linearization level (its default is 1): with 0 it keeps no LP relaxation of the
#: linear constraints and makes several times the conflicts a second. On the 40 positions of
#: benchmarks/results/cpsat_positions.txt it decided 37 within 20 s against 32 (the same
#: losses proved, twice the wins found). It only changes the search, never a verdict.
LINEARIZATION = 0

#: CP-SAT rewrites an AllDifferent whose variables' domains hold at most this many values
#: into one literal per variable and value (its default is 256). The times' AllDifferent is
#: a permutation of a hundred values or more, so that encoding costs some 12,000 literals,
#: and probing them added 400,000 binary clauses in about 3 s before the search began.
#: With 1 no AllDifferent is expanded (they are propagated on the integer bounds): on the 40
#: positions of benchmarks/cpsat_positions.py, 20 s each, CP-SAT decided 33 against 23
#: (median 4.1 s against 8.1 s), and it won five hard Sir Tommy deals in 17.8 s against
#: 41.1 s. The encoding only changes the search, never a verdict.
ALLDIFF_EXPANSION = 1

#: CP-SAT's conflict analysis on integer literals (its `use_new_integer_conflict_resolution`,
#: off by default), and its clause inprocessing switched off (`use_sat_inprocessing`, on by
#: default). On the 24 positions of benchmarks/cpsat_positions.py chosen from the ranges of
#: benchmarks/results/explain_speed.txt at commit 5620e61 (20 s each, the two settings at
#: the same time, one core each) CP-SAT decided 21 against 18, the three more all wins, in
#: 174 CPU seconds against 249 (benchmarks/results/cpsat_conflicts.txt). Both only change
#: how the search learns, never the model, so never a verdict: the differential soaks of
#: docs/cpsat.md ran with them.
INTEGER_CONFLICTS = True
INPROCESSING = False

#: The redundant constraint families the model adds (implied by the rules, so they change no
#: verdict: the module docstring proves each). On 40 positions that `frog verify --explain`
#: left undecided (benchmarks/cpsat_positions.py) they took CP-SAT from 28 decided within
#: 20 s (21 lost; median 5.3 s) to 32 (25 lost; median 1.1 s), and to 37-38 (25 lost, the
#: rest won) with LINEARIZATION 0.
REDUNDANT: frozenset[str] = frozenset({"pos", "order", "chain"})
#: Every family `_Model` knows (the tests hold each to real winning lines and verdicts).
FAMILIES: frozenset[str] = REDUNDANT


@dataclass(frozen=True)
class _Loose:
    """A card not yet on the foundations: where it lies. `source` is `reserve`, `stock` or a
    pile name `wP`; `index` is its stock index, or its height in the reserve or pile."""

    card: Card
    source: str
    index: int


class _Model:
    """The CP-SAT model of one deal (see the module docstring for the constraints)."""

    def __init__(self, deal: Deal, redundant: frozenset[str] = REDUNDANT) -> None:
        self.deal = deal
        self.redundant = redundant
        self.rules = deal.rules
        self.model = cp_model.CpModel()
        self.loose = self._loose_cards()
        self.stock = [x for x, item in enumerate(self.loose) if item.source == STOCK]
        self.piles = pile_names(self.rules.waste_piles)
        self.by_rank: dict[int, list[int]] = {r: [] for r in range(1, self.rules.ranks + 1)}
        for x, item in enumerate(self.loose):
            self.by_rank[item.card.rank].append(x)
        self.start_count = self._start_counts()
        self._before: dict[tuple[int, int], cp_model.IntVar] = {}
        self._gone: dict[tuple[int, int], cp_model.IntVar] = {}
        self._declare_times()
        self._foundations()
        self._placement()
        self._stacks()
        self._first_use_of_empty_piles()
        if self.rules.forced:
            self._forced_stock_play()
        if redundant & {"pos", "order", "chain"}:
            self._copy_positions()
        if "order" in redundant:
            self._order_statistics()
        if "chain" in redundant:
            self._copy_chain()

    # ------------------------------------------------------------ data

    def _loose_cards(self) -> list[_Loose]:
        cards = [_Loose(card, RESERVE, k) for k, card in enumerate(self.deal.reserve)]
        for p, pile in enumerate(self.deal.waste):
            cards += [_Loose(card, pile_name(p), k) for k, card in enumerate(pile)]
        cards += [_Loose(card, STOCK, i) for i, card in enumerate(self.deal.stock)]
        return cards

    def _start_counts(self) -> dict[int, int]:
        """a[k]: foundations showing rank k or higher at the start; a[0] = all foundations."""
        tops = [card.rank for card in self.deal.foundations]
        counts = {k: sum(1 for top in tops if top >= k) for k in range(1, self.rules.ranks + 1)}
        counts[0] = self.rules.foundations
        return counts

    # ------------------------------------------------------------ variables

    def _declare_times(self) -> None:
        m, n, s = self.model, len(self.loose), len(self.stock)
        last = n + s - 1
        self.theta = [m.NewIntVar(i, n - s + 2 * i, f"theta{i}") for i in range(s)]
        self.tau = []
        self.tau_low: list[int] = []
        for x, item in enumerate(self.loose):
            if item.source == STOCK:
                low = item.index + 1
            elif item.source == RESERVE:
                low = len(self.deal.reserve) - 1 - item.index
            else:
                low = len(self.deal.waste[pile_index(item.source)]) - 1 - item.index
            self.tau.append(m.NewIntVar(low, last, f"tau{x}"))
            self.tau_low.append(low)
        m.AddAllDifferent(self.tau + self.theta)
        for i in range(s - 1):
            m.Add(self.theta[i] < self.theta[i + 1])
        for i, x in enumerate(self.stock):
            m.Add(self.tau[x] > self.theta[i])
        for chain in self._fixed_chains().values():
            for lower, upper in zip(chain, chain[1:]):
                m.Add(self.tau[upper] < self.tau[lower])

    def _fixed_chains(self) -> dict[str, list[int]]:
        """The reserve and each starting pile by name, bottom to top: they leave top first."""
        chains: dict[str, list[int]] = {}
        for x, item in enumerate(self.loose):
            if item.source != STOCK:
                chains.setdefault(item.source, []).append(x)
        return chains

    def before(self, x: int, y: int) -> cp_model.IntVar:
        """The literal tau[x] < tau[y] (one boolean per pair, its negation for the reverse)."""
        if (x, y) not in self._before:
            if (y, x) in self._before:
                return self._before[(y, x)].Not()
            flag = self.model.NewBoolVar(f"before{x}_{y}")
            self.model.Add(self.tau[x] < self.tau[y]).OnlyEnforceIf(flag)
            self.model.Add(self.tau[x] > self.tau[y]).OnlyEnforceIf(flag.Not())
            self._before[(x, y)] = flag
        return self._before[(x, y)]

    def gone(self, x: int, i: int) -> cp_model.IntVar:
        """The literal tau[x] < theta[i]: card x is up when stock card s_i is turned."""
        if (x, i) not in self._gone:
            flag = self.model.NewBoolVar(f"gone{x}_{i}")
            self.model.Add(self.tau[x] < self.theta[i]).OnlyEnforceIf(flag)
            self.model.Add(self.tau[x] > self.theta[i]).OnlyEnforceIf(flag.Not())
            self._gone[(x, i)] = flag
        return self._gone[(x, i)]

    # ------------------------------------------------------------ constraints

    def _foundations(self) -> None:
        """Rule 3: a rank-r card goes up only while n[r-1] > n[r]."""
        a = self.start_count
        for r in range(2, self.rules.ranks + 1):
            for c in self.by_rank[r]:
                below = [self.before(e, c) for e in self.by_rank[r - 1]]
                same = [self.before(d, c) for d in self.by_rank[r] if d != c]
                self.model.Add(a[r - 1] + sum(below) >= a[r] + sum(same) + 1)

    def _placement(self) -> None:
        """Rule 4: each turned card goes straight up or onto exactly one pile."""
        m = self.model
        self.straight = [m.NewBoolVar(f"straight{i}") for i in range(len(self.stock))]
        self.on = [[m.NewBoolVar(f"on{i}_{p}") for p in range(len(self.piles))]
                   for i in range(len(self.stock))]
        for i, x in enumerate(self.stock):
            m.AddExactlyOne([self.straight[i], *self.on[i]])
            m.Add(self.tau[x] == self.theta[i] + 1).OnlyEnforceIf(self.straight[i])
            m.Add(self.tau[x] >= self.theta[i] + 2).OnlyEnforceIf(self.straight[i].Not())

    def _stacks(self) -> None:
        """Rule 5: a card placed on a pile after x is gone before x leaves, or x left first."""
        m = self.model
        for j, y in enumerate(self.stock):
            for i in range(j):
                x = self.stock[i]
                either = [self.gone(x, j), self.before(y, x)]
                for p in range(len(self.piles)):
                    m.AddBoolOr(either + [self.on[i][p].Not(), self.on[j][p].Not()])
            for x, item in enumerate(self.loose):
                if item.source in self.piles:
                    p = self.piles.index(item.source)
                    m.AddBoolOr([self.gone(x, j), self.before(y, x), self.on[j][p].Not()])

    def _first_use_of_empty_piles(self) -> None:
        """Symmetry: the piles empty at the start are first used in index order."""
        m = self.model
        empty = [p for p, pile in enumerate(self.deal.waste[:len(self.piles)]) if not pile]
        used_before = {p: None for p in empty}  # literal: some earlier stock card went on p
        for i in range(len(self.stock)):
            for previous, p in zip(empty, empty[1:]):
                earlier = used_before[previous]
                if earlier is None:
                    m.Add(self.on[i][p] == 0)
                else:
                    m.AddImplication(self.on[i][p], earlier)
            for p in empty:
                used = m.NewBoolVar(f"used{i}_{p}")
                reasons = [self.on[i][p]] + ([used_before[p]] if used_before[p] is not None
                                             else [])
                m.AddBoolOr(reasons).OnlyEnforceIf(used)
                used_before[p] = used

    def _forced_stock_play(self) -> None:
        """Rule 6: under forced play the turned card goes straight up iff it fits then."""
        a, m = self.start_count, self.model
        for i, x in enumerate(self.stock):
            r = self.loose[x].card.rank
            if r == 1:
                m.Add(self.straight[i] == 1)
                continue
            below = [self.gone(e, i) for e in self.by_rank[r - 1] if self._may_be_gone(e, i)]
            same = [self.gone(d, i) for d in self.by_rank[r] if self._may_be_gone(d, i)]
            fits = a[r - 1] + sum(below) >= a[r] + sum(same) + 1
            m.Add(fits).OnlyEnforceIf(self.straight[i])
            m.Add(a[r - 1] + sum(below) <= a[r] + sum(same)).OnlyEnforceIf(
                self.straight[i].Not())

    def _copy_positions(self) -> None:
        """Redundant: pos[c], the number of loose cards of c's rank up before c (which the
        other families use), and the fixed chains' copy bounds (module docstring, `pos`)."""
        m, a = self.model, self.start_count
        self.pos: dict[int, cp_model.IntVar] = {}
        for r, cards in self.by_rank.items():
            for c in cards:
                self.pos[c] = m.NewIntVar(0, len(cards) - 1, f"pos{c}")
                m.Add(self.pos[c] == sum(self.before(d, c) for d in cards if d != c))
            if len(cards) > 1:
                m.AddAllDifferent([self.pos[c] for c in cards])
        if "pos" not in self.redundant:
            return
        for chain in self._fixed_chains().values():
            for h, x in enumerate(chain):
                for y in chain[h + 1:]:  # y lies above x: it goes up first
                    rx, ry = self.loose[x].card.rank, self.loose[y].card.rank
                    if ry >= rx:
                        bound = 1 + a[ry] - a[rx]
                        m.Add(self.pos[x] >= self.pos[y] + bound)

    def _order_statistics(self) -> None:
        """Redundant: u[r][k], the time the k-th loose card of rank r goes up, and the
        foundation rule along whole rank chains (module docstring, `order`). Domains: the
        k-th smallest of times each at least its card's lower bound is at least the k-th
        smallest bound, and n - 1 - k cards of the rank go up after it, at distinct times."""
        m, a = self.model, self.start_count
        last = len(self.loose) + len(self.stock) - 1
        self.u: dict[int, list[cp_model.IntVar]] = {}
        for r, cards in self.by_rank.items():
            n = len(cards)
            lows = sorted(self.tau_low[c] for c in cards)
            u = [m.NewIntVar(lows[k], last - (n - 1 - k), f"u{r}_{k}") for k in range(n)]
            self.u[r] = u
            for k in range(n - 1):
                m.Add(u[k] < u[k + 1])
            slot = {(c, k): m.NewBoolVar(f"slot{c}_{k}") for c in cards for k in range(n)}
            for c in cards:
                m.AddExactlyOne([slot[c, k] for k in range(n)])
                m.Add(self.pos[c] == sum(k * slot[c, k] for k in range(n)))
                for k in range(n):
                    m.Add(self.tau[c] == u[k]).OnlyEnforceIf(slot[c, k])
            for k in range(n):
                m.AddExactlyOne([slot[c, k] for c in cards])
        for r in range(2, self.rules.ranks + 1):
            lower = self.u.get(r - 1, [])
            for k, time_ in enumerate(self.u.get(r, [])):
                j = k + a[r] - a[r - 1]  # the k-th card of rank r follows the j-th of r-1
                if j >= len(lower):  # never in a real position (the ranks' counts match)
                    m.AddBoolOr([])  # it can never fit: the rule makes the model infeasible
                elif j >= 0:
                    m.Add(time_ > lower[j])

    def _copy_chain(self) -> None:
        """Redundant: a rank-(r-1) card among the first pos[c] + 1 + a[r] - a[r-1] of its
        rank to go up goes up before the rank-r card c (module docstring, `chain`)."""
        m, a = self.model, self.start_count
        for r in range(2, self.rules.ranks + 1):
            d = a[r] - a[r - 1]
            for c in self.by_rank[r]:
                for e in self.by_rank[r - 1]:
                    m.Add(self.pos[e] >= self.pos[c] + d + 1).OnlyEnforceIf(
                        self.before(e, c).Not())

    def _may_be_gone(self, x: int, i: int) -> bool:
        """Whether card x can be up before s_i is turned (not if x is s_i or a later card)."""
        item = self.loose[x]
        return item.source != STOCK or item.index < i

    # ------------------------------------------------------------ solution

    def add_hint(self, line: Sequence[Move]) -> None:
        """Hint CP-SAT the timeline of `line` played leniently from this deal: each move
        that fits the position reached is played (an up of a card that lies on top of
        another source than the line says is taken from there), the others are skipped, and
        the times of the events played become the hints of the times, the placements and
        the order booleans (a card the line leaves loose after every event). `line` is a
        winning line of a nearby position (one a few moves earlier in the same game): where
        the two differ, the hint is a partial timeline that CP-SAT repairs or abandons. A
        hint only orders CP-SAT's first choices: the model, and so every verdict, is the
        same with any hint or none."""
        chains = self._fixed_chains()
        reserve = chains.get(RESERVE, [])
        piles = [chains.get(name, []) for name in self.piles]
        # The model's symmetry breaking uses the piles empty at the start in index order:
        # the line's are renamed so, in the order it first leaves a card on them.
        unused = [name for name, pile in zip(self.piles, piles) if not pile]
        renamed = {name: name for name, pile in zip(self.piles, piles) if pile}
        up: dict[int, int] = {}  # card -> the time it goes up
        turns: dict[int, int] = {}  # stock index -> the time it is turned
        placed: dict[int, str] = {}  # stock index -> FOUNDATION or the line's pile
        for move in play_leniently(self.deal, line):
            now = len(up) + len(turns)
            if move.source == STOCK:
                i = len(turns)
                turns[i] = now
                placed[i] = move.target
                if move.target == FOUNDATION:
                    up[self.stock[i]] = now + 1
                else:
                    piles[self.piles.index(move.target)].append(self.stock[i])
                continue
            stack = reserve if move.source == RESERVE else piles[self.piles.index(move.source)]
            x = stack.pop()
            i = self.loose[x].index
            if self.loose[x].source == STOCK and turns.get(i) == now - 1:
                placed[i] = FOUNDATION  # on a pile and off at once: straight up
            up[x] = now
        for i, target in sorted(placed.items()):
            if target != FOUNDATION and target not in renamed:
                renamed[target] = unused.pop(0)
        m = self.model
        for i, when in turns.items():
            m.AddHint(self.theta[i], when)
            m.AddHint(self.straight[i], placed[i] == FOUNDATION)
            for p, name in enumerate(self.piles):
                m.AddHint(self.on[i][p], renamed.get(placed[i]) == name)
        for x, when in up.items():
            m.AddHint(self.tau[x], when)
        never = len(up) + len(turns) + len(self.loose)
        for (x, y), flag in self._before.items():
            m.AddHint(flag, up.get(x, never) < up.get(y, never + 1))
        for (x, i), flag in self._gone.items():
            m.AddHint(flag, up.get(x, never) < turns.get(i, never))

    def moves(self, solver: cp_model.CpSolver) -> list[Move]:
        """The solution's timeline as moves of docs/rules.md, with real suits and pile numbers."""
        pile_of: dict[int, str] = {}
        events: list[tuple[int, str, int]] = []
        for i, x in enumerate(self.stock):
            events.append((solver.Value(self.theta[i]), "turn", i))
            if not solver.BooleanValue(self.straight[i]):
                p = next(p for p in range(len(self.piles)) if solver.BooleanValue(self.on[i][p]))
                pile_of[x] = self.piles[p]
        for x in range(len(self.loose)):
            events.append((solver.Value(self.tau[x]), "up", x))
        moves = []
        # A straight-up card's up is part of its `stock foundation` move, so it is skipped.
        for _, kind, index in sorted(events):
            if kind == "turn":
                x = self.stock[index]
                target = FOUNDATION if solver.BooleanValue(self.straight[index]) else pile_of[x]
                moves.append(Move(self.loose[x].card, STOCK, target))
            elif self.loose[index].source != STOCK or index in pile_of:
                item = self.loose[index]
                source = pile_of.get(index, item.source)
                moves.append(Move(item.card, source, FOUNDATION))
        return moves


def cpsat_solve(deal: Deal, limits: Limits = Limits(), workers: int = 1,
                stop: Callable[[], bool] | None = None,
                redundant: frozenset[str] | None = None,
                parameters: Mapping[str, str] | None = None,
                hint: Sequence[Move] | None = None) -> Result:
    """Decide `deal` with CP-SAT. `unwinnable` is a proof (the model is infeasible); a win's
    moves have been replayed to a win through solver.patience.engine (SolverBug otherwise).

    The limits map onto CP-SAT's own: `timeout` is its time limit, `max_nodes` its limit on
    conflicts (its unit of search work; the result's `nodes`), `memory` its memory limit.
    Ctrl-C stops the solver and gives `unknown`, "interrupted" (see `_solve_interruptibly`),
    and so does `stop` returning True (asked every tenth of a second: the parallel
    portfolio's way of stopping a CP-SAT worker once a search worker has answered).
    `redundant` chooses the redundant constraints (default REDUNDANT; the tests compare).
    `parameters` sets CP-SAT parameters by name over these (benchmarks measure variants;
    values as text, enums by their names: `set_parameter`). `hint`, a winning line of a
    nearby position, is CP-SAT's solution hint (`_Model.add_hint`).
    """
    started = time.perf_counter()
    built = _Model(deal, REDUNDANT if redundant is None else redundant)
    if hint:
        built.add_hint(hint)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.cp_model_presolve = PRESOLVE
    solver.parameters.linearization_level = LINEARIZATION
    solver.parameters.max_alldiff_domain_size = ALLDIFF_EXPANSION
    solver.parameters.use_new_integer_conflict_resolution = INTEGER_CONFLICTS
    solver.parameters.use_sat_inprocessing = INPROCESSING
    solver.parameters.catch_sigint_signal = False  # Ctrl-C is Python's: _solve_interruptibly
    solver.parameters.max_memory_in_mb = max(64, limits.memory >> 20)
    if limits.timeout is not None:  # a limit already spent stops at once (CP-SAT refuses < 0)
        solver.parameters.max_time_in_seconds = max(0.0, limits.timeout)
    if limits.max_nodes is not None:
        solver.parameters.max_number_of_conflicts = limits.max_nodes
    for name, value in (parameters or {}).items():
        set_parameter(solver, name, value)
    status, interrupted = _solve_interruptibly(solver, built.model, stop)
    seconds = time.perf_counter() - started
    name = solver.StatusName(status)
    conflicts = solver.NumConflicts()
    stats = {"status": name, "conflicts": conflicts}
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        moves = built.moves(solver)
        outcome = replay(deal, moves)
        if not outcome.won:
            raise SolverBug(f"the CP-SAT line does not win: {outcome.reason or 'cards remain'}")
        return Result(Verdict.WINNABLE, None, moves, conflicts, seconds, "cpsat", stats)
    if status == cp_model.INFEASIBLE:
        return Result(Verdict.UNWINNABLE, None, None, conflicts, seconds, "cpsat", stats)
    if status == cp_model.UNKNOWN:
        if interrupted:
            reason = "interrupted"
        elif limits.max_nodes is not None and conflicts >= limits.max_nodes:
            reason = "node limit"
        else:
            reason = "time limit"
        return Result(Verdict.UNKNOWN, reason, None, conflicts, seconds, "cpsat", stats)
    raise SolverBug(f"CP-SAT returned {name}")


def set_parameter(solver: cp_model.CpSolver, name: str, value: str) -> None:
    """Set CP-SAT's parameter `name` from its text `value`: a number, a boolean ("true",
    "false", "1", "0") or an enum's name. (This OR-Tools binding takes no protobuf text.)
    ValueError for a name CP-SAT does not have or a value of the wrong kind."""
    if not hasattr(solver.parameters, name):
        raise ValueError(f"CP-SAT has no parameter {name!r}")
    kind = type(getattr(solver.parameters, name))
    if kind is bool:
        if value.lower() not in ("1", "0", "true", "false"):
            raise ValueError(f"{name} takes true or false, not {value!r}")
        setattr(solver.parameters, name, value.lower() in ("1", "true"))
    elif kind in (int, float):
        setattr(solver.parameters, name, kind(value))
    else:  # an enum: its value by name
        try:
            setattr(solver.parameters, name, getattr(kind, value))
        except AttributeError:
            raise ValueError(f"{name} has no value {value!r}") from None


def _solve_interruptibly(solver: cp_model.CpSolver, model: cp_model.CpModel,
                        stop: Callable[[], bool] | None = None) -> tuple[int, bool]:
    """Solve in a helper thread, so that Ctrl-C reaches Python while CP-SAT works: the main
    thread waits, and on KeyboardInterrupt (or when `stop()` says so) asks the solver to
    stop and says so. (CP-SAT's own SIGINT handling leaves no trace of the interruption in
    its answer, and the status UNKNOWN alone cannot tell Ctrl-C from a limit.)"""
    answer: dict[str, int] = {}
    done = threading.Event()

    def work() -> None:
        try:
            answer["status"] = solver.Solve(model)
        finally:
            done.set()

    threading.Thread(target=work, daemon=True).start()
    interrupted = False
    while not done.is_set():
        try:
            done.wait(0.1)
        except KeyboardInterrupt:
            interrupted = True
        if not interrupted and stop is not None and stop():
            interrupted = True
        if interrupted:
            solver.StopSearch()  # again on every pass: a stop before the search began is lost
    if "status" not in answer:
        raise SolverBug("CP-SAT stopped without a status")
    return answer["status"], interrupted
