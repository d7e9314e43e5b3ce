"""The fast paths behind the fuzz run's "slow" and "memory" classes answer exactly what the direct computations
answer: TileLang bank swizzles from the (stride x continuous) plane vs the whole domain, CuTe checks by the plane vs
every index, vectorised coordinate tables vs idx2crd/crd2idx per row, numpy first-writer cells vs the scalar loop,
and compact html panels vs inline holder lists (tests/test_fuzz.py holds the time and memory bounds)."""

from __future__ import annotations

import json
import random
import re

import numpy as np
import pytest
from click.testing import CliRunner

from cutedump import tutorial
from cutedump.algebra import C, Layout
from cutedump.algebra.evaluate import values
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.cli import main
from cutedump.errors import CuteDumpError
from cutedump.parse import parse_int_tuple
from cutedump.render import grid, html
from cutedump.tilelang import layouts, swizzle
from cutedump.tilelang.swizzle import BankSwizzleLayout

# ---------------------------------------------------------------- TileLang: plane vs whole domain


def _bank_cases(n=120, seed=3):
    rnd = random.Random(seed)
    out = []
    while len(out) < n:
        kind = rnd.choice(["full", "half", "quarter"])
        lead = [rnd.choice([1, 2, 3]) for _ in range(rnd.choice([0, 1, 2]))]
        st = rnd.choice([4, 8, 16, 24])
        bits = rnd.choice([8, 16, 32, 64, 5, 48])
        try:
            L = BankSwizzleLayout(kind, lead + [st, rnd.choice([8, 16, 32, 64, 96, 128])], bits)
        except CuteDumpError:
            continue
        if L.size <= 60000:
            out.append(L)
    return out


def _whole(L):
    """The whole-domain answers (the code the plane replaced)."""
    dom = L.domain()
    st = L.steps(dom[-2], dom[-1])
    ranges = {k: (int(v.min()), int(v.max()) + 1) for k, v in st.items()}
    oshape = [int(np.max(v)) + 1 for v in L.forward(*dom)]
    offs = L.flat_offset(*dom, output_shape=oshape)
    return ranges, oshape, offs, dom


@pytest.mark.parametrize("L", _bank_cases(), ids=lambda L: f"{L.kind}{list(L.shape)}x{L.element_bits}")
def test_bank_swizzle_plane_answers_equal_the_whole_domain(L):
    ranges, oshape, offs, dom = _whole(L)
    assert L.ranges() == ranges and L.output_shape() == oshape
    assert np.array_equal(L.flat_offsets(), offs)
    ext = int(np.prod(oshape))
    uniq = np.unique(offs)
    ok, detail = L.bijectivity()
    assert ok == (len(uniq) == L.size and offs.min() >= 0 and offs.max() < ext and L.size == ext)
    if len(uniq) != L.size:
        assert detail == f"{L.size - len(uniq)} collisions among {L.size} inputs"
    for off in [-1, 0, 1, ext - 1, ext, *random.Random(L.size).sample(range(ext), min(ext, 20))]:
        hit = np.nonzero(offs == off)[0]
        if len(hit) == 1:
            assert L.inverse(off) == tuple(int(d[hit[0]]) for d in dom)
        else:
            with pytest.raises(CuteDumpError, match=f"is hit by {len(hit)} inputs"):
                L.inverse(off)
    layout, _ = L.cute_layout()
    if layout is None:
        return
    cands = [layout]
    try:
        cands.append(L.cute_tiled_layout())
    except CuteDumpError:  # tile_to_shape refuses a 4-row plane
        pass
    b = layout.b  # perturbed views: a wrong leading stride, another swizzle, a plain layout
    if len(b.shape) > 2:
        cands.append(ComposedLayout(layout.a, C(0), Layout(b.shape, (C(int(b.stride[0]) * 2),) + b.stride[1:])))
    cands += [ComposedLayout(Swizzle(1, layout.a.m, 3), C(0), b), b]
    for cl in cands:
        if cl is None:
            continue
        theirs = values(cl)
        bad = np.nonzero(offs != theirs)[0]
        got = L.check_cute(cl)
        assert got[0] == len(bad)
        if len(bad):
            k = int(bad[0])
            assert got[1] == (tuple(int(d[k]) for d in dom), int(theirs[k]), int(offs[k]))


