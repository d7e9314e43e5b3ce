"""The CLI's rules (issue 22): usage errors in one line, --format json on every command that prints a result,
'-' or a pipe as input, several eval expressions, golden sub-manifests, and no silent answers."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from tests.paths import PKG

ROOT = Path(__file__).resolve().parents[1]


def run(*args, input=None, env=None):
    r = CliRunner().invoke(main, list(args), input=input, env=env)
    return r.exit_code, r.stdout, r.stderr


def one_error(code, out, err, needle=""):
    assert code == 2, (out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0], err
    assert "Usage:" not in err and "Traceback" not in err


# ---- usage errors ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["mma"], "Missing argument 'ATOM'"),
        (["layout", "(_2,_2)", "--bogus"], "No such option '--bogus'"),
        (["mma", "SM80_16x8x16_F16F16F16F16_TN", "--format", "xml"], "'xml' is not one of"),
        (["nosuch"], "No such command 'nosuch'"),
        (["ck", "nosuch"], "No such command 'nosuch'"),
        (["tilelang", "auto"], "Missing option '--shape'"),
        (["layout", "(_2,_2)", "--force", "x", "y"], "unexpected extra argument"),
        (["--bogus"], "No such option"),
    ],
)
def test_usage_errors_are_one_line(argv, needle):
    one_error(*run(*argv), needle)


def test_usage_error_names_the_help():
    _, _, err = run("mma")
    assert err.rstrip().endswith("(see 'cutedump mma --help')") or "--help" in err


def test_a_group_without_its_command_shows_its_help():
    for argv in ([], ["ck"], ["golden"], ["tilelang"]):
        code, out, err = run(*argv)
        assert code == 0 and out.startswith("Usage: ") and err == "", argv


def test_help_and_version_still_exit_0():
    assert run("--help")[0] == 0 and run("layout", "--help")[0] == 0 and run("--version")[0] == 0


# ---- JSON everywhere ---------------------------------------------------------------------------------------


def test_json_of_atoms_coords_compat_tiled_copy_c_ck_recipes_golden():
    code, out, _ = run("atoms", "--mma", "SM80_16x8x16_F16F16F16F16_TN", "--format", "json")
    d = json.loads(out)
    assert code == 0 and list(d) == ["mma", "versions"] and d["mma"][0]["shape_mnk"] == "(_16,_8,_16)"
    assert d["mma"][0]["threads"] == 32 and d["mma"][0]["types"] == ["half_t"] * 4
    d = json.loads(run("atoms", "LDSM", "--format", "json")[1])
    assert set(d) == {"mma", "copy", "versions"} and any(r["name"] == "SM75_U32x4_LDSM_N" for r in d["copy"])
    d = json.loads(run("coords", "(3,(2,3)):(3,(12,1))", "--format", "json")[1])
    assert (
        d["size"] == 18
        and d["columns"] == ["1-D", "2-D", "natural", "offset"]
        and d["rows"][16] == ["16", "(1,5)", "(1,(1,2))", "17"]
    )
    d = json.loads(run("coords", "(3,(2,3)):(3,(12,1))", "--idx", "16", "--format", "json")[1])
    assert d["items"] == [{"input": "16", "idx2crd": "(1,(1,2))", "crd2idx": "17"}]
    code, out, _ = run("compat", "((2,3),4)", "((2,2),(3,2))", "--format", "json")
    d = json.loads(out)
    assert code == 1 and d["compatible"] is False and d["reason"] == "mode 0.1: 3 != size(2) = 2" and d["cute"] == "0"
    code, out, _ = run("tiled-copy-c", "--format", "json")
    d = json.loads(out)
    assert code == 0 and d["copy_Vs"] == [1, 2, 4] and [s["copy_V"] for s in d["sections"]] == [1, 2, 4]
    assert d["layoutC_TV"] == "((_4,_8),((_2,_2),(_1,_1))):((_32,_1),((_16,_8),(_0,_0)))"
    d = json.loads(run("ck", "recipes", "--format", "json")[1])
    assert any(r["name"] == "xdl-a" for r in d["recipes"])
    code, out, _ = run(
        "golden", "verify", str(ROOT / "golden" / "layout" / ".."), "--only", "tiled_copy_c_v2.txt", "--format", "json"
    )
    d = json.loads(out)
    assert code == 0 and d["total"] == 1 and d["files"][0]["status"] == "ok"


def test_tiled_copy_c_json_agrees_with_the_narration():
    _, text, _ = run("tiled-copy-c", "--copy-v", "2", "--lang", "en")
    d = json.loads(run("tiled-copy-c", "--copy-v", "2", "--format", "json")[1])
    sec = d["sections"][0]
    for k in ("layout_TV", "tile2mma", "layout_tv"):
        assert sec[k] in text, k


# ---- standard input ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv,stdin,want",
    [
        (["layout"], "(_2,_2):(_1,_2)\n", ["layout", "(_2,_2):(_1,_2)"]),
        (["layout", "-"], "(_2,_2):(_1,_2)\n", ["layout", "(_2,_2):(_1,_2)"]),
        (
            ["explain", "-", "--lang", "en"],
            "coalesce((_2,_4):(_1,_2))\n",
            ["explain", "coalesce((_2,_4):(_1,_2))", "--lang", "en"],
        ),
        (["coords", "-"], "(3,(2,3))\n", ["coords", "(3,(2,3))"]),
        (["compat", "-", "(4,6)"], "24\n", ["compat", "24", "(4,6)"]),
        (["svg", "-"], "(_2,_2):(_1,_2)\n", ["svg", "(_2,_2):(_1,_2)"]),
        (
            [
                "bank",
                "-",
                "--copy",
                "UniversalCopy<uint128_t>",
                "--type",
                "half_t",
                "--thr",
                "(_32,_4):(_4,_1)",
                "--val",
                "(_1,_8)",
            ],
            "(_64,_32):(_32,_1)\n",
            [
                "bank",
                "(_64,_32):(_32,_1)",
                "--copy",
                "UniversalCopy<uint128_t>",
                "--type",
                "half_t",
                "--thr",
                "(_32,_4):(_4,_1)",
                "--val",
                "(_1,_8)",
            ],
        ),
    ],
)
def test_dash_or_pipe_is_the_argument(argv, stdin, want):
    code, out, err = run(*argv, input=stdin)
    code2, out2, _ = run(*want)
    assert code == code2 and out == out2 and out, err


def test_kernel_description_from_stdin():
    toml = (PKG / "kernel" / "examples" / "sgemm_2_nt.toml").read_text(encoding="utf-8")
    code, out, err = run("kernel", "-", "--no-readings", input=toml)
    assert code == 0 and out == run("kernel", "sgemm_2_nt", "--no-readings")[1], err


def test_empty_stdin_is_one_error():
    one_error(*run("layout", "-", input=""), "standard input is empty")


def test_eval_several_expressions_one_line_each():
    code, out, _ = run("eval", "upcast<2>((_4,_8):(_1,_4))", "size((_4,8))", "(_4,_8):(_1,_4)(17)")
    assert code == 0 and out == "(_2,_8):(_1,_2)\n32\n17\n"
    code, out, _ = run("eval", "size(_4)", "bogus(", "rank(_4)")
    assert (
        code == 1
        and out.splitlines()[0] == "_4"
        and out.splitlines()[1].startswith("error: ")
        and out.splitlines()[2] == "_1"
    )
    code, out, _ = run("eval", "size(_4)", "rank((_2,_3))", "--format", "json")
    assert [json.loads(x)["printed"] for x in out.splitlines()] == ["_4", "_2"]
    code, out, _ = run("eval", input="size(_4)\nrank((_2,_3))\n")
    assert code == 0 and out == "_4\n_2\n"
    one_error(*run("eval", "size(_4)", "-f", "-"), "not both")


# ---- golden sub-manifests ----------------------------------------------------------------------------------


def test_golden_verify_walks_sub_manifests(tmp_path):
    (tmp_path / "MANIFEST").write_text('a.txt  cutedump eval "size(_4)"\n')
    (tmp_path / "a.txt").write_text("_4\n")
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "MANIFEST").write_text('b.txt  cutedump eval "rank((_2,_3))"\n')
    (sub / "b.txt").write_text("_3\n")  # wrong on purpose
    code, out, _ = run("golden", "verify", str(tmp_path))
    assert (
        code == 1
        and "ok    a.txt" in out
        and "DIFF  sub/b.txt" in out
        and out.rstrip().endswith("2 golden file(s), 1 mismatch(es)")
    )
    code, out, _ = run("golden", "update", str(tmp_path))
    assert code == 0 and (sub / "b.txt").read_text() == "_2\n"


def test_golden_ignores_the_users_language(tmp_path):
    shutil.copytree(ROOT / "golden" / "explain", tmp_path / "explain")
    code, out, err = run("golden", "verify", str(tmp_path / "explain"), env={"CUTEDUMP_LANG": "zh"})
    assert code == 0, out + err
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "MANIFEST").write_text("v2.txt  cutedump tiled-copy-c --copy-v 2\n")
    shutil.copy(ROOT / "golden" / "tiled_copy_c_v2.txt", tmp_path / "t" / "v2.txt")
    assert run("golden", "verify", str(tmp_path / "t"), env={"CUTEDUMP_LANG": "en"})[0] == 0


# ---- no silent answers -------------------------------------------------------------------------------------


def test_explain_fragment_of_a_dynamic_tensor_is_refused_as_cute_does():
    one_error(
        *run(
            "explain",
            "partition",
            "--mma",
            "SM80_16x8x16_F16F16F16F16_TN",
            "--shape",
            "(64,32)",
            "--operand",
            "C",
            "--fragment",
        ),
        "Dynamic owning tensors not supported",
    )
    code, out, _ = run(
        "explain",
        "partition",
        "--mma",
        "SM80_16x8x16_F16F16F16F16_TN",
        "--shape",
        "(_64,_32)",
        "--operand",
        "C",
        "--fragment",
        "--format",
        "json",
    )
    assert code == 0 and json.loads(out)["result"] == "((_2,_2),_4,_4):((_1,_2),_4,_16)"


def test_ck_int32_index_t():
    """make_naive_tensor_descriptor: element_space_size = LongNumber<1> + sum((len-1)*stride), each term int32
    (tensor_descriptor_helper.hpp): (50000-1)*50000 wraps; the packed form multiplies in long_index_t."""
    d = json.loads(
        run("ck", "naive", "--lengths", "50000,50000", "--strides", "50000,1", "--format", "json", "--no-cute")[1]
    )
    assert d["element_space_size"] == -1794967296
    _, out, _ = run("ck", "naive", "--lengths", "50000,50000", "--strides", "50000,1", "--no-cute")
    assert "int32" in out and "2500000000" in out
    d = json.loads(run("ck", "naive", "--lengths", "50000,50000", "--format", "json", "--no-cute")[1])
    assert d["element_space_size"] == 2500000000
    one_error(*run("ck", "naive", "--lengths", "_50000,_50000", "--strides", "_50000,_1"), "does not compile")
    one_error(*run("ck", "naive", "--lengths", "_0,4", "--strides", "_1,1"), "does not compile")


def test_tilelang_type_and_type_bits_together_is_an_error():
    one_error(
        *run("tilelang", "auto", "--shape", "64,16", "--type", "float16", "--type-bits", "8"),
        "--type float16 and --type-bits 8",
    )


def test_empty_kernel_description_is_an_error(tmp_path):
    f = tmp_path / "k.toml"
    f.write_text("# nothing\n")
    one_error(*run("kernel", str(f)), "nothing to dump")


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-only", "--tile", "(_32,_32,_16)"], "--atom-only and --tile"),
        (["mma", "SM80_16x8x16_F16F16F16F16_TN", "--thread", "3"], "--thread needs --partition"),
        (["mma", "SM80_16x8x16_F16F16F16F16_TN", "--partition", "(64,64)", "--format", "json"], "--format json and"),
        (
            ["copy", "SM75_U32x4_LDSM_N", "--type", "half_t", "--thr", "(_32,_1)", "--val", "(_1,_8)", "--thread", "3"],
            "--thread needs --partition",
        ),
        (["copy", "SM75_U32x4_LDSM_N", "--type", "half_t", "--atom-only", "--tids", "0,1"], "--tids needs --samples"),
        (
            ["copy", "SM75_U32x4_LDSM_N", "--type", "half_t", "--atom-only", "--format", "json"],
            "--format json and --atom-only",
        ),
        (["latex", "(_4,_8):(_8,_1)", "--tile", "(_4,_8)"], "--tile does not apply"),
        (["svg", "--mma", "SM80_16x8x16_F16F16F16F16_TN", "--thr", "(_4,_2)"], "--thr does not apply"),
        (
            [
                "html",
                "--copy",
                "UniversalCopy<uint32_t>",
                "--type",
                "float",
                "--thr",
                "(_4,_2)",
                "--val",
                "(_1,_2)",
                "--operand",
                "A",
                "--mma",
                "SM80_16x8x16_F16F16F16F16_TN",
            ],
            "--thr and --operand",
        ),
        (
            ["bank", "--inst", "ld.shared.b32", "--addresses", ",".join(map(str, range(0, 128, 4))), "--warp", "2"],
            "--warp",
        ),
        (
            [
                "bank",
                "--inst",
                "ld.shared.b32",
                "--addresses",
                ",".join(map(str, range(0, 128, 4))),
                "--compact",
                "--format",
                "json",
            ],
            "--compact and --format json",
        ),
        (["kernel", "sgemm_2_nt", "--no-readings", "--warp", "1"], "--warp needs"),
        (["sgemm-sm80", "--no-readings", "--warp", "1"], "--warp needs"),
        (["explain", "coalesce(_4)", "--thread", "3"], "--thread belongs"),
        (
            ["explain", "partition", "--mma", "SM80_16x8x16_F16F16F16F16_TN", "--shape", "(_64,_32)", "--detail", "3"],
            "--detail",
        ),
        (["ck", "naive", "--lengths", "4,8", "--offsets"], "--offsets needs --format json"),
        (["tilelang", "linear", "--shape", "3,8", "--values"], "--values needs --format json"),
        (["tilelang", "full-bank", "--shape", "64,64", "--rows", "4"], "--rows needs"),
        (["eval", "size(_4)", "-j", "2"], "-j/--jobs needs"),
        (["atoms", "SM80", "--mma", "SM90"], "PATTERN and --mma"),
        (["layout", "(_2,_2)", "--plain", "--format", "json"], "--plain needs the text output"),
        (["tiled-copy-c", "--plain", "--format", "json"], "--plain needs the text output"),
        (["ck", "recipe", "xdl-b", "--N", "128", "--K", "64", "--MPerBlock", "64"], "--MPerBlock does not apply"),
        (["ck", "recipe", "xdl-c-thread", "--M", "4"], "--M does not apply to recipe xdl-c-thread"),
    ],
)
def test_options_that_would_be_ignored_or_contradict_are_one_error(argv, needle):
    one_error(*run(*argv), needle)


def test_mma_fragment_line_refuses_dynamic_extents_as_cute_does():
    code, out, _ = run("mma", "SM80_16x8x16_F16F16F16F16_TN", "--partition", "(128,128,64)", "--thread", "3")
    lines = {ln.split(":")[0]: ln for ln in out.splitlines() if ln.startswith("thread 3 partition_fragment")}
    assert code == 0 and len(lines) == 3
    assert all("Dynamic owning tensors not supported" in ln for ln in lines.values())
    code, out, _ = run("mma", "SM80_16x8x16_F16F16F16F16_TN", "--partition", "(_128,_128,_64)", "--thread", "3")
    assert "thread 3 partition_fragment_C: ((_2,_2),_8,_16):((_1,_2),_4,_32)" in out


def test_kernel_fragment_of_dynamic_extents_is_refused():
    """make_fragment_like of a tensor is an owning register tensor: a dynamic tile size (bK=8, not _8) makes it
    dynamic, which CuTe refuses ("Dynamic owning tensors not supported"); the static tile answers."""
    one_error(*run("kernel", "sgemm_sm70_tn", "--set", "bK=8", "--no-readings"), "Dynamic owning tensors")
    assert run("kernel", "sgemm_sm70_tn", "--set", "bK=_8", "--no-readings")[0] == 0
