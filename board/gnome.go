package board

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// ReadGnomeMaps reads a GNOME Mahjongg map file (mahjongg.map) and returns its maps in
// file order, each named after its name attribute. See [ParseGnomeMaps].
func ReadGnomeMaps(r io.Reader, name string) ([]Layout, error) {
	data, err := readAll(r, name)
	if err != nil {
		return nil, err
	}
	return ParseGnomeMaps(data, name)
}

// ReadGnomeMapsFile reads the GNOME Mahjongg map file at path with [ReadGnomeMaps];
// errors name the path.
func ReadGnomeMapsFile(path string) ([]Layout, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadGnomeMaps(f, path)
}

// ParseGnomeMaps parses GNOME Mahjongg's map file: XML with any number of
// <map name="..."> elements, each made of
//
//	<tile x y z/>                       one tile
//	<row y left right z/>               tiles at x = left, left+1, ... ≤ right
//	<column x top bottom z/>            tiles at y = top, top+1, ... ≤ bottom
//	<block left right top bottom z/>    a rectangle of tiles
//	<layer z="N"> ... </layer>          default z for the elements inside (else 0)
//
// Coordinates are in whole tiles with .5 for half offsets; they are doubled onto the
// half-tile grid. Element and attribute names are case-insensitive and a missing
// coordinate is 0, as in GNOME Mahjongg. Unlike GNOME, a coordinate that is not a
// multiple of 0.5, a fractional z, a map without a name or tiles, overlapping tiles and
// unknown elements inside a map are errors. Errors read "name:line: ...".
func ParseGnomeMaps(data []byte, name string) ([]Layout, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	var (
		maps   []Layout
		cur    *collector
		mapLn  int
		layerZ = 0
		depth  = 0 // open elements inside the current map
	)
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		line, _ := d.InputPos()
		if err != nil {
			var syn *xml.SyntaxError
			if errors.As(err, &syn) {
				return nil, fmt.Errorf("%s:%d: %s", name, syn.Line, syn.Msg)
			}
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		at := strconv.Itoa(line)
		switch t := tok.(type) {
		case xml.StartElement:
			el := strings.ToLower(t.Name.Local)
			e := gnomeElem{file: name, at: at, el: el, attrs: t.Attr}
			if cur == nil {
				switch el {
				case "map":
					var mapName string
					for _, a := range t.Attr {
						if strings.ToLower(a.Name.Local) == "name" {
							mapName = a.Value
						}
					}
					if mapName == "" {
						return nil, fmt.Errorf("%s:%s: <map> without a name", name, at)
					}
					cur, mapLn, layerZ, depth = newCollector(mapName), line, 0, 0
					cur.name = name // errors name the file; the map's name is kept in maps
					maps = append(maps, Layout{Name: mapName})
				case "tile", "row", "column", "block", "layer":
					return nil, fmt.Errorf("%s:%s: <%s> outside a <map>", name, at, el)
				}
				continue
			}
			depth++
			if el == "layer" {
				var err error
				if layerZ, err = e.level(0); err != nil {
					return nil, err
				}
				continue
			}
			xs, ys, err := e.ranges()
			if err == errUnknownElement {
				return nil, fmt.Errorf("%s:%s: unknown element <%s> in map %q", name, at, el, maps[len(maps)-1].Name)
			}
			if err != nil {
				return nil, err
			}
			z, err := e.level(layerZ)
			if err != nil {
				return nil, err
			}
			if err := addRange(cur, xs, ys, z, at); err == errTooMany {
				return nil, fmt.Errorf("%s:%s: map %q: more than %d tiles", name, at, maps[len(maps)-1].Name, MaxTiles)
			} else if err != nil {
				return nil, fmt.Errorf("map %q: %w", maps[len(maps)-1].Name, err)
			}
		case xml.EndElement:
			if cur == nil {
				continue
			}
			if depth > 0 {
				depth--
				if strings.ToLower(t.Name.Local) == "layer" {
					layerZ = 0
				}
				continue
			}
			// </map>
			m := &maps[len(maps)-1]
			if len(cur.pos) == 0 {
				return nil, fmt.Errorf("%s:%d: map %q has no tiles", name, mapLn, m.Name)
			}
			m.Pos = cur.pos
			cur = nil
		}
	}
	if cur != nil {
		return nil, fmt.Errorf("%s: map %q not closed", name, maps[len(maps)-1].Name)
	}
	if len(maps) == 0 {
		return nil, fmt.Errorf("%s: no <map> elements", name)
	}
	return maps, nil
}

