"""A custom epilogue visitor tree (EVT) as the epilogue builder's fusion (``--fusion "Sm90EVT<...>"``, CUTLASS's
example 71, runners 6-9): the builders take a fusion that is not a FusionOperation as the FusionCallbacks themselves
(cutlass/epilogue/collective/collective_builder.hpp:101, CallbacksBuilder's pass-through; the collective's
ThreadEpilogueOp is then the empty FusionOperation, callbacks.hpp:60), so what the tree changes in the collective is
its SharedStorage: the tree's, nested in the collective epilogue's TensorStorage.

A tree node's SharedStorage (cutlass/epilogue/fusion/sm90_visitor_*.hpp) is an empty struct except Sm90RowBroadcast's
(``array_aligned<ElementInput, CTA N>``: 16-byte aligned); a tree's (Sm90TreeVisitor<NodeOp, Children...>, alias
Sm90EVT) is ``cute::tuple<Children's..., NodeOp's>``, whose empty-structure optimization (cute/container/tuple.hpp,
eso::ESO) stores no empty element and nests the others as ``{first_; rest_}``: the layout computed here.

Modelled nodes: Sm90EVT / Sm90TreeVisitor, Sm90AccFetch, Sm90SrcFetch, Sm90Compute, Sm90ScalarBroadcast,
Sm90ColBroadcast, Sm90RowBroadcast, the reductions, the Aux tensor nodes Sm90AuxLoad / Sm90AuxStore
(cutedump.collective.evt_aux: Stages epilogue tiles in swizzled smem each) and the DAG visitors Sm90SplitTreeVisitor
/ Sm90TopologicalVisitor (containers like the tree: their SharedStorage the tuple of the nodes they hold). Any other
node is refused in one line that names it.
"""

from __future__ import annotations

from typing import NamedTuple

from cutedump.errors import CuteDumpError

VL = "cutlass/epilogue/fusion/sm90_visitor_load_tma_warpspecialized.hpp"
VT = "cutlass/epilogue/fusion/sm90_visitor_tma_warpspecialized.hpp"
#: where the builders take a tree as their callbacks, and where its SharedStorage is the nodes' tuple
RULE = f"cutlass/epilogue/collective/collective_builder.hpp:101 (CallbacksBuilder), {VT}:374"

TREES = ("Sm90EVT", "Sm90TreeVisitor")
#: the DAG visitors (held nodes: ``held``)
DAGS = ("Sm90SplitTreeVisitor", "Sm90TopologicalVisitor")
#: the modelled leaf/op nodes and their template parameters (the required ones first)
NODES = {
    "Sm90AccFetch": (),
    "Sm90SrcFetch": ("Element",),
    "Sm90Compute": ("ComputeFn", "ElementOutput", "ElementCompute", "RoundStyle"),
    "Sm90ScalarBroadcast": ("Element",),
    "Sm90ColBroadcast": ("Stages", "CtaTileShapeMNK", "ElementInput"),
    "Sm90RowBroadcast": ("Stages", "CtaTileShapeMNK", "ElementInput"),
    "Sm90ScalarReduction": ("RegReduceFn", "GmemReduceFn", "ElementOutput", "ElementCompute", "RoundStyle"),
    "Sm90RowReduction": (
        "RegReduceFn", "ShuffleReduceFn", "GmemReduceFn", "Stages", "CtaTileShapeMNK", "ElementOutput",
        "ElementCompute", "RoundStyle",
    ),
    "Sm90ColReduction": (
        "RegReduceFn", "ShuffleReduceFn", "GmemReduceFn", "Stages", "CtaTileShapeMNK", "ElementOutput",
        "ElementCompute", "RoundStyle",
    ),
    # the Aux tensor nodes (cutedump.collective.evt_aux; Alignment and EnableNullptr have defaults)
    "Sm90AuxLoad": ("Stages", "EpilogueTile", "Element", "StrideMNL", "SmemLayoutAtom", "CopyOpS2R"),
    "Sm90AuxStore": ("Stages", "EpilogueTile", "Element", "RoundStyle", "StrideMNL", "SmemLayoutAtom", "CopyOpR2S"),
}  # fmt: skip
AUX_NODES = ("Sm90AuxLoad", "Sm90AuxStore")
VS = "cutlass/epilogue/fusion/sm90_visitor_store_tma_warpspecialized.hpp"
#: the global-memory reduction functors (cutlass/functional.h) and which are atomic (is_atomic, functional.h:987)
ATOMIC_FNS = ("atomic_add", "atomic_maximum")
#: the nodes of CUTLASS 4.2's visitor headers that are not modelled (named in the refusal)
NOT_MODELLED = (
    "Sm90ScalarBroadcastPtrArray",
    "Sm90AccFetchGroupedWgrad",
)
#: the ComputeFn functors Sm90Compute takes (cutlass/functional.h; the activations of epilogue/thread/activation.h)
COMPUTE_FNS = (
    "multiplies",
    "plus",
    "minus",
    "divides",
    "negate",
    "multiply_add",
    "homogeneous_multiply_add",
    "maximum",
    "minimum",
    "square",
    "absolute_value_op",
)
#: the activation functors of cutlass/epilogue/thread/activation.h (``template <class> class``): a fusion operation's
#: ActivationFn, an Sm90Compute's ComputeFn
ACTIVATIONS = (
    "Identity",
    "ReLu",
    "ReLU",
    "Clamp",
    "LowerBound",
    "LeakyReLU",
    "ThresholdReLU",
    "Tanh",
    "Sigmoid",
    "SiLu",
    "ScaledSiLu",
    "HardSwish",
    "ScaledHardSwish",
    "GELU",
    "ScaledGELU",
    "GELU_taylor",
    "ScaledGELU_taylor",
)
from cutedump.collective.evt_aux import ROUND_STYLES  # noqa: E402  (the Aux nodes take them too)
from cutedump.parse.tokens import top_level_split


