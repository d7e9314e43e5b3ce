"""CK tensor descriptors: transform round trips, the descriptor chains of document 004, CuTe equivalence by full
evaluation, and the CLI through click's runner."""

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cutedump.algebra import C
from cutedump.ck import (
    Embed,
    Freeze,
    LeftPad,
    Merge,
    Pad,
    PassThrough,
    RightPad,
    Slice,
    UnMerge,
    Vectorize,
    cute_view,
    make_naive_tensor_descriptor,
    make_naive_tensor_descriptor_aligned,
    make_naive_tensor_descriptor_packed,
    transform_tensor_descriptor,
)
from cutedump.ck import recipes as R
from cutedump.ck.transforms import tdiv
from cutedump.cli import command

ck_cmd = command("ck")
from cutedump.ck.parse import build_descriptor, parse_stage
from cutedump.errors import CuteDumpError


def run(*args):
    return CliRunner().invoke(ck_cmd, list(args))


lengths_st = st.lists(st.integers(1, 6), min_size=1, max_size=4)


# ---------------------------------------------------------------- transforms


@given(lengths_st, st.data())
def test_merge_unmerge_round_trip(lens, data):
    n = 1
    for x in lens:
        n *= x
    u = data.draw(st.integers(0, n - 1))
    low = Merge(lens).calculate_lower_index((u,))
    assert all(0 <= v < L for v, L in zip(low, lens))
    assert UnMerge(lens).calculate_lower_index(low) == (u,)
    # unmerge with the row-major scan is an embed with packed strides
    scan = [1] * len(lens)
    for k in range(len(lens) - 2, -1, -1):
        scan[k] = scan[k + 1] * lens[k + 1]
    assert Embed(lens, scan).calculate_lower_index(low) == (u,)


def test_pad_slice_vectorize_freeze():
    p = Pad(10, 2, 3)
    assert p.up_lengths() == (15,)
    for u in range(15):
        (lo,) = p.calculate_lower_index((u,))
        assert lo + 2 == u
        assert bool(p.is_valid((u,))) == (2 <= u < 12)
    assert RightPad(10, 6).calculate_lower_index((12,)) == (12,) and not RightPad(10, 6).is_valid((12,))
    assert LeftPad(10, 2).calculate_lower_index((1,)) == (-1,) and not LeftPad(10, 2).is_valid((1,))
    assert Slice(10, 3, 7).up_lengths() == (4,) and Slice(10, 3, 7).calculate_lower_index((2,)) == (5,)
    assert Vectorize(4, 8).calculate_lower_index((3,)) == (12,)
    assert Freeze(5).calculate_lower_index(()) == (5,)
    assert PassThrough(7).calculate_lower_index((6,)) == (6,)


def test_cpp_division_truncates():
    assert tdiv(-7, 2) == -3 and tdiv(7, 2) == 3 and tdiv(-8, 2) == -4


# ---------------------------------------------------------------- descriptors


def test_naive_element_space_sizes():
    d = make_naive_tensor_descriptor((256, 64), (64, 1))
    assert d.element_space_size == 256 * 64
    assert d.calculate_offset((3, 5)) == 3 * 64 + 5
    d = make_naive_tensor_descriptor((4, 8), (1, 5))
    assert d.element_space_size == 1 + 3 * 1 + 7 * 5
    d = make_naive_tensor_descriptor_packed((2, 3, 4))
    assert d.element_space_size == 24 and d.calculate_offset((1, 2, 3)) == 12 + 8 + 3
    d = make_naive_tensor_descriptor_aligned((4, C(6)), C(8))
    assert d.calculate_offset((1, 0)) == 8
    with pytest.raises(CuteDumpError, match="must be static"):  # CK: Number<stride_n_minus_2> needs constants
        make_naive_tensor_descriptor_aligned((4, 6), 8)


