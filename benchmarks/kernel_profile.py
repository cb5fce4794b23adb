"""Where the search kernel's time per node goes: a measured account.

For each deal of a set (the quick benchmark set of benchmarks/sets.json, and the hard
losses: full `frog` packs with 2 and 3 waste piles at a node budget):

1. The real search, as `frog bench` runs it (driver.solve, restarts, 256 MB table, one
   process), timed: its ns/node is the figure to account for, and its statistics (table
   hits, dead positions, stores, restarts) give how often each component runs per node.
2. The same search again, node for node (same restarts, same chunk boundaries, so the
   same table growth: the node count is checked to be equal), paused every k nodes to copy
   the position about to be entered: a sample of the node entries, weighted as the
   search weighs them. Each sample is then played on: autoplay, key, table probe (with the
   table as it is at that moment: a hit?), dead test (a dead position?), giving the
   position each later component sees and which components the node really runs.
3. Each component timed in a compiled loop over the samples that run it (the positions
   copied one after another into one set of warm arrays, as in the search), minus the
   same loop that only copies the positions:
     autoplay      autoplay, and the undo_move of its moves when the node is left
     key           position_key
     probe         table_probe against the deal's final table (keys of the samples)
     dead test     dead_test with all terms, and with the order terms off (plain)
     generate      generate_moves
     child         per move tried: copy the sleep row, child_sleep, apply_move, path push,
                   wake_after, and the undo_move when the child is left
     store         table_store into a copy of the final table
   ns/call x calls/node summed over the components is the modelled ns/node; the rest of
   the measured ns/node ("residual") is the run loop itself (phases, stack arrays,
   statistics, the chunk calls) and whatever the isolated loops miss (cache and branch
   history in the real search).
4. The search's ns/node with each rule switched off in turn (driver.RULE_SWITCHES), same
   deals, a node cap per deal: a rule's own cost and the change in the node mix together.

Node counts are deterministic; times are not (the machine may be shared): every section
prints the load average (1, 5, 15 min) when it starts and ends, and each timed loop is
the best of --repeat runs.

    python benchmarks/kernel_profile.py                      # about 5 minutes of one core
    python benchmarks/kernel_profile.py --sets quick --no-rules
    python benchmarks/kernel_profile.py --loss-deals 1-2 --loss-nodes 500K --rule-nodes 100K
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numba
import numpy as np
from numba import njit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cli.limits import memory_size, node_count  # noqa: E402
from solver.answer import Limits  # noqa: E402
from solver.patience.deal import deal_from_number  # noqa: E402
from solver.patience.rules import variant_rules  # noqa: E402
from solver.patience.search import kernel  # noqa: E402
from solver.patience.search import driver  # noqa: E402
from solver.patience.search.state import SearchArrays, Table  # noqa: E402
from solver.survey import load_sets, parse_deal_ranges  # noqa: E402
from solver.survey import print_provenance  # noqa: E402

K = kernel
PLAIN_DEAD = K.ALL_OPTIONS & ~K.OPT_DEAD_SAME & ~K.OPT_DEAD_HIGHER

# what the timing loop does per sample (after copying it into the working arrays)
W_LOAD, W_AUTO, W_KEY, W_DEAD, W_DEAD_PLAIN, W_GEN, W_GEN_CHILDREN = range(7)

# flags of a sample
F_HIT, F_DEAD, F_WON = 1, 2, 4




def load_text() -> str:
    return "load %.2f %.2f %.2f" % os.getloadavg()


# ---------------------------------------------------------------- compiled helpers

@njit(cache=True)
def _copy_in(i, s_st, s_n, s_cnt, s_h, s_sleep, s_piles, s_ph1, s_ph2,
             st, n, stockcnt, h, sleep, piles, ph1, ph2):
    """Sample i into the working arrays (sleep row 0); pile cells above the tops are not
    read before they are written, so only the piles' prefixes are copied."""
    for k in range(st.shape[0]):
        st[k] = s_st[i, k]
    for r in range(n.shape[0]):
        n[r] = s_n[i, r]
        stockcnt[r] = s_cnt[i, r]
    for s in range(sleep.shape[1]):
        sleep[0, s] = s_sleep[i, s]
    for p in range(h.shape[0]):
        hp = s_h[i, p]
        h[p] = hp
        for k in range(hp):
            piles[p, k] = s_piles[i, p, k]
        for k in range(hp + 1):
            ph1[p, k] = s_ph1[i, p, k]
            ph2[p, k] = s_ph2[i, p, k]


