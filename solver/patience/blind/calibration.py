"""From a hint's samples to a chance that comes true (docs/blind.md, Chances).

A sample's "won" says that a player who then saw every card would win within a node
budget. The share of such samples is not the chance of winning by following the hints:
it is optimistic where knowing the future matters, pessimistic where a sample's search runs
out of nodes, and both depend on how many cards are still to come. So the shown chance is
fitted to outcomes: a logistic model of the game's result on the hindsight share (as a
log-odds, smoothed by half a sample) and the cards left in the stock,

    logit(chance) = a + b * logit(share) + c * left + d * left * logit(share),  left = stock / 100,

fitted by maximum likelihood on the decisions of games played by the policy itself (each
decision's shown share, and whether its game was won) on deals no benchmark uses, and
checked on other games (benchmarks/calibration.py writes the reliability table). The
interval maps the ends of the share's Wilson 95% interval through the same model: it says
how far the samples alone could move the chance, not the model's own error.

>>> model = Calibration(0.0, 1.0, 0.0, 0.0)   # the identity: chance = smoothed share
>>> round(model.chance(3, 4, 50), 3)
0.7
"""
from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

#: The fitted model shipped with the package (benchmarks/calibration.py --write).
MODEL_FILE = Path(__file__).with_name("calibration.json")
#: Wilson's z for a 95% interval.
Z95 = 1.96


def _logit(p: float) -> float:
    return math.log(p / (1 - p))


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x)) if x > -500 else 0.0


def smoothed_share(wins: int, samples: int) -> float:
    """The share of samples won, pulled half a sample towards one half (never 0 or 1)."""
    return (wins + 0.5) / (samples + 1)


def features(wins: int, samples: int, stock: int) -> tuple[float, float, float, float]:
    """The model's inputs for one estimate: (1, logit share, left, left x logit share)."""
    share = _logit(smoothed_share(wins, samples))
    left = stock / 100
    return (1.0, share, left, left * share)


def wilson(wins: int, samples: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a share of `wins` in `samples` (0..1 when none)."""
    if samples == 0:
        return 0.0, 1.0
    p = wins / samples
    centre = (p + z * z / (2 * samples)) / (1 + z * z / samples)
    half = z * math.sqrt(p * (1 - p) / samples + z * z / (4 * samples * samples)) \
        / (1 + z * z / samples)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Calibration:
    """The fitted coefficients of the chance model (see the module's docstring)."""

    a: float
    b: float
    c: float
    d: float

    def chance(self, wins: int, samples: int, stock: int) -> float:
        """The calibrated chance of winning after a move whose samples won `wins` of
        `samples`, with `stock` cards still face down."""
        return self._at_share(smoothed_share(wins, samples), stock)

    def interval(self, wins: int, samples: int, stock: int) -> tuple[float, float]:
        """The chance at both ends of the share's Wilson 95% interval, low first."""
        low, high = wilson(wins, samples)
        ends = [self._at_share(share, stock) for share in (low, high)]
        return min(ends), max(ends)

    def _at_share(self, share: float, stock: int) -> float:
        share = min(max(share, 1e-4), 1 - 1e-4)
        s, left = _logit(share), stock / 100
        return _sigmoid(self.a + self.b * s + self.c * left + self.d * left * s)

    def save(self, path: Path = MODEL_FILE, **provenance: object) -> None:
        path.write_text(json.dumps({**asdict(self), **provenance}, indent=1) + "\n")

    @classmethod
    def load(cls, path: Path = MODEL_FILE) -> "Calibration":
        data = json.loads(path.read_text())
        return cls(data["a"], data["b"], data["c"], data["d"])


def fit(rows: Sequence[tuple[int, int, int, bool]], iterations: int = 50) -> Calibration:
    """Maximum-likelihood logistic fit (Newton's method, a small ridge for stability) of
    `rows`: (wins, samples, stock, the game was won)."""
    import numpy as np  # numba's dependency; only the benchmark fits

    x = np.array([features(w, n, s) for w, n, s, _ in rows])
    y = np.array([1.0 if won else 0.0 for *_, won in rows])
    beta = np.array([0.0, 1.0, 0.0, 0.0])
    ridge = 1e-3 * np.eye(4)
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-(x @ beta)))
        gradient = x.T @ (y - p) - ridge @ beta
        hessian = (x * (p * (1 - p))[:, None]).T @ x + ridge
        step = np.linalg.solve(hessian, gradient)
        beta = beta + step
        if float(np.abs(step).max()) < 1e-9:
            break
    return Calibration(*(float(v) for v in beta))


def reliability(predicted: Sequence[float], won: Sequence[bool],
                bins: int = 10) -> tuple[list[dict[str, float]], float]:
    """The reliability table by deciles of the predicted chance (rows: the bin's range,
    count, mean predicted chance, actual win rate) and the expected calibration error (the
    count-weighted mean of |predicted - actual|)."""
    pairs = sorted(zip(predicted, won))
    rows, error = [], 0.0
    for b in range(bins):
        part = pairs[b * len(pairs) // bins:(b + 1) * len(pairs) // bins]
        if not part:
            continue
        mean = sum(p for p, _ in part) / len(part)
        actual = sum(1 for _, w in part if w) / len(part)
        rows.append({"low": part[0][0], "high": part[-1][0], "count": len(part),
                     "predicted": mean, "actual": actual})
        error += len(part) * abs(mean - actual)
    return rows, error / max(1, len(pairs))


def shipped() -> Calibration:
    """The model shipped with the package (benchmarks/calibration.py --write fitted it)."""
    return Calibration.load()
