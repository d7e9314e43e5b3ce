"""No silent answers (issue 12): arity, template arguments, Swizzle's limits, int's range and int overflow.

Every refusal here is justified by real CuTe 4.2 (tests/oracle, recorded): inputs that fail to compile are in
tests/oracle/gen_algebra.py's REJECTED list (compile-checked by tests/test_oracle_algebra.py); for int overflow,
real CuTe's wrapped answer is asked here and must be exactly the "real CuTe 4.2 prints ..." that our error shows.
Forms that CuTe accepts (Swizzle<3,3>, select(L), composition(Swizzle, offset, layout), upcast<N>(shape, stride),
the largest swizzles that still compile) must keep working and print what CuTe prints.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from cutedump.errors import CuteDumpError
from cutedump.expr import _SIGS, evaluate, evaluate_layout, evaluate_to_string, signature
from tests.oracle.cute import run_cases, unavailable_reason

L48 = "make_layout(make_shape(Int<4>{},Int<8>{}), make_stride(Int<1>{},Int<4>{}))"
BIG = "make_layout(make_shape(Int<65536>{},Int<65536>{}), make_stride(Int<1>{},Int<65536>{}))"

# (cutedump expression whose int arithmetic overflows in CuTe, the same computation in C++)
OVERFLOWS = [
    ("size((_65536,_65536):(_1,_65536))", f"print(size({BIG}));"),
    ("size((65536,65536):(1,65536))", "print(size(make_layout(make_shape(65536,65536), make_stride(1,65536))));"),
    ("size((_65536,_32768))", "print(size(make_shape(Int<65536>{},Int<32768>{})));"),
    ("size((_65536,(_2,_32768)))", "print(size(make_shape(Int<65536>{},make_shape(Int<2>{},Int<32768>{}))));"),
    ("cosize((_65536,_65536):(_1,_65536))", f"print(cosize({BIG}));"),
    ("coalesce((_65536,_65536):(_1,_65536))", f"print(coalesce({BIG}));"),
    ("make_layout((_65536,_65536))", "print(make_layout(make_shape(Int<65536>{},Int<65536>{})));"),
    (
        "(_2,_2):(_2147483647,_1)(1,1)",
        "print(make_layout(make_shape(Int<2>{},Int<2>{}), make_stride(Int<2147483647>{},Int<1>{}))(1,1));",
    ),
    ("(2,2):(2147483647,1)(3)", "print(make_layout(make_shape(2,2), make_stride(2147483647,1))(3));"),
    (
        "crd2idx((1,1), (_2,_2), (_2147483647,_1))",
        "print(crd2idx(make_coord(1,1), make_shape(Int<2>{},Int<2>{}), make_stride(Int<2147483647>{},Int<1>{})));",
    ),
    ("size(make_layout((_2147483647,_2)))", "print(size(make_layout(make_shape(Int<2147483647>{},Int<2>{}))));"),
]

# accepted forms: (cutedump expression, C++) -- must print exactly what CuTe prints
ACCEPTED = [
    ("Swizzle<3,3>", "print(Swizzle<3,3>{});"),
    ("Sw<3,26,3>", "print(Swizzle<3,26,3>{});"),
    ("Sw<1,0,31>", "print(Swizzle<1,0,31>{});"),
    ("Sw<1,0,-31>", "print(Swizzle<1,0,-31>{});"),
    ("Sw<0,31,0>", "print(Swizzle<0,31,0>{});"),
    ("Sw<1,30,1>", "print(Swizzle<1,30,1>{});"),
    ("select((_4,_8):(_1,_4))", f"print(select({L48}));"),
    (
        "composition(Sw<3,3,3>, _0, (_8,_8):(_8,_1))",
        "print(composition(Swizzle<3,3,3>{}, Int<0>{}, make_layout(make_shape(Int<8>{},Int<8>{}), "
        "make_stride(Int<8>{},Int<1>{}))));",
    ),
    ("composition(Sw<2,0,2>, 4, _8:_1)", "print(composition(Swizzle<2,0,2>{}, 4, make_layout(Int<8>{}, Int<1>{})));"),
    ("upcast<2>((_4,_8),(_1,_4))", "print(upcast<2>(make_shape(Int<4>{},Int<8>{}), make_stride(Int<1>{},Int<4>{})));"),
    (
        "downcast<2>((_4,_8),(_1,_4))",
        "print(downcast<2>(make_shape(Int<4>{},Int<8>{}), make_stride(Int<1>{},Int<4>{})));",
    ),
    ("append<3>((_4,_8):(_1,_4))", f"print(append<3>({L48}));"),
    ("take<1,1>((_4,_8,_2))", "print(take<1,1>(make_shape(Int<4>{},Int<8>{},Int<2>{})));"),
    ("take<1,-1>((_4,_8,_2))", "print(take<1,-1>(make_shape(Int<4>{},Int<8>{},Int<2>{})));"),
    ("size((_46340,_46340))", "print(size(make_shape(Int<46340>{},Int<46340>{})));"),
    ("_2147483647", "print(Int<2147483647>{});"),
    ("_-2147483648", "print(Int<-2147483648>{});"),
]

# literals beyond int: what CuTe makes of Int<N> (it wraps: the literal is not the value CuTe has)
LITERALS = [
    ("_2147483648", "print(Int<2147483648>{});"),
    ("_4294967297", "print(Int<4294967297>{});"),
    ("_-2147483649", "print(Int<-2147483649>{});"),
]

# layouts print_layout cannot print in int: CuTe's table shows wrapped offsets
PRINT_LAYOUT_OVERFLOW = [
    (
        "(_2,_2):(_2147483647,_1)",
        "print_layout(make_layout(make_shape(Int<2>{},Int<2>{}), make_stride(Int<2147483647>{},Int<1>{})));",
    )
]


@pytest.fixture(scope="module")
def cute():
    why = unavailable_reason()
    if why:
        pytest.skip(why)
    bodies = [c for _, c in OVERFLOWS + ACCEPTED + LITERALS + PRINT_LAYOUT_OVERFLOW]
    outs = run_cases(bodies)
    return dict(zip(bodies, outs))


def _error(expr: str) -> CuteDumpError:
    with pytest.raises(CuteDumpError) as ei:
        evaluate(expr)
    return ei.value


@pytest.mark.parametrize("expr,cpp", OVERFLOWS, ids=[e for e, _ in OVERFLOWS])
def test_overflow_is_an_error_showing_what_cute_prints(expr, cpp, cute):
    e = _error(expr)
    m = re.search(r"real CuTe 4\.2 prints (.*)$", e.message)
    assert m and "overflows" in e.message, e.message
    assert m.group(1) == cute[cpp].strip(), (expr, e.message, cute[cpp])
    # and the exact (unwrapped) answer is not what CuTe prints: the refusal is not a false alarm
    assert "does not fit in int" in e.message


@pytest.mark.parametrize("expr,cpp", ACCEPTED, ids=[e for e, _ in ACCEPTED])
def test_forms_cute_accepts_still_print_what_cute_prints(expr, cpp, cute):
    assert evaluate_to_string(expr) == cute[cpp].strip()


@pytest.mark.parametrize("text,cpp", LITERALS, ids=[t for t, _ in LITERALS])
def test_literals_beyond_int_are_refused_naming_the_limit(text, cpp, cute):
    e = _error(text)
    assert "beyond CuTe's int range -2147483648..2147483647" in e.message and e.col == 0
    wrapped = cute[cpp].strip()
    assert wrapped != text  # CuTe does not hold the literal's value
    assert f"wraps to {wrapped}" in e.message  # and we say what it holds instead
    assert "beyond CuTe's int range" in _error(text.lstrip("_")).message  # dynamic ints are int too


def test_layout_whose_offsets_overflow_int_is_refused(cute):
    text, cpp = PRINT_LAYOUT_OVERFLOW[0]
    assert "-2147483648" in cute[cpp]  # real print_layout shows a wrapped offset
    with pytest.raises(CuteDumpError, match="offsets of layout .* overflow CuTe's int"):
        evaluate_layout(text)
    r = CliRunner().invoke(main, ["layout", text])
    assert r.exit_code == 2 and r.stderr.startswith("error: the offsets of layout")


def test_layout_whose_mode_size_overflows_is_refused_fast():
    """Fuzz finding: a size-0 layout whose other mode's size overflows int hung `cutedump layout` (20+ s)."""
    r = CliRunner().invoke(main, ["layout", "(_0,(_3,16,_2147483647)):(8,(32,_-8,0))", "--info"])
    assert r.exit_code == 2 and "overflows CuTe's int" in r.stderr


