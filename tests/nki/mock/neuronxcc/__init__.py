"""The legacy package name of NKI (neuronxcc.nki), backed by the mock."""
