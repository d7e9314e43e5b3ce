// Host-only prelude that lets g++ (no nvcc) instantiate CUTLASS 4.2's GEMM CollectiveBuilders (mainloop and
// epilogue, SM90 and SM100). It is pasted at the top of every oracle program of tests/oracle/gen_collective.py
// (the same effect as `g++ -include`, but the text is part of the program, hence of its record key).
//
// (a) The CUDA driver/runtime declarations the CUTLASS headers use on the host: CUtensorMap and its enums (TMA),
//     dim3/uint3 and the built-in variables' declarations, and the WMMA feature macros. They must come BEFORE the
//     toolkit version below: the CUDA headers are not meant to be read with __CUDACC_VER_* set by a host compiler.
#include <cuda.h>                        // CUtensorMap, CUresult, cuuint32_t/64_t: cute/arch/copy_sm90_desc.hpp
#include <device_launch_parameters.h>    // threadIdx/blockIdx declarations named by cute/arch/util.hpp
#include <cutlass/arch/wmma.h>           // CUTLASS_ARCH_WMMA_* macros, read before the version macros exist
// (b) The toolkit version the builders read: >= 12.0 to enable the SM90 builder at all
//     (CUTLASS_SM90_COLLECTIVE_BUILDER_SUPPORTED), >= 12.1 for the persistent Auto schedules (Cooperative/Pingpong
//     instead of KernelTmaWarpSpecialized), >= 12.8 for the SM100 builders. Nothing in the builders reads
//     __CUDA_ARCH__, so the host pass sees the same types as nvcc's device pass.
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
// (c) Stubs of the device intrinsics the headers name in (never executed) function bodies, so that they parse
//     and the templates instantiate: barriers, warp shuffles, fences, half2 fma, byte permute, dp4a.
inline void __syncthreads() {}
inline void __syncwarp(unsigned = 0xffffffffu) {}
template <class T> inline T __shfl_sync(unsigned, T v, int, int = 32) { return v; }
template <class T> inline T __shfl_up_sync(unsigned, T v, unsigned, int = 32) { return v; }
template <class T> inline T __shfl_down_sync(unsigned, T v, unsigned, int = 32) { return v; }
template <class T> inline T __shfl_xor_sync(unsigned, T v, int, int = 32) { return v; }
inline void __threadfence() {}
inline unsigned __byte_perm(unsigned a, unsigned, unsigned) { return a; }
inline int __dp4a(int a, int, int) { return a; }
inline unsigned __dp4a(unsigned a, unsigned, unsigned) { return a; }
//     The TMA descriptor encoder CUTLASS calls directly when CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL is set
//     (compile flag): defined here, so no driver library is linked.
inline CUresult cuTensorMapEncodeTiled(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, const cuuint64_t*,
                                       const cuuint64_t*, const cuuint32_t*, const cuuint32_t*,
                                       CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion,
                                       CUtensorMapFloatOOBfill) { return CUDA_SUCCESS; }
