"""CuTe's layout algebra: integers, int tuples, layouts, swizzles.

Everything here mirrors CuTe 4.2's headers, including which integers are static (``_8``) and which are
dynamic (``8``), so that ``str()`` of any result equals CuTe's ``print``.
"""
from cutedump.algebra.integer import (C, is_static, is_constant, div, mod, imin, imax, igcd, ilcm, iabs,
                                      signum, safe_div, shiftl, shiftr)
from cutedump.algebra.inttuple import (UNDERSCORE, is_tuple, is_int, fmt, wrap, unwrap, flatten, product,
                                       product_each, sum_, inner_product, ceil_div, shape_div, elem_scale,
                                       congruent, weakly_congruent, compatible, crd2idx, crd2idx_shape, idx2crd,
                                       compact_col_major, compact_row_major, compact_order, prefix_product_of,
                                       zip_, repeat_like)
from cutedump.algebra.layout import (Layout, same, is_layout, make_layout, make_layout_right,
                                     make_ordered_layout, make_layout_like, shape, stride, size, rank, depth,
                                     coshape, cosize, get, mode, take, select, flatten_layout, unflatten_layout,
                                     append, prepend, replace, group, slice_layout, dice_layout, zip_layout,
                                     tile_unzip, coalesce, coalesce_x, filter_zeros, filter_, composition,
                                     with_shape, complement, right_inverse, left_inverse, max_common_layout,
                                     max_common_vector, nullspace, logical_divide, zipped_divide, tiled_divide,
                                     flat_divide, logical_product, zipped_product, tiled_product, flat_product,
                                     blocked_product, raked_product, tile_to_shape, upcast, downcast,
                                     recast_layout)
from cutedump.algebra.swizzle import (Swizzle, ComposedLayout, make_composed_layout,
                                      as_position_independent_swizzle_layout)
