"""The package's version and the versions its answers are exact against, stated once.

``__version__`` is the package version (pyproject.toml reads it from here: ``[tool.setuptools.dynamic]``);
``cutedump --version``, ``cutedump.__version__`` and the ``"versions"`` key of every JSON answer
(:func:`json_answer`) come from this module. ``EXACT_AGAINST`` names the real systems whose printed answers the
tests compare with byte for byte (tests/test_versions.py checks each against its records):

* ``cutlass``: CuTe's C++ headers (nvidia-cutlass 4.2.0.0, compiled host-only with g++: tests/oracle/records/);
* ``cute_dsl``: the CuTe DSL (nvidia-cutlass-dsl), traced on the CPU;
* ``triton``: Triton, on the CPU;
* ``tilelang``: TileLang's layouts (tests/tilelang/records/);
* ``composable_kernel``: the commit of Composable Kernel's headers compiled host-only (tests/ck/records/);
* ``h100_bank_model``: the measurement set behind the shared-memory bank model (tests/data/bank/).

Nothing here imports anything at module level: ``import cutedump`` stays fast.
"""

from __future__ import annotations

__version__ = "0.1.0"

#: the real systems the answers are exact against (see the module's docstring)
EXACT_AGAINST = {
    "cutlass": "4.2.0",
    "cute_dsl": "4.8.1",
    "triton": "3.9.0",
    "tilelang": "0.1.15",
    "composable_kernel": "8e22e1ae31bbf7086f69d8724e027676791d351a",
    "h100_bank_model": "H100 80GB HBM3, Nsight Compute 2025.3.1: 74 + 2988 patterns",
}

#: the value of the "versions" key of every JSON answer: the package, then what it is exact against
VERSIONS = {"cutedump": __version__, **EXACT_AGAINST}

#: labels of ``cutedump --version``'s lines, in EXACT_AGAINST's order
_LABELS = {
    "cutlass": "CuTe / CUTLASS",
    "cute_dsl": "CuTe DSL",
    "triton": "Triton",
    "tilelang": "TileLang",
    "composable_kernel": "Composable Kernel",
    "h100_bank_model": "H100 bank model",
}


#: CUTLASS 4.7.0 beside 4.2.0: what real CuTe 4.7 answers differently to the oracle batches compiled against both
#: (docs/CUTLASS_VERSIONS.md, written from tests/oracle/records/cutlass-4.7/); cutedump's answers are 4.2.0's
CUTLASS_NEXT = {
    "version": "4.7.0",
    "differs": (
        "SM80_16x8x32_{S,U}4{S,U}4S32_TN[_SATURATE]: LayoutB_TV stride 64 (4.2: 32)",
        "SM100_MMA_F8F6F4_SS is a template (4.2's MMA_Traits<SM100_MMA_F8F6F4_SS, ...> spelling does not compile)",
    ),
}


def version_text(prog: str = "cutedump") -> str:
    """``cutedump --version``: the package version, then one line per system the answers are exact against, and
    what CUTLASS 4.7.0 answers otherwise where the oracle batches were compared."""
    lines = [f"{prog}, version {__version__}", "exact against:"]
    lines += [f"  {_LABELS[k]}: {v}" for k, v in EXACT_AGAINST.items()]
    lines.append(f"compared with CUTLASS {CUTLASS_NEXT['version']} (docs/CUTLASS_VERSIONS.md); it differs in:")
    lines += [f"  {d}" for d in CUTLASS_NEXT["differs"]]
    return "\n".join(lines)


def json_answer(answer, *, indent: int | None = None, ensure_ascii: bool = True) -> str:
    """The text of a JSON answer (one line, or ``indent``-ed), with a newline: the answer's object with
    :data:`VERSIONS` under the key ``"versions"``, last (the answer's own keys keep their order and bytes).
    Every JSON answer the commands print is written here."""
    if isinstance(answer, dict):
        answer = {**answer, "versions": VERSIONS}
    import json  # start-up: json only for a JSON answer

    return json.dumps(answer, indent=indent, ensure_ascii=ensure_ascii) + "\n"
