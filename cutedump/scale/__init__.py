"""Scale-factor layouts of block-scaled and blockwise-scaled GEMMs (CUTLASS 4.2 ``cutlass/detail``): the domain
model behind the eval language's ``cutlass::detail::Sm1xxBlockScaledConfig<VS>::...`` rows, the DSL's
``blockscaled_utils`` rows and the ``scale`` command. See :mod:`cutedump.scale.layouts`."""
