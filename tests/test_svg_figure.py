"""The one-SVG figure of lessons 04, 07 and 08 (nbteach.widgets._svg): what a move sends to the
browser (one message for the whole figure) and what the browser then draws (the title, the
marks where the library's numbers put them, hidden marks left out), in both languages."""
import re

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

from nbteach import set_language  # noqa: E402
from nbteach.widgets import _svg  # noqa: E402
from nbteach.widgets.mle import mle_explorer, simplex_xy  # noqa: E402

DOCS = ["cheap pills now", "cheap deal now", "lunch at noon", "team meeting today", "cheap lunch",
        "win cash now", "meeting at noon", "cheap cash deal"]
Y = ["spam", "spam", "ham", "ham", "ham", "spam", "ham", "spam"]
TEST = ["cheap cash", "team lunch", "deal now", "noon meeting", "cheap meeting"]
YT = ["spam", "ham", "spam", "ham", "ham"]


def _texts(svg):
    return re.findall(r"<text [^>]*>([^<]*)</text>", svg)


def _circles(svg):
    return [(float(x), float(y)) for x, y in re.findall(r"<circle cx='([-0-9.]+)' cy='([-0-9.]+)'", svg)]


def _squares(svg):
    """Centres of the drawn squares (a colour bar is a rectangle, not a square)."""
    return [(float(x) + float(s) / 2, float(y) + float(s) / 2)
            for x, y, s in re.findall(r"<rect x='([-0-9.]+)' y='([-0-9.]+)' width='([0-9.]+)' height='\3'", svg)]


def _px(fig, mark, x, y):
    x0, y0, x1, y1 = fig.plot_box()
    return float(mark.scales["x"].map(x, x0, x1)), float(mark.scales["y"].map(y, y1, y0))


def test_a_count_move_sends_the_figure_in_one_message_and_draws_the_library_estimate(sent):
    ex = mle_explorer(counts=(6, 3, 1), words=("free", "money", "meeting"))
    for slider, value in [(ex.count_sliders[2], 11), (ex.count_sliders[0], 0), (ex.alpha_slider, 1.5)]:
        sent.clear()
        slider.value = value
        figure_messages = [names for widget, names in sent if widget is ex.fig]
        assert figure_messages == [["value"]]                     # the whole figure: one message
        assert {widget for widget, _ in sent} <= {slider, ex.fig, ex.view}
        svg = ex.fig.value
        assert ex.fig.title in _texts(svg) and f"aria-label='{ex.fig.title}'" in svg
        # the MLE drawn where the library's estimate puts it, the smoothed estimate as a square
        (mx, my), = simplex_xy([ex.mle])
        assert _circles(svg) == [pytest.approx(_px(ex.fig, ex.mle_point, mx, my), abs=0.06)]
        (sx, sy), = simplex_xy([ex.smoothed])
        assert pytest.approx(_px(ex.fig, ex.smooth_point, sx, sy), abs=0.11) in _squares(svg)
        # one path a contour level (coloured by its level), and the triangle's outline
        colours = re.findall(r"<path d='[^']+' fill='none' stroke='(#[0-9a-f]{6})'", svg)
        levels = sorted(set(lev for lev, _ in ex.contours))
        assert colours == [ex.field.scales["color"].colour(v) for v in ex.field.color] + [ex.outline.colors[0]]
        assert sorted(ex.field.color) == levels
    assert "(6, 3, 11)" not in ex.fig.value and "counts N = (0, 3, 11), alpha = 1.5" in _texts(ex.fig.value)


def test_a_hidden_point_is_not_drawn():
    ex = mle_explorer(counts=(0, 0, 0))
    assert _circles(ex.fig.value) == [] and _squares(ex.fig.value) == []     # 0/0: nothing drawn
    ex.alpha_slider.value = 1.0
    assert _circles(ex.fig.value) == [] and len(_squares(ex.fig.value)) == 1


def test_the_corner_names_axis_label_and_title_are_drawn_in_the_students_language():
    try:
        set_language("zh")
        ex = mle_explorer(counts=(6, 3, 0), words=("free", "money", "meeting"))
        texts = _texts(ex.fig.value)
        assert {"全是 free", "全是 money", "全是 meeting", "低于最大值的奈特数"} <= set(texts)
        assert "计数 N = (6, 3, 0), alpha = 0" in texts
    finally:
        set_language("en")
    texts = _texts(mle_explorer(counts=(6, 3, 0), words=("free", "money", "meeting")).fig.value)
    assert {"all free", "all money", "all meeting", "nats below max"} <= set(texts)