def test_transform_descriptor_hidden_ids_and_order():
    d = make_naive_tensor_descriptor((256, 64), (64, 1))
    d = transform_tensor_descriptor(d, [UnMerge((8, 8)), PassThrough(256)], [(1,), (0,)], [(0, 2), (1,)])
    assert d.up_idss[-2:] == [(3, 4), (5,)]
    assert d.low_idss[-2:] == [(2,), (1,)]
    assert d.visible == [3, 5, 4]
    assert [int(x) for x in d.lengths()] == [8, 256, 8]
    assert d.calculate_offset((3, 17, 5)) == 17 * 64 + 3 * 8 + 5


def test_transform_descriptor_errors_quote_ck():
    d = make_naive_tensor_descriptor((4, 8), (8, 1))
    with pytest.raises(CuteDumpError, match="inconsitent number of transform"):
        transform_tensor_descriptor(d, [PassThrough(4)], [(0,), (1,)], [(0,)])
    with pytest.raises(CuteDumpError, match="is_valid_sequence_map"):
        transform_tensor_descriptor(d, [PassThrough(4), PassThrough(8)], [(0,), (0,)], [(0,), (1,)])
    with pytest.raises(CuteDumpError, match="inconsistent # of dimension"):
        transform_tensor_descriptor(d, [UnMerge((2, 2)), PassThrough(8)], [(0,), (1,)], [(0,), (1,)])


# ---------------------------------------------------------------- document 004 (seeds/004_dc21bf4b34bb0d07.txt)


