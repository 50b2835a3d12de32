package llvmir

import (
	"fmt"

	"github.com/llir/llvm/ir/types"
)

// bfloatType is LLVM's bfloat, which llir/llvm v0.3.6 does not define.
type bfloatType struct{ name string }

// bfloat is the bfloat type of every translation.
var bfloat = &bfloatType{}

func (t *bfloatType) String() string          { return "bfloat" }
func (t *bfloatType) LLString() string        { return "bfloat" }
func (t *bfloatType) Equal(u types.Type) bool { _, ok := u.(*bfloatType); return ok }
func (t *bfloatType) Name() string            { return t.name }
func (t *bfloatType) SetName(name string)     { t.name = name }

// bfloatConst is a bfloat constant, written in LLVM's 0xR hexadecimal
// form.
type bfloatConst struct{ bits uint16 }

func (c *bfloatConst) String() string   { return "bfloat " + c.Ident() }
func (c *bfloatConst) Type() types.Type { return bfloat }
func (c *bfloatConst) Ident() string    { return fmt.Sprintf("0xR%04X", c.bits) }
func (c *bfloatConst) IsConstant()      {}