// (d) The two runtime functions the collectives' host code calls: defined here instead of linking libcudart.
#include <cuda_runtime_api.h>
cudaError_t cudaGetLastError() { return cudaSuccess; }
cudaError_t cudaMemsetAsync(void*, int, size_t, cudaStream_t) { return cudaSuccess; }
// (e) The standard headers first, then `private` opened up: the epilogue's SmemLayoutC/SmemLayoutD are private
//     members of CollectiveEpilogue; with every standard header already read, the redefinition touches only
//     CUTLASS's own classes, so the program prints the very layouts the collective uses.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <type_traits>
#include <utility>
#include <tuple>
#include <array>
#include <limits>
#include <memory>
#include <functional>
#include <algorithm>
#include <numeric>
#include <iostream>
#include <iosfwd>
#include <string>
#include <vector>
#include <optional>
#include <variant>
#include <initializer_list>
#include <atomic>
#include <new>
#include <cassert>
#include <climits>
#include <cfloat>
#include <cstdlib>
#include <cstddef>
#include <iomanip>
#include <sstream>
#include <ostream>
#include <istream>
#include <map>
#include <set>
#include <unordered_map>
#include <list>
#include <deque>
#include <complex>
#include <bitset>
#include <cinttypes>
#include <chrono>
#include <random>
#include <mutex>
#include <thread>
#include <stdexcept>
#include <exception>
#include <typeinfo>
#include <iterator>
#include <cstdarg>
#include <csetjmp>
#include <csignal>
#define private public
#include <cutlass/cutlass.h>
#include <cute/tensor.hpp>
#include <cutlass/gemm/collective/collective_builder.hpp>
#include <cutlass/epilogue/collective/collective_builder.hpp>
#undef private
// (f) What the program prints: a bare type name is read from __PRETTY_FUNCTION__ (g++ spells the type the
//     compiler chose), everything else with cute::print.
using namespace cute;
template <class T> void cd_type(const char* key) { printf("@@%s\n%s\n", key, __PRETTY_FUNCTION__); }
template <class X> void cd_print(const char* key, X const& x) { printf("@@%s\n", key); print(x); printf("\n"); }
inline void cd_int(const char* key, long v) { printf("@@%s\n%ld\n", key, v); }
template <class T, class = void> struct cd_has_smem_c : std::false_type {};
template <class T> struct cd_has_smem_c<T, std::void_t<typename T::SmemLayoutC>> : std::true_type {};
template <class M> void cd_mainloop() {
  using DP = typename M::DispatchPolicy;
  cd_type<DP>("mainloop.dispatch_policy.name");
  cd_int("mainloop.dispatch_policy.stages", DP::Stages);
  cd_print("mainloop.dispatch_policy.cluster_shape", typename DP::ClusterShape{});
  cd_type<typename DP::Schedule>("mainloop.dispatch_policy.schedule");
  cd_print("mainloop.tiled_mma", typename M::TiledMma{});
  cd_print("mainloop.smem_layout_atom_a", typename M::SmemLayoutAtomA{});
  cd_print("mainloop.smem_layout_atom_b", typename M::SmemLayoutAtomB{});
  cd_print("mainloop.smem_layout_a", typename M::SmemLayoutA{});
  cd_print("mainloop.smem_layout_b", typename M::SmemLayoutB{});
  cd_type<typename M::GmemTiledCopyA>("mainloop.gmem_tiled_copy_a");
  cd_type<typename M::GmemTiledCopyB>("mainloop.gmem_tiled_copy_b");
  cd_int("mainloop.shared_storage_bytes", sizeof(typename M::SharedStorage));
}
template <class E> void cd_epilogue() {
  using DP = typename E::DispatchPolicy;
  cd_type<DP>("epilogue.dispatch_policy.name");
  if constexpr (cd_has_smem_c<E>::value) {
    cd_int("epilogue.dispatch_policy.stages_c", DP::StagesC);
    cd_int("epilogue.dispatch_policy.stages_d", DP::StagesD);
    cd_print("epilogue.epilogue_tile", typename E::EpilogueTile{});
    cd_print("epilogue.smem_layout_atom_c", typename E::SmemLayoutAtomC{});
    cd_print("epilogue.smem_layout_c", typename E::SmemLayoutC{});
    cd_print("epilogue.smem_layout_d", typename E::SmemLayoutD{});
    cd_type<typename E::CopyOpG2S>("epilogue.copy_ops.g2s");
    cd_type<typename E::CopyOpS2R>("epilogue.copy_ops.s2r");
    cd_type<typename E::CopyOpR2S>("epilogue.copy_ops.r2s");
    cd_type<typename E::CopyOpS2G>("epilogue.copy_ops.s2g");
  }
  cd_int("epilogue.shared_storage_bytes", sizeof(typename E::SharedStorage));
}
