package board

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Layout is the shape of a board without its tiles' faces: the positions a deal fills.
// Positions use the half-tile grid of [Tile] (x = column, y = row, z = level).
//
// Layouts are read from the files of other Mahjong programs ([ReadLayout],
// [ReadGnomeMaps]) and turned into boards by [Deal]. A layout read by this package
// never has two positions overlapping on one level and stays within the limits of
// [New]; its tile count may be odd (only a deal needs it even).
type Layout struct {
	// Name is a free-form name (the file's base name, a GNOME map's name, ...).
	Name string
	// Pos lists the positions, in file order unless [Layout.Normalize] was applied.
	Pos []Pos
}

// Len returns the number of positions.
func (l Layout) Len() int { return len(l.Pos) }

// Levels returns the number of positions on each level 0..max z.
func (l Layout) Levels() []int {
	var out []int
	for _, p := range l.Pos {
		for len(out) <= p.Z {
			out = append(out, 0)
		}
		out[p.Z]++
	}
	return out
}

// Normalize returns a copy of l translated so that its smallest x and smallest y are 0
// (levels are kept: level 0 is the table), with positions sorted by (z, y, x). Two
// layouts are equal up to translation when their normalized positions are equal.
func (l Layout) Normalize() Layout {
	out := Layout{Name: l.Name, Pos: append([]Pos(nil), l.Pos...)}
	if len(out.Pos) == 0 {
		return out
	}
	minX, minY := out.Pos[0].X, out.Pos[0].Y
	for _, p := range out.Pos {
		minX, minY = min(minX, p.X), min(minY, p.Y)
	}
	for i := range out.Pos {
		out.Pos[i].X -= minX
		out.Pos[i].Y -= minY
	}
	sort.Slice(out.Pos, func(i, j int) bool { return posLess(out.Pos[i], out.Pos[j]) })
	return out
}

// posLess orders positions by (z, y, x).
func posLess(a, b Pos) bool {
	if a.Z != b.Z {
		return a.Z < b.Z
	}
	if a.Y != b.Y {
		return a.Y < b.Y
	}
	return a.X < b.X
}

// Transpose returns a copy of l with x and y swapped (a mirror in the main diagonal).
// The playability rules are not symmetric in x and y, so a transposed layout is a
// different game.
func (l Layout) Transpose() Layout {
	out := Layout{Name: l.Name, Pos: make([]Pos, len(l.Pos))}
	for i, p := range l.Pos {
		out.Pos[i] = Pos{X: p.Y, Y: p.X, Z: p.Z}
	}
	return out
}

// WriteXmahjongg writes l in the Xmahjongg "Young" text format (one `row col lev` line
// per position, in l's order) with a comment line naming it. [ReadLayout] reads it back.
func (l Layout) WriteXmahjongg(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s\n# row col lev\n", strings.ReplaceAll(l.Name, "\n", " "))
	for _, p := range l.Pos {
		fmt.Fprintf(bw, "%d %d %d\n", p.Y, p.X, p.Z)
	}
	return bw.Flush()
}

// ReadLayoutFile reads a layout file with [ReadLayout]. The layout is named after the
// file's base name without extension; errors name the path.
func ReadLayoutFile(path string) (Layout, error) {
	f, err := os.Open(path)
	if err != nil {
		return Layout{}, err
	}
	defer f.Close()
	l, err := ReadLayout(f, path)
	if err != nil {
		return Layout{}, err
	}
	base := filepath.Base(path)
	l.Name = strings.TrimSuffix(base, filepath.Ext(base))
	return l, nil
}

// ReadLayout reads a layout, choosing the format by the first byte as Xmahjongg 3.x
// does: 'K' is the Kyodai grid, 'k' the KMahjongg .layout file, anything else the
// Xmahjongg "Young" text (see [ParseXmahjongg], [ParseKyodai], [ParseKMahjongg]). A file
// whose first non-blank byte is '<' is taken for a GNOME map file and read with
// [ReadGnomeMaps] when it holds exactly one map; one whose first is '{', a JSON
// document such as a board, is refused as no layout. name is used in errors and as
// the layout's name.
func ReadLayout(r io.Reader, name string) (Layout, error) {
	data, err := readAll(r, name)
	if err != nil {
		return Layout{}, err
	}
	data = TrimBOM(data)
	switch {
	case len(data) > 0 && data[0] == 'K':
		return ParseKyodai(data, name)
	case len(data) > 0 && data[0] == 'k':
		return ParseKMahjongg(data, name)
	}
	t := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(t) > 0 && t[0] == '{' {
		return Layout{}, fmt.Errorf("%s: a JSON document (a board?), not a layout (Xmahjongg, Kyodai, KMahjongg or a GNOME map)", name)
	}
	if len(t) > 0 && t[0] == '<' {
		maps, err := ParseGnomeMaps(data, name)
		if err != nil {
			return Layout{}, err
		}
		if len(maps) != 1 {
			names := make([]string, len(maps))
			for i, m := range maps {
				names[i] = strconv.Quote(m.Name)
			}
			return Layout{}, fmt.Errorf("%s: GNOME map file with %d maps (%s): choose one", name, len(maps), strings.Join(names, ", "))
		}
		return maps[0], nil
	}
	return ParseXmahjongg(data, name)
}

