module example.com/strata-tutorial

go 1.26.8

require (
	github.com/google/go-cmp v0.7.0
	github.com/strata-ir/strata v0.0.0
)

require github.com/alecthomas/participle/v2 v2.1.4 // indirect

replace github.com/strata-ir/strata => ../..
