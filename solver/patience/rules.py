"""The rule parameters of a Frog-family patience and the named variants of docs/rules.md.

Rules are data, not code: every variant is one immutable `Rules` value, and a reduced game
("2 decks of A-4, 2 waste piles, reserve of 3") is the same value with other numbers.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace

from solver.excerpt import excerpt

#: How Aces are handled when the layout is dealt (docs/rules.md, Deal procedures).
ACE_PROCEDURES = ("frog", "pysol", "fly", "dicks", "stay")
STOCK_PLAY = ("forced", "optional")


class RulesError(ValueError):
    """A rule parameter out of range or a variant name that does not exist."""


@dataclass(frozen=True)
class Rules:
    """Everything that decides legality and the deal procedure.

    `reserve_size` counts non-Aces for the `frog` and `pysol` Ace procedures and cards
    otherwise. `stock_play` is `forced` (a turned card that fits must go up) or `optional`.
    """

    variant: str = "frog"
    decks: int = 2
    ranks: int = 13
    waste_piles: int = 5
    reserve_size: int = 13
    aces: str = "frog"
    stock_play: str = "forced"

    def __post_init__(self) -> None:
        checks = [
            (1 <= self.decks <= 8, f"decks must be 1-8, not {self.decks}"),
            (1 <= self.ranks <= 13, f"ranks must be 1-13, not {self.ranks}"),
            (0 <= self.waste_piles <= 16, f"waste-piles must be 0-16, not {self.waste_piles}"),
            (0 <= self.reserve_size <= 4 * self.decks * self.ranks,
             f"reserve-size must be 0-{4 * self.decks * self.ranks}, not {self.reserve_size}"),
            (self.aces in ACE_PROCEDURES,
             f"aces must be one of {', '.join(ACE_PROCEDURES)}, not {excerpt(self.aces)}"),
            (self.stock_play in STOCK_PLAY,
             f"stock-play must be forced or optional, not {excerpt(self.stock_play)}"),
        ]
        for ok, message in checks:
            if not ok:
                raise RulesError(message)

    @property
    def foundations(self) -> int:
        """One foundation per Ace."""
        return 4 * self.decks

    @property
    def card_count(self) -> int:
        return 4 * self.decks * self.ranks

    @property
    def forced(self) -> bool:
        return self.stock_play == "forced"

    def with_overrides(self, **overrides: object) -> "Rules":
        """A copy with some parameters replaced; None values are ignored."""
        given = {key: value for key, value in overrides.items() if value is not None}
        return replace(self, **given)

    def parameters(self) -> dict[str, object]:
        """Every rule parameter by its docs/rules.md name (for JSON and deal files)."""
        return {PARAMETER_NAMES[f.name]: getattr(self, f.name) for f in fields(self)
                if f.name != "variant"}

    def differences(self) -> dict[str, object]:
        """The parameters that differ from this variant's defaults."""
        base = VARIANTS[self.variant].parameters()
        return {key: value for key, value in self.parameters().items() if base[key] != value}


#: The spelling of each parameter in docs/rules.md (deal files, command line, JSON).
PARAMETER_NAMES = {
    "decks": "decks",
    "ranks": "ranks",
    "waste_piles": "waste-piles",
    "reserve_size": "reserve-size",
    "aces": "aces",
    "stock_play": "stock-play",
}

VARIANTS: dict[str, Rules] = {
    "frog": Rules("frog", aces="frog", stock_play="forced"),
    "fly": Rules("fly", aces="fly", stock_play="forced"),
    "fanny": Rules("fanny", reserve_size=12, aces="stay", stock_play="forced"),
    "dicks-frog": Rules("dicks-frog", aces="dicks", stock_play="forced"),
    "plain-frog": Rules("plain-frog", aces="stay", stock_play="optional"),
    "pysol-frog": Rules("pysol-frog", aces="pysol", stock_play="optional"),
    "pysol-fly": Rules("pysol-fly", aces="fly", stock_play="optional"),
    "pysol-fanny": Rules("pysol-fanny", reserve_size=12, aces="stay", stock_play="optional"),
    "sir-tommy": Rules("sir-tommy", decks=1, waste_piles=4, reserve_size=0, aces="stay",
                       stock_play="optional"),
}

#: One line per variant for --help and the README.
VARIANT_SOURCES = {
    "frog": "Frog: reserve of 13 non-Aces, Aces met go up, one Ace fetched if none (standard rules)",
    "fly": "Fly: all 8 Aces up first, reserve of 13 (standard rules' variant)",
    "fanny": "Fanny: reserve of 12 as they come, no Ace taken out (standard rules' variant)",
    "dicks-frog": "Dick's Frog: 13 counted off, Aces among them go up (as described in 1883)",
    "plain-frog": "web Frog: reserve of 13 as they come, optional play (the web version's rules page)",
    "pysol-frog": "PySolFC Frog (game 355): as frog, no Ace fetched, optional play",
    "pysol-fly": "PySolFC Fly (game 356): as fly, optional play",
    "pysol-fanny": "PySolFC Fanny (game 613): as fanny, optional play",
    "sir-tommy": "Sir Tommy (PySolFC 257): one deck, 4 waste piles, no reserve",
}


def variant_rules(name: str) -> Rules:
    """The named variant's rules; RulesError naming the choices otherwise."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise RulesError(f"unknown variant {excerpt(name)} (choose from "
                         f"{', '.join(VARIANTS)})") from None
