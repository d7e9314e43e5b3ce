"""Recipe for ``cutedump explain EXPR``: CuTe 4.2's layout algorithms, step by step.

Each explainer follows the body of the CuTe function it names (cute/layout.hpp, cute/swizzle_layout.hpp) and
records every intermediate value as a :class:`~cutedump.dumps.steps.Step` item: the value is computed by the
engine's own functions (``cutedump.algebra``: the fold steps of composition_impl / complement and the inverse
intermediates are factored out there), and each item carries the CuTe expression that computes it from the printed
values (:class:`~cutedump.dumps.steps.Call`), so the tests can ask real CuTe for every printed intermediate.
An explanation ends with the result, which equals ``cutedump eval`` of the same expression (checked here), or
with the CuTe condition that rejects the input, at the step where it fails.
"""

from __future__ import annotations

from cutedump.algebra import (
    UNDERSCORE,
    C,
    ComposedLayout,
    Layout,
    Swizzle,
    append,
    blocked_product,
    ceil_div,
    coalesce,
    coalesce_x,
    complement,
    composition,
    cosize,
    div,
    downcast,
    filter_,
    flatten_layout,
    fmt,
    get,
    iabs,
    imin,
    is_constant,
    is_static,
    logical_divide,
    logical_product,
    make_composed_layout,
    make_layout,
    make_layout_right,
    make_ordered_layout,
    max_common_layout,
    max_common_vector,
    mod,
    product,
    product_each,
    rank,
    right_inverse,
    signum,
    size,
    slice_layout,
    take,
    tile_unzip,
    upcast,
    zip_layout,
    zipped_divide,
    zipped_product,
)
from cutedump.algebra import layout as LA
from cutedump.algebra.inttuple import flatten as t_flatten
from cutedump.algebra.inttuple import is_int, is_tuple, wrap
from cutedump.algebra.inttuple import rank as t_rank
from cutedump.algebra.swizzle import make_swizzle
from cutedump.dumps.steps import Call, Explanation, Step, show
from cutedump.errors import CuteDumpError
from cutedump.expr import CountingTensor, evaluate, format_result
from cutedump.parse import Call as PCall
from cutedump.parse import parse_expr

_ = UNDERSCORE
HDR = "cute/layout.hpp"
SWZ = "cute/swizzle_layout.hpp"
CUTE_VERSION = "4.2"  # the CUTLASS release whose headers the recipes follow


class NotNarrated(CuteDumpError):
    """An input the recipes do not narrate (e.g. right_inverse of a swizzled layout); eval still computes it."""


class Builder:
    """Collects steps; nested explanations go into the current step's ``sub`` while depth < detail."""

    def __init__(self, detail: int):
        self.detail = detail
        self.stack: list[list] = [[]]

    @property
    def steps(self):
        return self.stack[0]

    def step(self, key: str, where: str = "", **fields) -> Step:
        s = Step(key, where, {k: show(v) for k, v in fields.items()})
        self.stack[-1].append(s)
        return s

    def sub(self, step: Step, label: str, call: Call, explainer, engine, *args):
        """The value of ``call``: narrated by ``explainer`` inside ``step`` (if deep enough), else by ``engine``."""
        if explainer is not None and len(self.stack) <= self.detail:
            self.stack.append(step.sub)
            try:
                v = explainer(self, *args)
            finally:
                self.stack.pop()
        else:
            v = engine(*args)
        return step.item(label, call, v)


def _lay(x, what: str):
    if isinstance(x, (Swizzle, ComposedLayout)):
        raise NotNarrated(
            f"explain {what}: swizzled layouts are narrated for composition only "
            f"(cutedump eval computes {what} of {show(x)})"
        )
    if isinstance(x, Layout):
        return x
    if is_tuple(x) and all(is_int(e) for e in t_flatten(x)) or is_int(x):
        return make_layout(x)
    raise CuteDumpError(f"{what}: expected a layout, got {show(x)}")


# ---------------------------------------------------------------- coalesce


def ex_coalesce(b: Builder, L, profile=None):
    L = _lay(L, "coalesce")
    if profile is not None and is_tuple(profile):
        return _by_mode(b, L, profile, "coalesce", ex_coalesce, lambda l, t: coalesce(l, t), "coalesce.bymode")
    s = b.step("coalesce.flatten", f"coalesce, {HDR}")
    flat = s.item("flat", Call("flatten", L), flatten_layout(L))
    fs, fd = wrap(flat.shape), wrap(flat.stride)
    R = len(fs)
    if R == 0:
        s = b.step("coalesce.empty", f"coalesce, {HDR}")
        return s.item("result", Call("coalesce", L), coalesce(L))
    prev = None
    for i in range(R - 1, -1, -1):
        suffix = take(flat, i, R)
        cur = coalesce(suffix)
        f = dict(i=i, s=fs[i], d=fd[i])
        if i == R - 1:
            key = "coalesce.start"
        elif is_constant(1, fs[i]):
            key = "coalesce.skip"
        elif is_constant(1, prev.shape):
            key = "coalesce.replace"
        else:
            front_s, front_d = wrap(prev.shape)[0], wrap(prev.stride)[0]
            f.update(fs_=front_s, fd_=front_d, sd=fs[i] * fd[i])
            if int(rank(cur)) == int(rank(prev)):
                key = "coalesce.merge"
            elif not is_static(front_s):
                key = "coalesce.prepend_dyn"
            elif int(fs[i] * fd[i]) == int(front_d):
                key = "coalesce.prepend_dyn"  # equal values, but CuTe cannot prove it at compile time
            else:
                key = "coalesce.prepend"
        st = b.step(key, f"detail::bw_coalesce, {HDR}", **f)
        st.item("so far", Call("coalesce", suffix), cur)
        prev = cur
    result = coalesce(L)
    if str(result) != str(prev):  # pragma: no cover - the engine's own invariant
        raise CuteDumpError(f"internal: coalesce narration ended in {prev}, the engine says {result}")
    return result