def test_doc004_grid_desc_ak0_m_ak1():
    M, K, AK1 = 256, 64, 8
    d = R.xdl_grid_ak0_m_ak1(M, K, AK1)
    raw, final = d.stages
    assert raw.transforms[0].label() == "embed(up_lengths (256, 64), coefficients (64, 1))"  # embed(M, K)
    assert raw.low_idss == [(0,)] and raw.up_idss == [(1, 2)] and raw.visible == [1, 2]
    assert d.element_space_size == M * K  # elem_space_size = MRaw * KRaw
    assert [t.label() for t in final.transforms] == ["unmerge(8, 8)", "pass_through(256)"]
    assert final.low_idss == [(1,), (0,)] and final.up_idss == [(0, 2), (1,)]
    assert [int(x) for x in d.lengths()] == [K // AK1, M, AK1]
    # (Padding): right pads to block multiples
    p = R.xdl_grid_ak0_m_ak1(250, 60, AK1, m_per_block=128, k_per_block=32)
    assert [t.label() for t in p.stages[1].transforms] == ["right_pad(250, 6)", "right_pad(60, 4)"]
    assert not p.is_valid((7, 0, 5)) and p.is_valid((7, 249, 3))


def test_doc004_block_desc_elem_space():
    d = R.xdl_block_ak0_m_ak1(128, 32, 8)
    assert [int(x) for x in d.lengths()] == [4, 128, 8]  # embed(AK0PerBlock, MPerBlock, AK1)
    assert d.stages[0].up_idss == [(1, 2, 3)] and d.stages[0].visible == [1, 2, 3]
    assert d.element_space_size == 128 * 32  # MPerBlock * KPerBlock


def test_doc004_mma_tile_desc():
    d = R.xdl_mma_m0_m1_m2_k(256, 32, 8, m_per_xdl=32, m_xdl_per_wave=4)
    st_ = d.stages[-1]
    assert [t.name for t in st_.transforms] == [
        "merge",
        "unmerge",
    ]  # merge(AK0, AK1), unmerge(MRepeat, MWaves, MPerXDL)
    assert st_.low_idss == [(0, 2), (1,)] and st_.up_idss == [(3,), (0, 1, 2)]
    assert [int(x) for x in d.lengths()] == [4, 2, 32, 32]


def test_doc004_c_descs():
    d = R.xdl_c_grid(512, 256, 256, 128)
    assert d.stages[-1].low_idss == [(0,), (1,)] and d.stages[-1].up_idss == [(0, 1), (2, 3)]
    d = R.xdl_c_shuffle_block(256, 128, 32, 2, 2, 1, 1)
    st_ = d.stages[-1]
    assert [t.label() for t in st_.transforms] == [
        "freeze(0)",
        "unmerge(1, 4, 4, 2, 4)",
        "freeze(0)",
        "unmerge(1, 2, 32)",
    ]
    assert st_.low_idss == [(0,), (1,), (2,), (3,)]
    assert st_.up_idss == [(), (0, 2, 4, 5, 6), (), (1, 3, 7)]
    t = R.xdl_c_thread(32, 2, 2)  # <MRepeat, NRepeat, 1, 1, num_groups_per_blk, 1, group_size, 1>
    assert [int(x) for x in t.lengths()] == [2, 2, 1, 1, 4, 1, 4, 1]


def test_doc004_thread_scratch():
    # SliceLengths <1, 4, 8>, SrcScalarPerVector 8 on dim 2 -> src_access_lengths <1, 4, 1>
    d = R.thread_scratch((1, 4, 8), 2, 8)
    assert [int(x) for x in d.stages[0].transforms[0].up_lengths()] == [1, 4, 1, 8]
    fin = d.stages[1]
    assert [t.name for t in fin.transforms] == ["pass_through", "pass_through", "merge"]
    assert fin.low_idss == [(0,), (1,), (2, 3)] and fin.up_idss == [(0,), (1,), (2,)]
    assert d.element_space_size == 1 * 4 * 1 * 8


RECIPE_ARGS = [
    (R.xdl_grid_ak0_m_ak1, dict(M=256, K=64)),
    (R.xdl_grid_ak0_m_ak1, dict(M=64, K=128, layout="col", which="b")),
    (R.xdl_grid_ak0_m_ak1, dict(M=96, K=64, layout="col")),
    (R.xdl_block_ak0_m_ak1, dict(m_per_block=128, k_per_block=32, extra_m=1)),
    (R.xdl_mma_m0_m1_m2_k, dict(m_per_block=256, k_per_block=32, m_xdl_per_wave=4)),
    (R.xdl_mma_m0_m1_m2_k, dict(m_per_block=128, k_per_block=64, AK1=4, m_per_xdl=16, m_xdl_per_wave=2)),
    (R.xdl_c_grid, dict(M=512, N=256, m_per_block=256, n_per_block=128)),
    (R.xdl_c_shuffle_block, dict(m_per_block=256, n_per_block=128)),
    (R.xdl_c_shuffle_block, dict(m_per_block=128, n_per_block=128, m_per_xdl=16, cshuffle_m=2)),
    (R.xdl_c_thread, dict()),
    (R.thread_scratch, dict(slice_lengths=(2, 4, 8), vector_dim=1, scalar_per_vector=2)),
]


@pytest.mark.parametrize("fn,kw", RECIPE_ARGS)
def test_recipes_cute_equivalent_by_full_evaluation(fn, kw):
    d = fn(**kw)
    L, const, why = cute_view(d)
    assert L is not None, why
    bad, checked, first = d.check_cute(L, const)
    assert bad == 0 and checked == d.size(), first


def test_padding_has_no_cute_view():
    d = R.xdl_grid_ak0_m_ak1(250, 60, m_per_block=128, k_per_block=32)
    L, _, why = cute_view(d)
    assert L is None and "pad" in why


def test_freeze_constant_offset():
    d = make_naive_tensor_descriptor((3, 4, 5), (20, 5, 1))
    d = transform_tensor_descriptor(
        d, [Freeze(2), PassThrough(4), PassThrough(5)], [(0,), (1,), (2,)], [(), (0,), (1,)]
    )
    L, const, _ = cute_view(d)
    assert const == 40 and d.check_cute(L, const)[0] == 0


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=2, max_size=3), st.data())
def test_random_chains_cute_equal(lens, data):
    strides = data.draw(st.lists(st.integers(1, 40), min_size=len(lens), max_size=len(lens)))
    static = data.draw(st.booleans())
    mk = (lambda x: C(x)) if static else (lambda x: x)
    d = make_naive_tensor_descriptor([mk(x) for x in lens], [mk(x) for x in strides])
    # merge the first two dims, then unmerge the merged one into a random factorization
    n = len(lens)
    d = transform_tensor_descriptor(
        d,
        [Merge((d.lengths()[0], d.lengths()[1]))] + [PassThrough(d.lengths()[k]) for k in range(2, n)],
        [(0, 1)] + [(k,) for k in range(2, n)],
        [(0,)] + [(k - 1,) for k in range(2, n)],
    )
    m = int(d.lengths()[0])
    f = data.draw(st.sampled_from([x for x in range(1, m + 1) if m % x == 0]))
    d = transform_tensor_descriptor(
        d,
        [UnMerge((mk(m // f), mk(f)))] + [PassThrough(x) for x in d.lengths()[1:]],
        [(0,)] + [(k,) for k in range(1, n - 1)],
        [(0, 1)] + [(k + 1,) for k in range(1, n - 1)],
    )
    L, const, why = cute_view(d)
    exact = f == int(lens[1])  # unmerge undoes the merge: the chain is the naive layout again
    if exact:
        assert L is not None, why
    if L is None:
        return  # composition refused: nothing is claimed
    bad, checked, first = d.check_cute(L, const)
    if exact:
        assert bad == 0, (str(L), first)
    # otherwise a mismatch is possible even with static shapes: real CuTe composes
    # (_4,_3):(_40,_40) o (_4,_3):(_3,_1) to ((_2,_2),_3):((_120,_40),_40) without a divisibility error, which is
    # not merge-then-unmerge; the CLI reports it as "MISMATCH" instead of claiming equality


def _check_cute_whole_domain(d, L, const):
    """check_cute's answer computed over the whole domain at once (what it did before it walked chunks)."""
    from cutedump.algebra.evaluate import values

    off, val = d.offsets()
    theirs = values(L) + int(const)
    bad = ((off != theirs) & val).nonzero()[0]
    first = None
    if len(bad):
        k, dom = int(bad[0]), d.domain()
        first = (tuple(int(x[k]) for x in dom), int(theirs[k]), int(off[k]))
    return len(bad), int(val.sum()), first


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 5), min_size=1, max_size=3), st.data())
def test_check_cute_by_chunks_equals_whole_domain(lens, data):
    """check_cute walks the domain in chunks (bounded memory): the same mismatches, checked count and first mismatch
    as one pass over everything, for right and wrong candidates, chunks of every size."""
    from cutedump.algebra import Layout

    strides = data.draw(st.lists(st.integers(-3, 40), min_size=len(lens), max_size=len(lens)))
    d = make_naive_tensor_descriptor(lens, strides)
    if data.draw(st.booleans()) and len(lens) >= 2:  # a padded (partly invalid) domain
        d = transform_tensor_descriptor(
            d,
            [Pad(lens[0], 1, 2)] + [PassThrough(x) for x in lens[1:]],
            [(k,) for k in range(len(lens))],
            [(k,) for k in range(len(lens))],
        )
    cand = Layout(
        tuple(d.lengths()), tuple(data.draw(st.lists(st.integers(-3, 40), min_size=len(lens), max_size=len(lens))))
    )
    const = data.draw(st.integers(-5, 5))
    want = _check_cute_whole_domain(d, cand, const)
    for chunk in (1, 3, 7, 1 << 18):
        assert d.check_cute(cand, const, chunk=chunk) == want, chunk


def test_cli_reports_mismatch_instead_of_claiming():
    # merge(3, 2) then unmerge(2, 3): offset(a, b) is not a CuTe layout; the composed candidate must be rejected
    r = run(
        "describe",
        "--lengths",
        "3,2",
        "--strides",
        "1,1",
        "--stage",
        "merge(3,2)@0,1->0",
        "--stage",
        "unmerge(2,3)@0->0,1",
    )
    assert r.exit_code == 0, r.output
    assert "checked: equal" not in r.output
    assert "MISMATCH" in r.output or "none:" in r.output


# ---------------------------------------------------------------- CLI


def test_cli_outputs():
    r = run("naive", "--lengths", "256,64", "--strides", "64,1")
    assert r.exit_code == 0, r.output
    assert "elem_space_size = 1 + (256-1)*64 + (64-1)*1 = 16384" in r.output
    assert "  (256,64):(64,1)\n  checked: equal to CK's CalculateOffset at all 16384 visible indices" in r.output
    r = run("recipe", "xdl-a", "--M", "256", "--K", "64", "--at", "3,17,5")
    assert r.exit_code == 0, r.output
    assert "old_low_idss    = [(1), (0)]" in r.output and "new_up_idss     = [(0, 2), (1)]" in r.output
    assert "offset = hidden[0] = 1117" in r.output
    r = run(
        "describe",
        "--lengths",
        "256,64",
        "--strides",
        "64,1",
        "--stage",
        "unmerge(8,_8)@1->0,2; pass_through(256)@0->1",
    )
    assert r.exit_code == 0 and "lengths         = [8, 256, 8]" in r.output
    r = run("recipe", "xdl-a", "--M", "250", "--K", "60", "--MPerBlock", "128", "--KPerBlock", "32")
    assert r.exit_code == 0 and "none: right_pad(250, 6)" in r.output
    r = run("recipes")
    assert r.exit_code == 0 and "xdl-c-shuffle" in r.output


def test_parse_stage():
    ts, lows, ups = parse_stage("freeze(0)@0->; embed((2,3),(3,1))@1->0,1")
    assert [t.name for t in ts] == ["freeze", "embed"] and lows == [(0,), (1,)] and ups == [(), (0, 1)]


@pytest.mark.parametrize(
    "args",
    [
        ["naive", "--lengths", "4,x"],
        ["naive", "--lengths", "4,8", "--strides", "1"],
        ["naive", "--lengths", "4,6", "--align", "8"],
        ["naive", "--lengths", "4,8", "--at", "4,0"],
        ["describe", "--lengths", "4,8", "--stage", "unmerge(2,2)@0->0,1; pass_through(8)@0->2"],
        ["describe", "--lengths", "4,8", "--stage", "bogus(1)@0->0"],
        ["describe", "--lengths", "4,8", "--stage", "unmerge(2,2)"],
        ["describe", "--lengths", "4,8", "--stage", "pass_through((4)@0->0;pass_through(8)@1->1"],
        ["recipe", "nope"],
        ["recipe", "xdl-a", "--M", "256"],
        ["recipe", "xdl-a", "--M", "256", "--K", "60"],
        ["recipe", "xdl-c-shuffle", "--MPerBlock", "256", "--NPerBlock", "128", "--MPerXdl", "8"],
        ["recipe", "xdl-a-mma", "--MPerBlock", "100", "--KPerBlock", "32"],
    ],
)
def test_cli_bad_input_one_error_line(args):
    r = run(*args)
    assert r.exit_code == 2, r.output
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), r.output


