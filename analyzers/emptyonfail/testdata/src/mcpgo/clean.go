package mcpgo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
)

// --- clean twins: nothing here is reported ---

// The operation ran and found nothing: an empty search is a result.
func searchFoundNothing(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search(req.GetString("query", ""))
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	if len(notes) == 0 {
		return mcp.NewToolResultText("No notes found."), nil
	}
	return mcp.NewToolResultText(render(notes)), nil
}

// The error is returned.
func searchReturnsErr(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(render(notes)), nil
}

// A named error result that holds the failure.
func searchNamedErr(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	var notes []Note
	notes, err = idx.search("")
	if err != nil {
		return
	}
	return mcp.NewToolResultText(render(notes)), nil
}

// A real fallback value.
func searchFallback(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if err != nil {
		cached, cerr := loadNotes("/cache")
		if cerr == nil {
			return mcp.NewToolResultText(render(cached)), nil
		}
		return nil, errors.Join(err, cerr)
	}
	return mcp.NewToolResultText(render(notes)), nil
}

// The failure is disclosed in the result (an IsError result is iserror's
// business, not this analyzer's).
func searchDisclosed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if err != nil {
		return mcp.NewToolResultError("search is unavailable, retry later"), nil
	}
	return mcp.NewToolResultText(render(notes)), nil
}

// A text that is not empty.
func searchText(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if err != nil {
		return mcp.NewToolResultText("The index is rebuilding; results are from the last snapshot."), nil
	}
	return mcp.NewToolResultText(render(notes)), nil
}

// Not-found on a list: absence is in the contract.
func listDir(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	entries, err := os.ReadDir(req.GetString("dir", ""))
	if errors.Is(err, fs.ErrNotExist) {
		return mcp.NewToolResultText("[]"), nil
	}
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprint(len(entries))), nil
}

// io.EOF is the end, not a failure.
func readAll(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var r io.Reader
	var out []byte
	buf := make([]byte, 10)
	for {
		n, err := r.Read(buf)
		out = append(out, buf[:n]...)
		if errors.Is(err, io.EOF) {
			return mcp.NewToolResultText(""), nil
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	return mcp.NewToolResultText(string(out)), nil
}

// Walk callbacks: nil means "go on".
func walk(root string) ([]string, error) {
	var paths []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		info, ierr := d.Info()
		if ierr != nil {
			return nil
		}
		if info.Size() > 0 {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return paths, nil
}

func visit(p string, info fs.FileInfo, err error) error {
	if _, serr := os.Stat(p); serr != nil {
		return nil
	}
	return nil
}

func walkAll(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	paths, err := walk(req.GetString("root", ""))
	if err != nil {
		return nil, err
	}
	if err := filepath.Walk("/", visit); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprint(paths)), nil
}

// A retry loop: the failure is retried and the last one returned.
func retry(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var lastErr error
	for i := 0; i < 3; i++ {
		notes, err := idx.search("")
		if err != nil {
			lastErr = err
			time.Sleep(time.Second)
			continue
		}
		return mcp.NewToolResultText(render(notes)), nil
	}
	return nil, lastErr
}

// A partial result built before the failure is not empty.
func partial(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var notes []Note
	for _, dir := range []string{"a", "b"} {
		got, err := loadNotes(dir)
		if err != nil {
			return mcp.NewToolResultStructuredOnly(notes), nil
		}
		notes = append(notes, got...)
	}
	return mcp.NewToolResultStructuredOnly(notes), nil
}

// The recover branch sets the error.
func recoveredOK(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return mcp.NewToolResultText("ok"), nil
}

// The recover branch re-panics.
func recoveredRepanic(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	defer func() {
		if r := recover(); r != nil {
			log.Print(r)
			panic(r)
		}
	}()
	return mcp.NewToolResultText("ok"), nil
}

// sql.ErrNoRows in a getter: the "nil means absent" idiom.
type row struct{ id int }

func getRow(db *sql.DB, id int) (*row, error) {
	var r row
	err := db.QueryRow("select id from t where id = ?", id).Scan(&r.id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &r, nil
}

func get(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r, err := getRow(nil, 1)
	if err != nil {
		return nil, err
	}
	if r == nil {
		return mcp.NewToolResultError("no row 1"), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(r.id)), nil
}

// A zero count is not reported on its own.
func count() (int, error) {
	n, err := idx.search("")
	if err != nil {
		return 0, nil
	}
	return len(n), nil
}

func countTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, _ := count()
	return mcp.NewToolResultText(fmt.Sprint(n)), nil
}

// An error the parameter brought in is not an operation of this function.
func describe(err error) []string {
	if err != nil {
		return nil
	}
	return []string{"ok"}
}

func describeTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(fmt.Sprint(describe(nil))), nil
}

// A suppressed finding, with a reason.
func optional(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if err != nil {
		//toolcheck:ignore emptyonfail the search is advisory and the description says so
		return mcp.NewToolResultText(""), nil
	}
	return mcp.NewToolResultText(render(notes)), nil
}

// context.Canceled: nobody is waiting for the result.
func canceled(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if errors.Is(err, context.Canceled) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(render(notes)), nil
}

// A result that carries the failure in a warning field.
type Page struct {
	Notes   []Note
	Warning string
}

func pageTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if err != nil {
		return mcp.NewToolResultStructuredOnly(Page{Warning: "the index is unavailable; no notes were searched"}), nil
	}
	return mcp.NewToolResultStructuredOnly(Page{Notes: notes}), nil
}

func pageVar(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var p Page
	notes, err := idx.search("")
	if err != nil {
		p.Warning = "search failed"
		return mcp.NewToolResultStructuredOnly(p), nil
	}
	p.Notes = notes
	return mcp.NewToolResultStructuredOnly(p), nil
}

// A value that does not parse is classified, in a function with no error
// channel: "" is its "not derivable" answer.
func host(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Host
}

// A validator: nil is "no problem", and an undecodable segment is none.
func checkSegment(seg string) error {
	decoded, err := url.PathUnescape(seg)
	if err != nil || decoded == seg {
		return nil
	}
	if decoded == ".." {
		return errors.New("traversal")
	}
	return nil
}

func hostTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := checkSegment(req.GetString("seg", "")); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(host(req.GetString("url", ""))), nil
}

// A suggestion list for input that is not a number is empty: the value is
// classified, and a list may be empty.
func suggest(prefix string) ([]string, error) {
	n, err := strconv.Atoi(prefix)
	if err != nil {
		return []string{}, nil
	}
	return []string{fmt.Sprint(n * 10)}, nil
}

func suggestTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	s, err := suggest(req.GetString("prefix", ""))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprint(s)), nil
}

// A fallback stored for the caller: the failure was handled.
type config struct{ dirs []string }

type settingsStore struct{ cfg *config }

func (s *settingsStore) load() error {
	b, err := os.ReadFile("/etc/notes.json")
	if err != nil {
		log.Printf("using the default configuration: %v", err)
		s.cfg = &config{dirs: []string{"/notes"}}
		return nil
	}
	s.cfg = &config{dirs: []string{string(b)}}
	return nil
}

func settingsTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	s := &settingsStore{}
	if err := s.load(); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprint(s.cfg.dirs)), nil
}
