package tests

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mjsat/mjsat/internal/clitest"
)

// TestReadmeParallelRecipe runs the README's GNU parallel recipe as it is written,
// on this machine rather than over ssh (its host list becomes "2/:", two jobs on the
// local host) and over a small range of turtle deals, then its merge, and checks that
// the merged file holds the verdicts of one plain run, deal by deal.
func TestReadmeParallelRecipe(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	if _, err := exec.LookPath("parallel"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("GNU parallel is not installed: .ci/run installs it")
		}
		t.Skip("GNU parallel is not installed")
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	// The recipe: the lines from "seq" to the merge, continuation lines joined.
	text := string(readme)
	start := strings.Index(text, "    seq 0 10000 990000 | parallel")
	end := strings.Index(text[start:], "scan merge -o default.jsonl default-*.jsonl")
	if start < 0 || end < 0 {
		t.Fatal("README: no GNU parallel recipe (seq ... | parallel ... then scan merge)")
	}
	recipe := strings.ReplaceAll(text[start:start+end+len("scan merge -o default.jsonl default-*.jsonl")], "\\\n", " ")
	hosts := regexp.MustCompile(`-S \S+`)
	if !hosts.MatchString(recipe) {
		t.Fatalf("README recipe has no -S host list: %s", recipe)
	}
	recipe = hosts.ReplaceAllString(recipe, "-S 2/:")
	recipe = strings.NewReplacer("seq 0 10000 990000", "seq 0 100 300", "+10000", "+100", "default", "turtle").Replace(recipe)
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-e", "-c", recipe)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+install(t)+string(os.PathListSeparator)+os.Getenv("PATH"), "HOME="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the recipe failed: %v\n%s\n%s", err, recipe, out)
	}
	one := filepath.Join(dir, "one.jsonl")
	if r := runIn(t, dir, "", "scan", "-layout", "turtle", "-deals", "0:400", "-j", "2", "-q", "-o", one); r.code != 0 {
		t.Fatalf("one run: exit %d: %s", r.code, r.stderr)
	}
	strip := regexp.MustCompile(`,"ms":[0-9.]+`)
	got := strip.ReplaceAllString(clitest.ReadFile(t, filepath.Join(dir, "turtle.jsonl")), "")
	want := strip.ReplaceAllString(clitest.ReadFile(t, one), "")
	if got != want || strings.Count(got, "\n") != 400 {
		t.Fatalf("the merged shards differ from one run (%d lines against %d)", strings.Count(got, "\n"), strings.Count(want, "\n"))
	}
}