// collector gathers positions, rejecting out-of-range ones and overlaps on one level.
type collector struct {
	name string
	pos  []Pos
	at   map[uint64]int32 // packed position -> index in pos
	loc  []string
}

func newCollector(name string) *collector {
	return &collector{name: name, at: map[uint64]int32{}}
}

// pack maps a position within the limits to a distinct integer key.
func pack(x, y, z int) uint64 {
	const off = MaxCoord + 1 // x+off, y+off in [0, 2^21]; z in [0, 2^10]
	return uint64(x+off) | uint64(y+off)<<22 | uint64(z)<<44
}

// add records a tile at p found at location at ("line" or "line:col").
func (c *collector) add(p Pos, at string) error {
	switch {
	case p.X < -MaxCoord || p.X > MaxCoord || p.Y < -MaxCoord || p.Y > MaxCoord:
		return fmt.Errorf("%s:%s: position (x %d, y %d) beyond ±%d", c.name, at, p.X, p.Y, MaxCoord)
	case p.Z < 0 || p.Z > MaxLevel:
		return fmt.Errorf("%s:%s: level %d outside 0..%d", c.name, at, p.Z, MaxLevel)
	case len(c.pos) >= MaxTiles:
		return fmt.Errorf("%s:%s: more than %d tiles", c.name, at, MaxTiles)
	}
	for dx := -1; dx <= 1; dx++ {
		for dy := -1; dy <= 1; dy++ {
			if j, ok := c.at[pack(p.X+dx, p.Y+dy, p.Z)]; ok {
				q := c.pos[j]
				return fmt.Errorf("%s:%s: tile at (x %d, y %d, z %d) overlaps the tile of line %s at (x %d, y %d, z %d)",
					c.name, at, p.X, p.Y, p.Z, c.loc[j], q.X, q.Y, q.Z)
			}
		}
	}
	c.at[pack(p.X, p.Y, p.Z)] = int32(len(c.pos))
	c.pos = append(c.pos, p)
	c.loc = append(c.loc, at)
	return nil
}

func (c *collector) layout() (Layout, error) {
	if len(c.pos) == 0 {
		return Layout{}, fmt.Errorf("%s: no tiles", c.name)
	}
	return Layout{Name: c.name, Pos: c.pos}, nil
}

// lines splits data into lines, dropping a final '\r' from each (CRLF files).
func lines(data []byte) []string {
	ls := strings.Split(string(data), "\n")
	for i, l := range ls {
		ls[i] = strings.TrimSuffix(l, "\r")
	}
	return ls
}

// ParseXmahjongg parses the Xmahjongg "Young" text format: one tile per line as three
// integers `row col lev` separated by blanks (x = col, y = row, z = lev, half-tile units).
// A line is data when its first field is an integer; such a line must hold exactly three
// integers, optionally followed by a '#' comment. Every other line (comments starting with
// '#', text, blank lines) is ignored, as Xmahjongg does. CRLF line ends, trailing blanks
// and non-ASCII bytes in ignored lines are tolerated.
func ParseXmahjongg(data []byte, name string) (Layout, error) {
	c := newCollector(name)
	for ln, line := range lines(data) {
		f := strings.Fields(line)
		if len(f) == 0 || !looksInt(f[0]) {
			continue
		}
		at := strconv.Itoa(ln + 1)
		var v [3]int
		for k := range v {
			if k >= len(f) || !looksInt(f[k]) {
				return Layout{}, fmt.Errorf("%s:%s: want three integers \"row col lev\", got %q", name, at, strings.TrimSpace(line))
			}
			n, err := strconv.Atoi(f[k])
			if err != nil {
				return Layout{}, fmt.Errorf("%s:%s: field %d: %w", name, at, k+1, errors.Unwrap(err))
			}
			v[k] = n
		}
		if len(f) > 3 && !strings.HasPrefix(f[3], "#") {
			return Layout{}, fmt.Errorf("%s:%s: unexpected %q after \"row col lev\"", name, at, f[3])
		}
		if err := c.add(Pos{X: v[1], Y: v[0], Z: v[2]}, at); err != nil {
			return Layout{}, err
		}
	}
	return c.layout()
}

