"""``cutedump eval`` of the SMEM -> TMEM copies (make_utccp_copy, UMMA::tmem_sf_frg, partition_S/D, .data()) against
real CuTe 4.2 (host-compiled), each expression spelled in C++ as CUTLASS's block-scaled collective writes it
(tests/oracle/gen_utccp_eval.py); what cutedump refuses, CuTe's static_asserts refuse."""

from __future__ import annotations

import pytest

from cutedump.errors import CuteDumpError
from cutedump.expr.evaluation import answer_text
from tests.oracle import gen_utccp_eval as E
from tests.oracle.cute import diff_cases, refusal_verdicts, run_chunked, unavailable_reason

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

CHUNK = 24


@oracle
def test_utccp_eval_like_cute():
    """The first two batches (the default run stays fast); test_utccp_eval_all_like_cute checks every case."""
    ok, _bad = E.cases(30)  # the cases are drawn one by one: those of 30 draws begin those of 110
    part = ok[: 2 * CHUNK]
    assert len(part) == 2 * CHUNK
    bad = diff_cases(part, run_chunked(part, CHUNK, prelude=E.PRELUDE))
    assert not bad, "\n".join(bad[:20])


@oracle
@pytest.mark.slow
def test_utccp_eval_all_like_cute():
    ok, _bad = E.cases()
    assert len(ok) >= 150 and ok[: 2 * CHUNK] == E.cases(30)[0][: 2 * CHUNK]  # what the default test checks
    bad = diff_cases(ok, run_chunked(ok, CHUNK, prelude=E.PRELUDE))
    assert not bad, "\n".join(bad[:20])


@oracle
@pytest.mark.slow
def test_utccp_eval_refusals_like_cute():
    """What cutedump refuses CuTe does not compile, except a fragment or a partition dividing by an extent 0, which
    CuTe compiles and whose program stops with SIGFPE (each such case run in its own forked process), as the refusal
    says."""
    from tests.oracle.cute import run_cases_status

    _ok, refused = E.cases()
    assert len(refused) >= 8
    bodies = [b for _l, b, _m in refused]
    got = refusal_verdicts(E.PRELUDE, bodies, "utccpe-rej-", "refused UTCCP eval cases")
    runs = [i for i, g in enumerate(got) if g == "compiles"]
    status = dict(zip(runs, run_cases_status([bodies[i] for i in runs], prelude=E.PRELUDE)))
    wrong = []
    for i, (lbl, _b, m) in enumerate(refused):
        if i in status and not (status[i][1] == "signal 8" and "SIGFPE" in m):
            wrong.append(f"{lbl}: ours {m!r}, CuTe compiles it and {status[i][1]}")
        if i not in status and "SIGFPE" in m and "does not compile" not in m:
            wrong.append(f"{lbl}: ours {m!r}, CuTe does not compile it ({got[i]})")
    assert not wrong, "\n".join(wrong)


FRG = "UMMA::tmem_sf_frg<float_ue4m3_t,16,1,true>"
SFL = (
    "cutlass::detail::Sm1xxBlockScaledConfig<16>::deduce_smem_layoutSFA(make_tiled_mma(SM100_MMA_MXF4_SS<float_e2m1_t,"
    "float_e2m1_t,float,float_ue4m3_t,128,128,16,UMMA::Major::K,UMMA::Major::K>{}), make_shape(_128{},_128{},_256{}))"
)


@pytest.mark.parametrize(
    "expr,msg",
    [
        (f"make_utccp_copy(SM100_UTCCP_4x32dp128bit_1cta{{}}, {SFL})", "Expected TMEM tensor."),
        (f"make_utccp_copy(_1{{}}, make_tensor<{FRG}>(shape({SFL})))", "SM100_UTCCP_* copy operation"),
        (
            f"make_tensor<UMMA::tmem_sf_frg<float_ue4m3_t,16,1,false,UMMA::TmemAllocMode::ScaleFactorDuplicated2by2>>(shape({SFL}))",
            "Should be 2x2 Datapath",
        ),
        (f"make_tensor<{FRG}>({SFL})", "write shape(...)"),
        ("make_tensor<half_t>(make_shape(_4{}))", "not modelled"),
        ("SM100_UTCCP_4x32dp128bit_3cta{}", "SM100_UTCCP_4x32dp128bit_3cta"),
        (f"make_tensor<{FRG}>(shape({SFL})).get_slice(0)", "has no overload for a tensor"),
        ("get_slice(_1{}, 0)", "unknown function 'get_slice'"),
    ],
)
def test_utccp_eval_errors(expr, msg):
    with pytest.raises(CuteDumpError, match=msg.replace("(", r"\(").replace(")", r"\)").replace("*", r"\*")):
        answer_text(expr)


@oracle
def test_utccp_eval_wrong_fragments_refused_like_cute():
    """Each refused alone where the batch hides a repeated instantiation (refusal_verdicts rechecks)."""
    cases = E.wrong_cases()
    got = refusal_verdicts(E.PRELUDE, [b for _l, b, _m in cases], "utccpw-rej-", "wrong UTCCP eval fragments")
    wrong = [f"{lbl}: ours {m!r}, CuTe compiles it" for (lbl, _b, m), g in zip(cases, got) if g == "compiles"]
    assert not wrong, "\n".join(wrong)
    # our words are CuTe's static_assert's where CuTe stops at one; a tmem shape whose K mode is no (VS, NSF) also
    # fails make's size<0,1,0> ("Index out of range"), which g++ reports first or second (by what the translation
    # unit instantiated before)
    said = [(m, g) for (_l, _b, m), g in zip(cases, got) if "static assertion failed: " in g]
    assert said and all(
        g.split("static assertion failed: ")[1].rstrip(".") in m
        or (g.endswith("Index out of range") and "partitioned tensor" in m)
        for m, g in said
    ), said
