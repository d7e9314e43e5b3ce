"""The console entry point (``cutedump``, ``python -m cutedump``): the hottest questions answered without click.

``cutedump layout L``, ``eval EXPR``, ``eval -f FILE``, ``coords SHAPE [STRIDE]``, ``compat A B`` (compatible),
``mma ATOM [--atom-layout L] [--tile T]``, ``copy ATOM [--type T] --thr L [--val L]`` and ``explain EXPR``, and the
commands of ``_TABLE`` (kernel, tmem, bank, desc, idesc, tma, atoms, tiled-copy-c, explain partition, latex, svg,
html: their options parsed as their click declarations say), with standard output not a terminal (a pipe, a file)
are answered here by the same library calls as their click commands (``commands/layout_cmd.py``, ``eval_cmd.py``,
``tutorial_cmd.py``, ``explain_cmd.py``; ``commands/_answers.py`` and ``commands/_*.py`` for the others), without
importing click (about 20 ms, more than the interpreter's own start-up). Only an answer that succeeded is
printed: any other argument or option, an error of any kind, a terminal, a non-UTF-8 standard output or shell
completion goes to the click command line (``cutedump.cli:main``), which starts from the beginning and prints exactly
what it always does: its help, usage errors and ``error:`` lines are click's own. tests/test_entry.py checks that both
paths print the same bytes"""
from __future__ import annotations

import os
import sys

from cutedump.versions import json_answer

_LAYOUT_FLAGS = frozenset({"--plain", "--info", "--coords"})


def main(prog_name=None, teardown=True):
    """The ``cutedump`` command: the fast answer when there is one, else the click command line.

    ``teardown=False`` (the installed command and ``python -m cutedump``): once a fast answer is written, the process
    exits at once (:func:`_exit_now`) instead of through the interpreter's teardown; the click command line always
    exits as click does."""
    args = sys.argv[1:]
    done = sys.exit if teardown else _exit_now
    if args in ([], ["--help"], ["-h"]) and "_CUTEDUMP_COMPLETE" not in os.environ:
        prog = prog_name or _script_name()
        if prog:   # the top-level help page, laid out as click lays it out (commands/_help.py), without click
            from cutedump.commands._io import guard_io  # start-up: the fast path imports no more than it needs
            done(guard_io(lambda: _print_help(prog)))
    spec = _eval_file_spec(args)
    if spec is not None:
        f = _open_text(spec[0])
        if f is not None:   # else click says why it cannot be read
            from cutedump.commands._io import guard_io  # start-up: the fast path imports no more than it needs
            done(guard_io(lambda: _eval_file(f, spec[1])))
    if _fast_eligible(args):
        from cutedump.commands._io import guard_io  # start-up: the fast path imports no more than it needs
        import gc
        gc.freeze()   # the interpreter's and the modules' objects live as long as this one answer: the collector's
        #               passes skip them (~2% of a kernel answer's instructions); what the answer creates is collected
        gc.set_threshold(10_000, 20, 20)   # and a young collection every 10,000 allocations, not 700: the modules
        #               the answer imports are objects that live as long (~1.5 ms of a kernel answer); cyclic garbage
        #               is still collected, in bounded batches
        if guard_io(lambda: _fast(args)):
            done(0)
    from cutedump.cli import main as cli  # start-up: click only for the other command lines
    return cli(prog_name=prog_name)


