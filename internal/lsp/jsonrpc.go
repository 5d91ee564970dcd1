package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// The transport is JSON-RPC 2.0 framed as the Language Server Protocol's
// base protocol: a header part of "Name: value" lines ending with an empty
// line, of which only Content-Length counts, then that many bytes of JSON.
//
// The server only answers requests and sends notifications; it never sends
// a request of its own, so a client's responses are read and dropped.

// JSON-RPC and LSP error codes.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
)

const (
	maxHeaderBytes = 64 << 10  // a header part longer than this is a framing error
	maxBodyBytes   = 256 << 20 // a body longer than this is skipped
)

// errFraming reports a malformed header part. The reader has skipped to
// the next line that starts a header, so reading can go on.
type errFraming struct{ msg string }

func (e *errFraming) Error() string { return e.msg }

// errTooLarge reports a body over maxBodyBytes, which the reader skipped.
var errTooLarge = errors.New("message body exceeds 256 MiB")

// frameReader reads Content-Length framed messages.
type frameReader struct {
	r      *bufio.Reader
	resync bool // after a framing error: skip lines until a Content-Length header
}

func newFrameReader(r io.Reader) *frameReader {
	return &frameReader{r: bufio.NewReader(r)}
}

// read returns the next message body. It returns io.EOF at the end of the
// stream (also when the stream ends inside a message), *errFraming for a
// header part it could not use, and errTooLarge for a body it skipped;
// after either of those the next read goes on with the next message.
func (fr *frameReader) read() ([]byte, error) {
	length := -1
	seen := 0
	for {
		line, long, err := fr.readLine()
		if err != nil {
			return nil, err
		}
		if fr.resync {
			// The next header may follow a body on the same line.
			i := strings.Index(strings.ToLower(line), "content-length:")
			if long || i < 0 {
				continue
			}
			line, fr.resync = line[i:], false
		}
		seen += len(line)
		if long || seen > maxHeaderBytes {
			fr.resync = true
			return nil, &errFraming{"header part longer than 64 KiB"}
		}
		if line == "" {
			if length < 0 {
				fr.resync = true
				return nil, &errFraming{"header part without Content-Length"}
			}
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			fr.resync = true
			return nil, &errFraming{fmt.Sprintf("malformed header line %q", clip(line))}
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				fr.resync = true
				return nil, &errFraming{fmt.Sprintf("malformed Content-Length %q", clip(value))}
			}
			length = n
		}
		// Content-Type and unknown headers are ignored.
	}
	if length > maxBodyBytes {
		if _, err := io.CopyN(io.Discard, fr.r, int64(length)); err != nil {
			return nil, io.EOF
		}
		return nil, errTooLarge
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(fr.r, body); err != nil {
		return nil, io.EOF
	}
	return body, nil
}

// readLine returns the next line without its line ending; long reports a
// line over maxHeaderBytes, of which only the start is kept.
func (fr *frameReader) readLine() (line string, long bool, err error) {
	var buf []byte
	for {
		chunk, err := fr.r.ReadSlice('\n')
		if len(buf) <= maxHeaderBytes {
			buf = append(buf, chunk...)
		}
		if err == nil {
			break
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return "", false, io.EOF
		}
	}
	return strings.TrimRight(string(buf), "\r\n"), len(buf) > maxHeaderBytes, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// frameWriter writes Content-Length framed messages, one at a time.
type frameWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error // the first write error; later writes are dropped
}

// write encodes v as one message.
func (fw *frameWriter) write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "Content-Length: %d\r\n\r\n", len(body))
	buf.Write(body)
	fw.mu.Lock()
	defer fw.mu.Unlock()
	if fw.err != nil {
		return fw.err
	}
	_, fw.err = fw.w.Write(buf.Bytes())
	return fw.err
}

// incoming is a JSON-RPC 2.0 message as read: a request has an ID and a
// method, a notification a method only, a response an ID and a result or
// an error.
type incoming struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  *string         `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// response is a reply to a request; exactly one of Result and Error is set
// (Result may be JSON null).
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// notification is a message from the server that expects no reply.
type notification struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return e.Message }

var nullID = json.RawMessage("null")

// validID reports whether raw is a JSON-RPC request id: a string or a number.
func validID(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return false
	}
	switch raw[0] {
	case '"':
		var s string
		return json.Unmarshal(raw, &s) == nil
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		var n json.Number
		return json.Unmarshal(raw, &n) == nil
	}
	return false
}
