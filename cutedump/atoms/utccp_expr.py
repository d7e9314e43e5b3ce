"""The SMEM -> TMEM copies in ``cutedump eval``, spelled as CUTLASS's block-scaled collective writes them
(sm100_blockscaled_mma_warpspecialized.hpp), one expression at a time:

    make_tensor<UMMA::tmem_sf_frg<SF, VS, N_SM, IsSFA[, UMMA::TmemAllocMode::X]>>(shape(SmemLayoutAtomSF))
    UMMA::tmem_sf_frg<...>::make(shape)                          (what make_tensor<FrgType> calls)
    filter_zeros(tensor), make_tensor(tensor.data(), filter_zeros(tensor.layout()))
    make_utccp_copy(SM100_UTCCP_4x32dp128bit_1cta{}, tensor)     (a TiledCopy; printed as CuTe prints it)
    make_utccp_copy(...).get_slice(i)                            (a ThrCopy)
    ....get_slice(i).partition_D(tmem_tensor)                    (a TMEM tensor)
    ....get_slice(i).partition_S(smem_layout)                    (the layout of the smem tensor's partition: eval has
                                                                   no shared memory; a layout stands for a tensor)

The objects are :mod:`cutedump.atoms.utccp`'s (checked against CuTe 4.2 by tests/test_utccp_eval.py); this module
reads the eval language's arguments and refuses what CuTe's static_asserts refuse.
"""

from __future__ import annotations

from cutedump.algebra import Layout, fmt, is_tuple, make_layout
from cutedump.atoms import utccp as U
from cutedump.atoms.copy import ThrCopy, TiledCopy
from cutedump.atoms.tmem import TmemTensor
from cutedump.errors import CuteDumpError

_ALLOCS = (U.ALLOC_4BY1, U.ALLOC_2BY2)


class UtccpOp:
    """``SM100_UTCCP_4x32dp128bit_1cta{}``: a tcgen05.cp copy operation as a value (what make_utccp_copy takes)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __str__(self):
        return self.name

    def __eq__(self, o):
        return isinstance(o, UtccpOp) and o.name == self.name

    __hash__ = None


class TmemIter:
    """``tensor.data()`` of a TMEM tensor: its ``tmem_ptr`` (printed ``tmem_[8b](0x0000.0000)``)."""

    __slots__ = ("tensor",)

    def __init__(self, tensor: TmemTensor):
        self.tensor = tensor

    def __str__(self):
        return self.tensor.ptr_str()

    def __eq__(self, o):
        return isinstance(o, TmemIter) and (o.tensor.value_type, o.tensor.addr) == (
            self.tensor.value_type,
            self.tensor.addr,
        )

    __hash__ = None


class EvalThrCopy:
    """``tiled_copy.get_slice(i)``: printed as CuTe's print(ThrCopy)."""

    __slots__ = ("thr",)

    def __init__(self, thr: ThrCopy):
        self.thr = thr

    def __str__(self):
        return f"ThrCopy\n  ThrIdx: {self.thr.thr_idx}\n{self.thr.tiled.print_str()}"

    def __eq__(self, o):
        return isinstance(o, EvalThrCopy) and o.thr is self.thr

    __hash__ = None


def named_op(name: str, targs) -> UtccpOp:
    """``SM100_UTCCP_*{}`` (a NAMED row)."""
    if targs:
        raise CuteDumpError(f"{name} takes no template arguments")
    base = name.removeprefix("cute::")
    return UtccpOp(U.lookup_utccp_copy(base).name)


def _targ(x) -> str:
    return getattr(x, "name", x) if not isinstance(x, (int, str)) else x


