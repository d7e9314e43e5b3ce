"""The evaluation of an expression's calls (:class:`_Evaluation`): every call through the function table and its
signature checks, C++ ``int`` overflow refused as CuTe would overflow. Used by :mod:`cutedump.expr.evaluation`
(C++ and print spellings) and :mod:`cutedump.expr.dsl` (the CuTe DSL's)."""

from __future__ import annotations

from cutedump import algebra as A
from cutedump.algebra import C
from cutedump.algebra.integer import INT_MAX, INT_MIN, OVERFLOW, wrap32
from cutedump.algebra.layout import LENIENT, Layout
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.errors import CuteDumpError
from cutedump.expr.functions import (
    _REG,
    _TENSOR_OVERLOADS,
    _UNSUPPORTED,
    _local_partition_at,
    _local_tile_at,
    _tensor_slice,
    resolve,
)
from cutedump.expr.named import NAMED, _named
from cutedump.expr.signatures import (
    _BASIS_REFUSED,
    _SHAPE_OK,
    _check_call_shape,
    _check_kinds,
    _refuse_basis,
    signature,
)
from cutedump.expr.values import _CONSTANTS, ClassValue, CountingTensor, _kind, _Name, _show
from cutedump.parse import Apply, BinOp, Call, Lit, Named, build_literal, swizzle_limit_error


def _basis_arith(n, a, b, text):
    """ScaledBasis / ArithTuple + and * (arithmetic_tuple.hpp): value * E<i>, E<i> + E<j>, AT + _0."""
    ok = (C, int)
    if n.op == "*" and not ((a.__class__ in ok) or (b.__class__ in ok)):
        raise CuteDumpError(
            f"operator*: a ScaledBasis multiplies an integer only, got {_show(a)} * {_show(b)}", text, n.col
        )
    if n.op == "*" and (isinstance(a, tuple) or isinstance(b, tuple)):
        raise CuteDumpError(
            f"operator*: CuTe has no product of an arithmetic tuple, got {_show(a)} * {_show(b)}", text, n.col
        )
    try:
        return a * b if n.op == "*" else a + b
    except CuteDumpError as e:
        raise CuteDumpError(e.message, text, n.col) from None


def _arith(n, a, b, text):
    """C++ integer arithmetic on CuTe integers (integral_constant.hpp's static/dynamic rules, C++ truncation)."""
    if n.op in ("+", "*") and (getattr(a, "_cute_basis", False) or getattr(b, "_cute_basis", False)):
        return _basis_arith(n, a, b, text)
    for x in (a, b):
        if x is not None and not (x.__class__ is C or x.__class__ is int):
            raise CuteDumpError(
                f"operator{'-' if n.op == 'neg' else n.op}: cutedump reads integer arithmetic only, "
                f"got {_kind(x)} {_show(x)}",
                text,
                n.col,
            )
    op = n.op
    if op == "neg":
        return -a
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if b == 0:
        raise CuteDumpError(
            f"{_show(a)} {op} {_show(b)}: division by zero"
            + (
                " (does not compile in CuTe)"
                if b.__class__ is C and a.__class__ is C
                else " (undefined behaviour in C++)"
            ),
            text,
            n.col,
        )
    return A.div(a, b) if op == "/" else A.mod(a, b)


#: what CuTe 4.2 does where the algebra divides by an extent 0 (tests/test_zero_extent.py: every such case of
#: tests/oracle/gen_zero.py compiles, and its host program stops with SIGFPE; tests/test_utccp_oracle.py: the UTCCP
#: copies of a layout with an extent 0 either stop so or, where tmem_sf_frg::make reads a size as a constexpr
#: decltype(...)::value, do not compile): C<a> / C<0> is no constant expression, so the static overload drops out
ZERO_DIVISION = (
    "CuTe's C<a>/C<0> is no constant, so its ints divide when the program runs: undefined behaviour, the host "
    "program stops with SIGFPE (where CuTe needs the quotient static, as a decltype(...)::value, it does not compile)"
)


