"""neuronxcc.nki: the legacy spelling of the mock nki package."""
import sys

import nki as _nki
from nki import language, isa, jit, baremetal

sys.modules["neuronxcc.nki.language"] = language
sys.modules["neuronxcc.nki.isa"] = isa