class Node(NamedTuple):
    name: str  # the node's class (Sm90EVT is Sm90TreeVisitor)
    args: tuple  # a tree's: (NodeOp, children...) as Nodes; a leaf's: its template arguments as text
    text: str  # as typed
    extra: tuple = ()  # Sm90TopologicalVisitor's (ElementCompute, EdgeTuple's sequences as tuples of ints)


#: the visitors that hold other nodes: their SharedStorage is the tuple of the held nodes' in the order of their
#: Sm90VisitorImpl base (sm90_visitor_tma_warpspecialized.hpp:573, :633, :681)
CONTAINERS = ("Sm90TreeVisitor", "Sm90SplitTreeVisitor", "Sm90TopologicalVisitor")


def held(node: Node) -> tuple:
    """The nodes a container holds, in its Sm90VisitorImpl's order: a tree's children then its node op; a split
    tree's input, its Aux output trees, then its output tree; a topological visitor's ops as given."""
    a = node.args
    if node.name == "Sm90TreeVisitor":
        return (*a[1:], a[0])
    if node.name == "Sm90SplitTreeVisitor":
        return (a[0], *a[2:], a[1])
    return tuple(a)


def _edges(text: str, whole: str) -> tuple:
    """EdgeTuple: cute::tuple<cute::seq<...>, ...> -> a tuple of index tuples."""
    t = _strip(text).replace(" ", "")
    if not (t.startswith("tuple<") and t.endswith(">")):
        raise CuteDumpError(
            f"--fusion: Sm90TopologicalVisitor's EdgeTuple is a cute::tuple<cute::seq<...>, ...>; got {text.strip()!r} "
            f"in {whole.strip()!r}"
        )
    out = []
    for p in _split(t[6:-1]):
        p = p.replace("int_sequence<int,", "seq<").replace("std::", "")
        if not (p.startswith("seq<") and p.endswith(">")):
            raise CuteDumpError(
                f"--fusion: Sm90TopologicalVisitor's EdgeTuple holds cute::seq<...> of child indices; got {p!r} in "
                f"{whole.strip()!r}"
            )
        idx = [x for x in p[4:-1].split(",") if x]
        if not all(x.isdigit() for x in idx):
            raise CuteDumpError(f"--fusion: Sm90TopologicalVisitor's EdgeTuple: {p!r} holds no integers")
        out.append(tuple(int(x) for x in idx))
    return tuple(out)


def _split(text: str) -> list[str]:
    return [x.strip() for x in top_level_split(text) if x.strip()]


def _strip(t: str) -> str:
    for ns in ("cutlass::epilogue::fusion::", "cutlass::epilogue::thread::", "cutlass::", "cute::"):
        t = t.replace(ns, "")
    return t.strip()


def is_tree(text: str) -> bool:
    """Whether a --fusion spelling is a visitor node (a tree or a lone node), not a fusion operation."""
    return _strip(text).startswith("Sm")


