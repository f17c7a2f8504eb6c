"""Issue 24: the totals chart's target label sits at the left of its dashed line, where
every line starts from 0, never on the last round's points at the right."""

from __future__ import annotations

import re

from skyjo_pad.factory import create_app
from skyjo_pad.web.charts import LEFT, target_drawn, totals_chart


def test_the_target_label_keeps_clear_of_the_last_points() -> None:
    svg = str(totals_chart(["Ann", "Bob"], [[40, 30], [80, 70], [104, 90]], 100))
    label = re.search(r'<text class="axis target-label" x="([\d.]+)" y="([\d.]+)"', svg)
    assert label is not None
    x, y = float(label.group(1)), float(label.group(2))
    assert x <= LEFT + 10  # at the left
    last = [
        (float(a), float(b))
        for a, b in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="3"', svg)
    ]
    assert len(last) == 2 and all(abs(px - x) > 100 for px, _py in last), (x, y, last)
    assert svg.count(">100</text>") == 1  # said once, by the target's label


def test_tick_labels_are_round_and_written_as_the_reader_writes_numbers() -> None:
    """Huge totals (a long imported game) tick at round steps, in k and M, with the
    language's decimal sign and a true minus: a Swedish reader reads "1,25M"."""
    totals = [[-30_000, 0], [400_000, 900_000], [700_000, 1_180_000]]
    app = create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})
    with app.test_request_context(headers={"Accept-Language": "sv"}):
        svg = str(totals_chart(["Ann", "Bob"], totals, 100))
    ticks = re.findall(r'text-anchor="end">([^<]*)</text>', svg)
    assert ticks == ["−250k", "0", "250k", "500k", "750k", "1M", "1,25M"]


def test_the_caption_says_only_what_is_drawn() -> None:
    """The dashed target line is drawn (and said) once a total comes near it; the chart and
    the caption decide it alike."""
    for totals, target in (([[-1, 17]], 100), ([[40, 30], [80, 70]], 100), ([[5, 9]], 10)):
        svg = str(totals_chart(["Ann", "Bob"], totals, target))
        assert ('class="target"' in svg) == target_drawn(totals, target), (totals, target)
    assert not target_drawn([[-1, 17]], 100) and target_drawn([[40, 30], [80, 70]], 100)
