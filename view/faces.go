package view

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/reduce"
)

// A face is what is drawn on a tile of the standard 144-tile set that deal uses: its
// name as the page's data-face attribute gives it ("bamboo-5") and as a person reads
// it ("5 of Bamboo").
type face struct {
	id, name string
	suit     string // dots, bamboo, characters, wind, dragon, flower, season
	rank     int    // 1..9 for the suits, 1..4 for flowers and seasons
}

// suits maps the deal's group names of the numbered suits to their suit.
var suits = map[byte]string{'y': "dots", 's': "bamboo", 'c': "characters"}

// honours maps the deal's names of the other groups (but flowers and seasons, whose
// four tiles have faces of their own) to their faces.
var honours = map[string]face{
	"bi": {"bamboo-1", "1 of Bamboo", "bamboo", 1},
	"cE": {"wind-east", "East Wind", "wind", 1}, "cS": {"wind-south", "South Wind", "wind", 2},
	"cW": {"wind-west", "West Wind", "wind", 3}, "cN": {"wind-north", "North Wind", "wind", 4},
	"cC": {"dragon-red", "Red Dragon", "dragon", 1}, "cF": {"dragon-green", "Green Dragon", "dragon", 2},
	"sq": {"dragon-white", "White Dragon", "dragon", 3},
}

// faces returns the face of each tile of b, or nil when b is not a deal of the
// standard set (a reduction, a hand-made board, a group the set does not have): then
// the tiles keep their group names. The four flowers (group pl) and the four seasons
// (ss) are told apart by their order of ids.
func faces(b *board.Board) []face {
	if _, err := reduce.ReadMeta(b); err == nil { // a reduction: its gadgets' names
		return nil
	}
	out := make([]face, b.N())
	nth := map[string]int{}
	for i, t := range b.Tiles {
		g := t.Group
		switch f, ok := honours[g]; {
		case ok:
			out[i] = f
		case g == "pl" || g == "ss":
			nth[g]++
			k := nth[g]
			if k > 4 {
				return nil
			}
			if g == "pl" {
				out[i] = face{"flower-" + strconv.Itoa(k), "Flower " + strconv.Itoa(k), "flower", k}
			} else {
				out[i] = face{"season-" + strconv.Itoa(k), "Season " + strconv.Itoa(k), "season", k}
			}
		case len(g) == 2 && suits[g[0]] != "" && g[1] >= '1' && g[1] <= '9' && g != "s1":
			out[i] = facesByID[suits[g[0]]+"-"+g[1:]]
		default:
			return nil
		}
	}
	return out
}

// facesByID are the 42 faces of the set by their ids.
var facesByID = func() map[string]face {
	m := map[string]face{}
	for _, f := range honours {
		m[f.id] = f
	}
	for s := range 3 {
		suit := []string{"dots", "bamboo", "characters"}[s]
		for r := 1; r <= 9; r++ {
			m[suit+"-"+strconv.Itoa(r)] = face{suit + "-" + strconv.Itoa(r), strconv.Itoa(r) + " of " + strings.ToUpper(suit[:1]) + suit[1:], suit, r}
		}
	}
	for r := 1; r <= 4; r++ {
		m["flower-"+strconv.Itoa(r)] = face{"flower-" + strconv.Itoa(r), "Flower " + strconv.Itoa(r), "flower", r}
		m["season-"+strconv.Itoa(r)] = face{"season-" + strconv.Itoa(r), "Season " + strconv.Itoa(r), "season", r}
	}
	return m
}()

// Colours of the faces.
const (
	ink   = "#1b1b1b"
	red   = "#c92a2a"
	green = "#2b8a3e"
	blue  = "#1864ab"
)

// cjkDigits are the numerals the characters suit shows, 1 to 9.
var cjkDigits = []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

