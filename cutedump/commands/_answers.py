"""Text answers of commands, without click: the click commands print them, and so does the console entry's fast path
(cutedump/entry.py) for their common invocations; one implementation of each answer."""

from __future__ import annotations

from cutedump.algebra import fmt, size
from cutedump.errors import CuteDumpError, check_size
from cutedump.versions import json_answer


def mma_build(atom: str, atom_layout, tile):
    """``cutedump mma``'s TiledMMA and, for an SM100 UMMA atom, its instruction descriptor (else None)."""
    from cutedump.atoms.cli_support import build_mma  # start-up: the atom catalogs only for mma

    mma = build_mma(atom, atom_layout, tile)
    idesc = mma.atom.traits.instr_desc() if hasattr(mma.atom.traits, "instr_desc") else None  # SM100 UMMA
    return mma, idesc


def mma_lines(mma, idesc) -> list:
    """print(TiledMMA), its A/B/C TV layouts, tile shape and threads (and the UMMA descriptor)."""
    out = [
        mma.print_str().rstrip("\n"),
        f"layoutA_TV: {mma.get_layoutA_TV()}",
        f"layoutB_TV: {mma.get_layoutB_TV()}",
        f"layoutC_TV: {mma.get_layoutC_TV()}",
        f"tile_shape: {fmt(mma.tile_shape())}   threads: {mma.size()}",
    ]
    if idesc is not None:
        from cutedump.render.idesc_view import idesc_text  # start-up: SM100 UMMA atoms only

        out.append("idesc_: " + idesc_text(idesc, "  "))
    return out


def copy_value_type(atom: str, value_type):
    """The value type of ``Copy_Atom<Op, T>``: --type, else the op's own (UniversalCopy<half_t>)."""
    if value_type is not None:
        return value_type
    from cutedump.atoms.mma_catalog import split_template  # start-up: the atom catalogs only for copy

    base, targs = split_template(atom)
    if targs and not targs[0].isdigit():
        return targs[-1] if len(targs) > 1 else targs[0]
    raise CuteDumpError("--type is required (the value type of Copy_Atom<Op, T>, e.g. --type half_t)")


def tiled_copy_lines(tc) -> list:
    """print(TiledCopy) and its S/D TV layouts."""
    return [tc.print_str().rstrip("\n"), f"layoutS_TV: {tc.get_layoutS_TV()}", f"layoutD_TV: {tc.get_layoutD_TV()}"]


def copy_atom_lines(ca) -> list:
    return [f"src2ref: {ca.src2ref()}", f"dst2ref: {ca.dst2ref()}"]


def _atom_hint(text: str) -> str | None:
    """Where a picture's LAYOUT is an atom's name: which option draws it (--mma, or --copy with --type/--thr)."""
    from cutedump.atoms.mma_catalog import lookup_mma  # start-up: on demand

    try:
        lookup_mma(text)
        return f'{text.strip()} is an MMA atom: draw it with --mma "{text.strip()}"'
    except CuteDumpError:
        pass
    try:
        from cutedump.atoms import copy_atom  # start-up: on demand

        copy_atom(text, "half_t")
        return f'{text.strip()} is a copy atom: draw it with --copy "{text.strip()}" --type T --thr L [--val L]'
    except CuteDumpError:
        return None
    except Exception:  # noqa: BLE001 - a hint only: no hint
        return None


def picture_layout(layout: str, force: bool = False):
    """The LAYOUT of ``cutedump latex|svg|html LAYOUT``: parsed as a drawable layout, its size checked."""
    from cutedump.render import grid  # start-up: the pictures' grids only for a picture

    try:
        L = grid.parse_drawable(layout)
    except CuteDumpError as e:
        hint = _atom_hint(layout)
        if hint is None:
            raise
        raise CuteDumpError(f"{e.one_line()}: {hint}") from None
    base = L.b if hasattr(L, "b") else L
    check_size(int(size(base)), force, "picture")
    return L


# ---- whole answers of commands (text to print as it is): the click command prints them, and so does the console
# ---- entry's table-driven fast path (cutedump/entry.py:_TABLE)


def kernel_param(text: str) -> tuple[str, str]:
    """``--set NAME=VALUE`` -> (NAME, VALUE)."""
    import re  # start-up: re only where a pattern is needed

    m = re.compile(r"\s*([A-Za-z][A-Za-z0-9_]*)\s*=\s*(\S+)\s*").fullmatch(text)
    if not m:
        raise CuteDumpError(
            f"--set takes NAME=VALUE with an integer of the eval language (_128 static, 128 "
            f"dynamic, Int<128>{{}}), got {text!r}"
        )
    return m.group(1), m.group(2)