def _by_mode(b, L, tiler, name, explainer, engine, key):
    """CuTe's transform_layout(L, tiler, f): f on the modes the tiler names, the other modes kept."""
    shp = wrap(L.shape)
    if len(tiler) > len(shp):
        raise CuteDumpError(f"{name}: rank {len(tiler)} tiler for a rank {len(shp)} layout (Too many modes in tiler)")
    modes = []
    for i, t in enumerate(tiler):
        Li = get(L, i) if is_tuple(L.shape) else L
        st = b.step(key, f"transform_layout, {HDR}", i=i, mode=Li, t=t)
        modes.append(b.sub(st, f"mode {i}", Call(name, Li, t), explainer, engine, Li, t))
    for i in range(len(tiler), len(shp)):
        Li = get(L, i)
        st = b.step("layout.keep", f"transform_layout, {HDR}", i=i, mode=Li)
        modes.append(Li)
    st = b.step("layout.assemble", f"make_layout, {HDR}")
    return st.item("result", Call("make_layout", *modes), make_layout(*modes))


# ---------------------------------------------------------------- composition


def ex_composition(b: Builder, A, B):
    if isinstance(A, (Swizzle, ComposedLayout)) or isinstance(B, (Swizzle, ComposedLayout)):
        return _ex_compose_swizzled(b, A, B)
    A = _lay(A, "composition")
    if B is _:
        st = b.step("comp.underscore", f"composition, {HDR}")
        return st.item("result", None, A)
    if is_tuple(B):
        return _by_mode_composition(b, A, B)
    if is_int(B):
        st = b.step("comp.int", f"composition, {HDR}", n=B)
        B = st.item("rhs", None, Layout(B, C(1)))
    if not isinstance(B, Layout):
        raise CuteDumpError(f"composition: unsupported right operand {show(B)}")
    st = b.step("comp.flat", f"detail::coalesce_x, {HDR}")
    flat = st.item("flat_lhs", Call("detail::coalesce_x", A), coalesce_x(A))
    leaves = []

    def walk(shp, std, path):
        if is_tuple(shp):
            return tuple(walk(s, d, path + (k,)) for k, (s, d) in enumerate(zip(shp, std)))
        leaf = Layout(shp, std)
        st = b.step("comp.leaf", f"detail::composition_impl, {HDR}", path=_path(path), leaf=leaf)
        r = b.sub(st, "result", Call("composition", A, leaf), _ex_composition_impl, _impl_engine, flat, leaf)
        leaves.append(r)
        return r

    res = walk(B.shape, B.stride, ())
    if is_tuple(B.shape):
        st = b.step("comp.assemble", f"detail::composition_impl, {HDR}")
        return st.item("result", Call("composition", A, B), composition(A, B))
    return res


def _path(path) -> str:
    return ",".join(map(str, path)) + " = " if path else ""


def _impl_engine(flat, leaf):
    return LA._composition_impl(flat.shape, flat.stride, leaf.shape, leaf.stride)


def _ex_composition_impl(b: Builder, flat, leaf):
    s, d = leaf.shape, leaf.stride
    if is_constant(0, d):
        st = b.step("comp.leaf_zero", f"detail::composition_impl, {HDR}", leaf=leaf)
        return st.item("result", None, Layout(s, d))
    if not is_tuple(flat.shape):
        st = b.step("comp.leaf_int", f"detail::composition_impl, {HDR}", flat=flat, s=s, d=d)
        return st.item("result", Call("make_layout", s, Call("*", d, flat.stride)), Layout(s, d * flat.stride))
    lshape, lstride = flat.shape, flat.stride
    R = len(lshape)
    rshape, rstride, rest_shape, rest_stride = [], [], s, d
    for i in range(R - 1):
        cs, cd = lshape[i], lstride[i]
        f = dict(i=i, cs=cs, cd=cd, rs=rest_shape, rd=rest_stride)
        try:
            next_shape, next_stride, new_shape = LA.composition_step(cs, cd, rest_shape, rest_stride)
        except CuteDumpError as e:
            if "Stride" in e.message:
                st = b.step("comp.fail_stride", f"detail::composition_impl, {HDR}", **f)
                st.item("rest_stride % curr_shape", Call("%", rest_stride, cs), mod(rest_stride, cs))
            else:
                ns = imin(ceil_div(cs, iabs(rest_stride)), rest_shape)
                st = b.step("comp.fail_shape", f"detail::composition_impl, {HDR}", ns=ns, **f)
                st.item("rest_shape % new_shape", Call("%", rest_shape, ns), mod(rest_shape, ns))
            raise
        dyn = "" if is_static(cs) and is_static(rest_stride) else "_dyn"
        key = "comp.pass" if new_shape is None else "comp.take"
        st = b.step(key + dyn, f"detail::composition_impl, {HDR}", **f)
        st.item("next_shape", Call("ceil_div", cs, Call("abs", rest_stride)), next_shape)
        st.item(
            "next_stride",
            Call("*", Call("ceil_div", Call("abs", rest_stride), cs), Call("signum", rest_stride)),
            next_stride,
        )
        if new_shape is not None:
            st.item("new_shape", Call("min", next_shape, rest_shape), new_shape)
            st.item("new_stride", Call("*", rest_stride, cd), rest_stride * cd)
            rshape.append(new_shape)
            rstride.append(rest_stride * cd)
            rest_shape = st.item("rest_shape", Call("/", rest_shape, new_shape), div(rest_shape, new_shape))
        rest_stride = next_stride
    last = rest_stride * lstride[R - 1]
    key = "comp.end_rest" if rshape == [] else ("comp.end_one" if is_constant(1, rest_shape) else "comp.end")
    st = b.step(
        key,
        f"detail::composition_impl, {HDR}",
        rs=rest_shape,
        rd=rest_stride,
        ld=lstride[R - 1],
        taken=Layout(tuple(rshape), tuple(rstride)) if rshape else "()",
    )
    st.item("last stride", Call("*", rest_stride, lstride[R - 1]), last)
    return st.item("result", None, LA.composition_result(rshape, rstride, rest_shape, last))


