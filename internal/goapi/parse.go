package goapi

import (
	"go/types"

	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// parsers are the functions whose error says a value does not parse
// rather than that an operation did not run, by package path, and by
// package path and name.
var (
	parserPkgs = map[string]bool{"strconv": true, "net/netip": true, "net/mail": true}
	parsers    = map[string]bool{
		"net/url.Parse": true, "net/url.ParseRequestURI": true, "net/url.ParseQuery": true,
		"net/url.PathUnescape": true, "net/url.QueryUnescape": true,
		"time.Parse": true, "time.ParseInLocation": true, "time.ParseDuration": true,
		"mime.ParseMediaType": true, "regexp.Compile": true, "regexp.CompilePOSIX": true,
		"encoding/hex.DecodeString": true, "path/filepath.Rel": true, "path/filepath.Match": true, "path.Match": true,
		"encoding/base64.DecodeString": true, "encoding/base32.DecodeString": true,
		"github.com/google/uuid.Parse": true, "github.com/google/uuid.ParseBytes": true,
	}
)

// IsParse reports whether fn parses a value: its error means the value is
// malformed. Decoding a document (json.Unmarshal) is not parsing a value:
// the document is as often an upstream's answer as the model's input.
func IsParse(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	path := mcpsdk.PkgPath(fn)
	return parserPkgs[path] || parsers[path+"."+fn.Name()]
}

// IsDecode reports whether fn decodes a document into a value: its error
// on the model's own input means the input is malformed.
func IsDecode(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch mcpsdk.PkgPath(fn) + "." + fn.Name() {
	case "encoding/json.Unmarshal", "encoding/xml.Unmarshal":
		return true
	}
	return false
}

// IsPure reports whether fn is a standard function whose result depends
// only on its arguments (strings.TrimSpace, filepath.Base, fmt.Sprintf):
// a check of its result is a check of its arguments.
func IsPure(fn *types.Func) bool {
	if fn == nil || fn.Type().(*types.Signature).Recv() != nil {
		return false
	}
	switch mcpsdk.PkgPath(fn) {
	case "strings", "unicode", "unicode/utf8", "path", "strconv", "slices":
		return true
	case "path/filepath":
		switch fn.Name() {
		case "IsAbs", "Ext", "Base", "Clean", "Dir", "IsLocal", "ToSlash", "FromSlash":
			return true
		}
	case "fmt":
		return fn.Name() == "Sprint" || fn.Name() == "Sprintf" || fn.Name() == "Sprintln"
	}
	return false
}
