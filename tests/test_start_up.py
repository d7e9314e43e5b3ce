"""Start-up paths that avoid importing numpy for small inputs (the README examples) give the same bytes as the numpy
paths they stand in for (forced here by setting the SMALL thresholds below every input)."""

import json

import pytest

import cutedump as cd
from cutedump.algebra import evaluate
from cutedump.parse import parse_layout
from cutedump.render import grid, json_view
from tests.paths import PKG_PATH

MMAS = [
    ("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2)", "(_32,_32,_16)"),
    ("SM80_16x8x8_F32TF32TF32F32_TN", "(_2,_2,_1)", None),
    ("UniversalFMA<float,float,float>", "(_16,_16,_1)", None),
    ("SM70_8x8x4_F32F16F16F32_NT", None, None),
    ("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2,_1):(_2,_1,_0)", "((_2,_16):(_16,_1),_16,_)"),
]
LAYOUTS = [
    "(2,(2,3)):(6,(3,1))",
    "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))",
    "Sw<3,3,3> o _0 o (_8,_8):(_8,_1)",
    "(_8,_4):(_4,_1)",
    "_8:_2",
    "(_0,_4):(_1,_1)",
    "Sw<2,3,3> o 5 o (_8,_16):(_16,_1)",
]


def views():
    out = []
    for name, al, tile in MMAS:
        mma = cd.make_tiled_mma(cd.MMA_Atom(name), al, tile)
        out += [cd.svg(mma), cd.latex(mma)]
    copy = cd.make_tiled_copy(cd.Copy_Atom("SM75_U32x4_LDSM_N", "half_t"), "(_32,_1)", "(_1,_8)")
    out += [cd.svg(copy), cd.latex(copy)]
    out += [cd.latex("((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", "(_16,_8)"), cd.svg("(_4,_2):(_2,_1)", "(_4,_2)")]
    out += [
        cd.html("((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", "(_16,_8)"),
        cd.html(copy),
        cd.html(cd.make_tiled_mma(cd.MMA_Atom("SM80_16x8x16_F16F16F16F16_TN"), "(_2,_2)", "(_32,_32,_16)")),
        cd.html(cd.make_tiled_mma(cd.MMA_Atom("UniversalFMA<float,float,float>"), "(_16,_16,_1)")),
    ]
    for L in LAYOUTS:
        out += [cd.svg(L), cd.latex(L), cd.html(L), json.dumps(json_view.layout_json(parse_layout(L)))]
    return out


def test_small_paths_same_bytes(monkeypatch):
    small = views()
    monkeypatch.setattr(grid, "SMALL", -1)
    monkeypatch.setattr(evaluate, "SMALL", -1)
    monkeypatch.setattr(evaluate, "FOLD", -1)
    assert views() == small


def test_small_path_same_error(monkeypatch):
    cl = grid.coord_tensor((cd._4, cd._2), cd.Layout("(_4,_4):(_1,_4)"), False)
    with pytest.raises(cd.CuteDumpError) as small:
        grid.first_holders_list(cl, 4, 2)
    monkeypatch.setattr(grid, "SMALL", -1)
    with pytest.raises(cd.CuteDumpError) as big:
        grid.first_holders_list(cl, 4, 2)
    assert str(small.value) == str(big.value) and "(T0, V2)" in str(small.value)


def test_xml_escaping_is_the_standard_librarys():
    import random
    from xml.sax import saxutils

    from cutedump.render import xmltext

    r = random.Random(25)
    alphabet = "ab&<>\"'\n\r\t;#x é-"
    for _ in range(5000):
        s = "".join(r.choice(alphabet) for _ in range(r.randint(0, 12)))
        assert (xmltext.escape(s), xmltext.quoteattr(s)) == (saxutils.escape(s), saxutils.quoteattr(s)), repr(s)


def test_first_layout_loads_no_atoms_and_no_views():
    """The API's first use (``cd.Layout(text)``) loads the algebra and the parser only; atoms load on first use."""
    import subprocess
    import sys

    code = (
        "import sys, cutedump as cd; L = cd.Layout('(_4,_8):(_8,_1)'); "
        "bad = [m for m in sys.modules if m.startswith(('cutedump.atoms', 'cutedump.render', 'click', 'numpy'))]; "
        "assert not bad, bad; "
        "assert cd.TiledMMA.__name__ == 'TiledMMA' and hasattr(cd.MMA_Atom('SM80_16x8x8_F16F16F16F16_TN'), "
        "'_repr_svg_')"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_first_layout_loads_no_re_functools_or_enum():
    """The API's first use imports none of re, functools, enum (interop imports re only for a CuTe DSL conversion; api
    copies functools.wraps' attributes itself): ~26 M of its 85 M instructions. (importlib, which imports warnings,
    loads the API's module: importlib.import_module, ~2 M.)"""
    import subprocess
    import sys

    code = (
        "import sys, cutedump as cd; L = cd.Layout('(_4,_8):(_8,_1)'); print(cd.composition(L, '(_2,_4)')); "
        "print(sorted(m for m in ('re', 'functools', 'enum', 'collections') if m in sys.modules))"
    )
    r = subprocess.run(
        [sys.executable, "-S", "-c", code], capture_output=True, text=True, check=True, env={"PYTHONPATH": PKG_PATH}
    )
    assert r.stdout == "(_2,_4):(_8,_1)\n[]\n", r.stdout
    import cutedump as cd

    assert cd.composition.__wrapped__.__name__ == "composition" and cd.composition.__doc__


def test_small_pictures_load_no_numpy_and_no_urllib():
    """The README's latex/svg/html examples of small layouts and MMAs import neither numpy nor urllib.request."""
    import subprocess
    import sys

    code = (
        "import sys; from click.testing import CliRunner; from cutedump.cli import main\n"
        "for args in (['latex', '(2,(2,3)):(6,(3,1))'], ['svg', 'Sw<3,3,3> o _0 o (_8,_8):(_8,_1)'],\n"
        "             ['html', '((_4,_8),(_2,_2)):((_32,_1),(_16,_8))'],\n"
        "             ['svg', '--mma', 'SM80_16x8x16_F16F16F16F16_TN', '--atom-layout', '(_2,_2)'],\n"
        "             ['latex', '--mma', 'SM80_16x8x16_F16F16F16F16_TN', '--atom-layout', '(_2,_2)'],\n"
        "             ['html', '--mma', 'SM80_16x8x16_F16F16F16F16_TN', '--atom-layout', '(_2,_2)'],\n"
        "             ['layout', '(_4,_8):(_8,_1)', '--format', 'json']):\n"
        "    r = CliRunner().invoke(main, args); assert r.exit_code == 0, (args, r.output)\n"
        "bad = [m for m in ('numpy', 'urllib.request', 'xml.sax') if m in sys.modules]; assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
