"""`frog report`'s tables of blind surveys: wins and the Wilson 95% interval per (rules,
policy), and the open rate of the same rules on the same deals beside the blind one when the
store holds both (docs/blind.md, Blind surveys)."""
from __future__ import annotations


def _interval(entry: dict) -> str:
    return f"{100 * entry['ci_low']:.1f}% - {100 * entry['ci_high']:.1f}%"


def _rate(entry: dict) -> str:
    return f"{100 * (entry['win_rate'] or 0):.1f}%"


def blind_tables(blind: dict[str, dict], markdown: bool = False) -> list[str]:
    """The blind table, then (when any label has open rows too) the side-by-side table."""
    games = [["rules", "policy", "games", "won", "lost", "win rate", "95% interval",
              "median ms", "median decisions"]]
    for entry in blind.values():
        games.append([entry["rules_label"], entry["policy"], str(entry["games"]),
                      str(entry["won"]), str(entry["lost"]), _rate(entry), _interval(entry),
                      f"{1000 * entry['seconds']['median']:.1f}",
                      f"{entry['decisions']['median']:.0f}"])
    tables = [_render(games, markdown)]
    beside = [["rules", "policy", "deals", "open win rate", "95% interval", "blind win rate",
               "95% interval"]]
    for entry in blind.values():
        if "open" in entry:
            shown = entry["open"]
            beside.append([entry["rules_label"], entry["policy"], str(shown["deals"]),
                           _rate(shown), _interval(shown), _rate(shown["blind"]),
                           _interval(shown["blind"])])
    if len(beside) > 1:
        title = ("open play (every card known: the solver) and blind play on the deals both "
                 "hold; an open interval counts unknowns as losses at its low end, as wins at "
                 "its high end")
        tables.append(title + "\n" + _render(beside, markdown))
    return tables


def _render(table: list[list[str]], markdown: bool) -> str:
    """Rows of cells as aligned text (text left, numbers right) or as a Markdown table."""
    numeric = [all(_is_number(row[i]) for row in table[1:]) for i in range(len(table[0]))]
    if markdown:
        lines = ["| " + " | ".join(table[0]) + " |",
                 "| " + " | ".join("---:" if n else "---" for n in numeric) + " |"]
        return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in table[1:]])
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    return "\n".join("  ".join(cell.rjust(w) if n else cell.ljust(w)
                               for cell, w, n in zip(row, widths, numeric)).rstrip()
                     for row in table)


def _is_number(cell: str) -> bool:
    return cell.rstrip("%").replace(".", "", 1).isdigit()
