"""``cutedump triton``: its declaration (see cutedump/commands/_decl.py; its answer: the ``fast`` function below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt, Range  # noqa: F401

EPILOG_TRITON = """\b
Examples:
  cutedump triton "BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[1, 0], cga_layout=[])" --shape 16,16
  cutedump triton "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>" --shape 32,32 --format json
  cutedump triton "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8])" --shape 32,32
  cutedump triton "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 64, 16]), k_width=2)" --shape 64,16
  cutedump triton "SliceLayout(dim=1, parent=BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[1, 0]))" --shape 32
  cutedump triton "#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>" --shape 16,32
  cutedump triton "NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16)" --shape 8,64
  cutedump triton --from-cute "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))" --shape 8,16
  cutedump triton "TensorMemoryLayout(block=(128, 128), col_stride=1)" --shape 128x128xf32
\b
LAYOUT is Gluon's repr() spelling (BlockedLayout, SliceLayout, DotOperandLayout, NVMMADistributedLayout,
DistributedLinearLayout, SwizzledSharedLayout, NVMMASharedLayout, SharedLinearLayout, AMDMFMALayout,
AMDWMMALayout; NVMMASharedLayout.get_default_for(block_shape, dtype)) or TTGIR's attribute text (#ttg.blocked,
#ttg.slice, #ttg.dot_op, #ttg.nvidia_mma, #ttg.linear, #ttg.swizzled_shared, #ttg.nvmma_shared, #ttg.shared_linear,
#ttg.amd_mfma, #ttg.amd_wmma). The answer is computed by cutedump's own
code and agrees with Triton 3.9.0's to_linear_layout, format_tensor_view and format_hardware_view
(tests/test_triton_oracle.py). --ttgir FILE dumps every layout alias of a .ttgir file for each tensor shape that
uses it. --from-cute turns a CuTe (thread, value)
-> index TV layout into Triton's bases (32 lanes per warp). Tensor memory (TensorMemoryLayout,
TensorMemoryScalesLayout; #ttng.tensor_memory_encoding, #ttng.tensor_memory_scales_encoding): --shape names the
element type too (128x128xf32); the answer is Triton's linear layout (row: TMEM lanes, col: columns in elements),
the lanes and 32-bit columns, and the CuTe UMMA accumulator at the same lanes and columns (cutedump tmem).
"""


COMMAND = Command(
    "triton",
    fast="cutedump.commands._answers:triton_text",
    help="Triton's layouts as linear layouts, its tensor and hardware views, and the CuTe layout that does the same.",
    epilog=EPILOG_TRITON,
    params=[
        Arg("layout", required=False),
        Opt("--shape", "shape_", help="The tensor's shape D0,D1[,D2], e.g. 64,64."),
        Opt("--ttgir", "ttgir", "file", help="A .ttgir file: every layout alias it defines."),
        Opt("--from-cute", "from_cute", help="A CuTe TV layout (thread, value) -> index, to Triton's bases."),
        Opt(
            "--views",
            "views",
            ("auto", "none", "tensor", "hardware", "all"),
            default="auto",
            show_default=True,
            help="Triton's tensor/hardware views: auto prints both up to 256 elements (a line says what was left "
            "out), all prints both at any size.",
        ),
        Opt("--format", "fmt_", ("text", "json"), default="text", show_default=True),
    ],
)