def _by_mode_composition(b, A, B):
    shp = wrap(A.shape)
    if len(B) > len(shp):
        raise CuteDumpError(f"composition: rank {len(B)} tiler for a rank {len(shp)} layout")
    modes = []
    for i, t in enumerate(B):
        Ai = get(A, i) if is_tuple(A.shape) else A
        st = b.step("comp.bymode", f"composition, {HDR}", i=i, mode=Ai, t=t)
        modes.append(b.sub(st, f"mode {i}", Call("composition", Ai, t), ex_composition, composition, Ai, t))
    if len(B) < len(shp):
        b.step("comp.dropped", f"composition, {HDR}", i=len(B))
    st = b.step("layout.assemble", f"make_layout, {HDR}")
    return st.item("result", Call("make_layout", *modes), make_layout(*modes))


def _ex_compose_swizzled(b, A, B):
    where = f"composition, {SWZ}"
    if isinstance(A, ComposedLayout):
        st = b.step("comp.swz_composed", where, a=A.a, o=A.offset, inner=A.b, r=B)
        inner = b.sub(st, "B o R", Call("composition", A.b, B), ex_composition, composition, A.b, B)
        return st.item("result", None, make_composed_layout(A.a, A.offset, inner))
    if isinstance(A, Swizzle):
        if isinstance(B, Layout):
            st = b.step("comp.swz_sw_layout", where, sw=A, L=B)
            return st.item("result", Call("composition", A, B), composition(A, B))
        if isinstance(B, Swizzle):
            st = b.step("comp.swz_sw_sw", where, a=A, b=B)
            if A.s != B.s:
                raise CuteDumpError("Can only merge swizzles of the same shift.")
            st.item("yyy_msk", None, C(A.yyy_msk ^ B.yyy_msk))
            st.item("zzz_msk", None, C(A.zzz_msk ^ B.zzz_msk))
            return st.item("result", Call("composition", A, B), composition(A, B))
        raise CuteDumpError("composition of a swizzle with this operand is not supported")
    A = _lay(A, "composition")
    if isinstance(B, Swizzle):
        st = b.step("comp.swz_layout_sw", where, L=A, sw=B)
        y = st.item("L(yyy_msk)", Call("crd2idx", C(B.yyy_msk), A.shape, A.stride), A(C(B.yyy_msk)))
        z = st.item("L(zzz_msk)", Call("crd2idx", C(B.zzz_msk), A.shape, A.stride), A(C(B.zzz_msk)))
        if not (is_static(y) and is_static(z)):
            raise CuteDumpError("composition(Layout, Swizzle) needs a static layout")
        st.item("swizzle", None, make_swizzle(int(y), int(z)))
        return st.item("result", Call("composition", A, B), composition(A, B))
    if isinstance(B, ComposedLayout):
        if not is_constant(0, B.offset):
            raise CuteDumpError("composition of a layout with an offset composed layout is not supported")
        st = b.step("comp.swz_layout_composed", where, L=A, sw=B.a, inner=B.b)
        ls = b.sub(st, "L o Sw", Call("composition", A, B.a), _ex_compose_swizzled, composition, A, B.a)
        return b.sub(st, "result", Call("composition", ls, B.b), ex_composition, composition, ls, B.b)
    raise CuteDumpError("composition: unsupported operands")


# ---------------------------------------------------------------- complement