def parse(text: str, whole: str | None = None) -> Node:
    """A tree (or a lone node) spelled in C++, with or without its namespaces."""
    whole = whole or text
    t = _strip(text)
    name, lt, rest = t.partition("<")
    name = name.strip()
    if lt and not rest.endswith(">"):
        raise CuteDumpError(f"--fusion: unbalanced '<' in {text.strip()!r} (in {whole.strip()!r})")
    args = _split(rest[:-1]) if lt else []
    if name in TREES:
        if len(args) < 2:
            raise CuteDumpError(
                f"--fusion: {name} takes its node operation then one child at least ({name}<NodeOp, ChildOps...>); "
                f"got {text.strip()!r}"
            )
        return Node("Sm90TreeVisitor", tuple(parse(a, whole) for a in args), text.strip())
    if name == "Sm90SplitTreeVisitor":
        if len(args) < 2:
            raise CuteDumpError(
                f"--fusion: Sm90SplitTreeVisitor takes <InputTree, OutputTree, AuxOutTrees...>; got {text.strip()!r}"
            )
        return Node(name, tuple(parse(a, whole) for a in args), text.strip())
    if name == "Sm90TopologicalVisitor":
        if len(args) < 3:
            raise CuteDumpError(
                f"--fusion: Sm90TopologicalVisitor takes <ElementCompute, EdgeTuple, Ops...>; got {text.strip()!r}"
            )
        el = _check_element(args[0], Node(name, (), text.strip()), whole)
        return Node(name, tuple(parse(a, whole) for a in args[2:]), text.strip(), (el, _edges(args[1], whole)))
    if name in NOT_MODELLED or (name.startswith(("Sm90", "Sm100", "Sm120")) and name not in NODES):
        raise CuteDumpError(
            f"--fusion: the visitor node {name} (in {whole.strip()!r}) is not modelled (cutedump models the EVT "
            f"nodes {', '.join(('Sm90EVT', *DAGS, *NODES))})"
        )
    if name not in NODES:
        raise CuteDumpError(
            f"--fusion: {text.strip()!r} in {whole.strip()!r} is not an epilogue visitor node (an EVT's nodes are "
            f"cutlass::epilogue::fusion::{', '.join(('Sm90EVT', *DAGS, *NODES))})"
        )
    need = NODES[name]
    if len(args) < len(need):
        raise CuteDumpError(
            f"--fusion: {name} takes {', '.join(need) or 'no template arguments'}"
            f"{' first' if need else ''}; got {text.strip()!r} (in {whole.strip()!r})"
        )
    if not need and lt:
        raise CuteDumpError(f"--fusion: {name} takes no template arguments; got {text.strip()!r}")
    return Node(name, tuple(args), text.strip())


class Refusal(Exception):
    """A node's static_assert (its message, where): the first one of the tree, in the order CUTLASS instantiates the
    nodes; the epilogue raises it as CUTLASS's refusal where the collective instantiates its callbacks."""

    def __init__(self, message: str, rule: str):
        super().__init__(message)
        self.message, self.rule = message, rule


def first_refusal(node: Node, whole: str) -> tuple[str, str] | None:
    """The tree's first static_assert (message, rule), None when CUTLASS instantiates every node; the other checks
    (spelling, element types) raise their one error line."""
    try:
        check(node, whole)
    except Refusal as r:
        return r.message, r.rule
    return None


def _check_element(a: str, node: Node, whole: str) -> str:
    from cutedump.collective.config import element  # start-up: as the caller

    return element(a, f"--fusion ({node.name})", typed=whole)


def _cta_n(shape: str, node: Node, whole: str) -> int:
    inner = _strip(shape)
    if not inner.startswith("Shape<") or not inner.endswith(">"):
        raise CuteDumpError(
            f"--fusion: {node.name}'s CtaTileShapeMNK is a static cute::Shape<_M,_N,_K>; got {shape!r} in "
            f"{whole.strip()!r}"
        )
    parts = _split(inner[6:-1])
    vals = []
    for p in parts:
        p = p.strip()
        if p.startswith("_") and p[1:].isdigit():
            vals.append(int(p[1:]))
        elif p.startswith("Int<") and p.endswith(">") and p[4:-1].strip().isdigit():
            vals.append(int(p[4:-1]))
        else:
            raise CuteDumpError(
                f"--fusion: {node.name}'s CtaTileShapeMNK is a static cute::Shape<_M,_N,_K>; got {shape!r} in "
                f"{whole.strip()!r}"
            )
    if len(vals) != 3:
        raise CuteDumpError(f"--fusion: {node.name}'s CtaTileShapeMNK has three modes (M,N,K); got {shape!r}")
    return vals[1]


