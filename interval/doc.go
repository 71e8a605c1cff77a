// Package interval gives confidence intervals for a fraction counted over a sample:
// the share of deals that cannot be won, of games won, of first moves that keep a
// deal winnable. Every table of mjsat quotes its fractions with [Wilson]'s score
// interval, which stays inside [0, 1] and is sound for fractions near 0 or 1, where
// most of those tables' fractions lie.
package interval
