package pass

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// OptionKind is the type of a pass option.
type OptionKind uint8

// The option kinds.
const (
	BoolOption OptionKind = iota
	IntOption
	UintOption
	StringOption
	EnumOption
	IntListOption
	StringListOption
)

// Option is one declared pass option: a name, a description, a default and
// the current value. Options are declared through the methods of Options,
// which return a pointer to the value the pass reads in Run.
type Option struct {
	// Name is the key used in pipelines: canonicalize{max-iterations=3}.
	Name string
	// Desc is the one-line description shown by --help.
	Desc string
	// Kind is the value type.
	Kind OptionKind
	// Values lists the accepted values of an enum option, each with a
	// description.
	Values []EnumValue

	b     *bool
	i     *int64
	u     *uint64
	s     *string
	is    *[]int64
	ss    *[]string
	defB  bool
	defI  int64
	defU  uint64
	defS  string
	defIs []int64
	defSs []string
	defL  int // length of a list default; lists print only once set or non-empty
	// u32 makes an unsigned option LLVM's 32-bit "uint" rather than "ulong".
	u32 bool

	// set records that the option was given a value (for lists, MLIR's
	// "default overwritten" state: the first occurrence replaces the
	// default, later ones append).
	set bool
}

// EnumValue is one accepted value of an enum option.
type EnumValue struct {
	Name string
	Desc string
}

// Options is the set of options a pass declares, in the style of
// flag.FlagSet: each method declares an option with its default and
// description and returns a pointer to its value. The zero value is an
// empty set ready to use.
type Options struct {
	list   []*Option
	byName map[string]*Option
}

func (o *Options) add(opt *Option) {
	if o.byName == nil {
		o.byName = map[string]*Option{}
	}
	if _, dup := o.byName[opt.Name]; dup {
		panic("pass: option " + opt.Name + " declared twice")
	}
	o.byName[opt.Name] = opt
	o.list = append(o.list, opt)
}

// Bool declares a boolean option.
func (o *Options) Bool(name string, def bool, desc string) *bool {
	v := def
	o.add(&Option{Name: name, Desc: desc, Kind: BoolOption, b: &v, defB: def})
	return &v
}

// Int declares a signed integer option (LLVM's "long").
func (o *Options) Int(name string, def int64, desc string) *int64 {
	v := def
	o.add(&Option{Name: name, Desc: desc, Kind: IntOption, i: &v, defI: def})
	return &v
}

// Uint declares an unsigned integer option (LLVM's "ulong").
func (o *Options) Uint(name string, def uint64, desc string) *uint64 {
	v := def
	o.add(&Option{Name: name, Desc: desc, Kind: UintOption, u: &v, defU: def})
	return &v
}

// Uint32 declares a 32-bit unsigned integer option (LLVM's "uint", a
// pass option of C++ type unsigned); its value always fits in 32 bits.
func (o *Options) Uint32(name string, def uint32, desc string) *uint64 {
	v := uint64(def)
	o.add(&Option{Name: name, Desc: desc, Kind: UintOption, u: &v, defU: v, u32: true})
	return &v
}

// String declares a string option.
func (o *Options) String(name, def, desc string) *string {
	v := def
	o.add(&Option{Name: name, Desc: desc, Kind: StringOption, s: &v, defS: def})
	return &v
}

// Enum declares an option whose value is one of a fixed set of names.
func (o *Options) Enum(name, def string, values []EnumValue, desc string) *string {
	v := def
	o.add(&Option{Name: name, Desc: desc, Kind: EnumOption, s: &v, defS: def, Values: values})
	return &v
}

// IntList declares a list of signed integers (`sizes=1,2,3`).
func (o *Options) IntList(name string, def []int64, desc string) *[]int64 {
	v := append([]int64(nil), def...)
	o.add(&Option{Name: name, Desc: desc, Kind: IntListOption, is: &v, defIs: append([]int64(nil), def...), defL: len(def)})
	return &v
}

// StringList declares a list of strings (`ops=a,b` or `ops={a,b}`).
func (o *Options) StringList(name string, def []string, desc string) *[]string {
	v := append([]string(nil), def...)
	o.add(&Option{Name: name, Desc: desc, Kind: StringListOption, ss: &v, defSs: append([]string(nil), def...), defL: len(def)})
	return &v
}

// Lookup returns the option with the given name, or nil.
func (o *Options) Lookup(name string) *Option { return o.byName[name] }