def check(node: Node, whole: str) -> None:
    """The node's arguments: element types cutedump knows, a static CTA shape, the compute functor and round style;
    then CUTLASS's static_asserts (the broadcasts' Stages == 0)."""
    from cutedump.collective.config import ELEMENT_BITS  # start-up: as the caller

    if node.name in CONTAINERS:  # instantiated as Sm90VisitorImpl<held...>: the held nodes first
        for c in held(node):
            check(c, whole)
        if node.name == "Sm90TopologicalVisitor":  # then its own static_asserts (message-less)
            if len(node.extra[1]) != len(node.args) or len(node.args) < 2:
                raise Refusal("static assertion failed", f"{VT}:682 (rank(EdgeTuple) == sizeof...(Ops) > 1)")
        return
    a = node.args
    if node.name in ("Sm90ScalarReduction", "Sm90RowReduction", "Sm90ColReduction"):
        _check_reduction(node, whole)
        return
    if node.name == "Sm90AccFetch":
        return
    if node.name in AUX_NODES:
        from cutedump.collective import evt_aux as X  # start-up: the Aux nodes only for a tree that has one

        r = X.refusal(X.read(node, whole))
        if r is not None:
            raise Refusal(*r)
        return
    if node.name in ("Sm90SrcFetch", "Sm90ScalarBroadcast"):
        _check_element(a[0], node, whole)
        if len(a) > 1 and node.name == "Sm90SrcFetch":
            raise CuteDumpError(f"--fusion: Sm90SrcFetch takes one template argument (Element); got {node.text!r}")
        if len(a) > 1:
            raise CuteDumpError(
                f"--fusion: Sm90ScalarBroadcast's arguments after Element (StrideMNL, BroadcastCount, ReductionFn) "
                f"are not modelled; got {node.text!r}"
            )
    elif node.name == "Sm90Compute":
        fn = _strip(a[0])
        if fn not in COMPUTE_FNS and fn not in ACTIVATIONS:
            raise CuteDumpError(
                f"--fusion: Sm90Compute's ComputeFn {a[0]!r} is not modelled (cutlass::{', '.join(COMPUTE_FNS)} or "
                f"an activation of cutlass::epilogue::thread: {', '.join(ACTIVATIONS)}); in {whole.strip()!r}"
            )
        _check_element(a[1], node, whole)
        _check_element(a[2], node, whole)
        rs = _strip(a[3]).replace("FloatRoundStyle::", "")
        if rs not in ROUND_STYLES:
            raise CuteDumpError(
                f"--fusion: Sm90Compute's RoundStyle is a cutlass::FloatRoundStyle ({', '.join(ROUND_STYLES)}); "
                f"got {a[3]!r} in {whole.strip()!r}"
            )
        if len(a) > 4:
            raise CuteDumpError(f"--fusion: Sm90Compute takes four template arguments; got {node.text!r}")
    else:  # the broadcasts: Stages, CtaTileShapeMNK, ElementInput[, ElementCompute]
        if not a[0].strip().isdigit():
            raise CuteDumpError(f"--fusion: {node.name}'s Stages is an integer; got {a[0]!r} in {whole.strip()!r}")
        _cta_n(a[1], node, whole)
        _check_element(a[2], node, whole)
        if len(a) > 3:
            _check_element(a[3], node, whole)
        if node.name == "Sm90RowBroadcast" and ELEMENT_BITS[_check_element(a[2], node, whole)] < 8:
            raise CuteDumpError(
                f"--fusion: a sub-byte Sm90RowBroadcast ({a[2]}) is not modelled (its smem vector and comparisons); in "
                f"{whole.strip()!r}"
            )
        if len(a) > 4:
            raise CuteDumpError(
                f"--fusion: {node.name}'s arguments after ElementCompute (StrideMNL, Alignment, EnableNullptr) are "
                f"not modelled; got {node.text!r}"
            )
        if int(a[0]) != 0:
            which = "Row" if node.name == "Sm90RowBroadcast" else "Column"
            raise Refusal(f"{which} broadcast doesn't support smem pipelining", VL)