@njit(cache=True)
def _copy_out(i, s_st, s_n, s_cnt, s_h, s_sleep, s_piles, s_ph1, s_ph2,
              st, n, stockcnt, h, sleep, row, piles, ph1, ph2):
    """The position in the working arrays (sleep row `row`) into sample slot i."""
    for k in range(st.shape[0]):
        s_st[i, k] = st[k]
    for r in range(n.shape[0]):
        s_n[i, r] = n[r]
        s_cnt[i, r] = stockcnt[r]
    for s in range(sleep.shape[1]):
        s_sleep[i, s] = sleep[row, s]
    for p in range(h.shape[0]):
        s_h[i, p] = h[p]
        for k in range(h[p]):
            s_piles[i, p, k] = piles[p, k]
        for k in range(h[p] + 1):
            s_ph1[i, p, k] = ph1[p, k]
            s_ph2[i, p, k] = ph2[p, k]


@njit(cache=True)
def _classify(i, pre, post, reserve, stock, piles, h, ph1, ph2, n, stockcnt, st, path,
              sleep, stats, scratch, tk1, tk2, d4, ranks, total_up, forced, npiles, keys):
    """Play sample i (a node about to be entered) as the kernel's PHASE_ENTER does, against
    the live table: store the position after autoplay in post slot i and its key; return
    its flags (table hit, dead, won by autoplay)."""
    _copy_in(i, pre[0], pre[1], pre[2], pre[3], pre[4], pre[5], pre[6], pre[7],
             st, n, stockcnt, h, sleep, piles, ph1, ph2)
    K.autoplay(st, reserve, stock, piles, h, ph1, ph2, n, stockcnt, path, sleep, 0,
                d4, ranks, forced, npiles, stats)
    _copy_out(i, post[0], post[1], post[2], post[3], post[4], post[5], post[6], post[7],
              st, n, stockcnt, h, sleep, 0, piles, ph1, ph2)
    if st[K.UP] == total_up:
        return F_WON
    k1, k2 = K.position_key(st, ph1, ph2, h, sleep, 0, npiles)
    keys[0, i] = k1
    keys[1, i] = k2
    if K.table_probe(tk1, tk2, k1, k2):
        return F_HIT
    if K.dead_test(st, reserve, piles, h, n, stockcnt, d4, ranks, npiles, scratch,
                  K.ALL_OPTIONS):
        return F_DEAD
    return 0