// gnomeElem is an element of a GNOME map being read, for its attributes.
type gnomeElem struct {
	file, at, el string
	attrs        []xml.Attr
}

// attr returns the number in attribute key, or def when it is absent.
func (e gnomeElem) attr(key string, def float64) (float64, error) {
	for _, a := range e.attrs {
		if strings.ToLower(a.Name.Local) == key {
			v, err := strconv.ParseFloat(strings.TrimSpace(a.Value), 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return 0, fmt.Errorf("%s:%s: <%s %s=%q>: not a number", e.file, e.at, e.el, key, a.Value)
			}
			return v, nil
		}
	}
	return def, nil
}

// half reads a coordinate in tiles and returns it in half tiles.
func (e gnomeElem) half(key string) (int, error) {
	v, err := e.attr(key, 0)
	if err != nil {
		return 0, err
	}
	h := v * 2
	if h != math.Trunc(h) || math.Abs(h) > MaxCoord {
		return 0, fmt.Errorf("%s:%s: <%s %s=\"%g\">: want a multiple of 0.5 within ±%d", e.file, e.at, e.el, key, v, MaxCoord/2)
	}
	return int(h), nil
}

// level reads the z attribute (def when absent) as a level.
func (e gnomeElem) level(def int) (int, error) {
	v, err := e.attr("z", float64(def))
	if err != nil {
		return 0, err
	}
	if v != math.Trunc(v) || v < 0 || v > MaxLevel {
		return 0, fmt.Errorf("%s:%s: <%s z=\"%g\">: want an integer level 0..%d", e.file, e.at, e.el, v, MaxLevel)
	}
	return int(v), nil
}

// errUnknownElement is returned by ranges for an element that places no tiles.
var errUnknownElement = errors.New("unknown element")

// ranges returns the positions a tile, row, column or block element places, as
// inclusive ranges of half tiles (step 2).
func (e gnomeElem) ranges() (xs, ys [2]int, err error) {
	switch e.el {
	case "tile":
		if xs[0], err = e.half("x"); err == nil {
			ys[0], err = e.half("y")
		}
		xs[1], ys[1] = xs[0], ys[0]
	case "row":
		if xs[0], err = e.half("left"); err == nil {
			if xs[1], err = e.half("right"); err == nil {
				ys[0], err = e.half("y")
				ys[1] = ys[0]
			}
		}
	case "column":
		if ys[0], err = e.half("top"); err == nil {
			if ys[1], err = e.half("bottom"); err == nil {
				xs[0], err = e.half("x")
				xs[1] = xs[0]
			}
		}
	case "block":
		for _, f := range []struct {
			p   *int
			key string
		}{{&xs[0], "left"}, {&xs[1], "right"}, {&ys[0], "top"}, {&ys[1], "bottom"}} {
			if *f.p, err = e.half(f.key); err != nil {
				break
			}
		}
	default:
		err = errUnknownElement
	}
	return xs, ys, err
}

// errTooMany is returned by addRange for a map of more than MaxTiles positions.
var errTooMany = errors.New("too many tiles")

// addRange adds the positions of the ranges xs × ys on level z to c, refusing more
// than MaxTiles in all before it adds any.
func addRange(c *collector, xs, ys [2]int, z int, at string) error {
	nx, ny := int64(0), int64(0)
	if xs[1] >= xs[0] {
		nx = int64(xs[1]-xs[0])/2 + 1
	}
	if ys[1] >= ys[0] {
		ny = int64(ys[1]-ys[0])/2 + 1
	}
	if int64(len(c.pos))+nx*ny > MaxTiles {
		return errTooMany
	}
	for x := xs[0]; x <= xs[1]; x += 2 {
		for y := ys[0]; y <= ys[1]; y += 2 {
			if err := c.add(Pos{X: x, Y: y, Z: z}, at); err != nil {
				return err
			}
		}
	}
	return nil
}