def ex_complement(b: Builder, L, cotarget=None):
    if isinstance(L, ComposedLayout):
        st = b.step("compl.composed", f"complement, {SWZ}", L=L)
        L = st.item("B", None, L.b)
    L = _lay(L, "complement")
    st = b.step("compl.filter", f"complement, {HDR}", L=L)
    fl = st.item("filter_layout", Call("filter", L), filter_(L))
    if cotarget is None:
        st = b.step("compl.cotarget_default", f"complement, {HDR}")
        cot = st.item("cotarget", Call("cosize", fl), cosize(fl))
    else:
        cot = cotarget.shape if isinstance(cotarget, Layout) else cotarget
        b.step("compl.cotarget", f"complement, {HDR}", c=cot)
    shp, std = fl.shape, fl.stride
    if is_constant(0, std):
        st = b.step("compl.zero", f"detail::complement, {HDR}")
        return st.item("result", Call("make_layout", Call("coalesce", cot)), complement(L, cotarget))
    shp, std = (list(shp), list(std)) if is_tuple(shp) else ([shp], [std])
    R = len(shp)
    if R != 1 and not is_static(tuple(std)):
        b.step("compl.fail_dynamic", f"detail::complement, {HDR}", d=tuple(std))
        raise CuteDumpError("Dynamic-stride complement only for rank-1 layouts")
    result_shape, result_stride = [], [C(1)]
    for i in range(R - 1):
        f = dict(i=i, shape=tuple(shp), stride=tuple(std), last=result_stride[i])
        try:
            idx, new_shape, new_stride = LA.complement_step(shp, std, result_stride[i])
        except CuteDumpError:
            ms = min(std, key=int)
            st = b.step("compl.fail", f"detail::complement, {HDR}", ms=ms, **f)
            st.item("new_shape", Call("/", ms, result_stride[i]), div(ms, result_stride[i]))
            raise
        st = b.step("compl.fold", f"detail::complement, {HDR}", idx=idx, s=shp[idx], d=std[idx], **f)
        st.item("min_stride", Call("min", tuple(std)), std[idx])
        st.item("new_shape", Call("/", std[idx], result_stride[i]), new_shape)
        st.item("new_stride", Call("*", std[idx], shp[idx]), new_stride)
        del shp[idx], std[idx]
        result_shape.append(new_shape)
        result_stride.append(new_stride)
    last = result_stride[R - 1]
    st = b.step("compl.last", f"detail::complement, {HDR}", s=shp[0], d=std[0], last=last, c=cot)
    try:
        new_shape, rest_shape, rest_stride = LA.complement_rest(std[0], shp[0], last, cot)
    except CuteDumpError:
        st.item("new_shape", Call("/", std[0], last), div(std[0], last))
        st.key = "compl.fail_last"
        raise
    st.item("new_shape", Call("/", std[0], last), new_shape)
    new_stride = st.item("new_stride", Call("*", std[0], shp[0]), std[0] * shp[0])
    st.item("rest_shape", Call("coalesce", Call("ceil_div", cot, new_stride)), rest_shape)
    st.item("rest_stride", Call("compact_col_major", rest_shape, new_stride), rest_stride)
    result_shape.append(new_shape)
    raw = Layout((tuple(result_shape), rest_shape), (tuple(result_stride), rest_stride))
    st = b.step("compl.assemble", f"detail::complement, {HDR}", raw=raw)
    result = st.item("result", Call("coalesce", raw), coalesce(raw))
    return result


# ---------------------------------------------------------------- inverses


def _sorted_text(idxs, lshape, lstride) -> str:
    return ", ".join(f"{i}:{fmt(lshape[i])}:{fmt(lstride[i])}" for i in idxs) or "-"


def ex_right_inverse(b: Builder, L):
    if isinstance(L, (Swizzle, ComposedLayout)):
        raise NotNarrated("explain right_inverse: swizzled layouts are not narrated (cutedump eval computes them)")
    L = _lay(L, "right_inverse")
    cl, pre, idxs, taken, rs, rd = LA.right_inverse_parts(L)
    lshape, lstride = wrap(cl.shape), wrap(cl.stride)
    st = b.step("rinv.coalesce", f"right_inverse, {HDR}")
    st.item("clayout", Call("coalesce", L), cl)
    st = b.step("rinv.preprod", f"right_inverse, {HDR}")
    st.item("preprod_shape", None, tuple(pre))
    b.step(
        "rinv.sorted_dyn" if len(idxs) != len(lstride) else "rinv.sorted",
        f"right_inverse, {HDR}",
        order=_sorted_text(idxs, lshape, lstride),
    )
    curr = C(1)
    for i in idxs:
        if i in taken:
            st = b.step("rinv.take", f"right_inverse, {HDR}", i=i, s=lshape[i], d=lstride[i], curr=curr, pre=pre[i])
            curr = st.item("curr", Call("*", lshape[i], lstride[i]), lshape[i] * lstride[i])
        else:
            b.step("rinv.skip", f"right_inverse, {HDR}", i=i, s=lshape[i], d=lstride[i], curr=curr)
    raw = Layout(rs, rd)
    st = b.step("rinv.assemble", f"right_inverse, {HDR}", raw=raw)
    return st.item("result", Call("coalesce", raw), coalesce(raw))


def ex_left_inverse(b: Builder, L):
    if isinstance(L, (Swizzle, ComposedLayout)):
        raise NotNarrated("explain left_inverse: swizzled layouts are not narrated (cutedump eval computes them)")
    L = _lay(L, "left_inverse")
    cl = coalesce(L)
    st = b.step("linv.coalesce", f"left_inverse, {HDR}")
    st.item("clayout", Call("coalesce", L), cl)
    lshape, lstride = wrap(cl.shape), wrap(cl.stride)
    if not is_static(lstride):
        b.step("linv.fail_dynamic", f"left_inverse, {HDR}", d=cl.stride)
        raise CuteDumpError("Left inverse requires static strides.")
    pre = LA._preprod(lshape)
    st = b.step("linv.preprod", f"left_inverse, {HDR}")
    st.item("preprod_shape", None, tuple(pre))
    order = LA._sort_by_key(list(range(len(lstride))), [int(d) for d in lstride])
    b.step("linv.sorted", f"left_inverse, {HDR}", order=_sorted_text(order, lshape, lstride))
    try:
        parts = LA.left_inverse_parts(L)
    except CuteDumpError:
        parts = None
    rs = []
    for i in order:
        d = lstride[i]
        if is_constant(0, d):
            b.step("linv.zero", f"left_inverse, {HDR}", i=i, s=lshape[i], d=d)
            continue
        sz = product(tuple(rs))
        if int(sz) == 0 or int(d) % int(sz) != 0:
            st = b.step("linv.fail", f"left_inverse, {HDR}", i=i, s=lshape[i], d=d, sz=sz)
            st.item("istride % size(result_shape)", Call("%", d, sz), mod(d, sz) if int(sz) else d)
            raise CuteDumpError("Left inverse divisibility condition")
        st = b.step("linv.mode", f"left_inverse, {HDR}", i=i, s=lshape[i], d=d, sz=sz, pre=pre[i])
        rs.append(st.item("new shape", Call("/", d, sz), div(d, sz)))
    rs_, rd_ = parts[3], parts[4]
    if [str(x) for x in rs_[:-1]] != [str(x) for x in rs]:  # pragma: no cover - the engine's own values
        raise CuteDumpError(f"internal: left_inverse narration {fmt(tuple(rs))} differs from the engine {fmt(rs_)}")
    raw = Layout(rs_, rd_)
    st = b.step("linv.assemble", f"left_inverse, {HDR}", last=lshape[order[-1]], raw=raw)
    return st.item("result", Call("coalesce", raw), coalesce(raw))