def _exit_now(code) -> None:
    """Exit with status ``code`` (None: 0) once a fast answer is written (guard_io flushed standard output): the
    standard streams flushed, then ``os._exit``, without the interpreter's teardown (freeing every module and
    object, its final collection): measured with valgrind, 12 of a kernel answer's ~135 million instructions
    beyond ``python -c pass``, 6 of a layout's 19 million. A fast answer writes no file and registers no exit
    handler, so nothing is lost."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):   # a closed pipe now: nothing more can reach its reader
            pass
    os._exit(code or 0)


def _print_help(prog: str) -> int:
    from cutedump.commands._help import top_help  # start-up: on demand
    sys.stdout.write(top_help(prog) + "\n")
    return 0


def _script_name() -> str | None:
    """The program name click gives a console script (its file's base name); None when ``__main__`` is a package's
    (``python -m``: click's own rule then applies)."""
    if getattr(sys.modules.get("__main__"), "__package__", None) not in (None, ""):
        return None
    return os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else None


def _fast_eligible(args: list[str]) -> bool:
    if not args or "_CUTEDUMP_COMPLETE" in os.environ:
        return False
    if _in_table(args):
        return _table_args(args) is not None
    if len(args) < 2:
        return False
    if args[0] == "eval":
        return _eval_args(args[1:]) is not None
    if args[0] == "layout":
        return _layout_args(args[1:]) is not None
    if args[0] in ("coords", "compat"):   # SHAPE [STRIDE] / A B, no options
        return len(args) in ((2, 3) if args[0] == "coords" else (3,)) and not any(a.startswith("-") for a in args[1:])
    if args[0] == "explain":              # EXPR (not partition), the default language, no options
        return (len(args) == 2 and not args[1].startswith("-") and args[1].strip() not in ("partition", "")
                and "CUTEDUMP_LANG" not in os.environ)
    if args[0] in _OPTIONS:
        opts = _options(args)
        return opts is not None and (args[0] != "copy" or "thr" in opts)
    return False


_REQUIRED = object()   # a required option's default in _TABLE: the command line without it goes to click
_FMT = ("fmt_", ("text", "json"), "text")
_LANG = ("lang", ("zh", "en"), "zh")
_CK = {"--at": ("at", "str", None), "--table": ("table", "flag", False), "--rows": ("rows", "int", None),
       "--cols": ("cols", "int", None), "--limit": ("limit", "int", 16), "--no-cute": ("no_cute", "flag", False),
       "--force": ("force", "flag", False), "--format": ("fmt", ("text", "json"), "text")}
#: Commands answered by one function of cutedump/commands/_answers.py (the one their click command calls) from
#: argv parsed by this table: command -> (function, its positional parameters ("NAME?": optional), {option:
#: (parameter, kind, default)}[, {parameter: value}])
#: (and the values of the parameters the table leaves out, where they are not the options' defaults)
#: with kind "int", (lo, hi) an int in that range, "str", "flag", "multi" (repeatable: a tuple), a tuple of choices
#: (case-sensitive), or {"--a": value, "--b": value} for an on/off pair (given in the table once per spelling).
#: The options are the click command's (tests/test_entry.py checks every entry against its declaration); an option
#: the table leaves out (files written, standard input, stdin's "-", flags whose meaning needs click's context) sends
#: the command line to click. --lang's default is $CUTEDUMP_LANG where that is set. A fixed "given_" asks for the set of
#: the parameters given on the command line. A key "GROUP SUB" is a subcommand.
_TABLE = {
    "kernel": ("kernel_text", ("file",), {
        "--thread": ("thread", "int", 0), "--warp": ("warp", "int", 0), "--set": ("sets", "multi", ()),
        "--format": _FMT, "--lang": _LANG, "--no-readings": ("no_readings", "flag", False)}, {"given_": None}),
    "sgemm-sm80": ("sgemm_text", (), {
        "--dump-layouts": ("dump_layouts", "flag", False), "--dump-m": ("dump_m", "int", None),
        "--dump-n": ("dump_n", "int", None), "--dump-k": ("dump_k", "int", None), "--thread": ("thread", "int", 0),
        "--cta-tile": ("tile", "str", None), "--variant": ("variant", ("tn", "nt"), "tn"),
        "--type": ("type_", ("half_t", "float"), "half_t"), "--warp": ("warp", "int", 0), "--format": _FMT,
        "--lang": _LANG, "--no-readings": ("no_readings", "flag", False)}, {"given_": None}),
    "tmem": ("tmem_text", ("atom",), {
        "--atom-layout": ("atom_layout", "str", None), "--shape": ("shape_", "str", None),
        "--copy": ("copy_op", "str", None), "--thread": ("thread", "int", 0), "--format": _FMT}),
    "bank": ("bank_text", ("smem?",), {
        "--copy": ("atom", "str", None), "--type": ("value_type", "str", None), "--thr": ("thr", "str", None),
        "--val": ("val", "str", None), "--mma": ("mma_name", "str", None),
        "--atom-layout": ("atom_layout", "str", None), "--tile": ("tile", "str", None),
        "--operand": ("operand", ("A", "B", "C"), None),
        "--store": ("store", {"--store": True, "--load": False}, None),
        "--load": ("store", {"--store": True, "--load": False}, None),
        "--warp": ("warp", "int", 0), "--also": ("also", "multi", ()), "--no-fix": ("no_fix", "flag", False),
        "--compact": ("compact", "flag", False), "--format": ("fmt_", ("text", "json", "svg"), "text"),
        "--inst": ("inst", "str", None), "--addresses": ("addresses", "multi", ())}, {"given_": None}),
    "desc": ("desc_answer", ("descriptor",), {
        "--kind": ("kind", ("gmma", "umma"), "gmma"), "--major": ("major", ("K", "MN"), "K"),
        "--type": ("value_type", "str", "half_t"), "--mn": ("mn", (1, 4096), 64), "--format": _FMT,
        "--picture": ("picture", ("svg", "html", "latex"), None), "--lang": ("lang", ("en", "zh"), "zh")}),
    "idesc": ("idesc_answer", ("value",), {
        "--family": ("family", "str", None), "--block-scaled": ("block_scaled", "flag", False), "--format": _FMT}),
    "tma": ("cutedump.commands._tma:tma_text", (), {
        "--op": ("op", "str", _REQUIRED), "--type": ("value_type", "str", None), "--gmem": ("gmem", "str", _REQUIRED),
        "--smem": ("smem", "str", None), "--cta-tile": ("cta_tile", "str", None), "--cluster": ("cluster", "int", 1),
        "--tma-partition": ("partition", "flag", False), "--cta-coord": ("cta_coord", "str", None),
        "--cta": ("cta", "int", None), "--smem-address": ("smem_address", "str", "0"), "--mma": ("mma", "str", None),
        "--atom-layout": ("atom_layout", "str", None), "--operand": ("operand", ("A", "B", "C"), "A"),
        "--mma-tiler": ("mma_tiler", "str", None), "--cluster-shape": ("cluster_shape", "str", None),
        "--tiled-copy": ("tiled_copy", "flag", False), "--lower-corner": ("lower_corner", "str", None),
        "--upper-corner": ("upper_corner", "str", None), "--traversal-stride": ("traversal_stride", "str", None),
        "--format": _FMT}),
    "atoms": ("cutedump.commands._atoms:atoms_text", ("pattern?",), {"--format": _FMT},
              {"mma_pat": None, "copy_pat": None}),
    "tiled-copy-c": ("tiled_copy_c_text", (), {
        "--copy-v": ("copy_v", "int", None), "--lang": _LANG, "--mma": ("mma", "str", None),
        "--atom-layout": ("atom_layout", "str", None), "--tile": ("tile", "str", None),
        "--force": ("force", "flag", False), "--plain": ("plain", "flag", False)}),
    **{cmd: (f"cutedump.commands._pictures:{cmd}_text", ("layout?",), {
        "--tv": ("tv", "str", None), "--tile": ("tile", "str", None), "--mma": ("mma", "str", None),
        "--atom-layout": ("atom_layout", "str", None), "--copy": ("copy", "str", None),
        "--type": ("value_type", "str", None), "--thr": ("thr", "str", None), "--val": ("val", "str", None),
        "--operand": ("copy_for", ("A", "B", "C", "C_atom"), None), "--force": ("force", "flag", False)})
       for cmd in ("latex", "svg", "html")},
    "ck naive": ("cutedump.commands._ck:naive_text", (), {
        "--lengths": ("lengths", "str", _REQUIRED), "--strides": ("strides", "str", None),
        "--align": ("align", "str", None), **_CK}, {"offsets": False}),
    "ck describe": ("cutedump.commands._ck:describe_text", (), {
        "--lengths": ("lengths", "str", _REQUIRED), "--strides": ("strides", "str", None),
        "--align": ("align", "str", None), "--stage": ("stages", "multi", ()),
        "--name": ("name", "str", "descriptor"), **_CK}, {"offsets": False}),
    "ck recipe": ("cutedump.commands._ck:recipe_text", ("name",), {
        **{f"--{p}": (p, "int", None) for p in ("M", "N", "K", "stride", "MPerBlock", "NPerBlock", "KPerBlock")},
        "--major": ("layout", ("row", "col"), None), "--AK1": ("AK1", "int", 8), "--MPerXdl": ("MPerXdl", "int", 32),
        "--MXdlPerWave": ("MXdlPerWave", "int", 2), "--NXdlPerWave": ("NXdlPerWave", "int", 2),
        "--extra-m": ("extra_m", "int", 0), "--cshuffle-m": ("cshuffle_m", "int", 1),
        "--cshuffle-n": ("cshuffle_n", "int", 1), "--slice-lengths": ("slice_lengths", "str", "1,4,8"),
        "--spec": ("spec", ("Default", "MPadding", "NPadding", "KPadding", "MNPadding", "MKPadding", "NKPadding",
                            "MNKPadding"), None),
        "--vector-dim": ("vector_dim", "int", 2), "--scalar-per-vector": ("scalar_per_vector", "int", 8), **_CK},
        {"offsets": False, "given_": None}),
    **{f"tilelang {sub}": ("tilelang_buffer_text", (), {
        "--shape": ("shape", "str", _REQUIRED), "--type": ("dtype", "str", None),
        "--type-bits": ("dtype_bits", "int", None), "--at": ("at", "str", None), "--format": ("fmt",) + _FMT[1:],
        "--values": ("values", "flag", False), "--force": ("force", "flag", False),
        **{opt: (param, "int" if param == "continuity" else "flag", None if param == "continuity" else False)
           for opt, param in extra}}, {"constructor": constructor})
       for sub, constructor, extra in (
           ("auto", "make_swizzled_layout", (("--k-outer", "k_outer"), ("--no-pad", "no_pad"))),
           ("gemm-ab", "MakeGemmABLayout", (("--k-outer", "k_outer"), ("--continuity", "continuity"))),
           ("padded", "MakeGemmABLayoutPadded", ()),
           ("wgmma", "make_wgmma_swizzled_layout", (("--k-outer", "k_outer"), ("--continuity", "continuity"))),
           ("tcgen05", "make_tcgen05mma_swizzled_layout", (("--k-outer", "k_outer"), ("--continuity", "continuity"))),
           ("volta", "make_volta_swizzled_layout", (("--b", "is_b"), ("--k-outer", "k_outer"))),
           ("linear", "make_linear_layout", ()))},
    "explain": ("explain_partition_text", ("expr",), {   # explain partition (explain EXPR: see _fast_eligible)
        "--lang": _LANG, "--plain": ("plain", "flag", False), "--mma": ("mma_name", "str", None),
        "--atom-layout": ("atom_layout", "str", None), "--tile": ("tile", "str", None),
        "--copy": ("copy_name", "str", None), "--type": ("value_type", "str", None), "--thr": ("thr", "str", None),
        "--val": ("val", "str", None), "--shape": ("shape", "str", None), "--layout": ("layout_", "str", None),
        "--operand": ("operand", ("A", "B", "C"), None), "--side": ("side", ("S", "D"), None),
        "--fragment": ("fragment", "flag", False), "--retile": ("retile", "flag", False),
        "--thread": ("thread", "int", 0), "--smem-address": ("smem_address", "str", None)}),
}


def _table_key(args: list[str]):
    """(the key of _TABLE, the number of words it takes) of ``args``'s command (or ``GROUP SUBCOMMAND``), or None
    (``explain`` is _TABLE's only as ``explain partition``)."""
    if args[0] in _TABLE and (args[0] != "explain" or args[1:2] == ["partition"]):
        return args[0], 1
    key = " ".join(args[:2])
    return (key, 2) if len(args) > 1 and key in _TABLE else None


def _in_table(args: list[str]) -> bool:
    return _table_key(args) is not None


def _table_function(name: str):
    """``_TABLE``'s function: a name in cutedump.commands._answers, or "module:function"."""
    from cutedump._startup import import_module  # start-up: importlib itself is not needed
    mod, _, fn = name.rpartition(":")
    return getattr(import_module(mod or "cutedump.commands._answers"), fn)


def _table_args(args: list[str]):
    """The keyword arguments of ``_TABLE[args[0]]``'s function for ``args``, parsed as click parses them; None for
    any command line this table does not take (click answers those)."""
    key, i = _table_key(args)
    fn, positional, options, *fixed = _TABLE[key]
    kw, pos, seen = dict(*fixed), [], set()
    while i < len(args):
        a = args[i]
        i += 1
        if not a.startswith("-"):
            pos.append(a)
            continue
        spec = options.get(a)
        if spec is None:
            return None
        param, kind, _ = spec
        if param in seen and kind != "multi":
            return None
        seen.add(param)
        if kind == "flag" or isinstance(kind, dict):
            kw[param] = True if kind == "flag" else kind[a]
            continue
        if i >= len(args) or args[i].startswith("-"):
            return None
        v = args[i]
        i += 1
        if kind == "multi":
            kw[param] = kw.get(param, ()) + (v,)
        elif kind == "str":
            kw[param] = v
        elif kind == "int" or (isinstance(kind, tuple) and isinstance(kind[0], int)):
            if not (v.isascii() and v.isdigit()):
                return None
            kw[param] = int(v)
            if kind != "int" and not kind[0] <= kw[param] <= kind[1]:
                return None
        elif v in kind:
            kw[param] = v
        else:
            return None
    if "given_" in kw:      # the function asks which options were given (not only their values)
        kw["given_"] = frozenset(seen)
    if not sum(not p.endswith("?") for p in positional) <= len(pos) <= len(positional):
        return None
    kw.update((p.rstrip("?"), None) for p in positional)
    kw.update(zip((p.rstrip("?") for p in positional), pos))
    for param, kind, default in options.values():
        if default is _REQUIRED and param not in kw:
            return None
        if param not in kw:
            if param == "lang" and "CUTEDUMP_LANG" in os.environ:
                default = os.environ["CUTEDUMP_LANG"]
                if default not in kind:
                    return None
            kw[param] = default
    return kw


#: the commands answered here with one positional argument and these options (each at most once, --name VALUE)
_OPTIONS = {"mma": {"--atom-layout": "atom_layout", "--tile": "tile"},
            "copy": {"--type": "value_type", "--thr": "thr", "--val": "val"}}


def _options(args: list[str]):
    """{option's parameter: value} of ``COMMAND POSITIONAL [--name VALUE]...``; None for any other form."""
    names = _OPTIONS[args[0]]
    if len(args) % 2 or args[1].startswith("-"):
        return None
    out = {}
    for name, value in zip(args[2::2], args[3::2]):
        if name not in names or names[name] in out or value.startswith("-"):
            return None
        out[names[name]] = value
    return out


def _eval_file_spec(args: list[str]):
    """(path, jobs or None) for ``eval -f PATH [-j N]`` (either order, --file/--jobs too) with PATH a regular file;
    else None. The answers are those of ``eval_cmd``; any other spelling goes to click."""
    if len(args) not in (3, 5) or args[0] != "eval" or "_CUTEDUMP_COMPLETE" in os.environ:
        return None
    opts = {}
    for name, value in zip(args[1::2], args[2::2]):
        key = {"-f": "file", "--file": "file", "-j": "jobs", "--jobs": "jobs"}.get(name)
        if key is None or key in opts:
            return None
        opts[key] = value
    path, jobs = opts.get("file"), opts.get("jobs")
    if path is None or path.startswith("-") or not os.path.isfile(path):
        return None
    if jobs is not None:
        if not (jobs.isascii() and jobs.isdigit() and int(jobs) >= 1):
            return None
        jobs = int(jobs)
    return path, jobs


def _open_text(path: str):
    """The file opened as click.File("r") opens it (locale encoding, strict errors); None if it cannot be."""
    try:
        return open(path, "r", encoding=None, errors="strict")
    except OSError:
        return None


def _eval_file(f, jobs) -> int:
    """``eval_cmd`` with -f FILE: its answers, its exit status (1 when a line failed), its error lines."""
    try:
        with f:
            from cutedump.commands._batch import answer_input  # start-up: on demand
            return 1 if answer_input(f, sys.stdout, jobs) else 0
    except SystemExit:
        raise
    except BaseException as e:   # noqa: BLE001 - said as the click command says it (commands/_common.py)
        from cutedump.commands._common import handle_errors  # start-up: click only for a failure

        def again(err=e):   # bound now: the name e is unbound when the except clause ends
            raise err
        return handle_errors(again)()


def _fast(args: list[str]) -> bool:
    """Print the answer to ``args`` (eligible) and return True; or print nothing and return False."""
    try:
        import codecs
        if codecs.lookup(sys.stdout.encoding).name != "utf-8":   # click would re-wrap such a stream
            return False
        if _in_table(args):
            if sys.stdout.isatty():
                return False
            text = _table_function(_TABLE[_table_key(args)[0]][0])(**_table_args(args))
        elif args[0] == "eval":
            text = _eval_text(*_eval_args(args[1:]))
        elif args[0] == "coords":
            from cutedump.tutorial import coords_answer  # start-up: on demand
            text = coords_answer(args[1], args[2] if len(args) > 2 else None)
        elif args[0] == "explain":
            text = _explain_text(args[1])
        elif args[0] == "mma":
            text = _mma_text(args[1], _options(args))
        elif args[0] == "copy":
            text = _copy_text(args[1], _options(args))
        elif args[0] == "compat":
            from cutedump.tutorial import compat_answer  # start-up: on demand
            ok, text = compat_answer(args[1], args[2])
            if not ok:        # exit status 1: the click command's
                return False
        else:
            text = _layout_text(*_layout_args(args[1:]))
    except Exception:   # noqa: BLE001 - errors (and their wording) are the click command's
        return False
    if text is None or "\x1b" in text:   # click.echo strips escape sequences from a stream that is not a terminal
        return False
    try:   # as click.echo inside the command's handle_errors: write and flush; a full disk is one error line
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise   # guard_io: exit 141 quietly
    except Exception as e:   # noqa: BLE001 - the wording of commands/_common.py:handle_errors
        sys.stderr.write(f"error: internal error ({type(e).__name__}: {e}); please report this input\n")
        sys.exit(2)
    return True


def _format_option(rest: list[str]):
    """(``rest`` less one ``--format text|json`` (or ``--format=...``), the format or None); None if an option
    repeats or names another format."""
    out, fmt = [], None
    i = 0
    while i < len(rest):
        a = rest[i]
        if a == "--format" or a.startswith("--format="):
            if fmt is not None or (a == "--format" and i + 1 == len(rest)):
                return None
            fmt = rest[i + 1] if a == "--format" else a[len("--format="):]
            if fmt not in ("text", "json"):
                return None
            i += 2 if a == "--format" else 1
            continue
        out.append(a)
        i += 1
    return out, fmt


def _eval_args(rest: list[str]):
    """(EXPRs, format) of ``eval EXPR... [--format text|json]`` with no other option and no EXPR starting with '-'
    (``-`` reads standard input): what the fast path answers; None otherwise."""
    got = _format_option(rest)
    if got is None or not got[0] or any(a.startswith("-") for a in got[0]):
        return None
    return got[0], got[1] or "text"


def _eval_text(exprs: list[str], fmt: str) -> str | None:
    """``eval_cmd`` with EXPR arguments: one answer line each (text: CuTe's print; json: one object each, with
    "expr" when there are several); None where a line fails (the click command prints it, and exits 1 or 2)."""
    from cutedump.expr import evaluate, format_result  # start-up: on demand
    if fmt == "json":
        from cutedump.render.json_view import object_json  # start-up: the JSON view on demand
        if len(exprs) == 1:
            return json_answer(object_json(evaluate(exprs[0])))
        return "".join(json_answer(dict({"expr": e}, **object_json(evaluate(e)))) for e in exprs)
    if len(exprs) == 1:
        return format_result(evaluate(exprs[0])) + "\n"
    from cutedump.commands._batch import answer  # start-up: on demand
    lines = [answer(e) for e in exprs]
    return None if any(bad for _, bad in lines) else "".join(line for line, _ in lines)


def _explain_text(expr: str) -> str | None:
    """``explain_cmd`` of an algebra EXPR, text in the default language (zh), where it prints plain text and no error
    (a terminal's colours and an explanation ending in an error are the click command's)."""
    from cutedump.render.narration import use_color  # start-up: on demand
    if use_color(False):
        return None
    from cutedump.dumps.explain_algebra import explain_expr  # start-up: on demand
    from cutedump.dumps.steps import narrate  # start-up: on demand
    expl = explain_expr(expr, 2)
    return None if expl.error is not None else narrate(expl, "zh")


def _mma_text(atom: str, opts: dict) -> str:
    """``mma_cmd``: print(TiledMMA) and its TV layouts, text format."""
    from cutedump.commands._answers import mma_build, mma_lines  # start-up: on demand
    mma, idesc = mma_build(atom, opts.get("atom_layout"), opts.get("tile"))
    return "\n".join(mma_lines(mma, idesc)) + "\n"


def _copy_text(atom: str, opts: dict) -> str:
    """``copy_cmd`` with make_tiled_copy (--thr, --val): print(TiledCopy), its TV layouts, src2ref/dst2ref."""
    from cutedump.atoms import copy_atom, make_tiled_copy  # start-up: on demand
    from cutedump.atoms.cli_support import parse_layout_arg  # start-up: on demand
    from cutedump.commands._answers import copy_value_type, tiled_copy_lines, copy_atom_lines  # start-up: on demand
    ca = copy_atom(atom, copy_value_type(atom, opts.get("value_type")))
    tc = make_tiled_copy(ca, parse_layout_arg(opts["thr"], "--thr"), parse_layout_arg(opts.get("val"), "--val"),
                         check=True)
    return "\n".join(tiled_copy_lines(tc) + copy_atom_lines(ca)) + "\n"


def _layout_args(rest: list[str]):
    """(LAYOUT, flags, format) of ``layout LAYOUT`` with --plain/--info/--coords at most once each and at most one
    ``--format text|json``: what the fast path answers; None otherwise (``-`` reads standard input: click)."""
    got = _format_option(rest)
    if got is None:
        return None
    words, fmt = got
    flags = [a for a in words if a.startswith("-")]
    if len(words) - len(flags) != 1 or not set(flags) <= _LAYOUT_FLAGS or len(set(flags)) != len(flags):
        return None
    return [a for a in words if not a.startswith("-")][0], set(flags), fmt or "text"


def _layout_text(layout: str, flags: set[str], fmt: str = "text") -> str | None:
    """``layout_cmd`` without --force: CuTe's bytes (not a terminal's table), or its JSON."""
    plain = "--plain" in flags
    if fmt == "json" and plain:
        return None   # --plain is for the text (click says so)
    if fmt == "text" and not plain and not os.environ.get("NO_COLOR") and sys.stdout.isatty():
        return None
    from cutedump.algebra import size  # start-up: on demand
    from cutedump.errors import check_size  # start-up: on demand
    from cutedump.expr import evaluate_layout  # start-up: on demand
    from cutedump.render.text import layout_view, layout_text, table_cells  # start-up: on demand
    L = evaluate_layout(layout)
    check_size(int(size(L)), False, "layout table")
    view, _ = layout_view(L)
    check_size(table_cells(view), False, "layout table")
    if fmt == "json":
        from cutedump.render.json_view import layout_json  # start-up: the JSON view on demand
        return json_answer(layout_json(L))
    return layout_text(L, "--info" in flags, "--coords" in flags)