@pytest.mark.parametrize(
    "name,shape,bits,equal",
    [
        ("make_wgmma_swizzled_layout", [3, 2, 64, 64], 16, True),
        ("make_wgmma_swizzled_layout", [2, 32, 64], 32, True),
        ("make_swizzled_layout", [3, 32, 16], 16, True),
        ("make_tcgen05mma_swizzled_layout", [2, 64, 32], 8, True),
        ("make_linear_layout", [3, 8, 64], 16, True),
        ("make_quarter_bank_swizzled_layout", [5, 8, 32], 16, True),
        # 4-row planes under leading dims: the leading stride feeds the swizzle's row bits -> checked at every index
        ("make_full_bank_swizzled_layout", [3, 4, 64], 16, False),
        ("make_half_bank_swizzled_layout", [2, 4, 32], 16, False),
    ],
)
def test_tilelang_check_cute_by_plane_equals_every_index(name, shape, bits, equal, monkeypatch):
    L = layouts.build(name, shape, bits)
    layout, _ = layouts.cute_equivalent(L)
    b = layout.b if isinstance(layout, ComposedLayout) else layout
    cands = [layout]
    if isinstance(b.shape, tuple) and len(b.shape) > 2:
        wrong = Layout(b.shape, (C(int(b.stride[0]) + 8),) + b.stride[1:])
        cands.append(ComposedLayout(layout.a, C(0), wrong) if isinstance(layout, ComposedLayout) else wrong)
    fast = [layouts.check_cute(L, cl) for cl in cands]
    monkeypatch.setattr(layouts, "SMALL", -1)  # numpy (small layouts are compared index by index in Python)
    assert fast == [layouts.check_cute(L, cl) for cl in cands]
    monkeypatch.setattr(layouts, "_compare_by_plane", lambda L, layout: None)
    assert fast == [layouts.check_cute(L, cl) for cl in cands]
    assert (fast[0] == (0, None)) == equal


def test_compare_by_plane_proves_only_what_holds():
    """A leading stride that feeds the swizzle's bits is not proven from the tail: it is counted (here: equal)."""
    inner = (C(4), (C(64), C(2)))
    tail = values(ComposedLayout(Swizzle(3, 3, 3), C(0), Layout(inner, (C(64), (C(1), C(256))))))
    ok = ComposedLayout(Swizzle(3, 3, 3), C(0), Layout((C(2),) + inner, (C(512), C(64), (C(1), C(256)))))
    assert swizzle.compare_by_plane(ok, [2], [512], [4, 128], tail) == (0, None, None, None)
    low = ComposedLayout(Swizzle(3, 3, 3), C(0), Layout((C(2),) + inner, (C(256), C(64), (C(1), C(256)))))
    bad, k, theirs, ours = swizzle.compare_by_plane(low, [2], [256], [4, 128], tail)
    full_theirs = values(low)
    full_ours = (np.arange(2)[None, :] * 256 + tail[:, None]).ravel()
    mism = np.flatnonzero(full_theirs != full_ours)
    assert bad == len(mism) > 0 and (k, theirs, ours) == (mism[0], full_theirs[mism[0]], full_ours[mism[0]])


# ---------------------------------------------------------------- coords: numpy columns vs idx2crd per row


def _shapes(n=400, seed=11):
    rnd = random.Random(seed)

    def g(d=0):
        if d < 2 and rnd.random() < 0.45:
            return "(" + ",".join(g(d + 1) for _ in range(rnd.randint(1, 3))) + ")"
        return ("_" if rnd.random() < 0.5 else "") + str(rnd.choice([1, 2, 3, 4, 5, 8, 0, -2]))

    out = []
    for _ in range(n):
        sh = g()
        st = re.sub(r"_?-?\d+", lambda m: str(rnd.choice([0, 1, 2, -3, 7, 100])), sh) if rnd.random() < 0.6 else None
        out.append((sh, st))
    return out


