// gpu.launch must be outlined first.
func.func @launch(%sz : index) {
  gpu.launch blocks(%bx, %by, %bz) in (%x = %sz, %y = %sz, %z = %sz)
             threads(%tx, %ty, %tz) in (%a = %sz, %b = %sz, %c = %sz) {
    gpu.terminator
  }
  return
}