class _Evaluation:
    """One evaluate() call: its text, the first overflow (message, col), and the evaluation of Call/Apply nodes.

    A class, not closures: a closure that passes itself on (``calls``) is a reference cycle per expression, which only
    the garbage collector frees (eval -f evaluates thousands)."""

    __slots__ = ("text", "first")

    def __init__(self, text):
        self.text = text
        self.first = []  # (message, col) of the first call whose result overflowed

    def checked(self, result, node):
        """Wrap out-of-range ints of a result as CuTe's int does; note the first overflow (with its call's column)."""
        if not OVERFLOW:  # the common cases in short: ints within range, no overflow on the way
            cls = result.__class__
            if cls is C or cls is int:
                if -2147483648 <= result <= 2147483647:
                    return result
            elif cls is Layout:
                if _in_int(result.shape) and _in_int(result.stride):
                    return result
            elif cls is tuple and _in_int(result):
                return result
        first, text = self.first, self.text
        result, big = _wrap_ints(result)
        if (OVERFLOW or big is not None) and not first:
            what = OVERFLOW[0] if OVERFLOW else f"a result value {big}"
            first.append((what, node.col))
        _check_swizzles(result, text, node)
        return result

    def calls(self, n):
        text, calls, checked = self.text, self.calls, self.checked
        if n.__class__ is Call:
            if n.args is None:
                if n.name in _CONSTANTS:
                    return _Name(n.name)
                if n.name in _REG:
                    raise CuteDumpError(f"{n.name} is a function: call it as {signature(n.name)}", text, n.col)
                if any(row.matches(n.name) for row in NAMED):  # e.g. Layout_K_SW128_Atom<half_t> (using GMMA)
                    return _named(n, text)
                raise CuteDumpError(f"unknown name {n.name!r}", text, n.col)
            if n.name not in _REG and not n.args and any(row.matches(n.name) for row in NAMED):
                return _named(n, text)  # e.g. ss_smem_selector<GMMA::Major::K,half_t,_128,_64>()
            if n.name not in _REG:
                if n.name in _UNSUPPORTED:
                    raise CuteDumpError(f"{n.name}: {_UNSUPPORTED[n.name]}", text, n.col)
                import difflib  # start-up: only for an unknown function name

                close = difflib.get_close_matches(n.name, list(_REG), n=3)
                hint = f" (did you mean {', '.join(close)}?)" if close else ""
                raise CuteDumpError(f"unknown function {n.name!r}{hint}", text, n.col)
            if (n.name, n.targs, len(n.args)) not in _SHAPE_OK:
                _check_call_shape(n, text)
            fn, takes_targs = _REG[n.name]
            if fn.__class__ is str:
                fn, takes_targs = resolve(n.name)
            args = [a.value if a.__class__ is Lit else build_literal(a, text, calls) for a in n.args]
            tensor = how = None
            if args and (
                args[0].__class__ is CountingTensor or getattr(args[0].__class__, "cute_tensor", False)
            ):  # a Tensor overload: the tensor's layout, see below (cute_tensor: a TMEM tensor, atoms/tmem.py)
                tensor, how = args[0], _TENSOR_OVERLOADS.get(n.name)
                if how == "slice" and tensor.__class__ is not CountingTensor:
                    how = None
                if how is None:
                    raise CuteDumpError(
                        f"{n.name} has no overload for a tensor ({tensor}): does not compile in CuTe", text, n.col
                    )
                if how != "self":
                    args[0] = tensor.layout
            _check_kinds(n, args, text)
            if n.name in _BASIS_REFUSED:
                _refuse_basis(n, args, text)
            try:
                if how == "slice":
                    T, crd = (_local_tile_at if n.name == "local_tile" else _local_partition_at)(*args)
                    r = _tensor_slice(CountingTensor(tensor.coord, T), crd)
                else:
                    r = fn(*args, targs=n.targs) if takes_targs else fn(*args)
                    if how == "keep":
                        r = (
                            CountingTensor(tensor.coord, r)
                            if tensor.__class__ is CountingTensor
                            else tensor.with_layout(r)
                        )
            except TypeError:
                raise CuteDumpError(
                    f"{n.name} is not defined for ({', '.join(_kind(a) for a in args)})", text, n.col
                ) from None
            except CuteDumpError as e:
                if e.col is None:
                    msg = (
                        e.message
                        if e.message.startswith((f"{n.name}:", f"{n.name}<", f"{n.name}("))
                        else f"{n.name}: {e.message}"
                    )
                    if msg.endswith("division by zero") and not LENIENT[0]:
                        msg += f"; {ZERO_DIVISION}"
                    raise CuteDumpError(msg, text, n.col) from None
                raise
            except (IndexError, ValueError, ZeroDivisionError) as e:
                raise CuteDumpError(f"{n.name}: invalid arguments ({e})", text, n.col) from None
            except AttributeError:
                kinds = ", ".join(_kind(a) for a in args)
                raise CuteDumpError(f"{n.name} is not defined for ({kinds})", text, n.col) from None
            return checked(r, n)
        if n.__class__ is Apply:
            target = build_literal(n.fn, text, calls)
            while isinstance(target, tuple) and len(target) == 1 and callable(target[0]):
                target = target[0]  # (L)(i): parentheses around a layout
            args = [build_literal(a, text, calls) for a in n.args]
            if not callable(target) or isinstance(target, _Name):
                raise CuteDumpError("only layouts and swizzles can be evaluated with (...)", text, n.col)
            try:
                r = target(*args)
            except CuteDumpError as e:
                if e.col is None:
                    raise CuteDumpError(e.message, text, n.col) from None
                raise
            except (TypeError, IndexError, ValueError) as e:
                raise CuteDumpError(f"cannot evaluate at these coordinates ({e})", text, n.col) from None
            return checked(r, n)
        if n.__class__ is Named:
            if n.obj is not None:  # decltype(obj)::member: the member of obj's class
                n = _member_of(n, build_literal(n.obj, text, calls), text)
            if n.args is not None:  # a called member: Sm1xxBlockScaledConfig<32>::tile_atom_to_shape_SFA(shape)
                args = [a.value if a.__class__ is Lit else build_literal(a, text, calls) for a in n.args]
                return checked(_named(n, text, args), n)
            return checked(_named(n, text), n)
        if n.__class__ is BinOp:
            return checked(
                _arith(
                    n,
                    build_literal(n.left, text, calls),
                    None if n.right is None else build_literal(n.right, text, calls),
                    text,
                ),
                n,
            )
        raise CuteDumpError("unexpected expression", text, getattr(n, "col", 0))


