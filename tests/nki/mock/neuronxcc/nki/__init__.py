"""neuronxcc.nki: the legacy package of the NumPy model of NKI."""
import sys

from nki import language, jit, baremetal  # noqa: F401
from neuronxcc.nki import isa  # noqa: F401

sys.modules["neuronxcc.nki.language"] = language
