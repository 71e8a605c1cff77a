package interval_test

import (
	"fmt"

	"github.com/mjsat/mjsat/interval"
)

func ExampleWilson() {
	// 295 unsolvable deals out of 10,000.
	lo, hi := interval.Wilson(295, 10000, interval.Z95)
	fmt.Printf("[%.4f%%, %.4f%%]\n", 100*lo, 100*hi)
	// Output: [2.6360%, 3.3001%]
}
