"""Small charts drawn on the server as inline SVG: no JavaScript, crisp on any phone.

Each function returns safe markup sized by its viewBox (it scales to the width of its
container) with a text alternative for screen readers.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from ..i18n import decimal_sign, gettext, ngettext

PALETTE = (
    "#1d6fd1",
    "#e0562b",
    "#2e9e4f",
    "#9b4fd1",
    "#d1a100",
    "#00a3a3",
    "#d13f8a",
    "#6b7a8f",
    "#7a4b00",
    "#4f5bd5",
    "#8fb300",
    "#b30000",
)
"""Line colours by seat; the legend under a chart uses the same."""
WIDTH, HEIGHT = 360, 220
LEFT, RIGHT, TOP, BOTTOM = 46, 12, 18, 26
"""Margins: LEFT has room for a tick such as "−1.25M", TOP for the target's label."""


def colour(seat: int) -> str:
    """The colour of a seat's line."""
    return PALETTE[seat % len(PALETTE)]


def _ticks(low: int, high: int, count: int = 5) -> list[int]:
    """Round tick values covering low … high, about `count` steps of 1, 2, 2.5 or 5 times
    a power of ten.

    >>> _ticks(0, 100), _ticks(-17, 40)
    ([0, 20, 40, 60, 80, 100], [-20, 0, 20, 40])
    >>> _ticks(0, 1_180_000)
    [0, 250000, 500000, 750000, 1000000, 1250000]
    """
    raw = max(1, high - low) / count
    power = 10 ** max(0, len(str(int(raw))) - 1)
    step = next(
        int(f * power) for f in (1, 2, 2.5, 5, 10) if f * power >= raw and f * power % 1 == 0
    )
    start = (low // step) * step
    return list(range(start, high + step, step))


TARGET_NEAR = 20
"""The target is drawn once a total comes this close to it (else the lines stay readable)."""


def target_drawn(totals: Sequence[Sequence[int]], target: int) -> bool:
    """Whether `totals_chart` draws the target's dashed line (a total came near it)."""
    if not totals:
        return False
    ticks = _totals_axis(totals, target)
    return ticks[0] <= target <= ticks[-1]


def _totals_axis(totals: Sequence[Sequence[int]], target: int) -> list[int]:
    """The totals chart's ticks: from 0 (or the lowest total) to the highest, and to the
    target once a total comes near it."""
    values = [v for row in totals for v in row]
    return _ticks(min(0, *values), max(max(values), min(target, max(values) + TARGET_NEAR)))


def totals_chart(
    players: Sequence[str],
    totals: Sequence[Sequence[int]],
    target: int,
    doubled: Sequence[int | None] = (),
) -> Markup:
    """Each player's total after each round, one line per player, the target dashed.

    `totals[r][seat]` is the total after round r + 1; `doubled[r]` the seat doubled in
    round r + 1 (drawn as a ring), if any.
    """
    if not totals:
        return Markup("")
    rounds = len(totals)
    ticks = _totals_axis(totals, target)
    low, high = ticks[0], ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(r: int) -> float:
        return LEFT + plot_w * r / rounds

    def y(v: float) -> float:
        return TOP + plot_h * (high - v) / max(1, high - low)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(_summary(players, totals))}">'
    ]
    shown = low <= target <= high
    for t in ticks:
        label = "" if shown and t == target else short_number(t)  # the target's says it
        parts.append(
            f'<line class="grid-line" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(t):.1f}" '
            f'y2="{y(t):.1f}"/><text class="axis" x="{LEFT - 4}" y="{y(t) + 4:.1f}" '
            f'text-anchor="end">{label}</text>'
        )
    if shown:
        # At the left, where every line starts from 0: never on the last round's points.
        parts.append(
            f'<line class="target" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(target):.1f}" '
            f'y2="{y(target):.1f}"/><text class="axis target-label" x="{LEFT + 4}" '
            f'y="{y(target) - 4:.1f}" text-anchor="start">{target}</text>'
        )
    step = max(1, rounds // 8)
    for r in range(0, rounds + 1, step):
        parts.append(
            f'<text class="axis" x="{x(r):.1f}" y="{HEIGHT - 8}" text-anchor="middle">{r}</text>'
        )
    for seat, _name in enumerate(players):
        points = [(x(0), y(0))] + [(x(r + 1), y(row[seat])) for r, row in enumerate(totals)]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        parts.append(
            f'<polyline class="series" points="{path}" stroke="{colour(seat)}" fill="none"/>'
        )
        for r, who in enumerate(doubled):
            if who == seat:
                px, py = points[r + 1]
                parts.append(
                    f'<circle class="doubled-mark" cx="{px:.1f}" cy="{py:.1f}" r="4.5" '
                    f'stroke="{colour(seat)}"/>'
                )
        px, py = points[-1]
        parts.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="{colour(seat)}"/>')
    parts.append("</svg>")
    return Markup("".join(parts))


def _summary(players: Sequence[str], totals: Sequence[Sequence[int]]) -> str:
    last = totals[-1]
    scores = ", ".join(f"{name} {last[seat]}" for seat, name in enumerate(players))
    return ngettext(
        "Totals round by round over %(num)s round; at the end: %(scores)s.",
        "Totals round by round over %(num)s rounds; at the end: %(scores)s.",
        len(totals),
        scores=scores,
    )


def results_chart(results: Sequence[tuple[int, int, int]]) -> Markup:
    """Bars of a player's final totals, oldest first; winning games in gold.

    Each result is (total, place, players).
    """
    if not results:
        return Markup("")
    totals = [t for t, _p, _n in results]
    ticks = _ticks(min(0, *totals), max(10, *totals), 4)
    low, high = ticks[0], ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / len(results)

    def y(v: float) -> float:
        return TOP + plot_h * (high - v) / max(1, high - low)

    wins = sum(1 for _t, place, _n in results if place == 1)
    label = ngettext(
        "Final totals of the last %(num)s game, %(wins)s won.",
        "Final totals of the last %(num)s games, %(wins)s won.",
        len(results),
        wins=wins,
    )
    # the bars' values and places in words too, for a reader who cannot see them
    said = [
        gettext("%(total)s (won)", total=t)
        if p == 1
        else gettext("%(total)s (place %(place)s of %(num)s)", total=t, place=p, num=n)
        for t, p, n in results
    ]
    label += " " + gettext("Oldest first: %(totals)s.", totals=", ".join(said))
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}">'
    ]
    for t in ticks:
        parts.append(
            f'<line class="grid-line" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(t):.1f}" '
            f'y2="{y(t):.1f}"/><text class="axis" x="{LEFT - 4}" y="{y(t) + 4:.1f}" '
            f'text-anchor="end">{short_number(t)}</text>'
        )
    for index, (total, place, _players) in enumerate(results):
        left = LEFT + index * slot + slot * 0.15
        top, bottom = sorted((y(total), y(0)))
        kind = "bar win" if place == 1 else "bar"
        parts.append(
            f'<rect class="{kind}" x="{left:.1f}" y="{top:.1f}" width="{slot * 0.7:.1f}" '
            f'height="{max(1.0, bottom - top):.1f}" rx="2"/>'
        )
        parts.append(
            f'<text class="axis place" x="{left + slot * 0.35:.1f}" y="{HEIGHT - 8}" '
            f'text-anchor="middle">{place}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))


def short_number(value: int) -> str:
    """A tick's label that fits the plot's left margin: 9999, then 12.5k, then 2M, with the
    reader's decimal sign and a true minus, as the score sheet writes it.

    >>> [short_number(v) for v in (-17, 9_999, 12_500, -250_000, 2_000_000)]
    ['−17', '9999', '12.5k', '−250k', '2M']
    """
    sign = "−" if value < 0 else ""
    for size, unit in ((1_000_000, "M"), (1_000, "k")):
        if abs(value) >= max(size, 10_000):
            return f"{sign}{abs(value) / size:.3g}".replace(".", decimal_sign()) + unit
    return f"{sign}{abs(value)}"