# ---------------------------------------------------------------- divides


def ex_logical_divide(b: Builder, L, T):
    L = _lay(L, "logical_divide")
    if is_tuple(T):
        return _by_mode(b, L, T, "logical_divide", ex_logical_divide, logical_divide, "div.bymode")
    if T is _:
        st = b.step("div.underscore", f"logical_divide, {HDR}")
        return st.item("result", None, L)
    if is_int(T):
        st = b.step("div.int", f"logical_divide, {HDR}", n=T)
        T = st.item("tiler", Call("make_layout", T), make_layout(T))
    if not isinstance(T, Layout):
        raise CuteDumpError(f"logical_divide: unsupported tiler {show(T)}")
    st = b.step("div.complement", f"logical_divide, {HDR}", T=T, L=L)
    cl = st.item("coalesce(layout)", Call("coalesce", L), coalesce(L))
    comp = b.sub(st, "complement", Call("complement", T, cl.shape), ex_complement, complement, T, cl.shape)
    st = b.step("div.concat", f"logical_divide, {HDR}")
    tc = st.item("tiler_rest", Call("make_layout", T, comp), make_layout(T, comp))
    st = b.step("div.compose", f"logical_divide, {HDR}")
    return b.sub(st, "result", Call("composition", L, tc), ex_composition, composition, L, tc)


def _unzip_then(b, L, T, first, first_ex, first_name, key, cpp_fn):
    st = b.step(key + ".first", f"{cpp_fn}, {HDR}")
    r = b.sub(st, first_name, Call(first_name, L, T), first_ex, first, L, T)
    st = b.step(key + ".unzip", f"tile_unzip, {HDR}", profile=_profile(T))
    return st.item("result", Call("tile_unzip", r, T), tile_unzip(r, T))


def _profile(T) -> str:
    if is_tuple(T):
        return "(" + ",".join(_profile(t) for t in T) + ")"
    return "_"


def ex_zipped_divide(b, L, T):
    return _unzip_then(
        b, _lay(L, "zipped_divide"), T, logical_divide, ex_logical_divide, "logical_divide", "div", "zipped_divide"
    )


def _slice_step(b, r, which, key, where):
    R0, R1 = int(rank(r, 0)), int(rank(r, 1))
    rep = lambda n: _ if n == 1 else (_,) * n  # noqa: E731 - repeat<N>(_)
    crd = (_, rep(R1)) if which == "tiled" else (rep(R0), rep(R1))
    st = b.step(key, where, crd=crd, r0=R0, r1=R1)
    return st.item("result", Call("slice", crd, r), slice_layout(crd, r))


def ex_tiled_divide(b, L, T):
    st = b.step("div.zipped", f"tiled_divide, {HDR}")
    r = b.sub(st, "zipped", Call("zipped_divide", L, T), ex_zipped_divide, zipped_divide, _lay(L, "tiled_divide"), T)
    return _slice_step(b, r, "tiled", "div.slice_tiled", f"tiled_divide, {HDR}")


def ex_flat_divide(b, L, T):
    st = b.step("div.zipped", f"flat_divide, {HDR}")
    r = b.sub(st, "zipped", Call("zipped_divide", L, T), ex_zipped_divide, zipped_divide, _lay(L, "flat_divide"), T)
    return _slice_step(b, r, "flat", "div.slice_flat", f"flat_divide, {HDR}")


# ---------------------------------------------------------------- products


def ex_logical_product(b: Builder, A, T):
    A = _lay(A, "logical_product")
    if is_tuple(T):
        return _by_mode(b, A, T, "logical_product", ex_logical_product, logical_product, "prod.bymode")
    if T is _:
        st = b.step("div.underscore", f"logical_product, {HDR}")
        return st.item("result", None, A)
    if is_int(T):
        st = b.step("div.int", f"logical_product, {HDR}", n=T)
        T = st.item("tiler", Call("make_layout", T), make_layout(T))
    if not isinstance(T, Layout):
        raise CuteDumpError(f"logical_product: unsupported tiler {show(T)}")
    st = b.step("prod.cotarget", f"logical_product, {HDR}", A=A, T=T)
    sa = st.item("size(block)", Call("size", A), size(A))
    ct = st.item("cosize(tiler)", Call("cosize", T), cosize(T))
    n = st.item("cotarget", Call("*", sa, ct), sa * ct)
    st = b.step("prod.complement", f"logical_product, {HDR}")
    comp = b.sub(st, "complement", Call("complement", A, n), ex_complement, complement, A, n)
    st = b.step("prod.compose", f"logical_product, {HDR}")
    rep = b.sub(st, "repeats", Call("composition", comp, T), ex_composition, composition, comp, T)
    st = b.step("prod.concat", f"logical_product, {HDR}")
    return st.item("result", Call("make_layout", A, rep), make_layout(A, rep))