def kernel_resolve(file: str):
    """A path, or the name of a shipped description."""
    from cutedump.kernel.load import example, examples  # start-up: on demand

    if "/" not in file and not file.endswith(".toml") and file in examples():
        return example(file)
    return file


def kernel_load(file: str, thread: int, sets):
    """The description evaluated with the --set values. An error the values cause names the --set options (not the
    description's line, which is right for its defaults)."""
    from cutedump.kernel.load import load  # start-up: on demand

    params = dict(kernel_param(s) for s in sets)
    path = kernel_resolve(file)
    try:
        return load(path, params, thread)
    except CuteDumpError as e:
        if not params:
            raise
        try:
            load(path, {}, thread)
        except CuteDumpError:
            raise e from None  # the description fails with its defaults too: its own error
        msg = e.one_line()
        head, sep, rest = msg.partition(": ")
        if not (sep and ":" in head and e.col is None):
            raise e from None  # not a line of the description blamed (the kernel's own host check)
        msg = rest  # FILE:LINE: -- the description is right; the values are not
        given = " ".join(f"--set {k}={v}" for k, v in params.items())
        name = str(path).replace("\\", "/").rsplit("/", 1)[-1]
        raise CuteDumpError(
            f"{given}: {name} cannot be built with {'this value' if len(params) == 1 else 'these values'}: {msg}"
        ) from None


