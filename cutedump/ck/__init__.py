"""Composable Kernel tensor descriptors: transform chains, offsets, the XDL GEMM recipes and their CuTe views.

Read from CK's ``include/ck/tensor_description/multi_index_transform.hpp``, ``tensor_descriptor.hpp`` and
``tensor_descriptor_helper.hpp``; the arithmetic is ours.
"""

from cutedump.ck.descriptor import (  # noqa: F401
    TensorDescriptor,
    cute_view,
    make_naive_tensor_descriptor,
    make_naive_tensor_descriptor_aligned,
    make_naive_tensor_descriptor_packed,
    transform_tensor_descriptor,
)
from cutedump.ck.transforms import (  # noqa: F401
    Embed,
    Freeze,
    Insert,
    LeftPad,
    Merge,
    Modulo,
    NotExpressible,
    Pad,
    PassThrough,
    RightPad,
    Slice,
    Transform,
    UnMerge,
    Vectorize,
    Xor,
    make_transform,
)
