package pipefuzz

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"
)

// Result is what one strata-opt invocation did.
type Result struct {
	// Code is the exit status; -1 when the process was killed by a
	// signal or did not start.
	Code           int
	Stdout, Stderr string
	// TimedOut is set when the run was killed at the timeout.
	TimedOut bool
	// Signal names the signal that ended the process, if one did.
	Signal string
}

// Runner runs strata-opt with arguments on an input given on stdin.
type Runner interface {
	Run(input string, args ...string) Result
}

// Subprocess runs a strata-opt binary in a child process with a timeout
// and an address-space limit.
type Subprocess struct {
	// Opt is the path of the strata-opt binary.
	Opt string
	// Timeout bounds each run; a run that exceeds it is a hang.
	Timeout time.Duration
	// MemLimit bounds the child's address space in bytes (through
	// prlimit when it is installed); 0 means no limit.
	MemLimit int64
}

// Run implements Runner.
func (s *Subprocess) Run(input string, args ...string) Result {
	ctx, cancel := context.WithTimeout(context.Background(), s.Timeout)
	defer cancel()
	name, argv := s.Opt, args
	if s.MemLimit > 0 {
		if pl, err := exec.LookPath("prlimit"); err == nil {
			name = pl
			argv = append([]string{"--as=" + strconv.FormatInt(s.MemLimit, 10), "--", s.Opt}, args...)
		}
	}
	cmd := exec.CommandContext(ctx, name, argv...)
	cmd.Stdin = bytes.NewReader([]byte(input))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	// One thread each: the fuzzer shares the machine. Panics in passes
	// carry their stack, which names the panic site.
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "STRATA_PANIC_STACKS=1", "GOTRACEBACK=single")
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	r := Result{Stdout: out.String(), Stderr: errb.String()}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case ctx.Err() != nil:
		r.Code, r.TimedOut = -1, true
	case errors.As(err, &ee):
		r.Code = ee.ExitCode()
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			r.Signal = ws.Signal().String()
		}
	default:
		r.Code = -1
		r.Stderr += "\n" + err.Error()
	}
	return r
}