def kernel_params_text(file: str, thread: int, fmt_: str) -> str:
    """``cutedump kernel FILE --params``: the description's [params], each with its default (static _N or dynamic N,
    as --set spells it), the description's words about it (its comments), and which of half and twice the
    default it builds with (each tried as --set would: legal values, or why not)."""
    from cutedump.kernel.load import load, read_description  # start-up: on demand

    path = kernel_resolve(file)
    desc, _loc = read_description(path)
    defaults = desc.get("params", {}) or {}
    text = open(path, encoding="utf-8").read() if str(path) != "-" else ""
    notes, block, inside = {}, [], False
    for line in text.splitlines():
        t = line.strip()
        if t.startswith("[") and not t.startswith("[["):
            inside = t == "[params]"
            if inside:
                notes["*"] = " ".join(block)
            block = []
            continue
        if t.startswith("#"):
            block.append(t.lstrip("# ").strip())
            continue
        if not t:
            block = [] if not inside else block
            continue
        if inside and "=" in t:
            name = t.split("=", 1)[0].strip()
            notes[name] = t.split("#", 1)[1].strip() if "#" in t else ""
    rows = []
    for name, dv in defaults.items():
        d = str(dv).strip()
        static = d.startswith("_") or d.startswith("Int<")
        n = int(d.lstrip("_")) if d.lstrip("_").isdigit() else None
        tried = []
        if n is not None:
            for v in sorted({max(1, n // 2), n * 2}):
                spell = f"_{v}" if static else str(v)
                try:
                    load(path, {name: spell}, thread)
                    tried.append((spell, None))
                except CuteDumpError as e:
                    tried.append((spell, e.one_line().split(": ", 1)[-1]))
        rows.append(
            {
                "name": name,
                "default": d,
                "static": static,
                "note": notes.get(name, ""),
                "tried": [{"value": v, "builds": err is None, "error": err} for v, err in tried],
            }
        )
    if fmt_ == "json":
        return json_answer({"file": str(path), "about": notes.get("*", ""), "params": rows})
    out = [
        f"params of {str(path).replace(chr(92), '/').rsplit('/', 1)[-1]} (--set NAME=VALUE; a value is an "
        "integer of the eval language: _N static, N dynamic, Int<N>{} static):"
    ]
    if notes.get("*"):
        out.append(f"  # {notes['*']}")
    for r in rows:
        kind = "static" if r["static"] else "dynamic"
        out.append(f"  {r['name']} = {r['default']}  ({kind})" + (f"  # {r['note']}" if r["note"] else ""))
        for t in r["tried"]:
            out.append(
                f"    --set {r['name']}={t['value']}: " + ("builds" if t["builds"] else f"refused: {t['error']}")
            )
    return "\n".join(out) + "\n"


def kernel_output(dump, lang: str, readings: bool, fmt: str, warp: int) -> str:
    """The sections of a kernel dump (and, with readings, the bank audit), as text or JSON."""
    from cutedump.dumps import kernel_dump  # start-up: on demand

    bank = []  # no [[smem_copies]] (the Blackwell tutorials): nothing to audit, the bank model not loaded
    if dump.smem_copies:
        from cutedump.kernel.audit import audit  # start-up: only a kernel with smem copies loads the bank model

        bank = audit(dump, warp)
    blocks = kernel_dump.blocks(dump, lang, readings, bank, warp)
    if fmt == "json":
        return json_answer(kernel_dump.as_json(dump, blocks, bank if readings else None), ensure_ascii=False, indent=1)
    return kernel_dump.render_text(blocks, lang)


def sgemm_tile(text: str | None):
    """``--cta-tile M,N,K`` -> (M, N, K), or None."""
    if text is None:
        return None
    parts = [p.strip().lstrip("_") for p in text.strip().strip("()").split(",")]
    if len(parts) != 3 or not all(p.isdigit() and int(p) > 0 for p in parts):
        raise CuteDumpError(
            f"--cta-tile takes three positive integers BLK_M,BLK_N,BLK_K, e.g. 128,128,64; got {text!r}"
        )
    return tuple(int(p) for p in parts)


def sgemm_dump(dump_m, dump_n, dump_k, thread, tile, variant, type_):
    """The kernel dump of ``cutedump sgemm-sm80`` (the shipped sgemm_sm80 description for these options)."""
    from cutedump.kernel.sgemm_sm80 import build  # start-up: on demand

    params = {}
    for name, v in (("M", dump_m), ("N", dump_n), ("K", dump_k)):
        if v is not None:
            if v <= 0:
                raise CuteDumpError(f"--dump-{name.lower()} must be a positive problem size, got {v}")
            params[name] = v
    return build(variant, type_, params, sgemm_tile(tile), thread)


def sgemm_text(
    dump_layouts,
    dump_m,
    dump_n,
    dump_k,
    thread,
    tile,
    variant,
    type_,
    warp,
    fmt_,
    lang,
    no_readings,
    given_=frozenset(),
):
    """``cutedump sgemm-sm80`` without --dump-latex (--warp given with --no-readings: None, the click command's
    usage error)."""
    if no_readings and "warp" in given_:
        return None
    if warp < 0:
        raise CuteDumpError(f"--warp {warp} is negative")
    return kernel_output(
        sgemm_dump(dump_m, dump_n, dump_k, thread, tile, variant, type_), lang, not no_readings, fmt_, warp
    )


def kernel_text(file, thread, warp, sets, fmt_, lang, no_readings=False, given_=frozenset()) -> str | None:
    """``cutedump kernel FILE`` without --dump-latex (--warp given with --no-readings: None, the click command's
    usage error)."""
    if no_readings and "warp" in given_:
        return None
    if warp < 0:
        raise CuteDumpError(f"--warp {warp} is negative")
    dump = kernel_load(file, thread, sets)
    return kernel_output(dump, kernel_lang(lang, dump), not no_readings, fmt_, warp)


def kernel_lang(lang, dump) -> str:
    """The language `cutedump kernel` narrates in: --lang, else CUTEDUMP_LANG (click and the fast path put either in
    ``lang``), else the description's [kernel] lang, else zh."""
    return lang or dump.lang or "zh"


def tmem_text(atom, atom_layout, shape_, copy_op, thread, fmt_, lang="en", picture=None) -> str:
    """``cutedump tmem``: the accumulator fragment of a UMMA in tensor memory, a TMEM copy's thread partitions."""
    from cutedump.algebra import C, make_layout  # start-up: on demand
    from cutedump.atoms import tmem as T  # start-up: on demand
    from cutedump.atoms.cli_support import build_mma, parse_shape_arg  # start-up: on demand

    utccp = copy_op is not None and copy_op.strip().split("::")[-1].startswith("SM100_UTCCP_")
    if picture is not None and not utccp:
        raise CuteDumpError("--picture draws an SM100_UTCCP_* copy (--copy SM100_UTCCP_...); give one")
    if picture is not None and fmt_ == "json":
        raise CuteDumpError("--picture and --format json are two outputs; choose one")
    mma = build_mma(atom, atom_layout, None)
    if utccp:
        return utccp_text(mma, shape_, copy_op, thread, fmt_, picture)
    if shape_ is None:
        shp = tuple(C(int(x)) for x in mma.tile_shape()[:2])
    else:
        shp = parse_shape_arg(shape_, "--shape")
        if not isinstance(shp, tuple) or len(shp) < 2:
            raise CuteDumpError(f"--shape takes an (M,N) tile, got {shape_.strip()!r}")
    acc = T.tmem_fragment_C(mma, shp)
    cols = acc.columns()
    lanes = acc.lanes()
    d = {
        "atom": mma.atom.name,
        "shape": fmt(shp),
        "accumulator": str(acc),
        "columns": cols,
        "allocate_columns": T.alloc_columns(cols) if cols <= T.CAPACITY_COLUMNS else None,
        "capacity_columns": T.CAPACITY_COLUMNS,
        "lanes": [list(x) for x in lanes],
    }
    from cutedump.dumps.narrator import Narrator  # start-up: on demand

    msg = Narrator(lang).msg
    try:
        alloc = msg("tmem.alloc", n=T.alloc_columns(cols), cap=T.CAPACITY_COLUMNS)
    except CuteDumpError as e:
        alloc = msg("tmem.no_fit", why=e.message)
    lines = [
        f"tCtAcc = partition_fragment_C(tiled_mma, {fmt(shp)}):",
        f"  {acc}",
        msg("tmem.columns", cols=cols, alloc=alloc),
        msg("tmem.lanes", lanes=", ".join(f"{a}-{b}" for a, b in lanes)),
    ]
    if copy_op is not None:
        from cutedump.render.tmem_view import warp_picture  # start-up: on demand

        tc = T.make_tmem_copy(copy_op, acc)
        n = int(tc.size())
        if not 0 <= thread < n:
            raise CuteDumpError(f"--thread {thread} is outside the TiledCopy's {n} threads")
        thr = tc.get_slice(thread)
        store = T.is_tmem_store(copy_op)
        # the TMEM side: a load's source (partition_S), a store's destination (partition_D); the other side is a
        # register fragment, shown as the partition of a compact tensor of the accumulator's shape
        tside, rside = ("D", "S") if store else ("S", "D")
        compact = make_layout(acc.layout.shape)
        t_lay, t_off = (thr.partition_D if store else thr.partition_S)(acc.layout)
        r_lay, _ = (thr.partition_S if store else thr.partition_D)(compact)
        tm = acc.with_layout(t_lay, int(t_off))
        cells = T.tmem_copy_cells(tc, acc, tside)
        warps = T.warp_lane_map(cells)
        d.update(
            {
                "tiled_copy": tc.print_str(),
                "thread": thread,
                "tmem_side": f"partition_{tside}",
                f"partition_{tside}": str(tm),
                f"partition_{rside}": str(r_lay),
                "warps": [{"warp": w, "lanes": list(ln), "columns": list(cl), "cells": k} for w, ln, cl, k in warps],
            }
        )
        part = [
            f"thread {thread} partition_{tside}(tCtAcc): {tm}",
            f"thread {thread} partition_{rside}(compact {fmt(acc.layout.shape)}): {r_lay}",
        ]
        lines += [
            f"make_tmem_copy({copy_op}{{}}, tCtAcc):",
            tc.print_str().rstrip("\n"),
            *(part if not store else part[::-1]),
            msg("tmem.warps", side=tside),
        ]
        lines += [msg("tmem.warp", w=w, l0=ln[0], l1=ln[1], c0=cl[0], c1=cl[1], k=k) for w, ln, cl, k in warps]
        lines.append(warp_picture(cells, head=lambda c, l: msg("tmem.picture", cols=c, lanes=l)))
    if fmt_ == "json":
        return json_answer(d)
    return "\n".join(lines) + "\n"


def utccp_text(mma, shape_, copy_op, thread, fmt_, picture=None) -> str:
    """``cutedump tmem ATOM --copy SM100_UTCCP_*``: a block-scaled UMMA's scale factors of one stage in tensor memory
    (make_tensor<FrgTypeSFA/B>(shape(deduce_smem_layoutSFA/B(tiled_mma, tile)))) and the tcgen05.cp copy of each, as
    CUTLASS's block-scaled collective builds them (make_utccp_copy over the filter_zeros'd TMEM tensor; partition_S of
    the smem scale factors, partition_D of the TMEM ones)."""
    from cutedump.algebra import C, filter_zeros, recast_layout  # start-up: on demand
    from cutedump.atoms import utccp as U  # start-up: on demand
    from cutedump.atoms.cli_support import parse_shape_arg  # start-up: on demand
    from cutedump.atoms.types import value_type_bits  # start-up: on demand
    from cutedump.scale import layouts as SL  # start-up: on demand

    sf, vs, _nsm, _is_a, alloc = U.frg_type_sf(mma, "A")
    op = U.lookup_utccp_copy(copy_op).name
    tm, tn, k = (int(x) for x in mma.tile_shape())
    if shape_ is None:
        tk = k
        while tk % (4 * vs):
            tk += k
        tile = (C(tm), C(tn), C(tk))
    else:
        tile = parse_shape_arg(shape_, "--shape")
        if not isinstance(tile, tuple) or len(tile) != 3:
            raise CuteDumpError(f"--shape with a SM100_UTCCP_* copy takes the (M,N,K) CTA tile, got {shape_.strip()!r}")
    cfg = f"Sm1xxBlockScaledConfig<{vs}>"
    d = {
        "atom": mma.atom.name,
        "tile": fmt(tile),
        "copy": op,
        "sf_type": sf,
        "vs": vs,
        "alloc": alloc,
        "thread": thread,
    }
    lines = []
    for operand in "AB":
        sfl = SL.smem_layout_sf(vs, mma, tile, operand)
        zero = (
            f"deduce_smem_layoutSF{operand}(tiled_mma, {fmt(tile)}) is {sfl}, a layout with a mode of extent 0 "
            "(fewer than 128 rows a CTA, or a tile K under 4 * VS): "
        )
        try:
            t = U.sf_tmem_fragment(mma, sfl, operand)
        except CuteDumpError as e:  # tests/test_utccp_oracle.py, test_utccp_eval.py: CuTe's outcomes
            if not e.message.endswith("division by zero"):
                raise
            raise CuteDumpError(
                zero + "make_tensor<FrgTypeSF" + operand + ">(shape(...)) divides by the extent 0 (C<a>/C<0> is no "
                "constant: alone, CuTe's program stops there with SIGFPE); CuTe does not compile the copy of it "
                "(make_utccp_copy needs constants where the fragment's layout then has run-time ints)"
            ) from None
        tct = t.with_layout(filter_zeros(t.layout))
        tc = U.make_utccp_copy(op, tct)
        n = int(tc.size())
        if not 0 <= thread < n:
            raise CuteDumpError(f"--thread {thread} is outside the TiledCopy's {n} threads")
        thr = tc.get_slice(thread)
        try:
            s_lay, s_off = thr.partition_S(filter_zeros(sfl))
        except CuteDumpError as e:  # tests/test_utccp_oracle.py: CuTe compiles these, prints tCtSF and the copy
            if not e.message.endswith("division by zero"):
                raise
            raise CuteDumpError(
                zero + f"CuTe compiles this copy (tCtSF{operand} = {t}, the TiledCopy as cutedump computes it) but "
                "its partition_S divides by the extent 0 when it runs (SIGFPE)"
            ) from None
        d_lay, d_off = thr.partition_D(tct.layout)
        part_d = tct.with_layout(d_lay, int(d_off))
        desc = recast_layout(s_lay, value_type_bits(sf), 128)
        instructions = [
            i for thr_i in range(n) for i in U.copy_instructions(tc, tct, filter_zeros(sfl), thr_i, op)
        ]  # every thread (CTA) of the copy: what the picture draws
        d[f"sf{operand.lower()}"] = {
            "smem": str(sfl),
            "tmem": str(t),
            "columns": t.columns(),
            "lanes": [list(x) for x in t.lanes()],
            "tiled_copy": tc.print_str(),
            "partition_S": str(s_lay),
            "partition_S_offset": int(s_off),
            "partition_D": str(part_d),
            "smem_desc_layout": str(desc),
            "instructions": instructions,
        }
        lines += [
            f"sSF{operand} = {cfg}::deduce_smem_layoutSF{operand}(tiled_mma, {fmt(tile)}): {sfl}",
            f"tCtSF{operand} = make_tensor<FrgTypeSF{operand}>(shape(sSF{operand})):",
            f"  {t}",
            f"  columns: {t.columns()}; lanes: {', '.join(f'{a}-{b}' for a, b in t.lanes())}",
            f"make_utccp_copy({op}{{}}, filter_zeros(tCtSF{operand})):",
            tc.print_str().rstrip("\n"),
            f"thread {thread} partition_S(filter_zeros(sSF{operand})): {s_lay} (+{int(s_off)})",
            f"thread {thread} partition_D(filter_zeros(tCtSF{operand})): {part_d}",
            f"recast_layout<{sf}, uint128_t> (get_utccp_smem_desc_tensor's layout): {desc}",
            "",
        ]
    if picture is not None:
        return _utccp_picture(d, picture)
    if fmt_ == "json":
        return json_answer(d)
    return "\n".join(lines)


def _ranges(xs) -> str:
    """Sorted ints as ranges: 0-31, 64-95."""
    xs, out = sorted(set(xs)), []
    for x in xs:
        if out and x == out[-1][1] + 1:
            out[-1][1] = x
        else:
            out.append([x, x])
    return ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in out)


def _utccp_picture(d: dict, fmt_: str) -> str:
    """The picture of ``tmem --copy SM100_UTCCP_* --picture``: its words and panels from the facts ``d`` (the JSON
    answer's values)."""
    from cutedump.render import utccp_view  # start-up: pictures on demand

    words = [f"{d['copy']} over the scale factors of {d['atom']}, tile {d['tile']} (cell: the tcgen05.cp instruction)"]
    operands = []
    for operand in "AB":
        f = d[f"sf{operand.lower()}"]
        words.append(f"SF{operand} in TMEM: {f['tmem']} ({f['columns']} columns)")
        threads = sorted({i["thread"] for i in f["instructions"]})
        for i in f["instructions"]:
            words.append(
                f"  thread {i['thread']} cp {i['instruction']}: smem byte {i['smem_start_byte']} -> lanes "
                f"{_ranges(c[0] for c in i['cells'])}, columns {_ranges(c[1] for c in i['cells'])}"
            )
        panels = [
            {
                "thread": t,
                "head": f"SF{operand}, thread {t}",
                "instructions": [i for i in f["instructions"] if i["thread"] == t],
            }
            for t in threads
        ]
        cols = max([c[1] for i in f["instructions"] for c in i["cells"]] + [f["columns"] - 1]) + 1
        operands.append({"operand": operand, "columns": cols, "panels": panels})
    return utccp_view.render({"operands": operands}, words, fmt_)


def bank_text(
    smem,
    atom,
    value_type,
    thr,
    val,
    mma_name,
    atom_layout,
    tile,
    operand,
    store,
    warp,
    also,
    no_fix,
    compact,
    fmt_,
    inst=None,
    addresses=(),
    given_=frozenset(),
) -> str | None:
    """``cutedump bank``: raw mode (--inst, --addresses) or copy mode (:func:`bank_copy_text`). Raw mode with any
    copy option is the click command's error: None."""
    if inst is None and not addresses:
        return bank_copy_text(
            smem,
            atom,
            value_type,
            thr,
            val,
            mma_name,
            atom_layout,
            tile,
            operand,
            store,
            warp,
            also,
            no_fix,
            compact,
            fmt_,
        )
    if smem is not None or inst is None or not given_ <= {"inst", "addresses", "compact", "fmt_"}:
        return None
    from cutedump.bank.report import raw_report  # start-up: on demand

    return bank_output(raw_report(inst, list(addresses)), compact, fmt_)


def bank_copy_text(
    smem, atom, value_type, thr, val, mma_name, atom_layout, tile, operand, store, warp, also, no_fix, compact, fmt_
) -> str:
    """``cutedump bank`` in copy mode with the smem layout given (not read from standard input)."""
    from cutedump.bank.report import CopySpec, copy_report  # start-up: on demand

    if smem is None or atom is None:
        raise CuteDumpError("give a smem layout and --copy ATOM (copy mode), or --inst and --addresses (raw mode)")
    spec = CopySpec(atom, value_type, thr, val, mma_name, atom_layout, tile, operand, store)
    return bank_output(copy_report(smem, spec, warp, also, fix=not no_fix), compact, fmt_)


def bank_output(rep, compact, fmt_) -> str:
    from cutedump.render import bank_view as V  # start-up: on demand

    if compact and fmt_ != "text":
        raise CuteDumpError(f"--compact and --format {fmt_} contradict each other: --compact shortens the text view")
    if fmt_ == "json":
        return json_answer(V.report_json(rep))
    if fmt_ == "svg":
        return V.report_svg(rep)
    return V.report_text(rep, compact) + "\n"


def desc_answer(descriptor, kind, major, value_type, mn, fmt_, picture, lang) -> str:
    """``cutedump desc``: CuTe's print of a descriptor, its fields, layout and core matrices (or their picture)."""
    from cutedump.atoms.smem_desc import parse_descriptor  # start-up: the engine only when run
    from cutedump.dumps.explain_desc import decode, desc_json, desc_text  # start-up: likewise

    d = parse_descriptor(descriptor, kind)
    r = decode(d, major.upper(), value_type, mn)
    if picture is not None:
        if fmt_ == "json":
            raise CuteDumpError("--picture and --format json are two outputs; choose one")
        from cutedump.render import coremat  # start-up: pictures on demand

        return coremat.render(r, picture)
    if fmt_ == "json":
        return json_answer(desc_json(r))
    return desc_text(r, lang)


def _idesc_value(text: str) -> int | None:
    t = text.strip().replace("'", "").replace("_", "")
    try:
        return int(t, 0)
    except ValueError:
        return None


def idesc_answer(value, family, block_scaled, fmt_, lang="en") -> str:
    """``cutedump idesc``: a UMMA instruction descriptor (or an atom's) field by field, and the atoms it describes."""
    from cutedump.atoms import umma_desc as D  # start-up: on demand
    from cutedump.atoms.mma_catalog import lookup_mma  # start-up: on demand
    from cutedump.atoms.mma_catalog import sm100 as U  # start-up: on demand
    from cutedump.render.idesc_view import idesc_text  # start-up: on demand

    v = _idesc_value(value)
    atom_name = None
    if v is None:
        try:
            t = lookup_mma(value)
        except CuteDumpError as e:
            if e.message.startswith("not an atom name"):  # 0xZZ: neither spelling
                raise CuteDumpError(f"not a hex descriptor or an atom name: {value!r}") from None
            raise
        if not isinstance(t, U.UMMATraits):
            raise CuteDumpError(f"{t.name} is not an SM100 UMMA atom: only tcgen05.mma has an instruction descriptor")
        d = t.instr_desc()
        atom_name = t.name
        atoms = [t]
    else:
        if family is not None:
            base = family.strip().split("<")[0].split("::")[-1]
            if base in U.umma_families():
                block_scaled = block_scaled or U.umma_families()[base].block_scaled
        d = D.decode(v, block_scaled=block_scaled)
        atoms = U.atoms_for_instr_desc(d, family)
        if len({(t.instr_desc().a_format_enum, t.instr_desc().b_format_enum) for t in atoms}) == 1:
            e = atoms[0].instr_desc()  # the formats' enum is known when every atom found agrees on it
            d = D.decode(
                d.value, block_scaled=block_scaled, a_format_enum=e.a_format_enum, b_format_enum=e.b_format_enum
            )
    if fmt_ == "json":
        out = d.json()
        out["atoms"] = [t.name for t in atoms]
        notes = {t.name: U.hardware_note(t) for t in atoms if U.hardware_note(t)}
        if notes:
            out["hardware_notes"] = notes
        if atom_name:
            out["atom"] = atom_name
        return json_answer(out)
    from cutedump.dumps.narrator import Narrator  # start-up: on demand

    msg = Narrator(lang).msg
    lines = [idesc_text(d)]
    if atom_name:
        lines.insert(
            0,
            f"{atom_name}: idesc_ = UMMA::{'make_instr_desc_block_scaled' if d.block_scaled else 'make_instr_desc'}<...>()",
        )
        lines.append(f"make_runtime_instr_desc: 0x{d.runtime():016x}")
    else:
        lines.append(msg("idesc.atoms", n=len(atoms)) if atoms else msg("idesc.none"))
        lines += [f"  {t.name}" for t in atoms]
    facts = [(t.name, U.hardware_fact(t)) for t in atoms if U.hardware_fact(t)]
    if facts:
        lines.append(msg("idesc.notes"))
        lines += [
            msg("idesc.note", atom=n, acc=h["accumulator"], kind=h["kind"], need=h["needs"], need_type=h["needs_type"])
            for n, h in facts
        ]
    return "\n".join(lines) + "\n"


def tiled_copy_c_text(copy_v, lang, mma, atom_layout, tile, force, plain) -> str | None:
    """``cutedump tiled-copy-c`` in text: the narrated make_tiled_copy_C_atom walk-through (None on a colour
    terminal: the click command styles it)."""
    from cutedump.render.narration import use_color  # start-up: on demand

    if use_color(plain):
        return None
    from cutedump.dumps.tiled_copy_c import walkthrough  # start-up: on demand

    return walkthrough(mma, atom_layout, tile, copy_v, lang, force)


def explain_partition_text(
    expr,
    lang,
    plain,
    mma_name,
    atom_layout,
    tile,
    copy_name,
    value_type,
    thr,
    val,
    shape,
    layout_,
    operand,
    side,
    fragment,
    retile,
    thread,
    smem_address,
) -> str | None:
    """``cutedump explain partition`` in text, where it prints plain text and no error (else None: the click command
    answers)."""
    from cutedump.render.narration import use_color  # start-up: on demand

    if expr.strip() != "partition" or use_color(plain):
        return None
    from cutedump.dumps.explain_partition import explain_partition  # start-up: on demand
    from cutedump.dumps.steps import narrate  # start-up: on demand

    expl = explain_partition(
        mma=mma_name,
        atom_layout=atom_layout,
        tile=tile,
        copy=copy_name,
        value_type=value_type,
        thr=thr,
        val=val,
        shape=shape,
        layout=layout_,
        operand=operand,
        side=side,
        fragment=fragment,
        retile=retile,
        thread=thread,
        smem_address=explain_address(smem_address),
    )
    return None if expl.error is not None else narrate(expl, lang)


def explain_address(text):
    """``explain partition --smem-address A``: a 32-bit byte address (None: unset)."""
    if text is None:
        return None
    try:
        v = int(str(text).replace("_", ""), 0)
    except ValueError:
        raise CuteDumpError(f"--smem-address: expected a byte address like 0x400 or 1024, got {text!r}") from None
    if not 0 <= v < 1 << 32:
        raise CuteDumpError(f"--smem-address: {text} is not a 32-bit shared-memory address")
    return v


def tilelang_buffer_text(constructor, shape, dtype, dtype_bits, at, fmt, values, force, **kw) -> str | None:
    """``cutedump tilelang auto|gemm-ab|padded|wgmma|tcgen05|volta|linear``: TileLang's layout for a buffer
    (cutedump.tilelang.report.buffer_report), as commands/tilelang_cmd.py prints it; None for --values without
    --format json (the click command says so)."""
    if values and fmt != "json":
        return None
    from cutedump.tilelang import report  # start-up: on demand

    out = report.buffer_report(constructor, shape, dtype, dtype_bits, at, fmt, values, force, **kw)
    if isinstance(out, dict):
        return json_answer(out, indent=1)
    return out


def triton_text(layout, shape_, ttgir, from_cute, fmt_, views="auto") -> str:
    """``cutedump triton``: a Triton layout as Triton's linear layout, its tensor and hardware views and the CuTe
    layout that does the same; every alias of a TTGIR file (``ttgir``: click's open file, or the fast path's path);
    a CuTe TV layout as Triton's bases. None: click answers (standard input)."""
    from cutedump.triton import report  # start-up: the Triton model only when this command runs

    given = [n for n, v in (("LAYOUT", layout), ("--ttgir", ttgir), ("--from-cute", from_cute)) if v]
    if len(given) != 1:
        raise CuteDumpError(
            "give one of LAYOUT, --ttgir FILE or --from-cute TV_LAYOUT"
            + (f" (got {', '.join(given)})" if given else "")
        )
    if ttgir:
        from cutedump.dumps import triton_tmem as tt  # start-up: the TTGIR reader only for --ttgir

        if isinstance(ttgir, str):  # the fast path's path (a file that cannot be read: click's error line)
            if ttgir == "-":
                return None  # standard input: click reads it
            with open(ttgir) as f:
                return tt.render(f.read(), fmt_)
        return tt.render(ttgir.read(), fmt_)
    if from_cute:
        return report.render_from_cute(from_cute, shape_, fmt_)
    from cutedump.triton.tmem import is_tmem  # start-up: as above

    if is_tmem(layout):  # tensor memory: Triton's TMEM linear layout, its lanes and columns, CuTe's accumulator
        from cutedump.dumps.triton_tmem import render_layout  # start-up: as above

        return render_layout(layout, shape_, fmt_)
    return report.render(layout, shape_, fmt_, views)