@njit(cache=True)
def _time_loop(what, idx, reps, smp, reserve, stock, piles, h, ph1, ph2, n, stockcnt, st,
               path, moves, sleep, stats, scratch, d4, ranks, forced, npiles):
    """Copy each sample of `idx` into the working arrays and run component `what` on it,
    `reps` times over; returns (a checksum, the number of children generated per pass)."""
    acc = 0
    children = 0
    for _ in range(reps):
        children = 0
        for j in range(idx.shape[0]):
            i = idx[j]
            _copy_in(i, smp[0], smp[1], smp[2], smp[3], smp[4], smp[5], smp[6], smp[7],
                     st, n, stockcnt, h, sleep, piles, ph1, ph2)
            if what == W_LOAD:
                acc += st[K.PLEN]
            elif what == W_AUTO:
                played = K.autoplay(st, reserve, stock, piles, h, ph1, ph2, n, stockcnt,
                                     path, sleep, 0, d4, ranks, forced, npiles, stats)
                for _u in range(played):
                    st[K.PLEN] -= 1
                    K.undo_move(path[st[K.PLEN]], st, piles, h, ph1, ph2, n, stockcnt)
                acc += played
            elif what == W_KEY:
                k1, k2 = K.position_key(st, ph1, ph2, h, sleep, 0, npiles)
                acc += np.int64(k1 >> np.uint64(40)) + np.int64(k2 >> np.uint64(40))
            elif what == W_DEAD:
                acc += K.dead_test(st, reserve, piles, h, n, stockcnt, d4, ranks, npiles,
                                  scratch, K.ALL_OPTIONS)
            elif what == W_DEAD_PLAIN:
                acc += K.dead_test(st, reserve, piles, h, n, stockcnt, d4, ranks, npiles,
                                  scratch, PLAIN_DEAD)
            elif what == W_GEN or what == W_GEN_CHILDREN:
                c, f = K.generate_moves(st, reserve, stock, piles, h, ph1, ph2, n, sleep, 0,
                                   moves, 0, forced, npiles, ranks, stats, K.ALL_OPTIONS,
                                   scratch[4])
                acc += c
                if what == W_GEN_CHILDREN:
                    children += c
                    for ci in range(c):  # as run's PHASE_NEXT, then the leaving of the child
                        code = moves[0, ci]
                        for s in range(sleep.shape[1]):
                            sleep[1, s] = sleep[0, s]
                        K.child_sleep(moves, 0, ci, f, sleep, st, h)
                        K.apply_move(code, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt)
                        path[st[K.PLEN]] = code
                        st[K.PLEN] += 1
                        K.wake_after(code, sleep, 1, reserve, piles, h, st, forced)
                        st[K.PLEN] -= 1
                        K.undo_move(path[st[K.PLEN]], st, piles, h, ph1, ph2, n, stockcnt)
                        acc += sleep[1, 0]
    return acc, children


@njit(cache=True)
def _time_probe(keys, idx, reps, tk1, tk2):
    acc = 0
    for _ in range(reps):
        for j in range(idx.shape[0]):
            acc += K.table_probe(tk1, tk2, keys[0, idx[j]], keys[1, idx[j]])
    return acc


@njit(cache=True)
def _time_probe_store(keys, count, store, tk1, tk2, tw, stats):
    """Probe `count` keys; with `store`, store each right after its probe (as a node with
    a small subtree does: its probe has just brought the key's window into the cache)."""
    acc = 0
    for j in range(count):
        acc += K.table_probe(tk1, tk2, keys[0, j], keys[1, j])
        if store:
            K.table_store(tk1, tk2, tw, keys[0, j], keys[1, j], j & 7, stats)
    return acc


# ---------------------------------------------------------------- sampling

class Samples:
    """Positions (the state arrays of SearchArrays, one slot per sample)."""

    def __init__(self, arrays: SearchArrays, size: int) -> None:
        a = arrays
        self.parts = (
            np.zeros((size, a.st.shape[0]), dtype=np.int64),
            np.zeros((size, a.n.shape[0]), dtype=np.int64),
            np.zeros((size, a.stockcnt.shape[0]), dtype=np.int64),
            np.zeros((size, a.h.shape[0]), dtype=np.int64),
            np.zeros((size, a.sleep.shape[1]), dtype=np.int64),
            np.zeros((size,) + a.piles.shape, dtype=np.int8),
            np.zeros((size,) + a.ph1.shape, dtype=np.uint64),
            np.zeros((size,) + a.ph2.shape, dtype=np.uint64),
        )

    def capture(self, i: int, a: SearchArrays) -> None:
        d = int(a.st[K.DEPTH])
        _copy_out(i, *self.parts, a.st, a.n, a.stockcnt, a.h, a.sleep, d, a.piles, a.ph1, a.ph2)


