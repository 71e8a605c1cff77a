// Package gameflag declares the flags with which a command that deals boards (deal,
// scan) chooses its game, and for Shisen-Sho the deals: -game, -size, -gravity and
// -kinds. Declaring and checking them in one place keeps their spelling, their help
// and their refusals the same in every such command.
package gameflag

import (
	"fmt"
	"strings"

	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/shisen"
)

// Flags holds the game flags of one command line.
type Flags struct {
	game, size *string
	gravity    *bool
	kinds      *int
}

// Shisen names uniform Shisen-Sho deals: the board's size, the rule, and the tile
// kinds (0: groups of four; else at most that many kinds, laid as KShisen lays them).
type Shisen struct {
	W, H    int
	Gravity bool
	Kinds   int
}

// Declare adds -game, -size, -gravity and -kinds to c. boards says whose size -size
// gives ("the board's", "the boards'").
func Declare(c *cli.Command, boards string) *Flags {
	fl := c.Flags
	return &Flags{
		game:    fl.String("game", "mahjong", "the game: mahjong, or shisen (Shisen-Sho)"),
		size:    fl.String("size", "18x8", "with -game shisen: "+boards+" `WxH` cells"),
		gravity: fl.Bool("gravity", false, "with -game shisen: tiles above a removed tile fall (KShisen's rule)"),
		kinds:   fl.Int("kinds", 0, "with -game shisen: at most `N` tile kinds, laid four at a time as KShisen does (42: its set; 0: groups of four)"),
	}
}

// Check reads the flags once c has parsed its command line. It returns the Shisen-Sho
// deals chosen, or nil for Mahjong; or an error for a usage error: an unknown game, a
// Shisen-Sho flag without -game shisen, one of mahjongOnly (flag names without the
// dash) with it, or a size or kinds that deal no board. shisenTakes ends the error for
// mahjongOnly, saying what the command does with -game shisen.
func (f *Flags) Check(c *cli.Command, shisenTakes string, mahjongOnly ...string) (*Shisen, error) {
	switch *f.game {
	case "mahjong":
		if g := c.Given("size", "gravity", "kinds"); len(g) > 0 {
			return nil, fmt.Errorf("%s: for -game shisen", strings.Join(g, ", "))
		}
		return nil, nil
	case "shisen":
		if g := c.Given(mahjongOnly...); len(g) > 0 {
			return nil, fmt.Errorf("%s: for Mahjong deals; -game shisen %s", strings.Join(g, ", "), shisenTakes)
		}
		w, h, err := shisen.ParseSize(*f.size)
		if err != nil {
			return nil, fmt.Errorf("-size: %w", err)
		}
		if err := shisen.CheckDeal(w, h, *f.kinds); err != nil {
			return nil, err
		}
		return &Shisen{W: w, H: h, Gravity: *f.gravity, Kinds: *f.kinds}, nil
	}
	return nil, fmt.Errorf("-game %q: want mahjong or shisen", cli.Excerpt(*f.game))
}

// Deal returns the deal of s from seed.
func (s Shisen) Deal(seed uint64) (*shisen.Board, error) {
	return shisen.DealKinds(s.W, s.H, s.Gravity, seed, s.Kinds)
}

// Name names the deals of s, as scan's records do: shisen-WxH[-gravity][-kN]
// ("shisen-18x8", "shisen-18x8-gravity", "shisen-24x12-k42").
func (s Shisen) Name() string {
	name := fmt.Sprintf("shisen-%dx%d", s.W, s.H)
	if s.Gravity {
		name += "-gravity"
	}
	if s.Kinds > 0 {
		name += fmt.Sprintf("-k%d", s.Kinds)
	}
	return name
}

// ParseName reads what [Shisen.Name] writes; ok is false for any other name.
func ParseName(name string) (s Shisen, ok bool) {
	rest, found := strings.CutPrefix(name, "shisen-")
	if !found {
		return Shisen{}, false
	}
	parts := strings.Split(rest, "-")
	w, h, err := shisen.ParseSize(parts[0])
	if err != nil {
		return Shisen{}, false
	}
	s.W, s.H = w, h
	for _, p := range parts[1:] {
		switch {
		case p == "gravity" && !s.Gravity && s.Kinds == 0:
			s.Gravity = true
		case strings.HasPrefix(p, "k") && s.Kinds == 0:
			if _, err := fmt.Sscanf(p, "k%d", &s.Kinds); err != nil || s.Kinds <= 0 {
				return Shisen{}, false
			}
		default:
			return Shisen{}, false
		}
	}
	return s, s.Name() == name
}
