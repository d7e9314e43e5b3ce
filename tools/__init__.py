"""Tools that write the package's own data files (cutedump/atoms/mma_data.py, tmem_data.py) from the CUTLASS 4.2
headers; run from the repository's root. Not installed with the package."""