def _fn(text: str, node: Node, whole: str, atomic_too: bool = False) -> str:
    fn = _strip(text)
    if fn not in COMPUTE_FNS and fn not in ACTIVATIONS and not (atomic_too and fn in ATOMIC_FNS):
        raise CuteDumpError(
            f"--fusion: {node.name}'s functor {text!r} is not modelled (cutlass::{', '.join(COMPUTE_FNS)}"
            f"{', ' + ', '.join(ATOMIC_FNS) if atomic_too else ''}); in {whole.strip()!r}"
        )
    return fn


def _check_reduction(node: Node, whole: str) -> None:
    """A reduction node's arguments, then its static_asserts (the Row/Col reductions' Stages == 0 first, then a
    scalar reduction's atomic GmemReduceFn)."""
    a = node.args
    need = NODES[node.name]
    if len(a) > len(need):
        raise CuteDumpError(
            f"--fusion: {node.name}'s arguments after RoundStyle are not modelled; got {node.text!r} in {whole.strip()!r}"
        )
    fns = a[: len(need) - 3 - (node.name != "Sm90ScalarReduction") * 2]
    for f in fns:
        _fn(f, node, whole, atomic_too=True)
    _check_element(a[-3], node, whole)
    _check_element(a[-2], node, whole)
    rs = _strip(a[-1]).replace("FloatRoundStyle::", "")
    if rs not in ROUND_STYLES:
        raise CuteDumpError(
            f"--fusion: {node.name}'s RoundStyle is a cutlass::FloatRoundStyle ({', '.join(ROUND_STYLES)}); got "
            f"{a[-1]!r} in {whole.strip()!r}"
        )
    if node.name != "Sm90ScalarReduction":
        if not a[3].strip().isdigit():
            raise CuteDumpError(f"--fusion: {node.name}'s Stages is an integer; got {a[3]!r} in {whole.strip()!r}")
        _cta_n(a[4], node, whole)
        if int(a[3]) != 0:
            raise Refusal("Smem usage not supported yet", VS)
    elif _strip(a[1]) not in ATOMIC_FNS:
        raise Refusal("non-atomic scalar reduction not supported yet", VS)


class Storage(NamedTuple):
    size: int  # 0: an empty struct (no data)
    align: int


