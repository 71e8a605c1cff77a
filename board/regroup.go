package board

import "fmt"

// Regroup returns a board of b's tiles with groups[i] as the group of b.Tiles[i]: a
// board that differs from b only in what is drawn on its tiles, as when a player
// imagines the faces of the tiles not yet seen. Which tile lies on or beside which
// does not depend on the groups, so the new board shares b's (and its RelationsKey),
// and costs a fraction of what New does. Its errors are New's for groups: an empty
// name, or a group of an odd number of tiles.
func (b *Board) Regroup(name string, groups []string) (*Board, error) {
	if len(groups) != len(b.Tiles) {
		return nil, fmt.Errorf("%d groups for %d tiles", len(groups), len(b.Tiles))
	}
	r := &Board{Name: name, Tiles: make([]Tile, len(b.Tiles)), byID: b.byID,
		above: b.above, below: b.below, left: b.left, right: b.right}
	for i, t := range b.Tiles {
		if t.Group = groups[i]; t.Group == "" {
			return nil, fmt.Errorf("tiles[%d] (id %d): empty group", i, t.ID)
		}
		r.Tiles[i] = t
	}
	if err := r.setGroups(); err != nil {
		return nil, err
	}
	return r, nil
}