def test_cli_registered_in_main():
    from cutedump import cli

    assert "ck" in cli.COMMANDS
    r = CliRunner().invoke(cli.main, ["ck", "naive", "--lengths", "4,8"])
    assert r.exit_code == 0 and "make_naive_tensor_descriptor_packed" in r.output


def test_cli_json_format():
    import json

    r = run(
        "describe",
        "--lengths",
        "250,60",
        "--strides",
        "60,1",
        "--stage",
        "right_pad(250,6)@0->0; right_pad(60,4)@1->1",
        "--at",
        "251,3",
        "--format",
        "json",
        "--offsets",
    )
    assert r.exit_code == 0, r.output
    j = json.loads(r.output)
    assert j["lengths"] == [256, 64] and j["element_space_size"] == 1 + 249 * 60 + 59
    assert j["stages"][1]["transforms"] == ["right_pad(250, 6)", "right_pad(60, 4)"]
    assert j["at"]["index"] == [251, 3] and j["at"]["valid"] is False and j["at"]["offset"] == 251 * 60 + 3
    assert len(j["offsets"]) == 256 * 64 and j["offsets"][1] == {"index": [1, 0], "offset": 60, "valid": True}
    assert j["cute"]["layout"] is None and "pad" in j["cute"]["reason"]
    r = run("naive", "--lengths", "_4,_8", "--format", "json")
    j = json.loads(r.output)
    assert j["cute"] == {"layout": "(_4,_8):(_8,_1)", "constant_offset": 0, "checked": 32} and "offsets" not in j
    r = run(
        "recipe",
        "xdl-c-grid",
        "--M",
        "250",
        "--N",
        "128",
        "--MPerBlock",
        "128",
        "--NPerBlock",
        "128",
        "--spec",
        "MNPadding",
        "--format",
        "json",
        "--no-cute",
    )
    j = json.loads(r.output)
    assert r.exit_code == 0 and j["lengths"] == [1, 128, 1, 128] and "cute" not in j


