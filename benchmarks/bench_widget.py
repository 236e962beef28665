"""Smoothing explorer: one slider move, timed inside a real Jupyter kernel.

Ours: set the slider's value; the explorer refits through the library and replaces the
HTML of one column in place. Baseline, measured in the same kernel in the same run: the
naive pattern many notebooks use, which clears an Output and re-creates a matplotlib
figure and the tables on every change. Target: median update <= 20 ms.
"""
from __future__ import annotations

import json

KERNEL_CODE = r"""
import json, statistics, time
import matplotlib
import matplotlib.pyplot as plt
import ipywidgets as w
from IPython.display import display, clear_output
from nbteach import CategoricalNB, flu_cold
from nbteach.datasets import FLU_COLD_QUERIES, flu_cold_query
from nbteach.widgets import smoothing_explorer

df = flu_cold(); X, y = df.drop(columns="Diagnosis"), df["Diagnosis"]
ex = smoothing_explorer()
display(ex)

def timed(set_value, values):
    times = []
    for v in values:
        t = time.perf_counter(); set_value(v); times.append(time.perf_counter() - t)
    return statistics.median(times[3:]) * 1000

alphas = [0.05 * (i + 1) for i in range(43)]
epsilons = [10 ** (-1 - 0.15 * i) for i in range(43)]
ours_alpha = timed(lambda v: setattr(ex.alpha_slider, "value", v), alphas)
ours_eps = timed(lambda v: setattr(ex.epsilon_slider, "value", v), epsilons)

out = w.Output(); display(out)
query = flu_cold_query("second")
def naive(alpha):
    with out:
        clear_output(wait=True)
        nb = CategoricalNB(alpha=alpha, exact=True).fit(X, y)
        display(nb.explain(FLU_COLD_QUERIES["second"]))
        fig, ax = plt.subplots(figsize=(4, 3))
        ax.bar(list(nb.classes_), [float(p) for p in nb.predict_proba(query)[0]])
        ax.set_title(f"posterior, alpha = {alpha:.2f}"); ax.set_ylabel("P(c | x)")
        plt.show()
naive_alpha = timed(naive, alphas)
print(json.dumps({"ours_alpha": ours_alpha, "ours_epsilon": ours_eps, "naive_alpha": naive_alpha}))
"""


def run_in_kernel(code: str) -> str:
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3")
    try:
        kc.execute_interactive("%matplotlib inline", timeout=120)
        chunks = []

        def on_output(msg):
            if msg["msg_type"] == "stream":
                chunks.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                raise RuntimeError("\n".join(msg["content"]["traceback"]))

        kc.execute_interactive(code, timeout=600, output_hook=on_output)
        return "".join(chunks)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def main() -> None:
    from _common import report

    line = [l for l in run_in_kernel(KERNEL_CODE).splitlines() if l.startswith("{")][-1]
    r = json.loads(line)
    report("explorer: alpha slider move (in kernel)", r["ours_alpha"],
           "naive re-create figure", r["naive_alpha"], "<= 20 ms")
    report("explorer: epsilon slider move (in kernel)", r["ours_epsilon"],
           "naive re-create figure", r["naive_alpha"], "<= 20 ms")


if __name__ == "__main__":
    main()