def _ru(x: int, a: int) -> int:
    return -(-x // a) * a


def storage(node: Node) -> Storage:
    """The node's SharedStorage: size 0 for an empty struct."""
    from cutedump.collective.config import ELEMENT_BITS, element  # start-up: as the caller

    if node.name in CONTAINERS:
        items = [s for s in (storage(x) for x in held(node)) if s.size]
        if not items:
            return Storage(0, 1)
        # eso::ESO: {first_; rest_}, rest_ the ESO of the remaining non-empty elements
        cur = items[-1]
        for it in reversed(items[:-1]):
            off = _ru(it.size, cur.align)
            al = max(it.align, cur.align)
            cur = Storage(_ru(off + cur.size, al), al)
        return cur
    if node.name == "Sm90RowBroadcast":
        n = _cta_n(node.args[1], node, node.text)
        bits = ELEMENT_BITS[element(node.args[2], "--fusion")]
        return Storage(_ru(n * max(bits, 8) // 8, 16), 16)
    if node.name in AUX_NODES:
        from cutedump.collective import evt_aux as X  # start-up: as check

        return Storage(*X.read(node, node.text).storage())
    return Storage(0, 1)


def callbacks_storage(text: str) -> tuple[int, int]:
    """sizeof and alignof the tree's SharedStorage (an empty one measures 1 byte)."""
    s = storage(parse(text))
    return (s.size or 1), s.align


def nodes(node: Node) -> list[Node]:
    """Every node of the tree, depth first (the tree nodes included)."""
    out = [node]
    if node.name in CONTAINERS:
        for c in node.args:
            out += nodes(c)
    return out


def row_broadcasts(node: Node) -> list[int]:
    """The bytes of each Sm90RowBroadcast's smem, in the tree's order."""
    return [storage(n).size for n in nodes(node) if n.name == "Sm90RowBroadcast"]


def root_name(text: str) -> str:
    """The callbacks' class: the root node's (Sm90EVT's is Sm90TreeVisitor)."""
    return parse(text).name


def cpp(text: str, cpp_type: dict) -> str:
    """The tree in C++ with every namespace (for the oracle programs)."""

    def ty(a: str) -> str:
        from cutedump.collective.config import element  # start-up: as the caller

        return cpp_type[element(a, "--fusion")]

    def go(n: Node) -> str:
        ns = "cutlass::epilogue::fusion::"
        if n.name == "Sm90TreeVisitor":
            return f"{ns}Sm90EVT<{', '.join(go(c) for c in n.args)}>"
        if n.name == "Sm90SplitTreeVisitor":
            return f"{ns}{n.name}<{', '.join(go(c) for c in n.args)}>"
        if n.name == "Sm90TopologicalVisitor":
            el, edges = n.extra
            seqs = ", ".join(f"cute::seq<{', '.join(map(str, e))}>" for e in edges)
            return f"{ns}{n.name}<{ty(el)}, cute::tuple<{seqs}>, {', '.join(go(c) for c in n.args)}>"
        a = n.args
        if n.name == "Sm90AccFetch":
            return f"{ns}Sm90AccFetch"
        if n.name in AUX_NODES:
            from cutedump.collective import evt_aux as X  # start-up: as check

            return X.cpp(X.read(n, text), n, ty)
        if n.name in ("Sm90SrcFetch", "Sm90ScalarBroadcast"):
            return f"{ns}{n.name}<{ty(a[0])}>"
        if n.name == "Sm90Compute":
            fn = _strip(a[0])
            fn = f"cutlass::epilogue::thread::{fn}" if fn in ACTIVATIONS and fn not in COMPUTE_FNS else f"cutlass::{fn}"
            rs = _strip(a[3]).replace("FloatRoundStyle::", "")
            return f"{ns}Sm90Compute<{fn}, {ty(a[1])}, {ty(a[2])}, cutlass::FloatRoundStyle::{rs}>"
        if n.name in ("Sm90ScalarReduction", "Sm90RowReduction", "Sm90ColReduction"):
            k = 2 if n.name == "Sm90ScalarReduction" else 3
            fns = [f"cutlass::{_strip(x)}" for x in a[:k]]
            mid = [] if k == 2 else [str(int(a[3])), _shape(a[4])]
            rs = _strip(a[-1]).replace("FloatRoundStyle::", "")
            parts = [*fns, *mid, ty(a[-3]), ty(a[-2]), f"cutlass::FloatRoundStyle::{rs}"]
            return f"{ns}{n.name}<{', '.join(parts)}>"
        shape = _shape(a[1])
        rest = [ty(x) for x in a[2:]]
        return f"{ns}{n.name}<{int(a[0])}, {shape}, {', '.join(rest)}>"

    def _shape(text: str) -> str:
        shape = _strip(text)
        return "cute::Shape<" + ", ".join(f"cute::{p.strip()}" for p in _split(shape[6:-1])) + ">"

    return go(parse(text))


def storage_facts(text: str, total: int) -> tuple[str, str, dict]:
    """The why line of the tree's SharedStorage as data (value, catalog key, facts): its nodes, its row broadcasts'
    smem, its size (the caller words it: a Choice of RULE)."""
    tree = parse(text)
    rows = row_broadcasts(tree)
    n = len(nodes(tree))
    aux = [x for x in nodes(tree) if x.name in AUX_NODES]
    if aux:
        sizes = [storage(x) for x in aux]
        facts = dict(
            root=tree.name,
            nodes=n,
            loads=sum(x.name == "Sm90AuxLoad" for x in aux),
            stores=sum(x.name == "Sm90AuxStore" for x in aux),
            aux_bytes=sum(s.size for s in sizes),
            align=max(s.align for s in sizes),
            rows=len(rows),
            bytes=sum(rows),
            total=total,
            tuple="cute::tuple",
        )
        return tree.name, "coll.evt_aux_smem", facts
    if not rows:
        return tree.name, "coll.evt_no_smem", dict(root=tree.name, nodes=n, total=total, tuple="cute::tuple")
    facts = dict(root=tree.name, nodes=n, rows=len(rows), bytes=sum(rows), total=total, tuple="cute::tuple")
    return tree.name, "coll.evt_smem", facts


def aux_fields(text: str) -> list[dict]:
    """The JSON fields of each Aux node of the tree, depth first (empty: none)."""
    from cutedump.collective import evt_aux as X  # start-up: as check

    return [X.fields(X.read(n, text)) for n in nodes(parse(text)) if n.name in AUX_NODES]
