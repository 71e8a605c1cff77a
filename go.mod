module github.com/mjsat/mjsat

go 1.26.0

require (
	github.com/chromedp/chromedp v0.11.2
	github.com/crillab/gophersat v1.4.0
	github.com/emicklei/dot v1.6.2
	github.com/go-json-experiment/json v1.27.2
	github.com/zeebo/xxh3 v1.1.0
	golang.org/x/term v0.47.0
)

require (
	github.com/chromedp/cdproto v0.0.0-20241022234722-4d5d5faf59fb // indirect
	github.com/chromedp/sysutil v1.1.0 // indirect
	github.com/gobwas/httphead v0.1.0 // indirect
	github.com/gobwas/pool v0.2.1 // indirect
	github.com/gobwas/ws v1.4.0 // indirect
	github.com/josharian/intern v1.0.0 // indirect
	github.com/klauspost/cpuid/v2 v2.2.10 // indirect
	github.com/mailru/easyjson v0.7.7 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
