"""`cutedump tiled-copy-c`: byte-exact against the recorded dump, each section alone, English rendering,
and the generalised walk-through checked value by value against real CuTe's make_tiled_copy_C_atom."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from tests.oracle.cute import unavailable_reason
from tests.tiled_copy_c_configs import CONFIGS, MAX_COPY_V, cpp_case, parse_output

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "golden"
SEED = ROOT.parent / "shared" / "seeds" / "000_89ace3aef4fd3051.txt"


def run(*args):
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.stdout, r.stderr


def golden(name: str) -> str:
    return (GOLDEN / name).read_bytes().decode("utf-8")


def test_recording_byte_exact():
    code, out, err = run("tiled-copy-c")
    assert code == 0, err
    assert out == golden("tiled_copy_c.txt")
    if SEED.exists():
        assert out.encode("utf-8") == SEED.read_bytes()


@pytest.mark.parametrize("v", [1, 2, 4])
def test_each_copy_v_alone(v):
    code, out, err = run("tiled-copy-c", "--copy-v", str(v))
    assert code == 0, err
    assert out == golden(f"tiled_copy_c_v{v}.txt")


@pytest.mark.parametrize("v", ["3", "8", "0"])
def test_copy_v_must_divide(v):
    code, out, err = run("tiled-copy-c", "--copy-v", v)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert "1, 2, 4" in err


def test_copy_v_error_english():
    code, _, err = run("tiled-copy-c", "--copy-v", "3", "--lang", "en")
    assert code == 2 and "valid copy_V: 1, 2, 4" in err


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_catalogs_have_same_keys_and_fields():
    from cutedump.dumps.messages import en, zh

    assert zh.MESSAGES.keys() == en.MESSAGES.keys()
    for k in zh.MESSAGES:
        assert _fields(zh.MESSAGES[k]) == _fields(en.MESSAGES[k]), k
        assert zh.MESSAGES[k].count("\n") == en.MESSAGES[k].count("\n"), k


def test_catalogs_hold_no_numbers():
    """Numbers come from the recipe; templates only hold notation (no digit outside a field)."""
    from cutedump.dumps.messages import en, zh

    for cat in (zh.MESSAGES, en.MESSAGES):
        for k, t in cat.items():
            text = re.sub(r"\{[^}]*\}", "", t)
            text = re.sub(r"[A-Za-z_]\w*\d\w*", "", text)  # identifiers: tile2mma, ...
            text = re.sub(r"Step \d|2-?D\b", "", text)  # step headings, "2D view"
            text = re.sub(r"rank != 2|size=1|size-1", "", text)  # notation about rank / filter
            assert not re.search(r"\d", text), (k, text)


CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def test_english_rendering_same_structure():
    _, zh_out, _ = run("tiled-copy-c")
    code, en_out, err = run("tiled-copy-c", "--lang", "en")
    assert code == 0, err
    assert not CJK.search(en_out)
    zl, el = zh_out.split("\n"), en_out.split("\n")
    assert len(zl) == len(el)
    # every line without narration (tables, layouts, coverage map, rules) is identical
    same = [i for i, line in enumerate(zl) if not CJK.search(line) and not line.startswith("===")]
    narrative_free = [i for i in same if re.fullmatch(r"[\s\d|+\-=X.():,_N:M]*", zl[i])]
    assert narrative_free
    for i in narrative_free:
        assert zl[i] == el[i], (i, zl[i], el[i])


def test_coverage_text_rule():
    from cutedump.dumps.tiled_copy_c import coverage_text
    from cutedump.parse import parse_layout

    assert coverage_text(parse_layout("_8:_1")) == "[0, 7]"
    assert coverage_text(parse_layout("_16:_1")) == "[0, 15]"
    assert coverage_text(parse_layout("_4:_2")) == "[0,2,4,6]"
    assert coverage_text(parse_layout("(_4,_2):(_2,_1)")) == "[0,2,4,6,1,3,5,7]"
    assert coverage_text(parse_layout("(_2,_4):(_1,_2)")) == "[0, 7]"  # identity in index order -> a range


def test_rank_fallback_and_table_choice():
    _, out, _ = run("tiled-copy-c")
    # copy_V = 1: left_inverse is rank 2 -> table; copy_V = 2, 4: rank 3 -> the fallback lines
    assert out.count("(rank != 2, 无法用 print_layout 可视化)") == 2


def test_generalised_runs():
    code, out, err = run(
        "tiled-copy-c", "--mma", "SM80_16x8x8_F32F16F16F32_TN", "--atom-layout", "(_2,_2,_1)", "--lang", "en"
    )
    assert code == 0, err
    assert "ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)" in out
    assert "\n  = ((_4,_8,_2,_2),_2):((_16,_1,_8,_64),_128)\n" in out  # CuTe's TiledLayout_TV for copy_V = 2


def test_unknown_atom_is_an_error():
    code, out, err = run("tiled-copy-c", "--mma", "SM80_NOPE")
    assert code == 2 and err.startswith("error: ")


# ---------------------------------------------------------------------------------------------------------------
# differential: every configuration against real CuTe
# ---------------------------------------------------------------------------------------------------------------

needs_oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))


@pytest.fixture(scope="module")
def cute_outputs():
    from tests.oracle.cute import run_cases

    outs = run_cases([cpp_case(op, al, p) for op, al, p, _ in CONFIGS])
    return [parse_output(o) for o in outs]


def _atom_layout(al) -> str:
    return "(" + ",".join(f"_{n}" for n in al) + ")"


@needs_oracle
def test_intermediates_match_cute(cute_outputs):
    """layout_TV, tiler_{m,n}_raw, tiler_{m,n}, tile2mma, left_inverse and layout_tv for every valid copy_V,
    against CuTe's own values and against make_tiled_copy_C_atom's TiledLayout_TV and Tiler_MN."""
    from cutedump.dumps.tiled_copy_c import compute_section, valid_copy_vs
    from cutedump.parse import parse_layout, parse_object

    checked = 0
    for cfg, (printed, lc, t0, t1, secs) in zip(CONFIGS, cute_outputs):
        L = parse_layout(lc)
        tiler = (parse_object(t0), parse_object(t1))
        assert [v for v in valid_copy_vs(L) if v <= MAX_COPY_V] == sorted(secs), cfg
        for v, want in secs.items():
            s = compute_section(L, tiler, v)
            ours = dict(
                layout_TV=s.layout_TV,
                tiler_m_raw=s.raws[0],
                tiler_n_raw=s.raws[1],
                tiler_m=s.tilers[0],
                tiler_n=s.tilers[1],
                tile2mma=s.tile2mma,
                inv=s.inv,
                layout_tv=s.layout_tv,
                cute_layout_tv=s.layout_tv,
                cute_tiler="(" + ",".join(map(str, s.tilers)) + ")",
            )
            for k, w in want.items():
                assert str(ours[k]) == w, (cfg, v, k)
            checked += 1
    assert len(CONFIGS) >= 20 and checked >= 60


@needs_oracle
def test_command_matches_cute(cute_outputs):
    """The command end to end (TiledMMA from cutedump.atoms): its configuration block is CuTe's print(TiledMMA),
    and each section's final layout_tv is CuTe's make_tiled_copy_C_atom TiledLayout_TV."""
    for (op, al, _, perm), (printed, lc, t0, t1, secs) in zip(CONFIGS, cute_outputs):
        args = ["tiled-copy-c", "--mma", op, "--atom-layout", _atom_layout(al), "--lang", "en", "--force"]
        if perm:
            args += ["--tile", perm]
        code, out, err = run(*args)
        assert code == 0, (op, err)
        assert "=== Configuration ===\n" + printed + "\n" in out, op
        finals = re.findall(r"\n\[Result\] layout_tv = composition\(inv_tile2mma, layout_TV\)\n  = (.*)\n", out)
        titles = [int(x) for x in re.findall(r"\ncopy_V = (\d+) ", out)]
        got = dict(zip(titles, finals))
        for v, want in secs.items():
            assert got[v] == want["cute_layout_tv"], (op, al, perm, v)


@pytest.fixture(scope="module")
def cute_full_dumps():
    from tests.oracle.cute import run_cases
    from tests.tiled_copy_c_cpp import cpp_full_dump

    return run_cases([cpp_full_dump(op, al, p) for op, al, p, _ in CONFIGS])


@needs_oracle
def test_cpp_rendition_reproduces_the_recording(cute_full_dumps):
    """Our C++ rendition of the walk-through, run on real CuTe with the recorded configuration, prints the
    recording byte for byte (so it is a faithful oracle for the other configurations)."""
    assert CONFIGS[0][3] == "(_16,_8,_16)"
    assert cute_full_dumps[0] == golden("tiled_copy_c.txt")


@needs_oracle
def test_full_dump_matches_cute_for_every_config(cute_full_dumps):
    """The whole zh dump (configuration block, every table, coverage map, ranges/lists) for every configuration."""
    for (op, al, _, perm), want in zip(CONFIGS, cute_full_dumps):
        args = ["tiled-copy-c", "--mma", op, "--atom-layout", _atom_layout(al), "--force"]
        if perm:
            args += ["--tile", perm]
        code, out, err = run(*args)
        assert code == 0, (op, err)
        assert out == want, (op, al, perm)
