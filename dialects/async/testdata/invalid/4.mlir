func.func @f() {
  async.yield
  return
}
