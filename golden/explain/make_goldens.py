"""Write the explain goldens from their MANIFEST commands (values checked against real CuTe by tests/test_explain.py).

python golden/explain/make_goldens.py
"""

import shlex
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
for line in (HERE / "MANIFEST").read_text().splitlines():
    if not line.strip() or line.startswith("#"):
        continue
    name, cmd = line.split(None, 1)
    r = subprocess.run(shlex.split(cmd), capture_output=True, text=True)
    (HERE / name).write_text(r.stdout)