def sampled_search(deal, limits: Limits, every: int, burst: int, capacity: int):
    """driver.solve's search (sequence 0, restarts), node for node, pausing every `every`
    nodes (counted across restarts) to capture the next `burst` nodes to be entered, one
    after another, each classified against the live table. The chunks stop at
    driver.CHUNK boundaries too and the table grows only there, as in solve. Returns
    (nodes, samples pre, post, keys, flags, table, working arrays)."""
    arrays = SearchArrays(deal)
    work = SearchArrays(deal)
    table = Table(limits.memory)
    pre, post = Samples(arrays, capacity), Samples(arrays, capacity)
    keys = np.zeros((2, capacity), dtype=np.uint64)
    flags = np.zeros(capacity, dtype=np.int64)
    taken = 0
    to_next = every
    in_burst = 0
    nodes_before = 0
    restart = 0
    while True:
        budget = int(driver.FIRST_BUDGET * driver.BUDGET_GROWTH ** restart)
        if limits.max_nodes is not None:
            budget = min(budget, limits.max_nodes - nodes_before)
        arrays.reset(noise=0 if restart == 0 else driver.NOISE, seed=restart)
        outcome = K.PAUSED
        while outcome == K.PAUSED:
            done = arrays.nodes
            to_boundary = driver.CHUNK - done % driver.CHUNK
            chunk = min(to_next, to_boundary)
            outcome = arrays.run(table, budget, chunk, K.ALL_OPTIONS)
            to_next -= arrays.nodes - done
            if outcome != K.PAUSED or arrays.nodes % driver.CHUNK == 0:
                table.grow_if_needed(int(arrays.stats[K.ST_TT_STORES]))
            if outcome == K.PAUSED and to_next == 0:
                in_burst += 1
                to_next = 1 if in_burst < burst else every - burst + 1
                in_burst %= burst
                if taken < capacity:
                    pre.capture(taken, arrays)
                    flags[taken] = _classify(
                        taken, pre.parts, post.parts, work.reserve, work.stock, work.piles,
                        work.h, work.ph1, work.ph2, work.n, work.stockcnt, work.st, work.path,
                        work.sleep, work.stats, work.scratch, table.k1, table.k2, work.d4,
                        work.ranks, work.total_up, work.forced, work.npiles, keys)
                    taken += 1
        if outcome in (K.WON, K.LOST):
            break
        if limits.max_nodes is not None and nodes_before + arrays.nodes >= limits.max_nodes:
            break
        nodes_before += arrays.nodes
        restart += 1
    return nodes_before + arrays.nodes, pre, post, keys, flags[:taken], table, work


