"""The MLE explorer and the Lagrange picture, driven the way a student drives them."""
import matplotlib

matplotlib.use("Agg")

import numpy as np
import pytest

from nbteach._base import NbteachError
from nbteach.derivations import dirichlet_smoothing
from nbteach.widgets.mle import lagrange_picture, mle_explorer, simplex_xy


def _derived(counts, alpha):
    """The closed form of the derivation, evaluated by sympy (not by the widget's lambdify)."""
    d = dirichlet_smoothing(3)
    theta, N, a = d.symbols["theta"], d.symbols["N"], d.symbols["alpha"]
    values = {N[v + 1]: c for v, c in enumerate(counts)}
    return np.array([float(d.result[theta[v]].xreplace(values).subs(a, alpha)) for v in (1, 2, 3)])


def test_count_slider_moves_the_mle_and_updates_in_place():
    ex = mle_explorer(counts=(6, 3, 1))
    fig, field, point = ex.fig, ex.field, ex.mle_point
    children = list(ex.widget.children)
    html, data = ex.view.value, np.array(field.y)
    np.testing.assert_allclose(ex.mle, _derived((6, 3, 1), 0))
    ex.count_sliders[2].value = 11
    np.testing.assert_allclose(ex.mle, _derived((6, 3, 11), 0))
    # the same objects, new contents
    assert ex.fig is fig and ex.field is field and ex.mle_point is point
    assert list(ex.widget.children) == children
    assert ex.view.value != html and "(6, 3, 11)" in ex.fig.title
    assert np.shape(field.y) != np.shape(data) or not np.allclose(np.array(field.y), data, equal_nan=True)
    np.testing.assert_allclose([point.x[0], point.y[0]], simplex_xy(ex.mle))


@pytest.mark.parametrize("counts, alpha", [((6, 3, 1), 0.0), ((6, 3, 0), 0.0), ((2, 2, 2), 1.5)])
def test_contours_are_the_derived_log_posterior_one_nat_apart(counts, alpha):
    from nbteach.widgets.mle import LEVELS, _functions

    ex = mle_explorer(counts=counts, alpha=alpha)
    estimate, objective, _, _ = _functions(3)
    with np.errstate(divide="ignore", invalid="ignore"):
        grid = np.asarray(objective(ex._theta, np.array(counts, float), alpha), dtype=float)
    best = np.nanmax(grid[np.isfinite(grid)])     # the widget's reference: the map's maximum
    xs, ys, levels = np.array(ex.field.x), np.array(ex.field.y), np.array(ex.field.color)
    assert sorted(levels) == sorted(set(lev for lev, _ in ex.contours)) and set(levels) <= set(LEVELS)
    assert len(levels) >= 8                      # most of the eleven levels cross the triangle
    for row, level in enumerate(levels):
        pts = np.column_stack([xs[row], ys[row]])
        pts = pts[np.isfinite(pts).all(axis=1)]
        # triangle coordinates back to theta, then the derived log-posterior at each point
        t3 = pts[:, 1] / (np.sqrt(3) / 2)
        t2 = pts[:, 0] - 0.5 * t3
        theta = [1 - t2 - t3, t2, t3]
        with np.errstate(divide="ignore", invalid="ignore"):
            values = np.asarray(objective(theta, np.array(counts, float), alpha), dtype=float) - best
        values = values[np.isfinite(values)]        # 0 * log 0 on an edge of the triangle
        assert values.size > 0.9 * len(pts)
        # on its level line, up to the grid's interpolation (larger where the surface is
        # steep, by the triangle's edges): nearer its level than either neighbour, mostly exact
        np.testing.assert_allclose(values, level, atol=0.5)
        assert np.median(np.abs(values - level)) < 0.1


def test_alpha_slider_moves_only_the_smoothed_estimate():
    ex = mle_explorer(counts=(6, 3, 0))
    mle = ex.mle.copy()
    assert mle[2] == 0 and "probability 0" in ex.view.value
    ex.alpha_slider.value = 1.0
    np.testing.assert_allclose(ex.mle, mle)
    np.testing.assert_allclose(ex.smoothed, _derived((6, 3, 0), 1.0))
    assert ex.smoothed[2] > 0 and "probability 0" not in ex.view.value
    assert "lambda = N + 3 alpha = 12" in ex.view.value  # 9 words + 3 * 1


