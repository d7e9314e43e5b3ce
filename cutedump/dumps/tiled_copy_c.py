"""Recipe for ``cutedump tiled-copy-c``: the narrated walk through CuTe's ``make_tiled_copy_C_atom``.

The math is CuTe 4.2's ``make_tiled_copy_C_atom`` (cute/atom/copy_atom.hpp), step for step::

    layout_TV = composition(layoutC_TV, make_layout(make_shape(size<0>(layoutC_TV), Int<copy_V>{})))
    mma_tiler = make_shape(tile_size<0>(mma), tile_size<1>(mma))
    tiler_i   = filter(composition(make_layout(mma_tiler, replace<i>(repeat_like(mma_tiler, _0), _1)), layout_TV))
    tile2mma  = composition(make_layout(mma_tiler), make_tuple(tiler_m, tiler_n))
    layout_tv = composition(left_inverse(tile2mma), layout_TV)

Every number, layout, list and range in the dump is computed here with the engine; the wording comes from the
message catalog (``cutedump/dumps/messages``) through a :class:`Narrator`; tables are ``print_layout``.

Rules inferred from the recorded dump (../shared/seeds/000_89ace3aef4fd3051.txt) and applied to every input:

* Coverage of a filtered tiler (``结果: layout_TV 覆盖 M 坐标 ...``): the tiler's values in index order. When they
  are exactly 0, 1, ..., n-1 in that order (the tiler is the identity ``_n:_1``) they are written as the range
  ``[0, n-1]``; otherwise as the list ``[v0,v1,...]`` (comma-separated, no spaces). Recorded: ``_8:_1`` ->
  ``[0, 7]``, ``_16:_1`` -> ``[0, 15]``, ``_4:_2`` -> ``[0,2,4,6]``, ``(_4,_2):(_2,_1)`` -> ``[0,2,4,6,1,3,5,7]``
  (the values are 0..7 but not in order, so a list).
* ``stride=`` after the coverage is ``stride<0>(tiler)`` as CuTe prints it (static ``_2``).
* ``m_coord * A + n_coord * B`` in the 2-D tiler view: A is ``stride<0>(tiler_m)`` written as a plain integer (the
  recording writes ``1``, not ``_1``), B is ``stride<0>(tiler_n)`` as CuTe prints it (``_2``).
* ``composition(layoutC_TV, (T, V))``: T is ``size<0>(layoutC_TV)`` (static), V the copy_V template value (plain).
* ``只有前 N 个 offset 有效``: N = ``size(tile2mma)``; ``输出: [F, K]``: F = ``layout_tv(0)`` (the first normalised
  coordinate, always 0) and K = ``size(layout_tv) - 1``, both plain ints (the recording writes ``[0, 31]``).
* ``left_inverse(tile2mma)`` gets a print_layout table when its rank is 2, else the rank != 2 fallback lines.
* A section title ends in the "full" wording (``，完整``) when copy_V equals the values per thread.
* The coverage map has ``size<0>(mma_tiler)`` rows and ``size<1>(mma_tiler)`` columns; cell (m, n) is ``X`` when
  some tiler_m value equals m and some tiler_n value equals n.
"""

from __future__ import annotations

import math

from cutedump.algebra import C, composition, filter_, get, left_inverse, make_layout, product, rank, repeat_like, size
from cutedump.algebra import inttuple as it
from cutedump.atoms.mma import make_tiled_mma
from cutedump.dumps.narrator import Narrator
from cutedump.errors import CuteDumpError, check_size
from cutedump.render.text import print_layout

# The recorded dump (../shared/seeds/000_89ace3aef4fd3051.txt) was made with
#   make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>{}, Layout<Shape<_1,_1,_1>>{}, Tile<_16,_8,_16>{})
RECORDED = ("SM80_16x8x16_F16F16F16F16_TN", "(_1,_1,_1)", "(_16,_8,_16)")

WIDE_RULE = "=" * 60  # section banner
STEP_RULE = "-" * 50  # under each step heading
AXES = (("M", "m"), ("N", "n"))