def test_cli_check_validity_and_spec_errors():
    r = run(
        "recipe", "xdl-a", "--M", "250", "--K", "64", "--MPerBlock", "128", "--KPerBlock", "32", "--spec", "KPadding"
    )
    assert r.exit_code == 2 and "CheckValidity is false: M % MPerBlock == 0" in r.output
    r = run("recipe", "xdl-a", "--M", "256", "--K", "64", "--spec", "MPadding")
    assert r.exit_code == 2 and "needs" not in r.output and "--MPerBlock" in r.output
    r = run("recipe", "thread-scratch", "--slice-lengths", "3,6,6", "--scalar-per-vector", "3")
    assert r.exit_code == 2 and "vector_type" in r.output


def test_library_report_is_what_the_command_prints():
    """The command is options + one library call: cutedump.ck's parse/report functions give the same text."""
    from cutedump.ck import report
    from cutedump.ck.recipes import recipes_text

    stage = "unmerge(8,_8)@1->0,2; pass_through(256)@0->1"
    d = build_descriptor("256,64", "64,1", None, [stage], "descriptor")
    assert run(
        "describe", "--lengths", "256,64", "--strides", "64,1", "--stage", stage, "--at", "3,17,5", "--table"
    ).output == report.text(d, [3, 17, 5], table=True)
    assert run("recipes").output == recipes_text()