def _frg(name: str, targs) -> tuple[str, int, int, bool, str]:
    """``UMMA::tmem_sf_frg<ValueType, SFVecSize, N_SM, Is_SFA[, TmemAlloc]>``'s template arguments."""
    t = [_targ(x) for x in targs]
    if len(t) not in (4, 5):
        raise CuteDumpError(
            "UMMA::tmem_sf_frg takes <ValueType, SFVecSize, N_SM, Is_SFA[, UMMA::TmemAllocMode]> "
            f"(mma_traits_sm100.hpp), got {len(t)} template argument(s)"
        )
    vt, vs, nsm, is_sfa = t[:4]
    if not isinstance(vt, str) or vt in ("true", "false"):
        raise CuteDumpError(f"UMMA::tmem_sf_frg: ValueType must be a type, got {vt}")
    for what, v in (("SFVecSize", vs), ("N_SM", nsm)):
        if not isinstance(v, int):
            raise CuteDumpError(f"UMMA::tmem_sf_frg: {what} must be an integer, got {v}")
    if is_sfa not in ("true", "false", 0, 1):
        raise CuteDumpError(f"UMMA::tmem_sf_frg: Is_SFA must be true or false, got {is_sfa}")
    alloc = U.ALLOC_4BY1
    if len(t) == 5:
        a = str(t[4]).rsplit("::", 1)[-1]
        if a not in _ALLOCS and a not in ("ScaleFactorDuplicated1by1", "ScaleFactorDuplicated1by4"):
            raise CuteDumpError(
                f"UMMA::tmem_sf_frg: TmemAlloc must be UMMA::TmemAllocMode::{U.ALLOC_4BY1} or ::{U.ALLOC_2BY2} "
                f"(a scale-factor allocation), got {t[4]}"
            )
        alloc = a
    sfa = is_sfa in ("true", 1)
    if not (sfa or alloc == U.ALLOC_4BY1):  # CuTe's else branch: its static_asserts
        if alloc != U.ALLOC_2BY2:
            raise CuteDumpError("static assertion failed (!Is_SFA and TmemAlloc == ScaleFactorDuplicated2by2)")
        if nsm != 2:
            raise CuteDumpError("static assertion failed: Should be 2x2 Datapath")
    return vt, vs, nsm, sfa, alloc


#: tests/test_utccp_eval.py (a fragment alone) and tests/test_utccp_oracle.py (a copy of it): CuTe compiles the
#: fragment, whose program stops with SIGFPE, and does not compile a copy made of it
FRG_ZERO = (
    "the tmem shape {shape} has a mode of extent 0: tmem_sf_frg::make divides by it; CuTe compiles the fragment "
    "(C<a>/C<0> is no constant: the ints divide when the program runs, and the host program stops with SIGFPE), but "
    "not a copy made of it (make_utccp_copy needs constants where the fragment's layout then has run-time ints)"
)


def _frg_make(frg, shape) -> TmemTensor:
    try:
        return U.tmem_sf_frg_make(*frg, shape)
    except CuteDumpError as e:
        if e.message.endswith("division by zero"):
            raise CuteDumpError(FRG_ZERO.format(shape=fmt(shape))) from None
        raise


def frg_make(name: str, targs, args) -> TmemTensor:
    """``UMMA::tmem_sf_frg<...>::make(shape)`` (a NAMED member row)."""
    if len(args) != 1:
        raise CuteDumpError(f"make takes one argument (the tmem shape), got {len(args)}")
    return _frg_make(_frg(name, targs), _shape_arg(args[0]))


def _shape_arg(x):
    if isinstance(x, Layout):
        raise CuteDumpError(f"expected a shape (an int tuple), got the layout {x}: write shape(...)")
    if isinstance(x, TmemTensor):
        raise CuteDumpError("expected a shape (an int tuple), got a tensor: write shape(...)")
    return x


