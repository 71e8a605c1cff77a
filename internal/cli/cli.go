// Package cli is the command-line layer that every mjsat command shares, so that the
// same word means the same thing everywhere: the flags common to several commands
// (-timeout, -j, -seed, -q, -json, -o, -method, -solver), usage and -version, standard
// input as "-", output files written atomically, one table of exit statuses, and the
// stop on SIGINT and SIGTERM.
//
// A command's main is
//
//	//go:embed doc.go
//	var manual string
//
//	func main() { cli.Main(manual, run) }
//
// and run builds a [Command] with [New], declares its flags, calls [Command.Parse] and
// returns one of the exit statuses below.
//
// # Exit statuses
//
// Every command returns one of these (the README and every command's doc repeat it):
//
//	0  done: the question was decided (solvable or not, satisfiable or not) and the output written
//	1  a check failed: a play that does not replay, routes that disagree, a model that is not one
//	2  bad usage or bad input: a flag, an argument, a file that cannot be read or is malformed
//	3  unknown: a time limit or a signal stopped the work; the partial answer is written
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"

	"golang.org/x/term"
)

// The exit statuses of every mjsat command (see the package doc).
const (
	ExitOK      = 0
	ExitFailed  = 1
	ExitUsage   = 2
	ExitUnknown = 3
)

// ExitTable is the exit-status table as the commands' docs print it.
const ExitTable = `exit status: 0 decided (or done), 1 a check failed, 2 bad usage or input, 3 unknown (stopped by -timeout or a signal)`

// Env is what a command sees of its process: its standard streams and whether
// standard error is a terminal (where progress is shown).
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Terminal       bool
}

// Main runs a command in this process: its context is cancelled on SIGINT or SIGTERM
// (a second signal kills the process at once, as usual), and its return value is the
// exit status. manual is the source of the command's doc.go, embedded, which -help
// prints (see [Manual]).
func Main(manual string, run func(ctx context.Context, env Env, args []string) int) {
	Manual = manual
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	env := Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Terminal: term.IsTerminal(int(os.Stderr.Fd()))}
	go func() {
		<-ctx.Done()
		stop() // the next signal ends the process by the default action
	}()
	code := run(ctx, env, os.Args[1:])
	stop()
	os.Exit(code)
}

// Manual is the source of the program's doc.go, which each command embeds and hands
// to [Main], so that -help prints the manual wherever the binary is.
var Manual string

// MaxJobs is the largest -j a command runs with: more goroutines than four per core
// only add memory.
func MaxJobs() int { return 4 * runtime.NumCPU() }

// Command is one command's flags and streams.
type Command struct {
	Env
	Name     string // "solve", or "scan merge" for a subcommand
	Synopsis []string
	Flags    *flag.FlagSet
	// Doc is the source of the command's doc.go, which -help prints: [Manual]
	// unless set otherwise.
	Doc string

	version bool
	quiet   *bool
	jobs    *int
	checks  []func() error
	notes   []string
}

// New returns a command named name whose usage lines are synopsis (without
// "usage: "); it has -h, -help and -version.
func New(env Env, name string, synopsis ...string) *Command {
	c := &Command{Env: env, Name: name, Synopsis: synopsis, Doc: Manual}
	c.Flags = flag.NewFlagSet(name, flag.ContinueOnError)
	c.Flags.SetOutput(io.Discard)
	c.Flags.BoolVar(&c.version, "version", false, "print the version and exit")
	return c
}

// Usage writes the usage text to w.
func (c *Command) Usage(w io.Writer) {
	for i, s := range c.Synopsis {
		if i == 0 {
			fmt.Fprintf(w, "usage: %s\n", s)
		} else {
			fmt.Fprintf(w, "       %s\n", s)
		}
	}
	c.Flags.SetOutput(w)
	c.Flags.PrintDefaults()
	c.Flags.SetOutput(io.Discard)
	fmt.Fprintln(w, ExitTable)
	if c.Doc != "" {
		fmt.Fprintf(w, "'%s -help' prints the whole manual\n", c.Name)
	}
}