// All returns the options sorted by name, the order MLIR prints them in.
func (o *Options) All() []*Option {
	out := append([]*Option(nil), o.list...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Len returns the number of declared options.
func (o *Options) Len() int { return len(o.list) }

// IsSet reports whether the option was given a value by Parse or Set.
func (opt *Option) IsSet() bool { return opt.set }

// Value returns the current value: bool, int64, uint64, string, []int64 or
// []string.
func (opt *Option) Value() any {
	switch opt.Kind {
	case BoolOption:
		return *opt.b
	case IntOption:
		return *opt.i
	case UintOption:
		return *opt.u
	case StringOption, EnumOption:
		return *opt.s
	case IntListOption:
		return *opt.is
	default:
		return *opt.ss
	}
}

// TypeName is the value placeholder --help shows: <long>, <string>, ...
func (opt *Option) TypeName() string {
	switch opt.Kind {
	case BoolOption:
		return ""
	case IntOption, IntListOption:
		return "<long>"
	case UintOption:
		if opt.u32 {
			return "<uint>"
		}
		return "<ulong>"
	case EnumOption:
		return "<value>"
	}
	return "<string>"
}

// Set parses value into the option as one occurrence of `name=value`. The
// error texts are LLVM's command-line parser's.
func (opt *Option) Set(value string) error {
	switch opt.Kind {
	case BoolOption:
		v, ok := parseBool(value)
		if !ok {
			return opt.errorf("'%s' is invalid value for boolean argument! Try 0 or 1", value)
		}
		*opt.b = v
	case IntOption:
		v, err := parseInt(value)
		if err != nil {
			return opt.errorf("'%s' value invalid for long argument!", value)
		}
		*opt.i = v
	case UintOption:
		v, err := parseUint(value)
		if opt.u32 {
			if err != nil || v > math.MaxUint32 {
				return opt.errorf("'%s' value invalid for uint argument!", value)
			}
		} else if err != nil {
			return opt.errorf("'%s' value invalid for ulong argument!", value)
		}
		*opt.u = v
	case StringOption:
		*opt.s = value
	case EnumOption:
		found := false
		for _, ev := range opt.Values {
			if ev.Name == value {
				found = true
			}
		}
		if !found {
			return opt.errorf("Cannot find option named '%s'!", value)
		}
		*opt.s = value
	case IntListOption:
		var vals []int64
		err := splitList(value, func(e string) error {
			v, err := parseInt(e)
			if err != nil {
				return opt.errorf("'%s' value invalid for long argument!", e)
			}
			vals = append(vals, v)
			return nil
		})
		if err != nil {
			return err
		}
		if !opt.set {
			*opt.is = nil
		}
		*opt.is = append(*opt.is, vals...)
	case StringListOption:
		var vals []string
		splitList(value, func(e string) error { vals = append(vals, e); return nil })
		if !opt.set {
			*opt.ss = nil
		}
		*opt.ss = append(*opt.ss, vals...)
	}
	opt.set = true
	return nil
}

// Reset restores the default value.
func (opt *Option) Reset() {
	opt.set = false
	switch opt.Kind {
	case BoolOption:
		*opt.b = opt.defB
	case IntOption:
		*opt.i = opt.defI
	case UintOption:
		*opt.u = opt.defU
	case StringOption, EnumOption:
		*opt.s = opt.defS
	case IntListOption:
		*opt.is = append([]int64(nil), opt.defIs...)
	case StringListOption:
		*opt.ss = append([]string(nil), opt.defSs...)
	}
}

func (opt *Option) errorf(format string, args ...any) error {
	return &OptionError{Option: opt.Name, Msg: "for the --" + opt.Name + " option: " + fmt.Sprintf(format, args...)}
}

// OptionError reports an option string that does not parse.
type OptionError struct {
	// Option is the option name ("" when the name itself is unknown).
	// An error in the value of a known option is printed by LLVM's
	// option parser itself, on a line of its own prefixed with the
	// program's name, before MLIR's diagnostic, whose message is then
	// empty (see PrintedByParser).
	Option string
	// OfPipeline is set for the options of a registered pass pipeline,
	// whose errors mlir-opt prints on their own, never in a diagnostic.
	OfPipeline bool
	// Msg is the message in MLIR's words, e.g. "<Pass-Options-Parser>: no
	// such option foo" or "for the --max-iterations option: 'abc' value
	// invalid for long argument!".
	Msg string
}

func (e *OptionError) Error() string { return e.Msg }

// PrintedByParser reports whether mlir-opt's option parser prints the
// error on its own (PrintedText) rather than handing it to the
// diagnostic: a bad value of a known option, and every error in the
// options of a registered pipeline.
func (e *OptionError) PrintedByParser() bool { return e.Option != "" || e.OfPipeline }

// PrintedText is what the option parser prints on its own for an error
// PrintedByParser, as LLVM's option parser writes it: a bad value behind
// the program's name prog.
func (e *OptionError) PrintedText(prog string) string {
	if e.Option != "" {
		return prog + ": " + e.Msg + "\n"
	}
	return e.Msg + "\n"
}

// DiagnosticText is the part of the error MLIR's diagnostic carries: the
// message of an unknown option, which ends with a newline of its own, or
// nothing for an error PrintedByParser.
func (e *OptionError) DiagnosticText() string {
	if e.PrintedByParser() {
		return ""
	}
	return e.Msg + "\n"
}

// text prints the value as MLIR's PassOptions::print does: `name=value`,
// lists as `name={a,b}`, and nothing at all for a list that was never set
// and has an empty default.
func (opt *Option) text() string {
	switch opt.Kind {
	case BoolOption:
		return opt.Name + "=" + strconv.FormatBool(*opt.b)
	case IntOption:
		return opt.Name + "=" + strconv.FormatInt(*opt.i, 10)
	case UintOption:
		return opt.Name + "=" + strconv.FormatUint(*opt.u, 10)
	case StringOption, EnumOption:
		return opt.Name + "=" + escapeOptionString(*opt.s)
	case IntListOption:
		if !opt.set && opt.defL == 0 && len(*opt.is) == 0 {
			return ""
		}
		parts := make([]string, len(*opt.is))
		for i, v := range *opt.is {
			parts[i] = strconv.FormatInt(v, 10)
		}
		return opt.Name + "={" + strings.Join(parts, ",") + "}"
	default:
		if !opt.set && opt.defL == 0 && len(*opt.ss) == 0 {
			return ""
		}
		parts := make([]string, len(*opt.ss))
		for i, v := range *opt.ss {
			parts[i] = escapeOptionString(v)
		}
		return opt.Name + "={" + strings.Join(parts, ",") + "}"
	}
}

// escapeOptionString wraps a string value in braces when it holds a space
// before any brace or quote, as MLIR's printOptionValue does.
func escapeOptionString(s string) string {
	sp := strings.IndexByte(s, ' ')
	if sp < 0 {
		return s
	}
	esc := len(s)
	for _, c := range []byte{'{', '\'', '"'} {
		if i := strings.IndexByte(s, c); i >= 0 && i < esc {
			esc = i
		}
	}
	if sp < esc {
		return "{" + s + "}"
	}
	return s
}

// Text returns the options as MLIR prints them in a textual pipeline:
// `{a=1 b=true}` with the options sorted by name and separated by single
// spaces, or "" when the pass declares no options.
func (o *Options) Text() string {
	if len(o.list) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, opt := range o.All() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(opt.text())
	}
	b.WriteByte('}')
	return b.String()
}

// Parse parses an option string, the text between the braces of
// `pass{...}` or the value of a --pass=... flag: space-separated `key` or
// `key=value` entries where a value may be quoted ('...' or "...") or
// wrapped in braces, which may nest, so that it can hold spaces. Lists are
// comma-separated. This is MLIR's PassOptions::parseFromString.
func (o *Options) Parse(s string) error {
	for s != "" {
		var key, value string
		var hasValue bool
		key, value, hasValue, s = nextOptionArg(s)
		if key == "" {
			continue
		}
		opt := o.byName[key]
		if opt == nil {
			return &OptionError{Msg: "<Pass-Options-Parser>: no such option " + key}
		}
		if !hasValue && opt.Kind == BoolOption {
			value = "true"
		}
		if err := opt.Set(value); err != nil {
			return err
		}
	}
	return nil
}

// nextOptionArg splits the next `key[=value]` off s (parseNextArg).
func nextOptionArg(s string) (key, value string, hasValue bool, rest string) {
	// The key runs to a space or '='.
	i := 0
	for ; i < len(s); i++ {
		if s[i] == ' ' {
			key, rest = extractArg(s, i)
			return key, "", false, rest
		}
		if s[i] == '=' {
			break
		}
	}
	if i == len(s) {
		key, _ = extractArg(s, i)
		return key, "", false, ""
	}
	key, s = extractArg(s, i)
	s = s[1:] // '='
	// The value runs to a space outside quotes and braces.
	for j := 0; ; j++ {
		if j >= len(s) || s[j] == ' ' {
			value, rest = extractArg(s, min(j, len(s)))
			return key, value, true, rest
		}
		switch c := s[j]; c {
		case '\'', '"':
			if k := strings.IndexByte(s[j+1:], c); k >= 0 {
				j += 1 + k
			}
		case '{':
			depth := 1
			for j++; j < len(s); j++ {
				c := s[j]
				if c == '\'' || c == '"' {
					if k := strings.IndexByte(s[j+1:], c); k >= 0 {
						j += 1 + k
					}
					continue
				}
				if c == '{' {
					depth++
				} else if c == '}' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j >= len(s) {
				j = len(s) - 1
			}
		}
	}
}

// extractArg takes the first n bytes of s as an argument, trimmed and with
// one level of quotes or balanced outer braces removed, and returns it with
// the rest of s (left-trimmed). This is MLIR's extractArgAndUpdateOptions.
func extractArg(s string, n int) (arg, rest string) {
	arg = strings.TrimSpace(s[:n])
	rest = strings.TrimLeft(s[n:], " \t\n\v\f\r")
	if len(arg) <= 1 {
		return arg, rest
	}
	for _, q := range []byte{'\'', '"'} {
		if arg[0] == q && arg[len(arg)-1] == q {
			return strings.TrimSpace(arg[1 : len(arg)-1]), rest
		}
	}
	if arg[0] == '{' {
		depth := 0
		for _, c := range []byte(arg[1 : len(arg)-1]) {
			if c == '{' {
				depth++
			} else if c == '}' {
				depth--
			}
		}
		if depth == 0 && arg[len(arg)-1] == '}' {
			return strings.TrimSpace(arg[1 : len(arg)-1]), rest
		}
	}
	return arg, rest
}

// splitList calls f on each comma-separated element of s; commas inside
// braces, parentheses, brackets or quotes do not split
// (parseCommaSeparatedList).
func splitList(s string, f func(string) error) error {
	if s == "" {
		return nil
	}
	for {
		i := findChar(s, 0, ',')
		if i < 0 {
			e, _ := extractArg(s, len(s))
			return f(e)
		}
		e, rest := extractArg(s, i)
		if err := f(e); err != nil {
			return err
		}
		s = rest[1:]
	}
}

// findChar returns the index of c in s at or after i, skipping balanced
// ranges and quoted strings, or -1.
func findChar(s string, i int, c byte) int {
	for ; i >= 0 && i < len(s); i++ {
		switch s[i] {
		case c:
			return i
		case '{':
			i = findChar(s, i+1, '}')
		case '(':
			i = findChar(s, i+1, ')')
		case '[':
			i = findChar(s, i+1, ']')
		case '"', '\'':
			q := s[i]
			if k := strings.IndexByte(s[i+1:], q); k >= 0 {
				i += 1 + k
			} else {
				return -1
			}
		}
		if i < 0 {
			return -1
		}
	}
	return -1
}

func parseBool(s string) (bool, bool) {
	switch s {
	case "", "true", "TRUE", "True", "1":
		return true, true
	case "false", "FALSE", "False", "0":
		return false, true
	}
	return false, false
}

func parseInt(s string) (int64, error) {
	if strings.Contains(s, "_") {
		return 0, strconv.ErrSyntax
	}
	return strconv.ParseInt(s, 0, 64)
}

func parseUint(s string) (uint64, error) {
	if strings.Contains(s, "_") {
		return 0, strconv.ErrSyntax
	}
	return strconv.ParseUint(s, 0, 64)
}

// writeHelp prints the options as mlir-opt's --help lists them under a
// pass, with the '-' of each description at column descCol.
func (o *Options) writeHelp(w io.Writer, descCol int) {
	for _, opt := range o.All() {
		lhs := "        --" + opt.Name
		if t := opt.TypeName(); t != "" {
			lhs += "=" + t
		}
		fmt.Fprintf(w, "%s - %s\n", pad(lhs, descCol-1), opt.Desc)
		for _, ev := range opt.Values {
			fmt.Fprintf(w, "%s -   %s\n", pad("    ="+ev.Name, descCol-7), ev.Desc)
		}
	}
}

func pad(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return s + strings.Repeat(" ", n-len(s))
}
