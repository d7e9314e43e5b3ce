"""Cut the tutorial's tables out of ../shared/seeds/002_8a9743006ee6253c.txt verbatim (provenance of this dir).

    python golden/tutorial/cut.py /work/shared/seeds/002_8a9743006ee6253c.txt
writes compat_table.md (the 11-row compatibility table), coords_3x2x3.md (the Shape (3,(2,3)) table) and
coords_grid_3x2x3.txt (the offset grid of (3,(2,3)):(3,(12,1))) and print_latex_L5_tutorial.tex.
"""

import sys
from pathlib import Path


def cut(lines, header_start):
    i = next(k for k, l in enumerate(lines) if l.startswith(header_start))
    j = i
    while j < len(lines) and lines[j].startswith("|"):
        j += 1
    return "".join(lines[i:j])


def main(src):
    lines = Path(src).read_text(encoding="utf-8").splitlines(keepends=True)
    here = Path(__file__).parent
    (here / "compat_table.md").write_text(cut(lines, "| Shape A | Shape B |"), encoding="utf-8")
    (here / "coords_3x2x3.md").write_text(cut(lines, "| 1-D | 2-D |"), encoding="utf-8")
    # the offset grid of (3,(2,3)):(3,(12,1)): the code block after the line that introduces it
    k = next(i for i, l in enumerate(lines) if l.startswith("用二维表格表示"))
    a = next(i for i in range(k, len(lines)) if lines[i].startswith("```")) + 1
    b = next(i for i in range(a, len(lines)) if lines[i].startswith("```"))
    (here / "coords_grid_3x2x3.txt").write_text("".join(lines[a:b]), encoding="utf-8")
    # the print_latex(L5) example: the shell block after "> print_latex(L5);" (its leading blank line dropped)
    k = next(i for i, l in enumerate(lines) if l.startswith("> print_latex(L5);"))
    a = next(i for i in range(k + 1, len(lines)) if lines[i].strip())
    b = next(i for i in range(a, len(lines)) if lines[i].startswith("```"))
    (here / "print_latex_L5_tutorial.tex").write_text("".join(lines[a:b]), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/seeds/002_8a9743006ee6253c.txt")
