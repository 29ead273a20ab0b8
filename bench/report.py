"""Markdown for bench sections: figures beside their peers, ratios, goals."""

from __future__ import annotations

from collections.abc import Sequence

from bench.common import Figure, _fmt, table


def fmt(value: float, unit: str = "s") -> str:
    return _fmt(value, unit)


def peer_table(pairs: Sequence[tuple[Figure, Figure | None]]) -> str:
    """One row per figure: min / median / max / runs, then its peer's median and the ratio.

    The ratio is figure median ÷ peer median: what we compare across runs and machines.
    """
    rows = []
    for figure, peer in pairs:
        row = figure.cells()
        if peer is None:
            row += ["", "", ""]
        else:
            row += [peer.name, fmt(peer.median, peer.unit), ratio(figure.median, peer.median)]
        rows.append(row)
    return table(["figure", "min", "median", "max", "runs", "peer", "peer median", "ratio"], rows)


def ratio(value: float, base: float) -> str:
    if base <= 0:
        return "—"
    r = value / base
    if r < 0.1:
        return f"1/{1 / r:.0f}×"  # 2 µs against 1 ms reads better as 1/500× than 0.00×
    return f"{r:.0f}×" if r >= 100 else f"{r:.1f}×" if r >= 10 else f"{r:.2f}×"


def verdict(value: float, goal: float, unit: str = "s") -> str:
    """'met (2.1 s ≤ 10 s)' or 'missed (12 s > 10 s)'."""
    if value <= goal:
        return f"met ({fmt(value, unit)} ≤ {fmt(goal, unit)})"
    return f"**missed** ({fmt(value, unit)} > {fmt(goal, unit)})"
