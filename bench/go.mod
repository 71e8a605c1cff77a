module github.com/mjsat/mjsat/bench

go 1.26.0

require github.com/mjsat/mjsat v0.0.0

require (
	github.com/crillab/gophersat v1.4.0 // indirect
	github.com/emicklei/dot v1.6.2 // indirect
	github.com/go-json-experiment/json v1.27.2 // indirect
	github.com/klauspost/cpuid/v2 v2.2.10 // indirect
	github.com/zeebo/xxh3 v1.1.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/term v0.47.0 // indirect
)

replace github.com/mjsat/mjsat => ../

tool github.com/mjsat/mjsat/cmd/scan
