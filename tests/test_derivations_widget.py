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
    fig, image, field, point = ex.fig, ex.image, ex.field, ex.mle_point
    children = list(ex.widget.children)
    png, html, data = image.value, ex.view.value, np.array(field.get_array())
    np.testing.assert_allclose(ex.mle, _derived((6, 3, 1), 0))
    ex.count_sliders[2].value = 11
    np.testing.assert_allclose(ex.mle, _derived((6, 3, 11), 0))
    # the same objects, new contents
    assert ex.fig is fig and ex.image is image and ex.field is field and ex.mle_point is point
    assert list(ex.widget.children) == children
    assert image.value != png and ex.view.value != html
    assert not np.allclose(np.array(field.get_array()), data, equal_nan=True)
    np.testing.assert_allclose(np.ravel(point.get_data()), simplex_xy(ex.mle))


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


@pytest.mark.parametrize("counts", [(6, 3, 0), (0, 5, 0), (0, 0, 5)])
def test_explorer_labels_fit_and_the_legend_covers_no_label_or_the_triangle(counts):
    ex = mle_explorer(counts=counts, words=("free", "money", "meeting"))
    legend = ex.ax.get_legend()
    texts = [*ex.corner_labels, ex.ax.title, ex.fig.axes[-1].yaxis.label]  # colour bar label
    boxes = _boxes(ex.fig, [*texts, legend])
    assert all(_inside(b, ex.fig.bbox) for b in boxes), "a label or the legend is cut off"
    frame = ex.ax.get_window_extent()
    assert all(_inside(b, frame) for b in boxes[:3]), "a corner label crosses the axes frame"
    legend_box = boxes[-1]
    assert not any(legend_box.overlaps(b) for b in boxes[:3])
    triangle = ex.ax.transData.transform(simplex_xy(np.eye(3)))
    assert legend_box.y1 <= triangle[:, 1].min()          # the legend is below the triangle
    assert [t.get_text() for t in ex.corner_labels] == ["all free", "all money", "all meeting"]


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