def test_an_alpha_move_sends_the_figure_in_one_message_with_the_markers_at_the_scores(sent):
    from nbteach.text import TextNB
    from nbteach.widgets.alpha_curve import alpha_curve_widget

    wdg = alpha_curve_widget(TextNB(), DOCS, Y, TEST, YT, alphas=[0.001, 0.01, 0.1, 1, 10])
    for value in (10.0, 0.01):
        sent.clear()
        wdg.slider.value = value
        assert [names for widget, names in sent if widget is wdg.fig] == [["value"]]
        svg = wdg.fig.value
        assert wdg.fig.title in _texts(svg) and wdg.fig.title.startswith(f"alpha = {value:.3g}:")
        want = [_px(wdg.fig, wdg.markers, value, wdg.scores[k]) for k in ("accuracy", "f1")]
        assert _squares(svg) == [pytest.approx(p, abs=0.11) for p in want]
    # the checkbox draws the precision and recall curves (dashed, dotted) or leaves them out
    assert "stroke-dasharray" not in wdg.fig.value
    wdg.show_pr.value = True
    assert re.findall(r"stroke-dasharray='([0-9,]+)'", wdg.fig.value) == ["80,40", "20,30"]   # tenths of a px


def test_lines_break_at_nan_and_ticks_never_read_the_same():
    scales = {"x": _svg.LinearScale(0, 1), "y": _svg.LinearScale(0, 1)}
    line = _svg.Lines(x=[0, 0.5, np.nan, 0.6, 1], y=[0, 0.5, np.nan, 0.6, 1], scales=scales)
    fig = _svg.Figure([line], [], width=120, height=120, margin={"top": 10, "bottom": 10, "left": 10, "right": 10})
    d, = re.findall(r"<g transform='scale\(0.1\)'><path d='([^']+)'", fig.value)     # in tenths of a px
    assert d == "M100,1100l500,-500M700,500l400,-400"
    axis = _svg.Axis(scale=_svg.LinearScale(0.95, 1.0), side="left", tick_format=".2f")
    labels = [text for _, text in axis._ticks()]
    assert len(labels) == len(set(labels)) > 2 and labels[0] == "0.95" and labels[-1] == "1.00"
    with pytest.raises(ValueError, match="viridis"):
        _svg.ColorScale(0, 1, scheme="plasma")


# -- lesson 08's boundary explorer: points, triangles, a clipped plot area, the numbers beside --

def _triangles(svg):
    """Centres of the drawn triangles (apex up: the centre is below the apex by ry, half the height)."""
    return [(float(x), (float(y) + float(y2)) / 2)
            for x, y, y2 in re.findall(r"<path d='M([-0-9.]+),([-0-9.]+)L[-0-9.]+,([-0-9.]+)L[^']*Z'", svg)]


def _key(value):
    return re.sub(r"nbteach-clip-[0-9a-f]{12}", "CLIP", value)


def test_a_boundary_move_sends_one_message_with_the_points_the_boundary_and_the_numbers(sent):
    from nbteach.widgets.gaussian_boundary import boundary_explorer

    ex = boundary_explorer()
    moves = [(ex.mean_sliders[0, 0], -2.0), (ex.shared, False), (ex.sd_sliders[1, 0], 2.0), (ex.shared, True),
             (ex.shared, False), (ex.prior_slider, 0.8)]
    for control, value in moves:
        sent.clear()
        before = ex.fig.value
        control.value = value
        # unticked with the classes' sds equal, the picture stays: nothing sent for it
        var = ex.parameters()[1]
        same = control is ex.shared and value is False and np.array_equal(var[0], var[1])
        assert [names for widget, names in sent if widget is ex.fig] == ([] if same else [["value"]])
        assert (ex.fig.value == before) == same
        # the checkbox also greys out class 1's sd sliders, or enables them: their messages after the
        # figure's, nothing else
        others = [widget for widget, _ in sent if widget not in (control, ex.fig)]
        assert others == ([ex.sd_sliders[1, 0], ex.sd_sliders[1, 1]] if control is ex.shared else [])
        assert same or [w for w, _ in sent if w is not control][:1] == [ex.fig]
        assert [ex.sd_sliders[1, j].disabled for j in (0, 1)] == [ex.shared.value] * 2
        svg = ex.fig.value
        assert ex.fig.title in _texts(svg) and f"aria-label='{ex.fig.title}'" in svg
        # the numbers beside the picture are the library's log odds coefficients
        v, w0 = ex.coefficients["v"], ex.coefficients["w0"]
        assert ex.summary in svg and f"{v[0]:+.3f}·x₁²" in ex.summary and f"{w0:+.3f}</p>" in ex.summary
        # class 0 as circles and class 1 as triangles, where the sliders put each point
        for mark, drawn in ((ex.points[0], _circles(svg)), (ex.points[1], _triangles(svg))):
            want = [_px(ex.fig, mark, x, y) for x, y in zip(mark.x, mark.y)]
            assert drawn == [pytest.approx(p, abs=0.11) for p in want]
        assert svg.count("opacity='0.75'") == len(ex.points[0].x) + len(ex.points[1].x)
    assert "a curve" in ex.fig.title and "not zero" in ex.fig.value