# ---- signatures: arity and template arguments, errors that name function / expected / got, caret --------------


def test_issue_examples():
    e = _error("composition((_4,_8):(_1,_4))")
    assert e.message.startswith("composition takes 2 or 3 arguments: composition(layout|swizzle, tiler)")
    assert e.message.endswith("got 1") and e.col == 0
    e = _error("size((_4,_8):(_1,_4), (_2,_2))")
    assert e.message == "size takes 1 argument: size(layout) | size<I...>(layout); got 2"
    assert e.col == len("size((_4,_8):(_1,_4), ")  # the caret under the extra argument
    r = CliRunner().invoke(main, ["layout", "Sw<3,3> o _0 o (_8,_8):(_8,_1)"])
    assert r.exit_code == 2 and r.stderr.startswith("error: Sw<3,3>: a swizzle takes 3 integer template arguments")
    r = CliRunner().invoke(main, ["eval", "size((_65536,_65536):(_1,_65536))"])
    assert (
        r.exit_code == 2 and r.stdout == "" and r.stderr.splitlines()[0].endswith("real CuTe 4.2 prints 0 at column 1")
    )


@pytest.mark.parametrize(
    "expr,col,pieces",
    [
        ("coalesce(LayoutLeft)", 9, ["argument 1 must be a layout or an int tuple", "got name LayoutLeft"]),
        ("size(Sw<1,2,3>)", 5, ["argument 1 must be", "got swizzle Sw<1,2,3>"]),
        ("make_ordered_layout((_2,_4), (_4,_8):(_1,_4))", 29, ["argument 2 must be an int tuple", "got layout"]),
        ("composition(_8:_1, _2, (_4,_8), _1)", 32, ["composition takes 2 or 3 arguments", "got 4"]),
        (
            "composition(Sw<1,1,1>, LayoutLeft, _1:_0)",
            23,
            ["argument 2 must be an integer", "composition(swizzle, offset, layout)"],
        ),
        ("composition(_8:_1, _0, _4:_1)", 12, ["argument 1 must be a swizzle (cutedump's A o O o B has a swizzle A)"]),
        ("composition(Sw<1,1,1>, (_4,_2), _2:_4)", 23, ["argument 2 must be an integer"]),
        ("composition(Sw<1,1,1>, _0, _4)", 27, ["argument 3 must be a layout (shape:stride)"]),
        ("append((_4,_8))", 7, ["argument 1 must be a layout (shape:stride)", "got tuple (_4,_8)"]),
        ("idx2crd(1,(_2,_2),(_1,_2),_4)", 26, ["idx2crd takes 2 or 3 arguments", "got 4"]),
        ("take<1>((_4,_8))", 0, ["take takes two integer template arguments", "take<B,E>", "got <1>"]),
        ("upcast((_4,_8))", 0, ["upcast takes one integer template argument", "got none"]),
        ("upcast<2,2>((_4,_8))", 0, ["upcast takes one integer template argument", "got <2,2>"]),
        ("recast_layout<half_t>((_4,_8))", 0, ["two type template arguments", "got <half_t>"]),
        ("size<LayoutLeft>((_4,_8))", 0, ["template argument LayoutLeft is not an integer"]),
        ("flatten<1>((_4,_8))", 0, ["flatten takes no template arguments"]),
        ("get((_4,_8))", 0, ["get takes at least one integer template argument"]),
        ("size", 0, ["size is a function: call it as size(layout)"]),
        ("shape((_4,_8), _1)", 15, ["shape takes 1 argument"]),
        ("complement((_4),(_1),_16)", 21, ["complement takes 1 or 2 arguments"]),
        (
            "tile_to_shape((_2,_2):(_1,_2), (_4,_4), Sw<1,1,1>)",
            40,
            ["argument 3 must be LayoutLeft, LayoutRight or an int tuple"],
        ),
        ("Sw<3,3>", 0, ["Sw<3,3>: a swizzle takes 3 integer template arguments", "Swizzle<B,M> means Sw<B,M,B>"]),
        ("Sw<3,3,3,3>", 0, ["a swizzle takes 3 integer template arguments"]),
        ("Swizzle<3>", 0, ["a swizzle takes 2 or 3 integer template arguments"]),
        ("Sw<3,27,3>", 0, ["Swizzle<3,27,3>: its mask ((1 << 3) - 1) << 30 does not fit in 32 bits"]),
        ("Sw<3,3,2>", 0, ["abs(SShift) must be more than BBits"]),
        ("Sw<-1,3,3>", 0, ["BBits must be positive"]),
        ("downcast<1073741824>(Sw<3,4,3>)", 0, ["the result Swizzle<3,34,3>", "does not fit in 32 bits"]),
        ("get<2147483648>((_4,_8))", 4, ["beyond CuTe's int range"]),
    ],
)
def test_error_names_function_expected_got_with_caret(expr, col, pieces):
    e = _error(expr)
    for p in pieces:
        assert p in e.message, (p, e.message)
    assert "\n" not in e.message
    assert e.col == col, (e.col, e.render())


