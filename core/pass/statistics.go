package pass

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
)

// Statistic is a named counter of a pass (MLIR's Pass::Statistic). It is
// safe to update from passes running in parallel.
type Statistic struct {
	Name string
	Desc string
	v    atomic.Uint64
}

// Add adds n to the counter.
func (s *Statistic) Add(n uint64) { s.v.Add(n) }

// Inc adds one to the counter.
func (s *Statistic) Inc() { s.v.Add(1) }

// Set sets the counter.
func (s *Statistic) Set(n uint64) { s.v.Store(n) }

// Value returns the counter.
func (s *Statistic) Value() uint64 { return s.v.Load() }

// Statistics is the set of counters a pass declares. The zero value is
// ready to use.
type Statistics struct {
	list []*Statistic
}

// New declares a counter.
func (s *Statistics) New(name, desc string) *Statistic {
	st := &Statistic{Name: name, Desc: desc}
	s.list = append(s.list, st)
	return st
}

// All returns the counters in declaration order.
func (s *Statistics) All() []*Statistic { return s.list }

// StatisticsDisplay selects the layout of the statistics report
// (--mlir-pass-statistics-display).
type StatisticsDisplay uint8

// The statistics layouts.
const (
	// StatisticsPipeline mirrors the pass manager structure (the default).
	StatisticsPipeline StatisticsDisplay = iota
	// StatisticsList merges the passes by name and sorts them.
	StatisticsList
)

// WriteStatistics prints the statistics of the passes of pm in MLIR's
// format (PassStatistics.cpp):
//
//	===-------------------------------------------------------------------------===
//	                         ... Pass statistics report ...
//	===-------------------------------------------------------------------------===
//	'func.func' Pipeline
//	  CSE
//	    (S) 3 num-cse'd - Number of operations CSE'd
//
// Statistics of one pass are sorted by name, with the values right-aligned
// and the names left-aligned.
func WriteStatistics(w io.Writer, pm *OpManager, mode StatisticsDisplay) {
	var b strings.Builder
	b.WriteString(banner("... Pass statistics report ..."))
	if mode == StatisticsList {
		type entry struct {
			name  string
			stats []statLine
		}
		merged := map[string]*entry{}
		var add func(p Pass)
		add = func(p Pass) {
			if a, ok := p.(*Adaptor); ok {
				for _, m := range a.managers {
					for _, q := range m.passes {
						add(q)
					}
				}
				return
			}
			stats := p.PassInfo().Stats.All()
			if len(stats) == 0 {
				return
			}
			name := passName(p)
			e := merged[name]
			if e == nil {
				e = &entry{name: name}
				for _, s := range stats {
					e.stats = append(e.stats, statLine{s.Name, s.Desc, s.Value()})
				}
				merged[name] = e
				return
			}
			for i, s := range stats {
				if i < len(e.stats) {
					e.stats[i].value += s.Value()
				}
			}
		}
		for _, p := range pm.passes {
			add(p)
		}
		names := make([]string, 0, len(merged))
		for n := range merged {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			writePassEntry(&b, 2, n, merged[n].stats)
		}
	} else {
		var printPass func(indent int, p Pass)
		printPass = func(indent int, p Pass) {
			if a, ok := p.(*Adaptor); ok {
				if len(a.managers) > 1 {
					writePassEntry(&b, indent, a.PassInfo().Name, nil)
					indent += 2
				}
				for _, m := range a.managers {
					writePassEntry(&b, indent, "'"+m.Anchor()+"' Pipeline", nil)
					for _, q := range m.passes {
						printPass(indent+2, q)
					}
				}
				return
			}
			var stats []statLine
			for _, s := range p.PassInfo().Stats.All() {
				stats = append(stats, statLine{s.Name, s.Desc, s.Value()})
			}
			writePassEntry(&b, indent, passName(p), stats)
		}
		for _, p := range pm.passes {
			printPass(0, p)
		}
	}
	b.WriteByte('\n')
	io.WriteString(w, b.String())
}

type statLine struct {
	name, desc string
	value      uint64
}

func writePassEntry(b *strings.Builder, indent int, name string, stats []statLine) {
	b.WriteString(strings.Repeat(" ", indent))
	b.WriteString(name)
	b.WriteByte('\n')
	if len(stats) == 0 {
		return
	}
	sort.SliceStable(stats, func(i, j int) bool { return stats[i].name < stats[j].name })
	nameW, valW := 0, 0
	for _, s := range stats {
		nameW = max(nameW, len(s.name))
		valW = max(valW, len(strconv.FormatUint(s.value, 10)))
	}
	for _, s := range stats {
		fmt.Fprintf(b, "%s(S) %*d %-*s - %s\n", strings.Repeat(" ", indent+2), valW, s.value, nameW, s.name, s.desc)
	}
}

// banner returns MLIR's three-line report header with the title centered
// in 80 columns.
func banner(title string) string {
	line := "===" + strings.Repeat("-", 73) + "===\n"
	return line + strings.Repeat(" ", (80-len(title))/2) + title + "\n" + line
}