// looksInt reports whether s is an optionally signed run of decimal digits.
func looksInt(s string) bool {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Kyodai grid dimensions: levels, rows and columns of half-tile cells.
const (
	kyodaiLevels = 5
	kyodaiRows   = 20
	kyodaiCols   = 34
)

// ParseKyodai parses the Kyodai grid format read by Xmahjongg: a first line starting
// with "Kyodai" (e.g. "Kyodai 3.0"), a second line with the board's title, then exactly
// 5 levels × 20 rows × 34 columns = 3400 characters '0' or '1' (whitespace ignored),
// level-major, then row, then column. A '1' marks the top-left half-cell of a tile.
func ParseKyodai(data []byte, name string) (Layout, error) {
	ls := lines(data)
	if !strings.HasPrefix(ls[0], "Kyodai") {
		return Layout{}, fmt.Errorf("%s:1: not a Kyodai layout (first line must start with \"Kyodai\")", name)
	}
	if len(ls) < 2 {
		return Layout{}, fmt.Errorf("%s: Kyodai layout without a title line", name)
	}
	const total = kyodaiLevels * kyodaiRows * kyodaiCols
	c := newCollector(name)
	k := 0
	for ln := 2; ln < len(ls); ln++ {
		for col, ch := range []byte(ls[ln]) {
			if ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v' {
				continue
			}
			at := fmt.Sprintf("%d:%d", ln+1, col+1)
			if ch != '0' && ch != '1' {
				return Layout{}, fmt.Errorf("%s:%s: unexpected %q in the Kyodai grid (want '0' or '1')", name, at, ch)
			}
			if k >= total {
				return Layout{}, fmt.Errorf("%s:%s: Kyodai grid longer than %d cells", name, at, total)
			}
			if ch == '1' {
				z, rest := k/(kyodaiRows*kyodaiCols), k%(kyodaiRows*kyodaiCols)
				if err := c.add(Pos{X: rest % kyodaiCols, Y: rest / kyodaiCols, Z: z}, at); err != nil {
					return Layout{}, err
				}
			}
			k++
		}
	}
	if k != total {
		return Layout{}, fmt.Errorf("%s: Kyodai grid has %d cells, want %d (5 levels × 20 rows × 34 columns)", name, k, total)
	}
	return c.layout()
}

// KMahjongg .layout magic first lines.
const (
	kmahjonggV10 = "kmahjongg-layout-v1.0"
	kmahjonggV11 = "kmahjongg-layout-v1.1"
)

// ParseKMahjongg parses a KMahjongg .layout file: the first line is
// "kmahjongg-layout-v1.0" or "kmahjongg-layout-v1.1"; lines starting with '#' are
// comments; v1.1 then has header lines "w<N>", "h<N>", "d<N>" (v1.0 is 32 × 16 × 5). The
// remaining lines, concatenated, must hold exactly w·h·d cells, level by level, then row,
// then column, each cell a half-tile. A tile is drawn as the 2×2 block "12"/"43"; only
// the '1' (its top-left cell) counts, so no other character is checked.
func ParseKMahjongg(data []byte, name string) (Layout, error) {
	ls := lines(data)
	magic := strings.TrimRight(ls[0], " \t")
	if magic != kmahjonggV10 && magic != kmahjonggV11 {
		return Layout{}, fmt.Errorf("%s:1: not a KMahjongg layout (first line %q, want %q or %q)", name, magic, kmahjonggV10, kmahjonggV11)
	}
	w, h, d := 32, 16, 5
	type gridLine struct {
		ln   int
		text string
	}
	var grid []gridLine
	seen := map[byte]bool{}
	for ln := 1; ln < len(ls); ln++ {
		line := strings.TrimRight(ls[ln], " \t")
		if line == "" || line[0] == '#' {
			continue
		}
		if magic == kmahjonggV11 && len(grid) == 0 && (line[0] == 'w' || line[0] == 'h' || line[0] == 'd') && len(line) > 1 && looksInt(line[1:]) {
			if seen[line[0]] {
				return Layout{}, fmt.Errorf("%s:%d: header %q given twice", name, ln+1, line[0])
			}
			seen[line[0]] = true
			n, err := strconv.Atoi(line[1:])
			limit := map[byte]int{'w': MaxCoord, 'h': MaxCoord, 'd': MaxLevel + 1}[line[0]]
			if err != nil || n < 1 || n > limit {
				return Layout{}, fmt.Errorf("%s:%d: header %q: want 1..%d", name, ln+1, line, limit)
			}
			switch line[0] {
			case 'w':
				w = n
			case 'h':
				h = n
			default:
				d = n
			}
			continue
		}
		grid = append(grid, gridLine{ln + 1, line})
	}
	if int64(w)*int64(h)*int64(d) > MaxFileSize {
		return Layout{}, fmt.Errorf("%s: grid of %d × %d × %d cells is larger than the file limit", name, w, h, d)
	}
	total := w * h * d
	c := newCollector(name)
	k := 0
	for _, g := range grid {
		for col := 0; col < len(g.text); col++ {
			at := fmt.Sprintf("%d:%d", g.ln, col+1)
			if k >= total {
				return Layout{}, fmt.Errorf("%s:%s: grid longer than w·h·d = %d×%d×%d cells", name, at, w, h, d)
			}
			if g.text[col] == '1' {
				z, rest := k/(w*h), k%(w*h)
				if err := c.add(Pos{X: rest % w, Y: rest / w, Z: z}, at); err != nil {
					return Layout{}, err
				}
			}
			k++
		}
	}
	if k != total {
		return Layout{}, fmt.Errorf("%s: grid has %d cells, want w·h·d = %d×%d×%d = %d", name, k, w, h, d, total)
	}
	return c.layout()
}
