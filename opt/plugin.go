package opt

import "strings"

// pluginArg is one --load-dialect-plugin or --load-pass-plugin occurrence.
type pluginArg struct {
	path string
	pass bool
}

// pluginArgs finds the plugin options in args, in order, accepting the
// spellings flag parsing accepts (-x=v, --x=v, -x v, --x v).
func pluginArgs(args []string) []pluginArg {
	var out []pluginArg
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		name := strings.TrimLeft(a, "-")
		if name == a {
			continue
		}
		key, val, hasVal := strings.Cut(name, "=")
		var pass bool
		switch key {
		case "load-dialect-plugin":
		case "load-pass-plugin":
			pass = true
		default:
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				continue
			}
			i++
			val = args[i]
		}
		out = append(out, pluginArg{path: val, pass: pass})
	}
	return out
}