// drawFace writes the SVG of face f on a tile face at (x, y) of size w × h. The CJK
// signs are text in the system's fonts (a fallback font shows them as boxes, and the
// small Latin letter beside each keeps the faces apart even then); everything else is
// drawn.
func drawFace(sb *strings.Builder, f face, x, y, w, h float64) {
	cx, cy := x+w/2, y+h/2
	text := func(s string, tx, ty, size float64, color, weight string) {
		fmt.Fprintf(sb, `<text x="%.1f" y="%.1f" font-size="%.1f" fill="%s" font-weight="%s" text-anchor="middle" dominant-baseline="central" font-family="'Noto Sans CJK SC','Noto Serif CJK SC','WenQuanYi Zen Hei',sans-serif">%s</text>`,
			tx, ty, size, color, weight, s)
	}
	corner := func(s string) { // a small Latin mark at the top left, readable in any font
		fmt.Fprintf(sb, `<text x="%.1f" y="%.1f" font-size="%.1f" fill="#495057" font-family="sans-serif">%s</text>`, x+2, y+9, 8.0, s)
	}
	switch f.suit {
	case "dots":
		for _, p := range dotPlaces[f.rank] {
			r := w * 0.13
			if f.rank == 1 {
				r = w * 0.3
			}
			col := []string{blue, green, red}[int(p[2])]
			fmt.Fprintf(sb, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="none" stroke="%s" stroke-width="%.1f"/><circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s"/>`,
				x+p[0]*w, y+p[1]*h, r, col, r*0.35, x+p[0]*w, y+p[1]*h, r*0.4, col)
		}
		corner(strconv.Itoa(f.rank))
	case "bamboo":
		if f.rank == 1 { // the bird of the one of bamboo, drawn as a bird's body, head and tail
			fmt.Fprintf(sb, `<ellipse cx="%.1f" cy="%.1f" rx="%.1f" ry="%.1f" fill="%s"/><circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s"/><path d="M%.1f %.1f l%.1f %.1f l%.1f %.1f z" fill="%s"/>`,
				cx, cy+2, w*0.22, h*0.16, green, cx+w*0.2, cy-h*0.1, w*0.1, red, cx-w*0.2, cy+2, -w*0.2, -h*0.12, 0.0, h*0.24, blue)
		}
		for _, p := range stickPlaces[f.rank] {
			col := green
			if p[2] == 1 {
				col = red
			}
			sx, sy, sh := x+p[0]*w, y+p[1]*h, h*0.22
			fmt.Fprintf(sb, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="2" fill="%s"/><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#f8f9fa" stroke-width="1"/>`,
				sx-w*0.045, sy-sh/2, w*0.09, sh, col, sx-w*0.045, sy, sx+w*0.045, sy)
		}
		corner(strconv.Itoa(f.rank))
	case "characters":
		text(cjkDigits[f.rank], cx, y+h*0.3, h*0.3, ink, "bold")
		text("萬", cx, y+h*0.68, h*0.34, red, "bold")
		corner(strconv.Itoa(f.rank))
	case "wind":
		text([]string{"", "東", "南", "西", "北"}[f.rank], cx, cy, h*0.5, ink, "bold")
		corner([]string{"", "E", "S", "W", "N"}[f.rank])
	case "dragon":
		switch f.rank {
		case 1:
			text("中", cx, cy, h*0.55, red, "bold")
			corner("R")
		case 2:
			text("發", cx, cy, h*0.5, green, "bold")
			corner("G")
		default: // the white dragon: an empty frame
			fmt.Fprintf(sb, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="%s" stroke-width="2.5"/><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="%s" stroke-width="1"/>`,
				x+w*0.18, y+h*0.16, w*0.64, h*0.68, blue, x+w*0.26, y+h*0.24, w*0.48, h*0.52, blue)
			corner("W")
		}
	case "flower", "season":
		col := []string{"", red, "#e8590c", blue, "#5f3dc4"}[f.rank]
		petals := 5
		if f.suit == "season" {
			petals = 4
		}
		for k := range petals { // a flower of petals, or a sun of rays for the seasons
			a := 2 * math.Pi * float64(k) / float64(petals)
			fmt.Fprintf(sb, `<ellipse cx="%.1f" cy="%.1f" rx="%.1f" ry="%.1f" fill="%s" transform="rotate(%.0f %.1f %.1f)"/>`,
				cx+math.Sin(a)*w*0.17, cy-h*0.06-math.Cos(a)*w*0.17, w*0.1, w*0.16, col, a*180/math.Pi, cx+math.Sin(a)*w*0.17, cy-h*0.06-math.Cos(a)*w*0.17)
		}
		fmt.Fprintf(sb, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="#fcc419"/>`, cx, cy-h*0.06, w*0.08)
		fmt.Fprintf(sb, `<text x="%.1f" y="%.1f" font-size="%.1f" fill="%s" text-anchor="middle" font-family="sans-serif" font-weight="bold">%d</text>`, cx, y+h*0.9, h*0.2, col, f.rank)
		corner(map[string]string{"flower": "F", "season": "S"}[f.suit])
	}
}

// dotPlaces and stickPlaces place the dots and the sticks of each rank on a face, as
// fractions of its width and height, with a colour index.
var dotPlaces = [10][][3]float64{
	{}, {{0.5, 0.5, 2}}, {{0.5, 0.28, 0}, {0.5, 0.72, 1}}, {{0.25, 0.22, 0}, {0.5, 0.5, 2}, {0.75, 0.78, 1}},
	{{0.3, 0.28, 0}, {0.7, 0.28, 1}, {0.3, 0.72, 1}, {0.7, 0.72, 0}},
	{{0.28, 0.24, 0}, {0.72, 0.24, 1}, {0.5, 0.5, 2}, {0.28, 0.76, 1}, {0.72, 0.76, 0}},
	{{0.3, 0.2, 1}, {0.7, 0.2, 1}, {0.3, 0.5, 2}, {0.7, 0.5, 2}, {0.3, 0.8, 2}, {0.7, 0.8, 2}},
	{{0.22, 0.16, 1}, {0.5, 0.24, 1}, {0.78, 0.32, 1}, {0.3, 0.56, 2}, {0.7, 0.56, 2}, {0.3, 0.84, 2}, {0.7, 0.84, 2}},
	{{0.3, 0.14, 0}, {0.7, 0.14, 0}, {0.3, 0.38, 0}, {0.7, 0.38, 0}, {0.3, 0.62, 0}, {0.7, 0.62, 0}, {0.3, 0.86, 0}, {0.7, 0.86, 0}},
	{{0.22, 0.18, 0}, {0.5, 0.18, 0}, {0.78, 0.18, 0}, {0.22, 0.5, 2}, {0.5, 0.5, 2}, {0.78, 0.5, 2}, {0.22, 0.82, 1}, {0.5, 0.82, 1}, {0.78, 0.82, 1}},
}

var stickPlaces = [10][][3]float64{
	{}, {}, {{0.5, 0.3, 0}, {0.5, 0.7, 0}}, {{0.5, 0.3, 0}, {0.3, 0.7, 0}, {0.7, 0.7, 0}},
	{{0.3, 0.3, 0}, {0.7, 0.3, 0}, {0.3, 0.7, 0}, {0.7, 0.7, 0}},
	{{0.25, 0.3, 0}, {0.75, 0.3, 0}, {0.5, 0.5, 1}, {0.25, 0.7, 0}, {0.75, 0.7, 0}},
	{{0.25, 0.3, 0}, {0.5, 0.3, 0}, {0.75, 0.3, 0}, {0.25, 0.7, 0}, {0.5, 0.7, 0}, {0.75, 0.7, 0}},
	{{0.5, 0.18, 1}, {0.25, 0.5, 0}, {0.5, 0.5, 0}, {0.75, 0.5, 0}, {0.25, 0.8, 0}, {0.5, 0.8, 0}, {0.75, 0.8, 0}},
	{{0.2, 0.3, 0}, {0.4, 0.3, 0}, {0.6, 0.3, 0}, {0.8, 0.3, 0}, {0.2, 0.7, 0}, {0.4, 0.7, 0}, {0.6, 0.7, 0}, {0.8, 0.7, 0}},
	{{0.25, 0.2, 0}, {0.5, 0.2, 1}, {0.75, 0.2, 0}, {0.25, 0.5, 0}, {0.5, 0.5, 1}, {0.75, 0.5, 0}, {0.25, 0.8, 0}, {0.5, 0.8, 1}, {0.75, 0.8, 0}},
}
