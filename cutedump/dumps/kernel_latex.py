"""``--dump-latex``: one standalone .tex per drawable kernel object, as the kernel's print_latex calls write
them (CuTe's print_latex takes layouts of rank <= 2, so a smem layout is drawn for pipe stage 0:
``print_latex(sA_layout(_,_,0))``). Files are written atomically (temporary file + rename) and never overwritten
without ``force``."""

from __future__ import annotations

import os
from pathlib import Path

from cutedump.algebra import UNDERSCORE as _
from cutedump.algebra import rank
from cutedump.errors import CuteDumpError
from cutedump.kernel.tensor import inner, slice_tensor
from cutedump.render import latex

# (file stem, entry name, how): the objects the seed's --dump-latex writes
LATEX_OBJECTS = (
    ("sA", "sA_layout", "stage0"),
    ("copyA", "copyA", "copy"),
    ("copyB", "copyB", "copy"),
    ("mmaC", "mmaC", "mma"),
    ("s2r_copy_a", "s2r_copy_a", "copy"),
    ("s2r_copy_b", "s2r_copy_b", "copy"),
)


def latex_texts(dump) -> list[tuple[str, str]]:
    """[(file name, print_latex text)] for the objects the dump has."""
    out = []
    names = {it.name for it in dump.objects if it.show}  # modelling-only objects (show = false) are not drawn
    for stem, name, how in LATEX_OBJECTS:
        if name not in names:
            continue
        v = dump.item(name).value
        if how == "stage0":
            r = int(rank(inner(v)))
            if r > 2:
                v = slice_tensor(v, (_, _) + (0,) * (r - 2))[0]
            text = latex.print_latex(v)
        elif how == "copy":
            text = latex.print_latex_copy(v)
        else:
            text = latex.print_latex_mma(v)
        out.append((f"{stem}.tex", text))
    return out


def write_latex(dump, outdir, force: bool = False) -> list[str]:
    """Write the files; refuse (before writing anything) when one exists and force is false."""
    d = Path(outdir)
    if d.exists() and not d.is_dir():
        raise CuteDumpError(f"--outdir {outdir}: not a directory")
    texts = latex_texts(dump)
    if not force:
        existing = [str(d / n) for n, _ in texts if (d / n).exists()]
        if existing:
            raise CuteDumpError(
                f"{existing[0]} exists; pass --force to overwrite"
                + (f" ({len(existing)} files exist)" if len(existing) > 1 else "")
            )
    d.mkdir(parents=True, exist_ok=True)
    paths = []
    for n, text in texts:
        p = d / n
        tmp = d / f".{n}.{os.getpid()}.tmp"
        try:
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, p)
        except OSError as e:
            tmp.unlink(missing_ok=True)
            raise CuteDumpError(f"cannot write {p}: {e.strerror}") from None
        paths.append(str(p))
    return paths