def _in_int(x) -> bool:
    """x is an int or a (nested) tuple of ints, static or dynamic, every one within C++ int's range (what
    :func:`_wrap_ints` leaves as it is, and notes nothing of)."""
    cls = x.__class__
    if cls is int or cls is C:
        return -2147483648 <= x <= 2147483647
    if cls is tuple:
        for e in x:
            c = e.__class__
            if c is int or c is C:
                if not -2147483648 <= e <= 2147483647:
                    return False
            elif c is not tuple or not _in_int(e):
                return False
        return True
    return False


def _wrap_ints(obj):
    """``(obj with every int beyond C++ int's range wrapped to a dynamic int, the first such value or None)``."""
    big = []
    out = _wrap_go(obj, big)
    return out, (big[0] if big else None)


def _wrap_go(x, big):
    """_wrap_ints' walk (a module function: a recursive closure would be a reference cycle per call)."""
    cls = x.__class__
    if cls is C or cls is int:
        if -2147483648 <= x <= 2147483647:
            return x
        if not big:
            big.append(x)
        return wrap32(x)
    if cls is tuple:
        for e in x:  # the common case: every element an int within range -> x itself
            c = e.__class__
            if not ((c is int or c is C) and -2147483648 <= e <= 2147483647):
                break
        else:
            return x
        items = tuple([_wrap_go(e, big) for e in x])
        for a, b in zip(items, x):
            if a is not b:
                return items
        return x
    if cls is Layout:
        sh, st = _wrap_go(x.shape, big), _wrap_go(x.stride, big)
        return x if (sh is x.shape and st is x.stride) else Layout(sh, st)
    if isinstance(x, int) and not isinstance(x, bool):
        if INT_MIN <= x <= INT_MAX:
            return x
        if not big:
            big.append(x)
        return wrap32(x)
    if isinstance(x, tuple):
        items = tuple(_wrap_go(e, big) for e in x)
        return items if any(a is not b for a, b in zip(items, x)) else x
    if isinstance(x, Layout):
        sh, st = _wrap_go(x.shape, big), _wrap_go(x.stride, big)
        return x if (sh is x.shape and st is x.stride) else Layout(sh, st)
    if isinstance(x, ComposedLayout):
        off, b = _wrap_go(x.offset, big), _wrap_go(x.b, big)
        return x if (off is x.offset and b is x.b) else ComposedLayout(x.a, off, b)
    return x


def _check_swizzles(obj, text, node) -> None:
    """A swizzle produced by an operation (upcast, downcast, recast) must be one CuTe can instantiate."""
    cls = obj.__class__
    if cls is Layout or cls is tuple or cls is int or cls is C:
        return
    sw = obj if isinstance(obj, Swizzle) else obj.a if isinstance(obj, ComposedLayout) else None
    if isinstance(sw, Swizzle):
        why = swizzle_limit_error(sw.b, sw.m, sw.s)
        if why:
            raise CuteDumpError(f"the result {why}", text, node.col)


def _member_of(n, obj, text):
    """``decltype(obj)::member``: a Named node for the member of the class of ``obj`` (a value that names its C++
    class: :class:`cutedump.expr.values.ClassValue`)."""
    if not isinstance(obj, ClassValue):
        raise CuteDumpError(
            f"decltype(...)::{n.name}: the expression's value is {_kind(obj)}, not an object of a class whose members "
            "cutedump reads (a scale-factor config, e.g. decltype(cutlass::detail::sm100_trivial_blockwise_scale_config"
            "(Shape<_128,_128,_128>{})))",
            text,
            n.col,
        )
    return Named(f"{obj.name}::{n.name}", obj.targs, n.pos, n.src, n.args)