def test_every_function_has_a_signature_and_rejects_extra_arguments():
    import cutedump.expr as X

    assert set(X._REG) == set(_SIGS) == set(X.FUNCTIONS)
    for name, (targs, *forms) in _SIGS.items():
        assert signature(name).startswith(name)
        if any(f and f[-1].endswith("...") for f in forms):
            continue
        n = max(len(f) for f in forms) + 1
        t = {"N": "<1>", "NN": "<0,1>", "TT": "<uint8_t,uint16_t>", "N+": "<0>"}.get(targs, "")
        with pytest.raises(CuteDumpError, match=f"{name} takes .* got {n}"):
            if name.startswith("."):  # a member function (x.get_slice(i)): its object is its first argument
                evaluate(f"_1{name}{t}({', '.join(['_1'] * (n - 1))})")
            else:
                evaluate(f"{name}{t}({', '.join(['_1'] * n)})")


def test_smem_ptr_form_checks_swizzle_limits_and_widths():
    ok = evaluate_layout("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)")
    assert str(ok).startswith("Sw<3,")
    with pytest.raises(CuteDumpError, match="does not fit in 32 bits"):
        evaluate_layout("Sw<3,29,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)")
    with pytest.raises(CuteDumpError, match=r"smem_ptr\[12b\]"):
        evaluate_layout("Sw<3,4,3> o smem_ptr[12b](unset) o (_8,_64):(_64,_1)")


