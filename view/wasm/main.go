//go:build wasip1

// Command wasm is the page's solver compiled to WebAssembly (GOOS=wasip1, a reactor
// built with -buildmode=c-shared): the static site that view -static writes runs it
// in the browser behind the same page, answering the page's requests as the local
// server does, with no server at all. The page's wasi.js gives it the few system calls
// it uses.
//
// The exports: alloc(n) returns a buffer of n bytes for the page to write a request
// into; request(p, n) answers the request held in those bytes, {"method", "path",
// "body"}, and returns a buffer of the answer, a 4-byte little-endian length then
// {"status", "type", "body"}; free(p) releases a buffer.
package main

import (
	"encoding/binary"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"unsafe"

	"github.com/mjsat/mjsat/view"
)

// buffers keeps the buffers handed to the page alive until it frees them.
var buffers = map[uintptr][]byte{}

var srv *view.Server

//go:wasmexport alloc
func alloc(n int32) unsafe.Pointer {
	b := make([]byte, max(n, 1))
	p := unsafe.Pointer(unsafe.SliceData(b))
	buffers[uintptr(p)] = b
	return p
}

//go:wasmexport free
func free(p unsafe.Pointer) { delete(buffers, uintptr(p)) }

//go:wasmexport request
func request(p unsafe.Pointer, n int32) unsafe.Pointer {
	var req struct {
		Method, Path, Body string
	}
	out := struct {
		Status int    `json:"status"`
		Type   string `json:"type"`
		Body   string `json:"body"`
	}{Status: 400, Type: "application/json", Body: `{"error":"bad request"}`}
	if err := json.Unmarshal(buffers[uintptr(p)][:n], &req); err == nil {
		if srv == nil {
			srv, err = view.NewServer(nil, nil)
		}
		if err == nil {
			r := httptest.NewRequest(req.Method, req.Path, strings.NewReader(req.Body))
			r.Host = "localhost"
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, r)
			out.Status, out.Type, out.Body = w.Code, w.Header().Get("Content-Type"), w.Body.String()
		}
	}
	data, _ := json.Marshal(out)
	res := alloc(int32(4 + len(data)))
	b := buffers[uintptr(res)]
	binary.LittleEndian.PutUint32(b, uint32(len(data)))
	copy(b[4:], data)
	return res
}

func main() {}
