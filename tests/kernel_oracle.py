"""What the kernel differential tests (test_kernel_sm90*.py, test_kernel_sm100.py) share: reading real CuTe's output of
a kernel program (tests/kernel_cpp*.py) apart, and running `cutedump kernel` with --set parameters."""

from __future__ import annotations

from click.testing import CliRunner

from cutedump.cli import main

#: printed by CuTe on the host when it builds an smem descriptor for an unset pointer; not part of the answer
NOISE = "ERROR: cast_smem_ptr_to_uint not supported but used."


def split_cute(text: str) -> tuple[str, dict]:
    """Real CuTe's output -> (what ``--no-readings`` prints, {"descs": {"tCrA": hex, "tCrB": hex} (k-block 0's smem
    descriptors), "tensor_map": [the cuTensorMapEncodeTiled lines of tests/oracle/gen_tma.py's prelude], "assert":
    the condition of CuTe's failed assert or None})."""
    lines, extra = [], {"descs": {}, "tensor_map": [], "assert": None}
    for ln in text.splitlines(keepends=True):
        if ln.rstrip("\n") == NOISE:
            continue
        if ln.startswith(("tCrA(0): ", "tCrB(0): ")):
            extra["descs"][ln[:4]] = ln.split(": ", 1)[1].strip()
        elif ln.startswith("tensor_map: "):
            extra["tensor_map"].append(ln[len("tensor_map: ") :].rstrip("\n"))
        elif ln.startswith("ASSERT: "):
            extra["assert"] = ln[len("ASSERT: ") :].rstrip("\n")
        else:
            lines.append(ln)
    return "".join(lines) + ("\n" if lines and not lines[-1].endswith("\n") else ""), extra


def run(*args) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.stdout, r.stderr


def kernel_args(kernel: str, sets: dict, thread) -> list[str]:
    """`kernel KERNEL --thread T --set K=V ...` as a list of arguments."""
    out = ["kernel", kernel, "--thread", str(thread)]
    for k, v in sets.items():
        out += ["--set", f"{k}={v}"]
    return out