def ex_zipped_product(b, A, T):
    return _unzip_then(
        b,
        _lay(A, "zipped_product"),
        T,
        logical_product,
        ex_logical_product,
        "logical_product",
        "prod",
        "zipped_product",
    )


def ex_tiled_product(b, A, T):
    st = b.step("prod.zipped", f"tiled_product, {HDR}")
    r = b.sub(
        st, "zipped", Call("zipped_product", A, T), ex_zipped_product, zipped_product, _lay(A, "tiled_product"), T
    )
    return _slice_step(b, r, "tiled", "div.slice_tiled", f"tiled_product, {HDR}")


def ex_flat_product(b, A, T):
    st = b.step("prod.zipped", f"flat_product, {HDR}")
    r = b.sub(st, "zipped", Call("zipped_product", A, T), ex_zipped_product, zipped_product, _lay(A, "flat_product"), T)
    return _slice_step(b, r, "flat", "div.slice_flat", f"flat_product, {HDR}")


def _rank_product(b, A, T, name, raked):
    A, T = _lay(A, name), _lay(T, name)
    R = max(int(rank(A)), int(rank(T)))
    st = b.step("blk.append", f"{name}, {HDR}", R=R)
    pa = st.item("block", Call("append", A, targs=(R,)), append(A, n=R))
    pt = st.item("tiler", Call("append", T, targs=(R,)), append(T, n=R))
    st = b.step("blk.product", f"{name}, {HDR}")
    r = b.sub(st, "result", Call("logical_product", pa, pt), ex_logical_product, logical_product, pa, pt)
    g0, g1 = get(r, 0), get(r, 1)
    st = b.step("blk.zip_raked" if raked else "blk.zip_blocked", f"{name}, {HDR}")
    st.item("get<0>", Call("get", r, targs=(0,)), g0)
    st.item("get<1>", Call("get", r, targs=(1,)), g1)
    a, c = (g1, g0) if raked else (g0, g1)
    return st.item("result", Call("zip", a, c), zip_layout(a, c))


def ex_blocked_product(b, A, T):
    return _rank_product(b, A, T, "blocked_product", False)


def ex_raked_product(b, A, T):
    return _rank_product(b, A, T, "raked_product", True)


def ex_tile_to_shape(b, block, trg, order=None):
    block = _lay(block, "tile_to_shape")
    o = "LayoutLeft" if order is None else getattr(order, "name", order)
    R = int(t_rank(trg))
    st = b.step("t2s.append", f"tile_to_shape, {HDR}", R=R)
    if int(rank(block)) > R:
        raise CuteDumpError("Rank of layout must be <= rank of target shape.")
    padded = st.item("padded_block", Call("append", block, targs=(R,)), append(block, n=R))
    st = b.step("t2s.shapes", f"tile_to_shape, {HDR}")
    bs = st.item("block_shape", Call("product_each", padded.shape), product_each(padded.shape))
    ts = st.item("target_shape", Call("product_each", trg), product_each(trg))
    if is_static(ts):
        for t, s in zip(wrap(ts), wrap(bs)):
            if int(t) % int(s) != 0:
                b.step("t2s.fail", f"tile_to_shape, {HDR}", t=t, s=s)
                raise CuteDumpError("tile_to_shape: block shape does not divide the target shape.")
    ps = st.item("product_shape", Call("ceil_div", ts, bs), ceil_div(ts, bs))
    st = b.step("t2s.order", f"tile_to_shape, {HDR}", order=o)
    if o in ("LayoutLeft", "GenColMajor"):
        ordered = st.item("tiler", Call("make_layout", ps), make_layout(ps))
    elif o in ("LayoutRight", "GenRowMajor"):
        ordered = st.item("tiler", Call("make_layout", ps, "LayoutRight"), make_layout_right(ps))
    else:
        ordered = st.item("tiler", Call("make_ordered_layout", ps, o), make_ordered_layout(ps, o))
    st = b.step("t2s.blocked", f"tile_to_shape, {HDR}")
    r = b.sub(
        st, "result", Call("blocked_product", padded, ordered), ex_blocked_product, blocked_product, padded, ordered
    )
    return r


# ---------------------------------------------------------------- upcast / downcast


def _leaf_modes(L):
    out = []

    def walk(s, d, path):
        if is_tuple(s):
            for k, (x, y) in enumerate(zip(s, d)):
                walk(x, y, path + (k,))
        else:
            out.append((path, s, d))

    walk(L.shape, L.stride, ())
    return out


def ex_upcast(b, L, n):
    if isinstance(L, (Swizzle, ComposedLayout)):
        raise NotNarrated("explain upcast: swizzled layouts are not narrated (cutedump eval computes them)")
    L = _lay(L, "upcast")
    N = C(int(n))
    for path, s, d in _leaf_modes(L):
        leaf = Layout(s, d)
        f = dict(path=_path(path), s=s, d=d, n=N)
        if is_constant(0, d):
            st = b.step("up.zero", f"upcast, {HDR}", **f)
            st.item("mode", Call("upcast", leaf, targs=(int(n),)), upcast(leaf, int(n)))
        elif is_static(d):
            if not (int(d) % int(n) == 0 or int(n) % int(d) == 0):
                b.step("up.fail", f"upcast, {HDR}", **f)
                raise CuteDumpError(f"Divisibility condition: upcast<{n}> of stride {d}")
            st = b.step("up.static", f"upcast, {HDR}", **f)
            st.item(
                "shape", Call("ceil_div", s, Call("ceil_div", N, Call("abs", d))), ceil_div(s, ceil_div(N, iabs(d)))
            )
            st.item(
                "stride",
                Call("*", Call("signum", d), Call("ceil_div", Call("abs", d), N)),
                signum(d) * ceil_div(iabs(d), N),
            )
            st.item("mode", Call("upcast", leaf, targs=(int(n),)), upcast(leaf, int(n)))
        else:
            st = b.step("up.dynamic", f"upcast, {HDR}", **f)
            st.item("mode", Call("upcast", leaf, targs=(int(n),)), upcast(leaf, int(n)))
    st = b.step("up.assemble", f"upcast, {HDR}")
    return st.item("result", Call("upcast", L, targs=(int(n),)), upcast(L, int(n)))


