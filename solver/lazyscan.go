package solver

// Scans at every few decision levels on long boards.
//
// Below the root a node's scan only prunes: its pairings are checked against the
// relaxation, and a failure is explained and learnt (scanBase). On the reductions
// every decision fixes one variable group, and a scan is an update of some 20,000 to
// 30,000 tiles, while the nogoods learnt so far are checked in a small fraction of
// that. So a node below the root on a long board propagates its nogoods at every
// level, and scans only at every scanEveryLong-th level and wherever every pairing is
// fixed (where the scan's pass is what makes the deterministic game exact). A node
// that does not scan does not apply the stuck-profile rule either, which reads the
// node's own scan (propagate). A failure the skipped scans would have found shows at
// the next scan, a few levels deeper; its refutation is resolved through the trail
// as any other, and the backjump it yields goes past the decisions it does not name.
// The search stays exact: it explores more nodes, each much cheaper, and the scans
// it runs see larger changes between them, which the update handles as any change of
// pairings.
//
// Deals scan at every node: their scans are short, and their branching reads the
// evaluation numbers of the node's own scan (valueOrder).

// scanDue reports whether a node at depth scans its pairings: the root always does.
func (s *search) scanDue(depth int) bool {
	return depth == 0 || s.scanEvery <= 1 || depth%s.scanEvery == 0
}