def eval_make_tensor(*args, targs=()):
    """``make_tensor<FrgType>(shape)`` (FrgType a UMMA::tmem_sf_frg) and ``make_tensor(tmem_iter, layout)``."""
    if targs:
        t = targs[0]
        name = getattr(t, "name", str(t)).removeprefix("cute::")
        if name != "UMMA::tmem_sf_frg" or len(args) != 1:
            raise CuteDumpError(
                "cutedump reads make_tensor<UMMA::tmem_sf_frg<...>>(shape) (a TMEM scale-factor fragment) and "
                "make_tensor(tmem_tensor.data(), layout); other tensors over memory are not modelled "
                "(make_identity_tensor gives a tensor of coordinates)"
            )
        return _frg_make(_frg(name, getattr(t, "targs", ())), _shape_arg(args[0]))
    if len(args) == 2 and isinstance(args[0], TmemIter):
        lay = args[1]
        if is_tuple(lay) or isinstance(lay, int):
            lay = make_layout(lay)
        if not isinstance(lay, Layout):
            raise CuteDumpError(f"make_tensor(tmem_ptr, layout): expected a layout, got {lay}")
        return TmemTensor(args[0].tensor.value_type, lay, args[0].tensor.addr)
    raise CuteDumpError(
        "cutedump reads make_tensor<UMMA::tmem_sf_frg<...>>(shape) (a TMEM scale-factor fragment) and "
        "make_tensor(tmem_tensor.data(), layout); other tensors over memory are not modelled "
        "(make_identity_tensor gives a tensor of coordinates)"
    )


def eval_make_utccp_copy(op, tmem) -> TiledCopy:
    """``make_utccp_copy(SM100_UTCCP_*{}, tmem_tensor)``."""
    if not isinstance(op, UtccpOp):
        raise CuteDumpError(
            f"the first argument must be an SM100_UTCCP_* copy operation (SM100_UTCCP_4x32dp128bit_1cta{{}}), got {op}"
        )
    if not isinstance(tmem, TmemTensor):
        raise CuteDumpError("static assertion failed: Expected TMEM tensor.")
    return U.make_utccp_copy(op.name, tmem)


def eval_get_slice(tiled, thr_idx) -> EvalThrCopy:
    """``tiled_copy.get_slice(i)``."""
    if not isinstance(tiled, TiledCopy):
        raise CuteDumpError(f"cutedump reads .get_slice(i) of a TiledCopy (make_utccp_copy), got {_what(tiled)}")
    return EvalThrCopy(tiled.get_slice(int(thr_idx)))


def _what(x) -> str:
    from cutedump.expr.values import _kind  # start-up: on an error only

    return _kind(x)


def eval_partition_s(thr, tensor):
    """``thr_copy.partition_S(smem_tensor)``: a layout stands for the smem tensor (its partition's layout), a TMEM
    tensor is partitioned with its pointer."""
    return _partition(thr, tensor, "S")


def eval_partition_d(thr, tensor):
    """``thr_copy.partition_D(tmem_tensor)``."""
    return _partition(thr, tensor, "D")


def _partition(thr, tensor, which: str):
    if not isinstance(thr, EvalThrCopy):
        raise CuteDumpError(f"cutedump reads .partition_{which}(tensor) of a ThrCopy (.get_slice(i)), got {_what(thr)}")
    part = thr.thr.partition_S if which == "S" else thr.thr.partition_D
    if isinstance(tensor, TmemTensor):
        lay, off = part(tensor.layout)
        return tensor.with_layout(lay, int(off))
    if is_tuple(tensor) or isinstance(tensor, int):
        raise CuteDumpError(f"expected a tensor or a layout, got the int tuple {tensor}")
    if not isinstance(tensor, Layout):
        raise CuteDumpError(f"expected a tensor or a layout, got {_what(tensor)}")
    return part(tensor)[0]


def eval_data(tensor) -> TmemIter:
    """``tensor.data()`` of a TMEM tensor."""
    if not isinstance(tensor, TmemTensor):
        raise CuteDumpError(f"cutedump reads .data() of a TMEM tensor, got {_what(tensor)}")
    return TmemIter(tensor)
