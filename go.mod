module github.com/mjsat/mjsat

go 1.26.0

require (
	github.com/crillab/gophersat v1.4.0
	github.com/emicklei/dot v1.6.2
	golang.org/x/term v0.47.0
)

require golang.org/x/sys v0.49.0 // indirect