def test_overflow_state_does_not_leak_between_expressions():
    with pytest.raises(CuteDumpError):
        evaluate("size((_65536,_65536))")
    assert evaluate_to_string("size((_4,_8))") == "_32"


def test_library_arithmetic_keeps_exact_values():
    """The algebra (used directly, e.g. the render's ScaledBasis model with 2^32 strides) is not wrapped."""
    from cutedump.algebra.integer import OVERFLOW, C, overflow_reset

    overflow_reset()
    assert C(1 << 20) * C(1 << 20) == 1 << 40 and OVERFLOW
    overflow_reset()
    assert C(3) * 4 == 12 and not OVERFLOW


# ---- I/O faults ----------------------------------------------------------------------------------------------------


def test_closed_pipe_exits_quietly(tmp_path):
    f = tmp_path / "many.txt"
    f.write_text("size((_4,_8))\n" * 50000)
    p = subprocess.Popen(
        [sys.executable, "-m", "cutedump", "eval", "-f", str(f)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert p.stdout.readline() == b"_32\n"
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait(timeout=60) == 141 and err == b""


def test_ctrl_c_exits_130_without_traceback():
    import click

    from cutedump.commands._common import guard_io, handle_errors

    @handle_errors
    def boom():
        raise KeyboardInterrupt

    with pytest.raises(SystemExit) as ei:
        boom()
    assert ei.value.code == 130

    def pipe():
        raise BrokenPipeError

    with pytest.raises(SystemExit) as ei:
        guard_io(pipe)
    assert ei.value.code == 141

    @click.command()
    def slow():
        raise KeyboardInterrupt  # outside handle_errors: the group's guard catches it

    from cutedump.cli import LazyGroup

    grp = LazyGroup(name="t")
    grp.get_command = lambda ctx, name: slow
    grp.list_commands = lambda ctx: ["slow"]
    r = CliRunner().invoke(grp, ["slow"])
    assert r.exit_code == 130 and "Traceback" not in r.output and "Aborted" not in r.output


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_real_process():
    """Ctrl-C inside a running command: exit 130, no traceback. The command is `eval -f -` fed through a pipe that
    stays open: its first answer proves it is inside the command (no sleep, no race with a fast machine)."""
    import signal

    # a shell's background job (and so this test run, when started with `&`) ignores SIGINT, and a child inherits
    # that: give the command the default disposition, as a terminal's foreground process has
    p = subprocess.Popen(
        [sys.executable, "-c", "import cutedump.cli as c; c.main(['eval', '-f', '-'])"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        p.stdin.write(b"size((_4,_8))\n")
        p.stdin.flush()
        assert p.stdout.readline() == b"_32\n"  # answered: the command is running, waiting for the next line
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 130, err
    assert b"Traceback" not in err and b"Aborted" not in err


def test_write_atomic_never_overwrites_without_force(tmp_path):
    from cutedump.commands._common import write_atomic

    f = tmp_path / "out.tex"
    write_atomic(f, "one")
    with pytest.raises(CuteDumpError, match="exists; pass --force"):
        write_atomic(f, "two")
    assert f.read_text() == "one"
    write_atomic(f, "two", force=True)
    assert f.read_text() == "two" and [p.name for p in tmp_path.iterdir()] == ["out.tex"]
    with pytest.raises(CuteDumpError, match="cannot write"):
        write_atomic(tmp_path / "no" / "such.txt", "x")