// DocText returns the text of a command's doc.go (its package comment, without the
// comment marks), which the commands embed so that -help reads the same manual as
// go doc wherever the binary was installed.
func DocText(src string) string {
	var b strings.Builder
	for _, line := range strings.Split(src, "\n") {
		if !strings.HasPrefix(line, "//") {
			if b.Len() > 0 {
				break // the package clause ends the comment
			}
			continue
		}
		if strings.HasPrefix(line, "//go:") {
			continue
		}
		line = strings.TrimPrefix(strings.TrimPrefix(line, "//"), " ")
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// Parse parses args and checks the operand count (between minArgs and maxArgs; -1: no
// maximum). ok is false when the command is to end at once with status code: after -h
// (usage on standard output, 0), -version (0), or a usage error (the message and the
// usage on standard error, 2).
func (c *Command) Parse(args []string, minArgs, maxArgs int) (code int, ok bool) {
	if err := c.parseInterspersed(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			c.Usage(c.Stdout)
			if c.Doc != "" && slices.ContainsFunc(args, func(a string) bool { return a == "-help" || a == "--help" }) {
				fmt.Fprintln(c.Stdout)
				fmt.Fprint(c.Stdout, DocText(c.Doc))
			}
			return ExitOK, false
		}
		return c.UsageError("%v", err), false
	}
	if c.version {
		fmt.Fprintf(c.Stdout, "%s %s\n", c.Name, Version())
		return ExitOK, false
	}
	for _, n := range c.notes {
		fmt.Fprintf(c.Stderr, "%s: %s\n", c.Name, n)
	}
	n := c.Flags.NArg()
	switch {
	case n < minArgs && n == 0:
		return c.UsageError("missing operand"), false
	case n < minArgs:
		return c.UsageError("want at least %d operands, have %d", minArgs, n), false
	case maxArgs >= 0 && n > maxArgs:
		return c.UsageError("unexpected argument %q", Excerpt(c.Flags.Arg(maxArgs))), false
	}
	for _, check := range c.checks {
		if err := check(); err != nil {
			return c.UsageError("%v", err), false
		}
	}
	return 0, true
}

// UsageError prints the message on standard error, one line, and where to read the
// usage, and returns 2.
func (c *Command) UsageError(format string, a ...any) int {
	fmt.Fprintf(c.Stderr, "%s: %s\n", c.Name, oneLine(fmt.Sprintf(format, a...)))
	fmt.Fprintf(c.Stderr, "run '%s -h' for help\n", c.Name)
	return ExitUsage
}

// parseInterspersed parses args with flags before, between and after the operands,
// as Go's own tools and GNU's do: "--" ends the flags, and "-" alone is an operand
// (standard input). The operands are left in c.Flags.Args().
func (c *Command) parseInterspersed(args []string) error {
	var operands []string
	for {
		if err := c.Flags.Parse(args); err != nil {
			return err
		}
		rest := c.Flags.Args()
		used := args[:len(args)-len(rest)]
		if n := len(used); n > 0 && used[n-1] == "--" && !c.takesValue(used[:n-1]) {
			operands = append(operands, rest...) // "--": the rest are operands
			break
		}
		if len(rest) == 0 {
			break
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
	// Parse once more with no flags to leave the operands in Args.
	return c.Flags.Parse(append([]string{"--"}, operands...))
}

// takesValue reports whether the last of the parsed args is a flag that takes the
// next argument as its value ("-o" before "--").
func (c *Command) takesValue(parsed []string) bool {
	if len(parsed) == 0 {
		return false
	}
	a := parsed[len(parsed)-1]
	if len(a) < 2 || a[0] != '-' || strings.Contains(a, "=") {
		return false
	}
	f := c.Flags.Lookup(strings.TrimLeft(a, "-"))
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !(ok && b.IsBoolFlag())
}

// Fail prints err as one line on standard error and returns code.
func (c *Command) Fail(code int, err error) int {
	fmt.Fprintf(c.Stderr, "%s: %s\n", c.Name, oneLine(err.Error()))
	return code
}

// Failf is Fail with a formatted message.
func (c *Command) Failf(code int, format string, a ...any) int {
	return c.Fail(code, fmt.Errorf(format, a...))
}

// Warnf prints a one-line warning on standard error.
func (c *Command) Warnf(format string, a ...any) {
	fmt.Fprintf(c.Stderr, "%s: warning: %s\n", c.Name, oneLine(fmt.Sprintf(format, a...)))
}

// oneLine folds a message onto one line and cuts it to a length a terminal shows.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	const max = 400
	if len(s) > max {
		s = s[:max] + "…"
	}
	return s
}

// Excerpt returns s cut to a few dozen characters, for quoting input in errors.
func Excerpt(s string) string {
	const max = 40
	if r := []rune(s); len(r) > max {
		return string(r[:max]) + "…"
	}
	return s
}

// Version returns the module version and VCS revision the binary was built from.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown version)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified, at string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+modified"
			}
		case "vcs.time":
			at = s.Value
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " " + rev + modified
		if at != "" {
			v += " " + at
		}
	}
	return v + " " + bi.GoVersion
}
