// Package docsearch searches and reads documents over mcp-go, behind the
// boundary: caller errors left at the ERROR default, found through the
// project's own argument helpers, next to faults rightly left at ERROR.
package docsearch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/failshapes/docsearch/paths"
	"example.com/notes/failshapes/docsearch/reqparams"
	"example.com/notes/failshapes/edge"
	"example.com/notes/failshapes/toolerr"
)

// mounts is the server's state: the directory behind each mount, set up
// when the server starts.
var mounts = map[string]string{}

// AddMount makes dir available under name.
func AddMount(name, dir string) { mounts[name] = dir }

// resolveMount returns the directory behind a mount.
func resolveMount(name string) (string, error) {
	dir, ok := mounts[name]
	if !ok {
		return "", fmt.Errorf("mount %q is not set up", name)
	}
	return dir, nil
}

// Doc is an indexed document.
type Doc struct {
	Path, Title string
}

// Store is the document index.
type Store struct {
	docs map[string]Doc
}

// Lookup returns the indexed document at path.
func (s *Store) Lookup(path string) (Doc, error) {
	if path == "" {
		return Doc{}, errors.New("empty path")
	}
	d, ok := s.docs[path]
	if !ok {
		return Doc{}, fmt.Errorf("%s is not indexed", path)
	}
	return d, nil
}

// Search holds the tools.
type Search struct {
	store *Store
}

// NewServer builds the server; every tool is behind the boundary.
func NewServer(st *Store) *server.MCPServer {
	d := &Search{store: st}
	s := server.NewMCPServer("docsearch", "1.0.0", server.WithToolHandlerMiddleware(edge.Boundary))
	s.AddTool(mcp.NewTool("search_docs"), d.search)
	s.AddTool(mcp.NewTool("read_doc"), d.read)
	s.AddTool(mcp.NewTool("doc_title"), d.title)
	return s
}

func (d *Search) search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := reqparams.Get[string](req, "query", true)
	if err != nil {
		return nil, toolerr.New("The 'query' argument is missing.") // want loglevel "caller error left at the ERROR default"
	}
	if q == "*" {
		return nil, toolerr.New("The 'query' argument '*' matches every document; give a word from the document.") // want loglevel "caller error left at the ERROR default"
	}
	var hits []string
	for p, doc := range d.store.docs {
		if strings.Contains(doc.Title, q) {
			hits = append(hits, p)
		}
	}
	if len(hits) == 0 {
		return mcp.NewToolResultText("No document matches."), nil
	}
	return mcp.NewToolResultText(strings.Join(hits, "\n")), nil
}

func (d *Search) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	mount, err := paths.ExtractMount(args)
	if err != nil {
		return nil, toolerr.New(fmt.Sprintf("The 'path' argument %q does not start with a mount name, as in 'docs/guide.md'.", args["path"])) // want loglevel "caller error left at the ERROR default"
	}
	dir, err := resolveMount(mount)
	if err != nil {
		return nil, toolerr.New("Resolving the document's mount failed.")
	}
	p, _ := args["path"].(string)
	data, err := os.ReadFile(filepath.Join(dir, strings.TrimPrefix(p, mount+"/")))
	if err != nil {
		return nil, toolerr.New("Reading the document failed.")
	}
	return mcp.NewToolResultText(string(data)), nil
}

func (d *Search) title(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	doc, err := d.store.Lookup(req.GetString("path", ""))
	if err != nil {
		return nil, toolerr.New("Looking up the document failed.")
	}
	return mcp.NewToolResultText(doc.Title), nil
}
