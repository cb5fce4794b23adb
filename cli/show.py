"""Text rendering of layouts and move lists for people."""
from __future__ import annotations

from solver.patience import Deal, format_cards, rank_name


def render_deal(deal: Deal, title: str) -> str:
    """A terminal view of a layout, every pile labelled and its playable end marked."""
    rules = deal.rules
    parameters = ", ".join(f"{key} {value}" for key, value in rules.parameters().items())
    started = [str(card) for card in deal.foundations]
    empty = ["--"] * (rules.foundations - len(started))
    lines = [
        f"{title}  [{rules.variant}: {parameters}]",
        f"Foundations  {' '.join(started + empty)}",
        f"Reserve      {format_cards(deal.reserve)}   ({len(deal.reserve)} cards, top last)",
    ]
    for i, pile in enumerate(deal.waste):
        lines.append(f"Waste {i + 1:<6} {format_cards(pile)}")
    lines.append(f"Stock        {format_cards(deal.stock)}   ({len(deal.stock)} cards, next first)")
    lines.append(f"Ranks A-{rank_name(rules.ranks)}, {rules.card_count} cards")
    return "\n".join(lines)
