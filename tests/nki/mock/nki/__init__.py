"""A NumPy model of the NKI subset Strata emits, for tests without a
Neuron compiler: put this package's directory first on sys.path and
`import nki` gets it. nki.jit kernels run on the CPU over their SPMD grid
(kernel[g0, g1](args)); the tile rules of the NeuronCore are hard
errors (nki.language.NkiError)."""

from nki import language, _launch  # noqa: F401
from nki import isa  # noqa: F401


def jit(fn=None, **_):
    if fn is None:
        return lambda f: _launch.Kernel(f)
    return _launch.Kernel(fn)


baremetal = jit
