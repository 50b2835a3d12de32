module github.com/strata-ir/strata

go 1.26.8