@pytest.mark.parametrize(
    "lengths,strides,rows",
    [
        ("-1,8", None, "no coordinates: lengths [-1, 8]"),
        ("4,0", "32,16", "no coordinates: lengths [4, 0]"),
        ("0,5", "5,1", "no coordinates: lengths [0, 5]"),
        ("-1,-1,32", "13,1,256", "first 0 of 0 coordinates"),
    ],
)
def test_empty_dimensions(lengths, strides, rows):
    """CK checks no length (0 or negative: an empty dimension, recorded with CK for 0,5): no coordinates, and no
    CuTe view where a length is negative (a CuTe shape cannot be negative)."""
    args = ["naive", "--lengths", lengths] + (["--strides", strides] if strides else [])
    r = run(*args)
    assert r.exit_code == 0 and rows in r.output
    d = build_descriptor(lengths, strides)
    assert d.size() == 0
    if "-" in lengths:
        assert "none: length -1 is negative" in r.output
    else:
        assert "checked: equal to CK's CalculateOffset at all 0 visible indices" in r.output
    r = run(*args, "--format", "json", "--offsets")
    assert r.exit_code == 0 and '"offsets": []' in r.output


@pytest.mark.parametrize("opt", [("--rows", "0"), ("--cols", "-2"), ("--limit", "-1")])
def test_table_window_options_checked(opt):
    r = run("naive", "--lengths", "4,8,2" if opt[0] == "--limit" else "4,8", *opt)
    assert r.exit_code == 2 and r.output.startswith(f"error: {opt[0]} must")


@pytest.mark.parametrize("stages", [["modulo(0,4)@0->0"], ["xor_with_modulo(8,0)@0,1->0,1", "pass_through(8)@0->0"]])
def test_division_by_zero_is_one_error(stages):
    """A modulus (or xor_with_modulo length) of 0 on a dimension that is not empty: CK's CalculateLowerIndex
    divides by zero. One error line, text and JSON (was an internal error: ZeroDivisionError)."""
    args = ["describe", "--lengths", "8,4"] + [a for s in stages for a in ("--stage", s)]
    for extra in ([], ["--format", "json", "--offsets"]):
        r = run(*args, *extra)
        assert r.exit_code == 2 and "divides by zero" in r.output and "internal" not in r.output
    # an empty domain divides nothing
    r = run("describe", "--lengths", "8,0", "--stage", "merge(8,0)@0,1->0", "--format", "json", "--offsets")
    assert r.exit_code == 0 and '"offsets": []' in r.output