def test_coords_table_columns_equal_the_scalar_code(monkeypatch):
    cases = []
    for sh, st in _shapes():
        try:
            shp, std = tutorial.shape_stride(sh, st)
        except CuteDumpError:
            continue
        n = 1
        for x in shp if isinstance(shp, tuple) else (shp,):
            n *= abs(int(np.prod([int(v) for v in re.findall(r"-?\d+", str(x))]) or 1))
        if n <= 3000:
            cases.append((shp, std))
    fast = [tutorial.coords_text(shp, std) for shp, std in cases]
    with monkeypatch.context() as m:
        m.setattr(tutorial, "SMALL", -1)  # numpy's columns (plain-Python lists up to SMALL points)
        assert fast == [tutorial.coords_text(shp, std) for shp, std in cases]
    monkeypatch.setattr(tutorial, "_columns", lambda *a: None)
    assert fast == [tutorial.coords_text(shp, std) for shp, std in cases]
    assert len(cases) > 150


# ---------------------------------------------------------------- TV cells: numpy first writers vs the scalar loop


@pytest.mark.parametrize(
    "tv,tile",
    [
        ("((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", (16, 8)),
        ("(_32,_4):(_0,_1)", (4, 8)),
        ("((_2,_16),_8):((_0,_8),_1)", (8, 16)),
        ("(_8,(_2,_4)):(_4,(_1,_32))", (4, 16)),
        ("(_8,_4):(_1,_8)", (4, 4)),  # outside the tile: refused
    ],
)
def test_first_holders_equal_the_scalar_loop(tv, tile):
    cl = grid.coord_tensor(tuple(C(t) for t in tile), Layout(*parse_int_tuple_pair(tv)), arith=False)
    filled, want, err = set(), [], None
    for tid, row in enumerate(cl.coords()):
        for vid, (m, n) in enumerate(row):
            if not (0 <= m < tile[0] and 0 <= n < tile[1]):
                err = err or f"maps (T{tid}, V{vid}) to ({m},{n}), outside"
            elif (m, n) not in filled:
                filled.add((m, n))
                want.append((m, n, tid, vid))
    if err:
        with pytest.raises(CuteDumpError, match=re.escape(err)):
            grid.first_holders(cl, *tile)
        with pytest.raises(CuteDumpError, match=re.escape(err)):
            grid.first_holders_list(cl, *tile)  # the plain-Python path (no numpy import) of small TV layouts
        return
    assert list(zip(*(a.tolist() for a in grid.first_holders(cl, *tile)))) == want
    assert list(zip(*grid.first_holders_list(cl, *tile))) == want


def parse_int_tuple_pair(text):
    s, d = text.split(":")
    return parse_int_tuple(s), parse_int_tuple(d)


# ---------------------------------------------------------------- html: compact panels hold the same holders


def test_compact_html_panel_data_gives_the_inline_holders(monkeypatch):
    """What the page's script derives from a compact panel (element key x[t] + y[v], or the full key table) is
    each cell's inline holder list, in the same order."""
    argv = ["html", "--mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-layout", "(_2,_2)", "--tile", "(_32,_32,_16)"]
    inline = CliRunner().invoke(main, argv).output
    monkeypatch.setattr(html, "INLINE_PAIRS", 0)
    compact = CliRunner().invoke(main, argv).output
    tv = json.loads(re.search(r'<script type="application/json" class="cd-tv">(.*?)</script>', compact).group(1))
    derived = {}
    for p, P in tv.items():
        h = derived.setdefault(p, {})
        for t in range(P["T"]):
            for v in range(P["V"]):
                k = P["k"][t * P["V"] + v] if "k" in P else P["x"][t] + P["y"][v]
                h.setdefault(k, []).append(f"T{t} V{v}")
    cells_i = re.findall(r'data-tip="([^"]*)" data-t="[^"]*" data-p="(\w)"', inline)
    cells_c = re.findall(r'data-tip="([^"]*)" data-k="(\d+)" data-p="(\w)"', compact)
    assert len(cells_i) == len(cells_c) == 32 * 32 + 2 * 32 * 16
    for (tip_i, p_i), (tip_c, k, p_c) in zip(cells_i, cells_c):
        assert p_i == p_c and tip_i == tip_c + ": " + ", ".join(derived[p_c][int(k)])