class MmaView:
    """What the walk-through needs from a TiledMMA."""

    printed: str  # print(tiled_mma) exactly as CuTe writes it (ends with a newline)
    layoutC_TV: object  # tiled_mma.get_layoutC_TV()
    mma_tiler: tuple  # make_shape(tile_size<0>(mma), tile_size<1>(mma))

    def __init__(self, printed, layoutC_TV, mma_tiler):
        self.printed = printed
        self.layoutC_TV = layoutC_TV
        self.mma_tiler = mma_tiler

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(printed={self.printed!r}, layoutC_TV={self.layoutC_TV!r}, "
            f"mma_tiler={self.mma_tiler!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.printed, self.layoutC_TV, self.mma_tiler) == (other.printed, other.layoutC_TV, other.mma_tiler)
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable


class Section:
    copy_v: int
    layout_TV: object
    projs: list
    raws: list
    tilers: list
    mma_layout: object
    tile2mma: object
    inv: object
    layout_tv: object

    def __init__(self, copy_v, layout_TV, projs, raws, tilers, mma_layout, tile2mma, inv, layout_tv):
        self.copy_v = copy_v
        self.layout_TV = layout_TV
        self.projs = projs
        self.raws = raws
        self.tilers = tilers
        self.mma_layout = mma_layout
        self.tile2mma = tile2mma
        self.inv = inv
        self.layout_tv = layout_tv

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(copy_v={self.copy_v!r}, layout_TV={self.layout_TV!r}, "
            f"projs={self.projs!r}, raws={self.raws!r}, tilers={self.tilers!r}, "
            f"mma_layout={self.mma_layout!r}, tile2mma={self.tile2mma!r}, inv={self.inv!r}, "
            f"layout_tv={self.layout_tv!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.copy_v,
                self.layout_TV,
                self.projs,
                self.raws,
                self.tilers,
                self.mma_layout,
                self.tile2mma,
                self.inv,
                self.layout_tv,
            ) == (
                other.copy_v,
                other.layout_TV,
                other.projs,
                other.raws,
                other.tilers,
                other.mma_layout,
                other.tile2mma,
                other.inv,
                other.layout_tv,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable


def values_per_thread(layoutC_TV) -> int:
    return int(size(get(layoutC_TV, 1)))


def valid_copy_vs(layoutC_TV) -> list[int]:
    """copy_V values the walk-through accepts: the divisors of the values per thread."""
    vpt = values_per_thread(layoutC_TV)
    if vpt <= 0:  # a negative or zero tile size (CuTe prints such a TiledMMA; the walk-through has no copy_V)
        raise CuteDumpError(
            f"the TiledMMA's C has {vpt} values per thread (a tile size is negative or zero): "
            "make_tiled_copy_C_atom needs a positive count"
        )
    small = [d for d in range(1, math.isqrt(vpt) + 1) if vpt % d == 0]  # O(sqrt): vpt can be huge (fuzz finding)
    return sorted(set(small + [vpt // d for d in small]))


def check_copy_v(layoutC_TV, copy_v: int, lang: str = "zh") -> None:
    """Refuse a copy_V that does not divide the values per thread (in English: errors are English in every
    language; ``lang`` is accepted for the callers' sake)."""
    valid = valid_copy_vs(layoutC_TV)
    if copy_v not in valid:
        raise CuteDumpError(
            f"copy_V = {copy_v} does not divide the {values_per_thread(layoutC_TV)} values per "
            f"thread; valid copy_V: {', '.join(map(str, valid))}"
        )


def compute_section(layoutC_TV, mma_tiler, copy_v: int) -> Section:
    """make_tiled_copy_C_atom's intermediate values for one copy_V (pure algebra, no text)."""
    layout_TV = composition(layoutC_TV, make_layout((size(get(layoutC_TV, 0)), C(copy_v))))
    zeros = repeat_like(mma_tiler, C(0))
    projs, raws, tilers = [], [], []
    for i in range(len(mma_tiler)):
        proj = make_layout(mma_tiler, tuple(C(1) if j == i else z for j, z in enumerate(zeros)))
        raw = composition(proj, layout_TV)
        projs.append(proj)
        raws.append(raw)
        tilers.append(filter_(raw))
    mma_layout = make_layout(mma_tiler)
    tile2mma = composition(mma_layout, tuple(tilers))
    inv = left_inverse(tile2mma)
    layout_tv = composition(inv, layout_TV)
    return Section(copy_v, layout_TV, projs, raws, tilers, mma_layout, tile2mma, inv, layout_tv)


def tiler_values(tiler) -> list[int]:
    return [int(tiler(i)) for i in range(int(size(tiler)))]


def coverage_text(tiler) -> str:
    """``[0, n-1]`` when the tiler is the identity on 0..n-1, else the list of its values (see module doc)."""
    vals = tiler_values(tiler)
    if vals == list(range(len(vals))):
        return f"[{vals[0]}, {vals[-1]}]"
    return "[" + ",".join(map(str, vals)) + "]"


def stride0(layout):
    """``stride<0>(layout)``: CuTe's get<0> of the stride (an integer stride is its own mode 0)."""
    return it.get(layout.stride, 0)


def coverage_map(mma_tiler, tiler_m, tiler_n) -> str:
    rows, cols = int(mma_tiler[0]), int(mma_tiler[1])
    ms, ns = set(tiler_values(tiler_m)), set(tiler_values(tiler_n))
    out = ["     N:  " + "".join(f"{n} " for n in range(cols)) + "\n", "  M     " + "--" * cols + "\n"]
    for m in range(rows):
        out.append(f"  {m:2d} |  " + "".join("X " if (m in ms and n in ns) else ". " for n in range(cols)) + "\n")
    return "".join(out)


def _table(layout, force: bool) -> str:
    check_size(int(size(layout)), force, f"print_layout table of {layout}")
    return print_layout(layout)


def _narrate_section(nar: Narrator, view: MmaView, sec: Section, force: bool) -> None:
    vpt = values_per_thread(view.layoutC_TV)
    v = str(sec.copy_v)
    title_key = "tcc.section_title_full" if sec.copy_v == vpt else "tcc.section_title"
    nar.say("tcc.section", rule=WIDE_RULE, title=nar.msg(title_key, v=v))

    # Step 1: truncate
    T = sec.layout_TV
    nar.say(
        "tcc.step1",
        v=v,
        rule=STEP_RULE,
        threads=size(get(view.layoutC_TV, 0)),
        layout_TV=T,
        threads_tv=size(get(T, 0)),
        vals_tv=size(get(T, 1)),
        total=size(T),
    )
    nar.raw(_table(T, force))

    # Step 2: one projection per mode of mma_tiler, then the combined tiler
    nar.say("tcc.step2", rule=STEP_RULE)
    for i, (axis, var) in enumerate(AXES):
        pattern = "(" + ",".join("1" if j == i else "0" for j in range(len(view.mma_tiler))) + ")"
        nar.say("tcc.proj", label=f"2{'abc'[i]}", var=var, axis=axis, pattern=pattern, proj=sec.projs[i])
        nar.raw(_table(sec.projs[i], force))
        nar.say("tcc.raw", var=var, axis=axis, raw=sec.raws[i])
        nar.raw(_table(sec.raws[i], force))
        nar.say(
            "tcc.filter",
            var=var,
            axis=axis,
            tiler=sec.tilers[i],
            coverage=coverage_text(sec.tilers[i]),
            stride=stride0(sec.tilers[i]),
        )
    tm, tn = sec.tilers
    nar.say(
        "tcc.combine",
        label=f"2{'abc'[len(AXES)]}",
        tiler_m=tm,
        tiler_n=tn,
        coef_m=str(int(stride0(tm))),
        coef_n=stride0(tn),
    )
    nar.raw(_table(make_layout(tm, tn), force))
    nar.say("tcc.coverage", M=view.mma_tiler[0], N=view.mma_tiler[1])
    nar.raw(coverage_map(view.mma_tiler, tm, tn))

    # Step 3: tile2mma
    nar.say(
        "tcc.step3",
        rule=STEP_RULE,
        mma_layout=sec.mma_layout,
        tiler_m=tm,
        tiler_n=tn,
        tile2mma=sec.tile2mma,
        s0=size(get(sec.tile2mma, 0)),
        s1=size(get(sec.tile2mma, 1)),
    )
    nar.raw(_table(sec.tile2mma, force))

    # Step 4: left_inverse and the result
    nar.say("tcc.step4", rule=STEP_RULE, inv=sec.inv, valid=size(sec.tile2mma))
    if int(rank(sec.inv)) == 2:
        nar.raw(_table(sec.inv, force))
    else:
        nar.say("tcc.no_table", layout=sec.inv)
    tv = sec.layout_tv
    nar.say(
        "tcc.final",
        layout_tv=tv,
        threads=size(get(tv, 0)),
        vals=size(get(tv, 1)),
        first=str(int(tv(0))),
        last=str(int(size(tv)) - 1),
    )
    nar.raw(_table(tv, force))


def dump(view: MmaView, copy_vs=None, lang: str = "zh", force: bool = False) -> str:
    """The whole walk-through: preamble, then one section per copy_V (default: every valid copy_V, ascending)."""
    nar = Narrator(lang)
    L = view.layoutC_TV
    if copy_vs is None:
        copy_vs = valid_copy_vs(L)
    for v in copy_vs:
        check_copy_v(L, v, lang)
    nar.say("tcc.title")
    nar.say("tcc.config")
    nar.raw(view.printed + "\n")
    nar.say("tcc.layoutC", layout=L, threads=size(get(L, 0)), vals=size(get(L, 1)), total=size(L))
    nar.say("tcc.mma_tiler", tiler=tuple(view.mma_tiler), total=product(tuple(view.mma_tiler)))
    nar.say("tcc.layoutC_vis")
    nar.raw(_table(L, force))
    for v in copy_vs:
        _narrate_section(nar, view, compute_section(L, tuple(view.mma_tiler), v), force)
    return nar.text()


def build_view(mma: str, atom_layout: str, permutation: str | None) -> MmaView:
    """The TiledMMA that cutedump.atoms builds, as the recipe's MmaView."""
    tm = make_tiled_mma(mma, atom_layout, permutation)
    return MmaView(tm.print_str(), tm.get_layoutC_TV(), (tm.tile_size_mnk(0), tm.tile_size_mnk(1)))


def walkthrough_json(
    mma: str | None = None, atom_layout: str | None = None, permutation: str | None = None, copy_v: int | None = None
) -> dict:
    """The walk-through's values as one JSON object (``cutedump tiled-copy-c --format json``): every layout in
    CuTe's print syntax. Keys: tiled_mma (print(TiledMMA)), layoutC_TV, mma_tiler, values_per_thread, copy_Vs (the
    valid ones), sections: [{copy_V, layout_TV, tiler_m, tiler_n, tiler_m_values, tiler_n_values, tile2mma,
    left_inverse, layout_tv}]."""
    if mma is None and atom_layout is None and permutation is None:
        mma, atom_layout, permutation = RECORDED
    view = build_view(mma or RECORDED[0], atom_layout or RECORDED[1], permutation)
    L = view.layoutC_TV
    if copy_v is not None:
        check_copy_v(L, copy_v)
    copy_vs = [copy_v] if copy_v is not None else valid_copy_vs(L)
    sections = []
    for v in copy_vs:
        sec = compute_section(L, tuple(view.mma_tiler), v)
        tm, tn = sec.tilers
        sections.append(
            {
                "copy_V": v,
                "layout_TV": str(sec.layout_TV),
                "tiler_m": str(tm),
                "tiler_n": str(tn),
                "tiler_m_values": tiler_values(tm),
                "tiler_n_values": tiler_values(tn),
                "tile2mma": str(sec.tile2mma),
                "left_inverse": str(sec.inv),
                "layout_tv": str(sec.layout_tv),
            }
        )
    return {
        "tiled_mma": view.printed,
        "layoutC_TV": str(L),
        "mma_tiler": it.fmt(tuple(view.mma_tiler)),
        "values_per_thread": values_per_thread(L),
        "copy_Vs": valid_copy_vs(L),
        "sections": sections,
    }


def walkthrough(
    mma: str | None = None,
    atom_layout: str | None = None,
    permutation: str | None = None,
    copy_v: int | None = None,
    lang: str = "zh",
    force: bool = False,
) -> str:
    """The walk-through of ``cutedump tiled-copy-c``. With none of mma/atom_layout/permutation given, the recorded
    configuration (:data:`RECORDED`); otherwise the missing ones default to the recorded atom, atom layout
    (_1,_1,_1) and no permutation. ``copy_v``: only that section (default: every valid copy_V)."""
    if mma is None and atom_layout is None and permutation is None:
        mma, atom_layout, permutation = RECORDED
    view = build_view(mma or RECORDED[0], atom_layout or RECORDED[1], permutation)
    copy_vs = None
    if copy_v is not None:
        check_copy_v(view.layoutC_TV, copy_v, lang)
        copy_vs = [copy_v]
    return dump(view, copy_vs, lang, force)
