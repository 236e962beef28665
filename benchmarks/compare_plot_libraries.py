"""Which plotting library moves a plot fastest in the browser: bqplot, plotly FigureWidget, matplotlib PNG.

The measurement that first chose bqplot for the lessons' moving plots; they are now one SVG in
one HTML widget (nbteach/widgets/_svg.py, measured in bench_browser.py), and nbteach no longer
depends on bqplot: without it installed, its row is left out with a printed line. Each
library draws the same figure (four curves of 17 points and a cursor line on a log axis);
a FloatLogSlider moves the cursor and rewrites the title. Key press to updated view, as
bench_browser.py measures it, against the same IntSlider -> Label baseline. Needs plotly
and anywidget (not dependencies of nbteach: `pip install plotly anywidget`); says so and
stops without them. Not part of `make bench`.
"""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))
try:                                    # bqplot: no longer a dependency of nbteach
    import bqplot  # noqa: F401
    HAVE_BQPLOT = True
except ImportError:
    HAVE_BQPLOT = False
if not HAVE_BQPLOT:
    print("compare_plot_libraries: bqplot is not installed, its row is left out (pip install bqplot to measure it)")
try:
    import anywidget  # noqa: F401
    import plotly  # noqa: F401
except ImportError:
    print("compare_plot_libraries: needs plotly and anywidget (pip install plotly anywidget)")
    sys.exit(0)
import bench_browser as bb  # noqa: E402

bb.SETUP = r'''
import ipywidgets as w, numpy as np, io
from IPython.display import display
x = np.logspace(-3, 1, 17); ys = [np.sin(x*k) for k in range(4)]
'''
bb.CONTROLS = [
 ("baseline", "s = w.IntSlider(description='baseline', max=1000)\nl = w.Label('0')\ns.observe(lambda c: setattr(l, 'value', str(c['new'])), names='value')\ndisplay(w.VBox([s, l]))", "baseline"),
 ("bqplot", r'''
import bqplot as bq
sx, sy = bq.LogScale(), bq.LinearScale(min=-1.2, max=1.2)
lines = bq.Lines(x=x, y=np.array(ys), scales={'x': sx, 'y': sy}, marker='circle', marker_size=12)
vl = bq.Lines(x=[0.1, 0.1], y=[-1.2, 1.2], scales={'x': sx, 'y': sy}, colors=['grey'])
fig = bq.Figure(marks=[lines, vl], axes=[bq.Axis(scale=sx, label='alpha'), bq.Axis(scale=sy, orientation='vertical')], layout=w.Layout(width='640px', height='340px'), title='t')
s2 = w.FloatLogSlider(description='bq', min=-3, max=1, step=0.05, value=0.1)
def up(c):
    a = c['new']; vl.x = [a, a]; fig.title = f'alpha = {a:.3g}'
s2.observe(up, names='value')
display(w.VBox([s2, fig]))''', "bq"),
 ("plotly", r'''
import plotly.graph_objects as go
f = go.FigureWidget(layout=dict(width=640, height=340, xaxis_type='log', title='t'))
for yy in ys: f.add_scatter(x=x, y=yy, mode='lines+markers')
f.add_scatter(x=[0.1, 0.1], y=[-1.2, 1.2], mode='lines', line_color='grey')
s3 = w.FloatLogSlider(description='pl', min=-3, max=1, step=0.05, value=0.1)
def up3(c):
    a = c['new']
    with f.batch_update():
        f.data[-1].x = [a, a]; f.layout.title.text = f'alpha = {a:.3g}'
s3.observe(up3, names='value')
display(w.VBox([s3, f]))''', "pl"),
 ("matplotlib png", r'''
from matplotlib.figure import Figure
mf = Figure(figsize=(6.4, 3.4), layout='constrained'); ax = mf.add_subplot()
for yy in ys: ax.plot(x, yy, '-o', ms=3)
ax.set_xscale('log'); v = ax.axvline(0.1)
img = w.Image(format='png')
s4 = w.FloatLogSlider(description='mp', min=-3, max=1, step=0.05, value=0.1)
def up4(c):
    a = c['new']; v.set_xdata([a, a]); ax.set_title(f'alpha = {a:.3g}')
    b = io.BytesIO(); mf.savefig(b, format='png', dpi=100); img.value = b.getvalue()
s4.observe(up4, names='value'); up4({'new': 0.1})
display(w.VBox([s4, img]))''', "mp"),
]
if not HAVE_BQPLOT:
    bb.CONTROLS = [c for c in bb.CONTROLS if c[0] != "bqplot"]
if __name__ == "__main__":
    sys.exit(bb.main())
