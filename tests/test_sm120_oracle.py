"""SM120 (GeForce Blackwell) mma.sync atoms against real CuTe 4.2: every type combination CuTe specializes printed
as MMA_Atom, a TiledMMA of each family in three tilings with partitions and fragments, and the combinations CuTe's
static_asserts refuse (tests/oracle/cute.py compiles them; the catalog is cutedump/atoms/mma_catalog/sm120.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cutedump.atoms.mma_catalog import lookup_mma
from cutedump.atoms.mma_catalog import sm120 as S
from cutedump.errors import CuteDumpError
from tests.oracle import gen_atoms as G
from tests.oracle.cute import PRELUDE, diff_cases, include_dirs, refusal_verdicts, run_chunked, unavailable_reason

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

PRELUDE_SM120 = (
    PRELUDE + "#include <cute/atom/mma_traits_sm120.hpp>\n#include <cute/atom/mma_traits_sm120_sparse.hpp>\n"
)


def _atoms():
    return S.every_atom()


def test_every_family_combination_is_listed():
    atoms = _atoms()
    by_family = {f: sum(t.family == f for t in atoms) for f in S.FAMILIES}
    # CuTe 4.2's specializations: 50 F8F6F4 (2 accumulators), 25 MX (VS 32), 2 x 2 NVF4/MXF4 (VS 16|32), sparse alike
    assert by_family == {
        "SM120_16x8x32_TN": 50,
        "SM120_16x8x32_TN_VS": 25,
        "SM120_16x8x64_TN_VS": 4,
        "SM120_SPARSE_16x8x64_TN": 50,
        "SM120_SPARSE_16x8x64_TN_VS": 25,
        "SM120_SPARSE_16x8x128_TN_VS": 3,
    }


@oracle
def test_every_sm120_atom_prints_like_cute():
    atoms = _atoms()
    cases = [(f"atom {t.name}", f"print(MMA_Atom<{t.cpp}>{{}});", G.M.MMAAtom(t).print_str()) for t in atoms]
    bad = diff_cases(cases, run_chunked(cases, 200, prelude=PRELUDE_SM120))
    assert not bad, "\n".join(bad[:20])


@oracle
def test_sm120_tiled_mma_like_cute():
    atoms = _atoms()
    pick = [next(t for t in atoms if t.family == f) for f in S.FAMILIES]  # one atom of each family
    pick += [t for t in atoms if "half_t" in t.name][:2]
    cases = G.mma_tiled_cases(pick, partitions=True)
    bad = diff_cases(cases, run_chunked(cases, 200, prelude=PRELUDE_SM120))
    assert not bad, "\n".join(bad[:20])


#: (atom as a user writes it, CuTe's static_assert text or None for a refusal of the device compile's fma)
REFUSED = [
    ("SM120_16x8x32_TN<half_t,float_e4m3_t,float>", "No MMA matches SM120_16x8x32_TN for given data types."),
    ("SM120_16x8x32_TN<float_e4m3_t,float_e4m3_t,bfloat16_t>", "No MMA matches SM120_16x8x32_TN for given data"),
    ("SM120_16x8x32_TN<int8_t,int8_t,int32_t>", "No MMA matches SM120_16x8x32_TN for given data types."),
    (
        "SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e2m1_t,float_e4m3_t,half_t,float_ue8m0_t,32>",
        "No MMA matches SM120_16x8x32_TN_VS for given data types.",
    ),
    (
        "SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e2m1_t,float_e4m3_t,float,float_ue4m3_t,32>",
        "No MMA matches SM120_16x8x32_TN_VS for given data types.",
    ),
    (
        "SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e4m3_t,float,float_ue8m0_t,32>",
        "No MMA matches SM120_16x8x64_TN_VS for given data types.",
    ),
    (
        "SM120::SPARSE::SM120_SPARSE_16x8x64_TN<float_e4m3_t,half_t,float>",
        "No MMA matches SM120_SPARSE_16x8x64_TN for given data types.",
    ),
    (
        "SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,half_t,float_ue8m0_t,32>",
        "No MMA matches SM120_SPARSE_16x8x128_TN_VS for given data types.",
    ),
]


@oracle
def test_refused_types_like_cute():
    verdicts = refusal_verdicts(
        PRELUDE_SM120, [f"print(MMA_Atom<{a}>{{}});" for a, _ in REFUSED], "sm120-rej-", "refused SM120 atoms"
    )
    bad = []
    for (atom, why), got in zip(REFUSED, verdicts):
        if why not in got:
            bad.append(f"CuTe: {atom}: {got}")
        with pytest.raises(CuteDumpError) as e:
            lookup_mma(atom)
        if why.rstrip(".") not in e.value.message:
            bad.append(f"cutedump: {atom}: {e.value.message}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(
    "atom,vs",
    [
        ("SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,{vs}>", (16, 64)),
        ("SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,{vs}>", (8, 64)),
        ("SM120_SPARSE_16x8x64_TN_VS<float_e4m3_t,float_e2m1_t,float,float_ue8m0_t,{vs}>", (16, 32)),
        ("SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,{vs}>", (16, 64)),
    ],
)
def test_vector_size_refused_with_cutes_assert(atom, vs):
    """The VS static_assert sits in the op's fma (compiled for sm_120a only): refused with its text, which is CuTe's
    own text in the header of that specialization."""
    headers = "".join(
        (Path(d) / "cute/arch" / h).read_text()
        for d in include_dirs() or []
        for h in ("mma_sm120.hpp", "mma_sm120_sparse.hpp")
        if (Path(d) / "cute/arch" / h).exists()
    )
    for v in vs:
        with pytest.raises(CuteDumpError, match=r"Scaling factor vector size has to be") as e:
            lookup_mma(atom.format(vs=v))
        why = re.search(r"Scaling factor vector size has to be [^\"(]*\.", e.value.message).group(0)
        if headers:
            assert f'"{why}"' in headers


def test_atoms_listing_and_errors(run_cli=None):
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "cutedump", "atoms", "--mma", "SM120*"], capture_output=True, text=True)
    assert r.returncode == 0
    rows = [ln.split()[0] for ln in r.stdout.splitlines()[2:]]
    assert rows == [f.usage() for f in S.FAMILIES.values()]
    r = subprocess.run(
        [sys.executable, "-m", "cutedump", "mma", "SM120_16x8x32_TN<half_t, float_e2m1_t, float>"],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 2 and r.stderr.startswith("error: ") and len(r.stderr.splitlines()) == 1
    assert "SM120_16x8x32_TN<half_t, float_e2m1_t, float>" in r.stderr
