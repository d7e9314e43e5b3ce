"""Triton's layouts as linear layouts over F2, computed by cutedump's own code as Triton 3.9 computes them (no triton
at run time): ``linear`` (LinearLayout and its operations), ``layouts`` (Gluon's layout classes and their
conversions), ``spell`` (Gluon repr / TTGIR attribute text), ``text`` (Triton's printed views), ``cute`` (the CuTe
layout that does the same), ``report`` (the command's answer), ``ttgir`` (every alias of a .ttgir file), ``bank``
(addresses of a shared tile read by a distributed layout, for the bank model)."""