def test_a_boundary_setting_shown_before_is_shown_again_from_memory(monkeypatch):
    from nbteach.widgets import gaussian_boundary
    from nbteach.widgets.gaussian_boundary import boundary_explorer

    ex = boundary_explorer()
    ex.shared.value = False
    shown = _key(ex.fig.value), ex.summary, ex.coefficients
    ex.sd_sliders[1, 1].value = 1.6
    moved = _key(ex.fig.value)
    calls = []
    real = gaussian_boundary.boundary_lines
    monkeypatch.setattr(gaussian_boundary, "boundary_lines", lambda *a, **k: calls.append(1) or real(*a, **k))
    ex.sd_sliders[1, 1].value = 1.0                   # back: from memory, nothing computed
    assert calls == [] and (_key(ex.fig.value), ex.summary, ex.coefficients) == shown
    ex.sd_sliders[1, 1].value = 1.6
    assert calls == [] and _key(ex.fig.value) == moved
    # what memory shows is what a new explorer at that setting computes and draws
    fresh = boundary_explorer(sds=((1.0, 1.0), (1.0, 1.6)), shared=False)
    assert _key(fresh.fig.value) == moved and calls == [1]
    ex.sd_sliders[1, 1].value = 1.7                   # a new setting is computed
    assert len(calls) == 2 and _key(ex.fig.value) != moved


def test_a_clipped_figure_cuts_its_marks_at_the_plot_area_and_draws_html_beside_it():
    scales = {"x": _svg.LinearScale(0, 1), "y": _svg.LinearScale(0, 1)}
    points = _svg.Scatter(x=[0.5, 3.0], y=[0.5, 0.5], scales=scales, marker="triangle-up", default_size=24,
                          opacities=[0.5])
    fig = _svg.Figure([points], [], width=120, height=120, clip=True, below="<p>legend</p>", beside="<p>numbers</p>",
                      margin={"top": 10, "bottom": 10, "left": 10, "right": 10})
    clip, = re.findall(r"<clipPath id='(nbteach-clip-[0-9a-f]{12})'><rect x='10' y='10' width='100' height='100'/>",
                       fig.value)
    assert re.search(rf"<g clip-path='url\(#{clip}\)'><path d='M60.0,[^']*Z' fill='#0072B2' opacity='0.5'/>", fig.value)
    assert len(_triangles(fig.value)) == 2        # the point outside is drawn, and cut by the clip
    # an equilateral triangle of the given area (d3's symbolTriangle, as bqplot drew it)
    (x0, y0, x1, y1, x2, y2), = [tuple(map(float, m)) for m in re.findall(
        r"M([-0-9.]+),([-0-9.]+)L([-0-9.]+),([-0-9.]+)L([-0-9.]+),([-0-9.]+)Z", fig.value)][:1]
    assert abs((x1 - x2) * (y1 - y0)) / 2 == pytest.approx(24, rel=0.05) and x0 == (x1 + x2) / 2
    assert fig.value.index("</svg><p>legend</p></div>") < fig.value.index("<p>numbers</p>")
    assert fig.layout.width is None                   # the picture and the HTML: not a box of the picture's size
    assert _svg.Figure([points], [], width=120, height=120).layout.width == "120px"
    with pytest.raises(ValueError, match="marker must be one of 'circle', 'square', 'triangle-up'"):
        _svg.Scatter(x=[0], y=[0], scales=scales, marker="star")
