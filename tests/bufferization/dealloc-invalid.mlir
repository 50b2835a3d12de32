// RUN: strata-opt --ownership-based-buffer-deallocation --split-input-file --verify-diagnostics %s

// Inputs the ownership-based deallocation rejects, with upstream's messages.

func.func @already_deallocated(%m: memref<2xf32>, %c: i1) {
  // expected-error@+1 {{No deallocation operations must be present when running this pass!}}
  bufferization.dealloc (%m : memref<2xf32>) if (%c)
  return
}

// -----

func.func @manual_free() {
  %a = memref.alloc() : memref<2xf32>
  // expected-error@+1 {{memory free side-effect on MemRef value not supported!}}
  memref.dealloc %a : memref<2xf32>
  return
}

// -----

// expected-error@+1 {{Only structured control-flow loops are supported.}}
func.func @cfg_loop(%c: i1) {
  cf.br ^bb1
^bb1:
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}