def test_no_counts_no_alpha_says_undefined():
    ex = mle_explorer(counts=(0, 0, 0))
    assert ex.mle is None and ex.smoothed is None
    assert "0/0" in ex.view.value
    ex.alpha_slider.value = 0.5
    np.testing.assert_allclose(ex.smoothed, [1 / 3] * 3)


@pytest.mark.parametrize("bad", [(1, 2), (1, -1, 2), (1.5, 1, 1), "abc"])
def test_bad_counts_raise(bad):
    with pytest.raises(NbteachError, match="counts"):
        mle_explorer(counts=bad)
    with pytest.raises(NbteachError, match="alpha"):
        mle_explorer(alpha=-1)


def test_lagrange_picture_draws_the_constraint_and_the_optimum():
    ax = lagrange_picture(3, 1)
    assert "log-likelihood" in ax.get_title()
    optimum = [l for l in ax.lines if l.get_marker() == "o"][0]
    np.testing.assert_allclose(np.ravel(optimum.get_data()), [0.75, 0.25])
    with pytest.raises(NbteachError, match="n2"):
        lagrange_picture(3, 0)


def _boxes(fig, artists):
    """Drawn boxes (display coordinates) of the artists, after the figure's layout has run."""
    fig.draw_without_rendering()
    return [a.get_window_extent() for a in artists]


def _inside(box, page):
    return (box.x0 >= page.x0 - 0.5 and box.y0 >= page.y0 - 0.5
            and box.x1 <= page.x1 + 0.5 and box.y1 <= page.y1 + 0.5)


def test_explorer_names_the_corners_and_hides_an_undefined_point():
    ex = mle_explorer(counts=(0, 0, 0), words=("free", "money", "meeting"))
    assert ex.corner_labels == ["all free", "all money", "all meeting"]
    # the corners are named by ticks at their x: 0 and 1 on the bottom axis, 1/2 on the top
    bottom, top = ex.fig.axes[0], ex.fig.axes[1]
    assert list(bottom.tick_values) == [0, 1] and list(bottom.tick_labels.values()) == ["all free", "all money"]
    assert top.side == "top" and list(top.tick_values) == [0.5] and list(top.tick_labels.values()) == ["all meeting"]
    assert not ex.mle_point.visible and not ex.smooth_point.visible       # 0/0: nothing drawn
    ex.alpha_slider.value = 1.0
    assert ex.smooth_point.visible and not ex.mle_point.visible


def test_numbers_carry_no_style_element_and_the_legend_defines_the_theme_colours():
    """A <style> in the numbers, re-inserted at every move, made the browser recompute the style
    of the whole page; the theme's colour rules come once, with the legend, which never changes."""
    from nbteach.widgets._html import ERROR, THEME_STYLE

    ex = mle_explorer(counts=(6, 3, 0))
    legend = ex.legend.value
    for s in ex.count_sliders:
        s.value += 1
        assert "<style" not in ex.view.value.lower()
    ex.count_sliders[2].value = 0
    ex.alpha_slider.value = 0.0
    # the note's colour is the theme's, defined by the legend's style block, shown once
    assert ERROR in ex.view.value and "probability 0" in ex.view.value
    assert ex.legend.value == legend and legend.startswith(THEME_STYLE) and legend.count("<style") == 1


@pytest.mark.parametrize("own_axes", [False, True])
def test_lagrange_picture_legend_and_title_fit_the_figure(own_axes):
    import matplotlib.pyplot as plt

    if own_axes:   # the lesson's call: its own 5.2 x 5 figure, no layout engine
        fig, ax = plt.subplots(figsize=(5.2, 5))
        lagrange_picture(3, 1, ax=ax)
    else:
        ax = lagrange_picture(3, 1)
        fig = ax.figure
    legend = ax.get_legend()
    boxes = _boxes(fig, [legend, ax.title, ax.xaxis.label])
    assert all(_inside(b, fig.bbox) for b in boxes)
    assert not boxes[0].overlaps(ax.get_window_extent())  # outside the plotted plane
    plt.close(fig)
