package cli

import (
	"flag"
	"fmt"
	"runtime"
	"strings"
	"time"
)

// Timeout declares -timeout with the given default and what it limits.
func (c *Command) Timeout(def time.Duration, what string) *time.Duration {
	d := c.Flags.Duration("timeout", def, what+" (0: none); then the answer is unknown, exit 3")
	c.checks = append(c.checks, func() error {
		if *d < 0 {
			return fmt.Errorf("-timeout %v: want 0 or more", *d)
		}
		return nil
	})
	return d
}

// Jobs declares -j, how many things run at once, with the given default (0: the
// number of cores). A value above [MaxJobs] is clamped with a warning; below 1 it is a
// usage error.
func (c *Command) Jobs(def int, what string) *int {
	if def == 0 {
		def = runtime.NumCPU()
	}
	j := c.Flags.Int("j", def, what)
	c.jobs = j
	c.checks = append(c.checks, func() error {
		switch {
		case *j < 1:
			return fmt.Errorf("-j %d: want at least 1", *j)
		case *j > MaxJobs():
			c.Warnf("-j %d: using %d (four per core)", *j, MaxJobs())
			*j = MaxJobs()
		}
		return nil
	})
	return j
}

// Seed declares -seed.
func (c *Command) Seed(def uint64, what string) *uint64 {
	return c.Flags.Uint64("seed", def, what)
}

// Quiet declares -q (no progress on standard error).
func (c *Command) Quiet() *bool {
	c.quiet = c.Flags.Bool("q", false, "no progress on standard error")
	return c.quiet
}

// Progress reports whether to show progress: standard error is a terminal and -q
// was not given.
func (c *Command) Progress() bool {
	return c.Terminal && (c.quiet == nil || !*c.quiet)
}

// JSON declares -json.
func (c *Command) JSON(what string) *bool {
	return c.Flags.Bool("json", false, what)
}

// Output declares -o FILE ("" or "-": standard output).
func (c *Command) Output(what string) *string {
	return c.Flags.String("o", "", "write "+what+" to `FILE` (written whole or not at all; default standard output)")
}

// Method declares -method, the route to an answer, with its allowed values (the first
// is the default).
func (c *Command) Method(choices ...string) *string {
	m := c.Flags.String("method", choices[0], "route: "+strings.Join(choices, " or "))
	c.checks = append(c.checks, func() error {
		for _, ch := range choices {
			if *m == ch {
				return nil
			}
		}
		return fmt.Errorf("-method %q: want %s", Excerpt(*m), strings.Join(choices, " or "))
	})
	return m
}

// Solver declares -solver, the SAT solver of the sat route: gophersat (in process)
// or the command of an external DIMACS solver.
func (c *Command) Solver() *string {
	return c.Flags.String("solver", "gophersat", "SAT solver of the sat route: gophersat (in process) or an external DIMACS solver `CMD` (minisat, cadical, ...)")
}

// Alias declares old as a deprecated spelling of flag name: it sets the same value
// and prints a one-line deprecation note.
func (c *Command) Alias(old, name string) {
	f := c.Flags.Lookup(name)
	if f == nil {
		panic("cli: alias of undeclared flag -" + name)
	}
	c.Flags.Var(&alias{c: c, old: old, to: f}, old, "deprecated: use -"+name)
}

// Synonym declares other as a second spelling of flag name, with no note: both are
// documented, as when scripts outside the project call the other.
func (c *Command) Synonym(other, name string) {
	f := c.Flags.Lookup(name)
	if f == nil {
		panic("cli: synonym of undeclared flag -" + name)
	}
	c.Flags.Var(f.Value, other, "the same as -"+name)
}

// AliasFunc declares old as a deprecated flag whose value set maps to a call of set.
func (c *Command) AliasFunc(old, usage string, set func(string) error) {
	c.Flags.Func(old, "deprecated: "+usage, func(v string) error {
		c.notes = append(c.notes, fmt.Sprintf("-%s is deprecated: %s", old, usage))
		return set(v)
	})
}

type alias struct {
	c   *Command
	old string
	to  *flag.Flag
}

func (a *alias) String() string {
	if a.to == nil {
		return ""
	}
	return a.to.Value.String()
}

func (a *alias) Set(v string) error {
	a.c.notes = append(a.c.notes, fmt.Sprintf("-%s is deprecated: use -%s", a.old, a.to.Name))
	return a.to.Value.Set(v)
}

func (a *alias) IsBoolFlag() bool {
	b, ok := a.to.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// Given returns those of the flags names that the command line set, each as "-name",
// in the order of names: a command refuses by name the flags of another mode (a
// game's, say) rather than ignore them.
func (c *Command) Given(names ...string) []string {
	set := map[string]bool{}
	c.Flags.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var out []string
	for _, n := range names {
		if set[n] {
			out = append(out, "-"+n)
		}
	}
	return out
}

// GoWith returns the usage error's text for flags (as Given names them) that only
// have a meaning with other: "-a goes with other", "-a and -b go with other".
func GoWith(flags []string, other string) string {
	if len(flags) == 1 {
		return flags[0] + " goes with " + other
	}
	return strings.Join(flags, " and ") + " go with " + other
}