def best_time(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def time_components(pre, post, keys, flags, table, w: SearchArrays, repeat: int,
                    calls_per_loop: int) -> dict:
    """ns per call of each component, measured over the samples that run it."""
    everyone = np.arange(len(flags), dtype=np.int64)
    entered = everyone[(flags & F_WON) == 0]
    missed = entered[(flags[entered] & F_HIT) == 0]
    expanded = missed[(flags[missed] & F_DEAD) == 0]
    out = {"samples": len(flags), "n_hit": int(np.sum((flags & F_HIT) != 0)),
           "n_dead": int(np.sum((flags & F_DEAD) != 0)), "n_expanded": len(expanded)}

    def loop(what, idx, smp):
        if len(idx) == 0:
            return 0.0, 0
        reps = max(1, calls_per_loop // len(idx))
        args = (idx, reps, smp.parts, w.reserve, w.stock, w.piles, w.h, w.ph1, w.ph2, w.n,
                w.stockcnt, w.st, w.path, w.moves, w.sleep, w.stats, w.scratch, w.d4,
                w.ranks, w.forced, w.npiles)
        _, children = _time_loop(what, *args)
        seconds = best_time(lambda: _time_loop(what, *args), repeat)
        return seconds * 1e9 / (reps * len(idx)), children

    def net(what, idx, smp):
        base, _ = loop(W_LOAD, idx, smp)
        full, children = loop(what, idx, smp)
        out["copy_max"] = max(out.get("copy_max", 0.0), base)
        return full - base, children

    out["autoplay"], _ = net(W_AUTO, entered, pre)
    out["key"], _ = net(W_KEY, entered, post)
    out["dead"] = net(W_DEAD, missed, post)[0]
    out["dead_plain"] = net(W_DEAD_PLAIN, missed, post)[0]
    out["generate"], _ = net(W_GEN, expanded, post)
    gen_only, _ = loop(W_GEN, expanded, post)
    with_children, children = loop(W_GEN_CHILDREN, expanded, post)
    out["children_per_expanded"] = children / len(expanded) if len(expanded) else 0.0
    out["child"] = (with_children - gen_only) * len(expanded) / children if children else 0.0
    # The table: probes of random keys (a position's key is a strong hash, so its slot is
    # a random one), each key once, in the deal's final table: as in the search, most
    # windows are not in the nearer caches. A store follows its node's probe, after the
    # subtree: timed as probe + store minus probe, in copies of the table, with as many
    # stores as 1/32 of the slots (the table's occupancy barely changes).
    rng = np.random.default_rng(1)
    count = max(1, calls_per_loop)
    random_keys = rng.integers(1, 1 << 63, size=(2, count), dtype=np.int64).astype(np.uint64)
    scratch_stats = np.zeros(K.STATS_SIZE, dtype=np.int64)
    _time_probe_store(random_keys, 10, False, table.k1, table.k2, table.work, scratch_stats)
    seconds = best_time(lambda: _time_probe_store(random_keys, count, False, table.k1,
                                                  table.k2, table.work, scratch_stats), repeat)
    out["probe"] = seconds * 1e9 / count
    stores = max(1, min(count, table.entries // 32))
    best = {False: float("inf"), True: float("inf")}
    for _ in range(repeat):
        for store in (False, True):
            k1, k2, tw = table.k1.copy(), table.k2.copy(), table.work.copy()
            t0 = time.perf_counter()
            _time_probe_store(random_keys, stores, store, k1, k2, tw, scratch_stats)
            best[store] = min(best[store], time.perf_counter() - t0)
    out["store"] = (best[True] - best[False]) * 1e9 / stores
    return out


# ---------------------------------------------------------------- the account

COMPONENTS = [  # (name, description, calls-per-node key)
    ("autoplay", "autoplay (+ undo of its moves)", "nodes"),
    ("key", "key", "nodes"),
    ("probe", "table probe", "nodes"),
    ("dead_plain", "dead test, plain part", "dead_calls"),
    ("order", "dead test, order terms", "dead_calls"),
    ("generate", "move generation", "generated"),
    ("child", "child: sleep, apply, wake, undo", "edges"),
    ("store", "table store", "stores"),
]


def profile_deal(deal, limits: Limits, target_samples: int, burst: int, repeat: int,
                 calls_per_loop: int) -> dict:
    """Time the real search (best of `repeat`), then sample and time its components."""
    best = None
    for _ in range(repeat):
        result = driver.solve(deal, limits)
        if best is None or result.seconds < best.seconds:
            best = result
    nodes = best.nodes
    every = max(burst, burst * nodes // target_samples)
    sampled_nodes, pre, post, keys, flags, table, work = sampled_search(
        deal, limits, every, burst, target_samples + 2 * burst)
    parts = time_components(pre, post, keys, flags, table, work, repeat, calls_per_loop)
    parts["order"] = parts["dead"] - parts["dead_plain"]
    s = best.stats
    counts = {
        "nodes": nodes,
        "dead_calls": nodes - s["table_hits"],
        "generated": nodes - s["table_hits"] - s["prune_dead_position"],
        "edges": nodes - s["restarts"] - 1,
        "stores": s["table_stores"],
    }
    return {"verdict": str(best.verdict), "nodes": nodes, "sampled_nodes": sampled_nodes,
            "seconds": best.seconds, "counts": counts, "parts": parts, "stats": s}


def account(rows: list[dict]) -> tuple[list[tuple], float, float, dict]:
    """Combine deals: component ns per node = sum(calls x ns/call) / sum(nodes)."""
    nodes = sum(r["nodes"] for r in rows)
    seconds = sum(r["seconds"] for r in rows)
    lines = []
    for name, text, count in COMPONENTS:
        calls = sum(r["counts"][count] for r in rows)
        spent = sum(r["counts"][count] * r["parts"][name] for r in rows)
        per_call = spent / calls if calls else 0.0
        lines.append((text, calls / nodes, per_call, spent / nodes))
    totals = {key: sum(r["parts"][key] for r in rows)
              for key in ("samples", "n_hit", "n_dead", "n_expanded")}
    return lines, nodes, seconds, totals


def print_account(title: str, rows: list[dict]) -> None:
    lines, nodes, seconds, totals = account(rows)
    measured = seconds * 1e9 / nodes
    modelled = sum(line[3] for line in lines)
    print(f"\n{title}: {nodes:,} nodes in {seconds:.2f} s, {measured:.0f} ns/node "
          f"({nodes / seconds / 1e6:.2f} M nodes/s)")
    autoplays = sum(r["stats"]["safe_autoplays"] for r in rows)
    print(f"  safe autoplay moves per node {autoplays / nodes:.2f}; children per expanded "
          f"node {sum(r['counts']['edges'] for r in rows) / sum(r['counts']['generated'] for r in rows):.2f}")
    print(f"  samples {totals['samples']:,} (table hit {totals['n_hit']:,}, dead "
          f"{totals['n_dead']:,}, expanded {totals['n_expanded']:,})")
    print(f"  {'component':<34} {'calls/node':>10} {'ns/call':>8} {'ns/node':>8} {'share':>6}")
    for text, per_node, per_call, ns in lines:
        print(f"  {text:<34} {per_node:>10.3f} {per_call:>8.1f} {ns:>8.1f} "
              f"{100 * ns / measured:>5.1f}%")
    dead = lines[3][3] + lines[4][3]
    print(f"  {'(dead test, all)':<34} {lines[3][1]:>10.3f} {lines[3][2] + lines[4][2]:>8.1f} "
          f"{dead:>8.1f} {100 * dead / measured:>5.1f}%")
    print(f"  {'sum of the components':<34} {'':>10} {'':>8} {modelled:>8.1f} "
          f"{100 * modelled / measured:>5.1f}%")
    rest = measured - modelled
    print(f"  {'residual (run loop, in-situ effects)':<34} {'':>10} {'':>8} {rest:>8.1f} "
          f"{100 * rest / measured:>5.1f}%")
    print(f"  {'measured search':<34} {'':>10} {'':>8} {measured:>8.1f} {100.0:>5.1f}%")


def deal_sets(args) -> dict[str, list[tuple[str, object]]]:
    sets: dict[str, list[tuple[str, object]]] = {}
    if "quick" in args.sets:
        quick = load_sets()["quick"]
        sets["quick"] = [(f"{variant} {number}", deal_from_number(variant_rules(variant), number))
                         for variant, numbers in quick.items() for number in numbers]
    if "losses" in args.sets:
        deals = []
        for piles in (2, 3):
            rules = variant_rules("frog").with_overrides(waste_piles=piles)
            deals += [(f"frog --waste-piles {piles} {number}", deal_from_number(rules, number))
                      for number in args.loss_deals]
        sets["losses"] = deals
    return sets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", nargs="+", choices=["quick", "losses"],
                        default=["quick", "losses"], help="deal sets (default both)")
    parser.add_argument("--quick-nodes", type=node_count, default=node_count("5M"),
                        help="node cap per quick deal (they all finish below 1M)")
    parser.add_argument("--loss-deals", type=parse_deal_ranges, default=parse_deal_ranges("1-4"),
                        help="deal numbers of the 2- and 3-pile frog packs (default 1-4)")
    parser.add_argument("--loss-nodes", type=node_count, default=node_count("1M"),
                        help="node budget per loss deal (default 1M)")
    parser.add_argument("--memory", type=memory_size, default=256 << 20,
                        help="table bytes per deal (default 256M, as frog bench)")
    parser.add_argument("--samples", type=int, default=400,
                        help="positions sampled per deal (default 400)")
    parser.add_argument("--burst", type=int, default=10,
                        help="consecutive nodes per sampling point (default 10; 1 samples "
                             "isolated nodes)")
    parser.add_argument("--calls", type=node_count, default=node_count("40K"),
                        help="component calls per timed loop (default 40K)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="timed runs per search and per loop; the best counts (default 3)")
    parser.add_argument("--rule-nodes", type=node_count, default=node_count("300K"),
                        help="node cap per deal for the rules-off section (default 300K)")
    parser.add_argument("--rule-repeat", type=int, default=1,
                        help="timed runs per deal and rule; the best counts (default 1)")
    parser.add_argument("--no-rules", action="store_true", help="skip the rules-off section")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per deal")
    args = parser.parse_args()
    print_provenance()

    print(f"kernel profile, numba {numba.__version__}")
    print(f"  samples/deal {args.samples} in bursts of {args.burst}, calls/loop {args.calls:,}, repeat {args.repeat}, "
          f"table {args.memory >> 20} MB")
    driver.warm_up()
    sets = deal_sets(args)
    for name, deals in sets.items():
        cap = args.quick_nodes if name == "quick" else args.loss_nodes
        limits = Limits(max_nodes=cap, memory=args.memory)
        print(f"\n[{name}] {len(deals)} deals, cap {cap:,} nodes; start {load_text()}",
              flush=True)
        rows = []
        for label, deal in deals:
            row = profile_deal(deal, limits, args.samples, args.burst, args.repeat,
                              args.calls)
            rows.append(row)
            if row["sampled_nodes"] != row["nodes"]:
                print(f"  WARNING {label}: the sampled search ran {row['sampled_nodes']:,} "
                      f"nodes, the timed one {row['nodes']:,}")
            if args.verbose:
                p = row["parts"]
                print(f"  {label:<26} {row['verdict']:<10} {row['nodes']:>9,} "
                      f"{row['seconds'] * 1e9 / row['nodes']:>6.0f} ns/node  auto "
                      f"{p['autoplay']:.0f} key {p['key']:.0f} probe {p['probe']:.0f} dead "
                      f"{p['dead']:.0f} ({p['dead_plain']:.0f} plain) gen {p['generate']:.0f} "
                      f"child {p['child']:.0f} store {p['store']:.0f} (copy {p['copy_max']:.0f}"
                      f"); autoplays/node "
                      f"{row['stats']['safe_autoplays'] / row['nodes']:.2f}", flush=True)
        print_account(f"[{name}] account", rows)
        print(f"  end {load_text()}", flush=True)

    if args.no_rules:
        return
    print(f"\nRules switched off one at a time (driver.RULE_SWITCHES), {args.rule_nodes:,} nodes "
          "cap per deal; ns/node of the whole search (its own cost and the new node mix)")
    for name, deals in sets.items():
        limits = Limits(max_nodes=args.rule_nodes, memory=args.memory)
        print(f"\n[{name}] start {load_text()}")
        print(f"  {'switched off':<14} {'nodes':>12} {'seconds':>8} {'ns/node':>8} {'vs all on':>9}")
        base = None
        for rule in [None, *driver.RULE_SWITCHES]:
            disabled = () if rule is None else (rule,)
            nodes, seconds = 0, 0.0
            for _, deal in deals:
                best = None
                for _ in range(args.rule_repeat):
                    result = driver.solve(deal, limits, disabled=disabled)
                    best = result if best is None or result.seconds < best.seconds else best
                nodes += best.nodes
                seconds += best.seconds
            ns = seconds * 1e9 / nodes
            base = ns if base is None else base
            print(f"  {rule or '(none)':<14} {nodes:>12,} {seconds:>8.2f} {ns:>8.0f} "
                  f"{ns / base:>8.2f}x", flush=True)
        print(f"  end {load_text()}")


if __name__ == "__main__":
    main()
