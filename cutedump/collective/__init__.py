"""The choices of CUTLASS 4.2's GEMM CollectiveBuilder (SM90, SM100): mainloop and epilogue, as rules and tables."""