def ex_downcast(b, L, n):
    if isinstance(L, (Swizzle, ComposedLayout)):
        raise NotNarrated("explain downcast: swizzled layouts are not narrated (cutedump eval computes them)")
    L = _lay(L, "downcast")
    N = C(int(n))
    st = b.step("down.check", f"downcast, {HDR}", d=L.stride)
    if not any(is_constant(1, d) for d in t_flatten(wrap(L.stride))):
        st.key = "down.fail"
        raise CuteDumpError("Downcast requires adjacent elements (a static _1 stride)")
    for path, s, d in _leaf_modes(L):
        leaf = Layout(s, d)  # noqa: F841 - built as CuTe builds the leaf (its checks), not read
        f = dict(path=_path(path), s=s, d=d, n=N)
        if is_constant(1, d) or is_constant(-1, d):
            st = b.step("down.unit", f"downcast, {HDR}", **f)
            st.item("shape", Call("*", s, N), s * N)
        else:
            st = b.step("down.other", f"downcast, {HDR}", **f)
            st.item("stride", Call("*", d, N), d * N)
    st = b.step("up.assemble", f"downcast, {HDR}")
    return st.item("result", Call("downcast", L, targs=(int(n),)), downcast(L, int(n)))


# ---------------------------------------------------------------- max_common_vector / layout


def _ex_max_common(b, A, B, want_layout: bool):
    name = "max_common_layout" if want_layout else "max_common_vector"
    A, B = _lay(A, name), _lay(B, name)
    st = b.step("mcv.inverse", f"{name}, {HDR}", b=B)
    inv = b.sub(st, "inv_b", Call("right_inverse", B), ex_right_inverse, right_inverse, B)
    st = b.step("mcv.compose", f"{name}, {HDR}")
    ab = b.sub(st, "a o inv_b", Call("composition", A, inv), ex_composition, composition, A, inv)
    common = st.item("common", Call("coalesce", ab), coalesce(ab))
    s0 = wrap(common.shape)[0]
    d0 = wrap(common.stride)[0]
    ok = is_static(s0) and is_constant(1, d0)
    st = b.step("mcv.yes" if ok else "mcv.no", f"{name}, {HDR}", s0=s0, d0=d0)
    if not want_layout:
        return st.item("result", Call("max_common_vector", A, B), max_common_vector(A, B))
    if ok:
        c0 = get(common, 0) if is_tuple(common.shape) else common
        st.item("layout<0>(common)", Call("layout", common, targs=(0,)) if is_tuple(common.shape) else None, c0)
        return b.sub(st, "result", Call("composition", inv, c0), ex_composition, composition, inv, c0)
    return st.item("result", Call("max_common_layout", A, B), max_common_layout(A, B))


def ex_max_common_vector(b, A, B):
    return _ex_max_common(b, A, B, False)


def ex_max_common_layout(b, A, B):
    return _ex_max_common(b, A, B, True)


# ---------------------------------------------------------------- the EXPR front end

EX = {
    "coalesce": (ex_coalesce, (1, 2)),
    "composition": (ex_composition, (2, 2)),
    "complement": (ex_complement, (1, 2)),
    "right_inverse": (ex_right_inverse, (1, 1)),
    "left_inverse": (ex_left_inverse, (1, 1)),
    "logical_divide": (ex_logical_divide, (2, 2)),
    "zipped_divide": (ex_zipped_divide, (2, 2)),
    "tiled_divide": (ex_tiled_divide, (2, 2)),
    "flat_divide": (ex_flat_divide, (2, 2)),
    "logical_product": (ex_logical_product, (2, 2)),
    "zipped_product": (ex_zipped_product, (2, 2)),
    "tiled_product": (ex_tiled_product, (2, 2)),
    "flat_product": (ex_flat_product, (2, 2)),
    "blocked_product": (ex_blocked_product, (2, 2)),
    "raked_product": (ex_raked_product, (2, 2)),
    "tile_to_shape": (ex_tile_to_shape, (2, 3)),
    "upcast": (ex_upcast, (1, 1)),
    "downcast": (ex_downcast, (1, 1)),
    "max_common_vector": (ex_max_common_vector, (2, 2)),
    "max_common_layout": (ex_max_common_layout, (2, 2)),
}
TEMPLATED = {"upcast", "downcast"}


def explainable() -> list[str]:
    return sorted(EX)


def split_call(text: str):
    """``name<targs>(a, b)`` -> (name, node, [argument texts with their columns]); the expression is parsed by
    cutedump.parse first (so syntax errors carry a caret)."""
    node = parse_expr(text)
    if not isinstance(node, PCall) or node.args is None:
        raise CuteDumpError(
            "explain takes one CuTe call, e.g. composition((_4,_8):(_1,_4), _8:_2); explainable: "
            + ", ".join(explainable())
        )
    i = text.index("(", node.col + len(node.name))
    depth, start, parts = 0, i + 1, []
    for j in range(i, len(text)):
        ch = text[j]
        if ch in "(<[":
            depth += 1
        elif ch in ")>]":
            depth -= 1
            if depth == 0:
                if text[start:j].strip():
                    parts.append((text[start:j], start))
                if text[j + 1 :].strip():
                    raise CuteDumpError(
                        "explain takes one CuTe call; evaluate the rest with cutedump eval", text, j + 1
                    )
                return node.name, node, parts
        elif ch == "," and depth == 1:
            parts.append((text[start:j], start))
            start = j + 1
    raise CuteDumpError("unbalanced parentheses", text, i)  # pragma: no cover - parse_expr rejects it first


