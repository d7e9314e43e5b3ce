"""TensorDescriptor.check_cute's shortcut (_linear_equal: an affine chain of Embed/UnMerge/PassThrough whose hidden
indices cannot leave int32, against a flat layout) gives exactly what evaluating the whole domain gives: naive
descriptors, XDL recipes and transform stages with odd, large and overflowing lengths and strides."""

import random

from cutedump.ck import descriptor as D
from cutedump.ck.recipes import RECIPES, build_recipe
from cutedump.ck.report import cute_view
from cutedump.commands.ck_cmd import base_descriptor, build_descriptor


def _descriptors(rnd):
    for _ in range(400):
        r = rnd.randint(1, 3)
        lens = ",".join(
            ("_" if rnd.random() < 0.3 else "") + str(rnd.choice([0, 1, 2, 3, 7, 64, 70000])) for _ in range(r)
        )
        strides = (
            None
            if rnd.random() < 0.3
            else ",".join(str(rnd.choice([0, 1, -1, 2, 64, 1 << 20, 1 << 30, -(1 << 29), 3])) for _ in range(r))
        )
        yield lambda: base_descriptor(lens, strides, None, "naive")
    for _ in range(150):
        kw = dict(
            M=rnd.choice([None, 64, 100, 256, 1 << 16]),
            N=rnd.choice([None, 64, 96, 256]),
            K=rnd.choice([None, 32, 64, 100]),
            AK1=rnd.choice([4, 8]),
            MPerBlock=rnd.choice([None, 64, 128]),
            NPerBlock=rnd.choice([None, 64]),
            KPerBlock=rnd.choice([None, 32]),
            stride=rnd.choice([None, 64, 1 << 29]),
            layout=rnd.choice([None, "row", "col"]),
        )
        name = rnd.choice(list(RECIPES))
        yield lambda: build_recipe(name, **kw)
    for _ in range(300):
        a, b = rnd.choice([1, 2, 3, 4, 8, 60000]), rnd.choice([1, 2, 4, 8, 70000])
        strides = rnd.choice([None, f"{b},1", f"1,{a}", f"{rnd.choice([1, 3, 1 << 20])},{rnd.choice([0, 1, -5])}"])
        x = rnd.choice([1, 2, 4])
        stages = [
            f"embed({a},{b};{rnd.choice([1, 2, b, 1 << 30])},{rnd.choice([1, -1, a, 3])})@0,1->0",
            f"pass_through({b})@1->0; pass_through({a})@0->1",
        ]
        if a % x == 0:
            stages.append(f"unmerge({x},{a // x})@0->0,1; pass_through({b})@1->2")
        stage = rnd.choice(stages)
        yield lambda: build_descriptor(f"{a},{b}", strides, None, [stage], "d")


def test_linear_shortcut_is_exact(monkeypatch):
    rnd = random.Random(25)
    shown = compared = mismatched = 0
    for make in _descriptors(rnd):
        try:
            d = make()
            L, const, _ = cute_view(d)
        except Exception:  # noqa: BLE001 - inputs CK (or the CuTe view) refuses are not the point here
            continue
        if L is None or d.size() > 200000:
            continue
        got = d.check_cute(L, const)
        shown += D.TensorDescriptor._linear_equal(d, L, const)
        with monkeypatch.context() as m:
            m.setattr(D.TensorDescriptor, "_linear_equal", lambda *a: False)
            ref = d.check_cute(L, const)
        assert got == ref
        compared += 1
        mismatched += ref[0] > 0
    assert compared > 500 and shown > 300 and mismatched > 5, (compared, shown, mismatched)
