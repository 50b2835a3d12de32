module example.com/toyaccel

go 1.26.8

require (
	github.com/llir/llvm v0.3.6
	github.com/strata-ir/strata v0.0.0
)

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/ebitengine/purego v0.11.3 // indirect
	github.com/mewmew/float v0.0.0-20201204173432-505706aa38fa // indirect
	github.com/pkg/errors v0.9.1 // indirect
)

replace github.com/strata-ir/strata => ../..
