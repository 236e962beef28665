"""Chinese of lesson 11's own printed words and plot text (nbteach.say)."""

ZH = {
    "product of the five factors {product:.6e}; the joint table says {entry:.6e}; the joint sums to {total:.12f}":
        "五个因子之积 {product:.6e}；联合概率表中的值为 {entry:.6e}；联合分布之和为 {total:.12f}",
    "free parameters of the network |B| = {network}   of the full joint: {full}":
        "贝叶斯网的自由参数个数 |B| = {network}   完整联合分布的：{full}",
    "chain": "顺序结构",
    "fork": "同父结构",
    "collider": "V型结构",
    "x1 ⊥ x2 (nothing observed)": "x1 ⊥ x2（什么都不观测）",
    "x1 ⊥ x2 | x3 (middle observed)": "x1 ⊥ x2 | x3（观测中间结点）",
    "d-separated given nothing: {nothing}   given JohnCalls: {john}": "不给定任何结点时有向分离：{nothing}   给定 JohnCalls 时：{john}",
    "| active": "| 畅通",
    "| blocked": "| 阻断",
    "note's procedure: moral graph {graph} -> x1, x2 separated: {separated}":
        "笔记的做法：道德图 {graph} -> x1、x2 被分离：{separated}",
    "ancestral moral graph {graph} -> x1, x2 separated: {separated}": "祖先集的道德图 {graph} -> x1、x2 被分离：{separated}",
    "independent in the joint: {independent}    d_separated: {separated}": "在联合分布中独立：{independent}    d_separated：{separated}",
    "d_separated: {separated}   an active trail: {active}   independent in the joint: {independent}":
        "d_separated：{separated}   存在畅通的路径：{active}   在联合分布中独立：{independent}",
    "from the joint: P(Earthquake | JohnCalls) = {alone:.6f}, P(Earthquake | JohnCalls, Burglary) = {both:.6f}":
        "由联合分布：P(Earthquake | JohnCalls) = {alone:.6f}，P(Earthquake | JohnCalls, Burglary) = {both:.6f}",
    "ancestors of x, y and z": "x、y 和 z 的祖先集",
    "ancestors of x and y only": "只取 x 和 y 的祖先集",
    "{label}: keep {kept}\n  moral graph {moral}\n  without {z}: components {parts} -> separated: {separated}":
        "{label}：保留 {kept}\n  道德图 {moral}\n  去掉 {z} 后的连通分量 {parts} -> 被分离：{separated}",
    "order: {order} | largest product formed (before its sum): {largest} entries | the full joint: {full} entries":
        "消去顺序：{order} | 求和之前形成的最大乘积：{largest} 项 | 完整联合分布：{full} 项",
    "enumeration (sums the joint)": "枚举（对联合分布求和）",
    " then ": "，然后 ",
    "Markov blanket of Alarm: {blanket}": "Alarm 的马尔可夫毯：{blanket}",
    "normalised by hand: {p}": "手算归一化：{p}",
    "markov_blanket_conditional: {p} | the same as by hand: {same}": "markov_blanket_conditional：{p} | 与手算相同：{same}",
    "{meaning}, from the joint": "{meaning}，由联合分布求得",
    "P(Burglary) × f2": "P(Burglary) × f2",
    "elimination: normalised": "变量消去：归一化后",
    "Gibbs with Alarm the only free node: P(Alarm=True) = {p:.4f} ± {se:.4f} (Monte Carlo standard error, batch means), {z:+.1f} standard errors from {exact:.6f}; effective sample size {ess:.0f} of {n} kept":
        "Alarm 是唯一未观测结点时的吉布斯采样：P(Alarm=True) = {p:.4f} ± {se:.4f}（蒙特卡罗标准误，批均值法），距 {exact:.6f} {z:+.1f} 个标准误；有效样本量 {ess:.0f}，共保留 {n} 个样本",
    "Gibbs: {p:.4f} ± {se:.4f} from {n} samples (effective sample size {ess:.0f}); exact {exact:.6f}, {z:+.1f} standard errors away":
        "吉布斯采样：{p:.4f} ± {se:.4f}，来自 {n} 个样本（有效样本量 {ess:.0f}）；精确值 {exact:.6f}，相距 {z:+.1f} 个标准误",
    "± 2 standard errors": "± 2 个标准误",
    "its standard error": "它的标准误",
    "their standard error": "合并估计的标准误",
    "Gibbs estimate": "吉布斯采样的估计",
    "exact (variable elimination)": "精确值（变量消去）",
    "samples kept": "保留的样本数",
    "P(Alarm | both call)": "P(Alarm | 两人都打电话)",
    "Gibbs sampling with evidence converges to the exact posterior": "有证据时，吉布斯采样收敛到精确的后验概率",
    "Y copies X with probability {p}": "Y 以概率 {p} 照抄 X",
    "exact P(X=True | Z=True)": "精确的 P(X=True | Z=True)",
    "one chain from X=False": "从 X=False 出发的一条链",
    "that chain ever at X=True": "这条链到过 X=True",
    "four chains started apart": "从不同起点出发的四条链",
    "the four pooled": "四条链合并",
    "their standard deviation": "它们的标准差",
    "true": "真实",
    "counted": "计数得到",
    "bits": "比特",
    "nats": "奈特",
    "bytes": "字节",
    "-LL(B|D) = {nats:.1f} nats = {bits:.1f} bits = {bytes:.1f} bytes: the logarithm's base (e, 2, 256) sets the unit, and bits / nats = {ratio:.6f} = 1 / ln 2, by definition":
        "-LL(B|D) = {nats:.1f} 奈特 = {bits:.1f} 比特 = {bytes:.1f} 字节：对数的底（e、2、256）决定单位，比特 / 奈特 = {ratio:.6f} = 1 / ln 2，这是定义",
    "lzma wrote the {rows} rows in {n} bytes = {bits} bits, and reads them back: {same}":
        "lzma 把这 {rows} 行写成 {n} 字节 = {bits} 比特，并能读回原样：{same}",
    "lzma's length in this unit": "lzma 的长度（以该单位计）",
    "lzma / the data term": "lzma / 数据项",
    "lzma beats the term (impossible)": "lzma 比该项还短（不可能）",
    "readings lzma leaves standing: {units}": "lzma 没有排除的读法：{units}",
    "so the term counts {unit}, and lzma needs {extra:.1%} more than it": "所以该项的单位是{unit}，而 lzma 比它多用 {extra:.1%}",
    "BIC minus the true structure's": "BIC 减去真实结构的 BIC",
    "same equivalence class as the truth": "与真实结构属于同一马尔可夫等价类",
    "arcs": "有向边",
    "greedy": "贪心",
    "tabu + restarts": "禁忌表 + 重启",
}
