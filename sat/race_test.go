//go:build race

package sat

// raceDetector is true when the tests run under -race.
const raceDetector = true