def from_dsl(text: str) -> str:
    """A CuTe DSL call (``cute.composition(cute.make_layout((4, 8), stride=(8, 1)), (2, 4))``) as the same call in
    CuTe's print syntax (``composition((_4,_8):(_8,_1), (_2,_4))``): each argument evaluated as the DSL evaluates
    it (``cutlass.Int32(n)`` the dynamic value n), in the order of the DSL's parameters (keyword arguments by
    name)."""
    from cutedump.expr.dsl import DSL_FUNCTIONS, _bind, _strip, evaluate_dsl  # start-up: DSL input only
    from cutedump.parse.dsl import PyCall, PyName, parse_dsl  # start-up: DSL input only

    node = parse_dsl(text)
    if node.__class__ is not PyCall or node.fn.__class__ is not PyName:
        raise CuteDumpError("explain takes one CuTe DSL call, e.g. cute.coalesce(cute.make_layout((2, 4)))", text, 0)
    bare = _strip(node.fn.name)[1]
    if bare not in EX or bare not in DSL_FUNCTIONS:
        raise CuteDumpError(
            f"explain does not narrate {bare!r}; explainable: {', '.join(explainable())}", text, node.col
        )
    spans = _dsl_arg_spans(text, node.col)
    args, kwargs = [], {}
    for sub, col in spans:
        key, eq, rest = sub.partition("=")
        if eq and key.strip().isidentifier() and not rest.startswith("="):
            sub, col = rest, col + len(key) + 1
        try:
            v = evaluate_dsl(sub, literal=True)
        except CuteDumpError as e:
            raise CuteDumpError(e.message, text, col + (e.col or 0)) from None
        if eq and key.strip().isidentifier() and not rest.startswith("="):
            kwargs[key.strip()] = (v, col)
        else:
            args.append(v)
    bound = _bind(bare, DSL_FUNCTIONS[bare][0], args, kwargs, text, node.col)
    while bound and bound[-1] is None:
        bound.pop()
    return f"{bare}({', '.join(format_result(v) for v in bound)})"


def _dsl_arg_spans(text: str, col: int):
    i = text.index("(", col)
    depth, start, parts = 0, i + 1, []
    for j in range(i, len(text)):
        ch = text[j]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
            if depth == 0:
                if text[start:j].strip():
                    parts.append((text[start:j], start))
                return parts
        elif ch == "," and depth == 1:
            parts.append((text[start:j], start))
            start = j + 1
    raise CuteDumpError("unbalanced parentheses", text, i)  # pragma: no cover - parse_dsl rejects it first


def explain_expr(text: str, detail: int = 2) -> Explanation:
    """The step-by-step explanation of one CuTe call (see EX for the functions explained); a call spelled as the CuTe
    DSL spells it is narrated as the same call in CuTe's print syntax (:func:`from_dsl`)."""
    from cutedump.expr.dsl import is_dsl  # start-up: a few names

    if is_dsl(text):
        text = from_dsl(text)
    name, node, parts = split_call(text)
    if name not in EX:
        import difflib

        close = difflib.get_close_matches(name, list(EX), n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise CuteDumpError(
            f"explain does not narrate {name!r}{hint}; explainable: {', '.join(explainable())}", text, node.col
        )
    fn, (lo, hi) = EX[name]
    if not lo <= len(parts) <= hi:
        raise CuteDumpError(f"{name}: wrong number of arguments ({len(parts)} given)", text, node.col)
    args = []
    for sub, col in parts:
        try:
            args.append(evaluate(sub))
        except CuteDumpError as e:
            raise CuteDumpError(e.message, text, col + (e.col or 0)) from None
    if any(isinstance(a, CountingTensor) for a in args):
        raise CuteDumpError(
            f"explain narrates layouts: {name} of a tensor of coordinates (make_identity_tensor) is "
            "not narrated; `cutedump eval` prints it as CuTe does",
            text,
            node.col,
        )
    targs = tuple(node.targs or ())
    if name in TEMPLATED:
        if len(targs) != 1:
            raise CuteDumpError(f"{name} needs one template argument: {name}<2>(L)", text, node.col)
        args.append(int(targs[0]))
    elif targs:
        raise CuteDumpError(f"{name} takes no template arguments", text, node.col)
    b = Builder(detail)
    whole = Call(name, *args[: len(parts)], targs=targs)
    expl = Explanation("expr", {"expr": " ".join(text.split()), "version": CUTE_VERSION}, b.steps, result_cute=whole)
    try:
        expl.result = fn(b, *args)
    except NotNarrated:
        raise
    except CuteDumpError as e:
        expl.error = e.message
        try:
            evaluate(text)
        except CuteDumpError:
            return expl
        raise CuteDumpError(f"internal: the explanation of {text!r} fails ({e.message}) but eval succeeds")
    # the narration must end where `cutedump eval` does
    expect = format_result(evaluate(text))
    if show(expl.result) != expect:  # pragma: no cover - a bug in a recipe, never silent
        raise CuteDumpError(f"internal: the explanation of {text!r} ends in {show(expl.result)}, eval gives {expect}")
    return expl
