// Package plural writes counts in words as a person reads them: "1 group",
// "3 groups", so that no message says "1 tiles".
package plural

import "strconv"

// N returns n and the noun, in the plural unless n is 1 (the nouns of mjsat's
// messages all take an s).
func N(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
