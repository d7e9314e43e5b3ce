"""cutedump: CuTe layouts computed and printed exactly as real CuTe does."""
__version__ = "0.1.0"
