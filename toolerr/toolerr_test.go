package toolerr_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/toolcheck/toolcheck/toolerr"
	"github.com/toolcheck/toolcheck/toolerr/internal/logtest"
)

func TestConstructors(t *testing.T) {
	for _, tc := range []struct {
		name    string
		err     *toolerr.ToolError
		level   slog.Level
		outcome toolerr.Outcome
	}{
		{"CallerError", toolerr.CallerError("m"), slog.LevelInfo, toolerr.OutcomeCallerError},
		{"Stale", toolerr.Stale("m"), slog.LevelInfo, toolerr.OutcomeStaleState},
		{"Unavailable", toolerr.Unavailable("m"), slog.LevelWarn, toolerr.OutcomeUnavailable},
		{"Fault", toolerr.Fault("m"), slog.LevelError, toolerr.OutcomeFault},
		{"New", toolerr.New("m"), slog.LevelError, toolerr.OutcomeFault},
		{"New at INFO", toolerr.New("m", toolerr.WithLevel(slog.LevelInfo)), slog.LevelInfo, toolerr.OutcomeCallerError},
		{"New at WARNING", toolerr.New("m", toolerr.WithLevel(slog.LevelWarn)), slog.LevelWarn, toolerr.OutcomeUnavailable},
		{"New at DEBUG", toolerr.New("m", toolerr.WithLevel(slog.LevelDebug)), slog.LevelDebug, toolerr.OutcomeCallerError},
		{"CallerError at WARNING", toolerr.CallerError("m", toolerr.WithLevel(slog.LevelWarn)), slog.LevelWarn, toolerr.OutcomeCallerError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Level(); got != tc.level {
				t.Errorf("Level() = %v, want %v", got, tc.level)
			}
			if got := tc.err.Outcome(); got != tc.outcome {
				t.Errorf("Outcome() = %q, want %q", got, tc.outcome)
			}
			want := "m"
			if tc.name == "Unavailable" {
				want = "m. " + toolerr.RetryHint // see TestUnavailableRetryHint
			}
			if tc.err.Error() != want || tc.err.Message() != want {
				t.Errorf("Error() = %q, Message() = %q, want %q", tc.err.Error(), tc.err.Message(), want)
			}
		})
	}
}

func TestCause(t *testing.T) {
	_, cause := os.Open("/nonexistent/secret/notes.db")
	if cause == nil {
		t.Fatal("opening a missing file succeeded")
	}
	te := toolerr.CallerError("No note at 'inbox/todo.md'. Find the path with search_notes.", toolerr.WithCause(cause))
	if strings.Contains(te.Error(), "secret") {
		t.Errorf("Error() carries the cause's text: %q", te.Error())
	}
	if !errors.Is(te, fs.ErrNotExist) {
		t.Error("errors.Is(te, fs.ErrNotExist) = false")
	}
	var pe *fs.PathError
	if !errors.As(te, &pe) {
		t.Error("errors.As(te, *fs.PathError) = false")
	}
	if errors.Unwrap(te) != cause {
		t.Error("Unwrap does not return the cause")
	}
	wrapped := fmt.Errorf("read: %w", te)
	var got *toolerr.ToolError
	if !errors.As(wrapped, &got) || got != te {
		t.Error("errors.As does not find the ToolError through fmt.Errorf")
	}
	if toolerr.CallerError("m").Unwrap() != nil {
		t.Error("a ToolError without WithCause unwraps to non-nil")
	}
}

type timeoutErr struct{}

func (timeoutErr) Error() string { return "dial tcp 10.0.0.7:5432: i/o timeout" }
func (timeoutErr) Timeout() bool { return true }

type statusErr struct{ code int }

func (e statusErr) Error() string {
	return fmt.Sprintf("GET https://api.internal/v1/search: %d", e.code)
}
func (e statusErr) StatusCode() int { return e.code }

type smithyErr struct{}

func (smithyErr) Error() string       { return "ThrottlingException" }
func (smithyErr) HTTPStatusCode() int { return 429 }

func TestResolve(t *testing.T) {
	caller := toolerr.CallerError("No note at 'x'.")
	for _, tc := range []struct {
		name    string
		err     error
		message string
		level   slog.Level
		outcome toolerr.Outcome
	}{
		{"ToolError", caller, caller.Message(), slog.LevelInfo, toolerr.OutcomeCallerError},
		{"wrapped ToolError", fmt.Errorf("op: %w", caller), caller.Message(), slog.LevelInfo, toolerr.OutcomeCallerError},
		{"ToolError with a timeout cause", toolerr.Stale("Version 'a1' is stale.", toolerr.WithCause(context.DeadlineExceeded)), "Version 'a1' is stale.", slog.LevelInfo, toolerr.OutcomeStaleState},
		{"plain error", errors.New("open /srv/notes.db: permission denied"), toolerr.FaultMessage, slog.LevelError, toolerr.OutcomeFault},
		{"deadline", fmt.Errorf("query: %w", context.DeadlineExceeded), toolerr.TimeoutMessage, slog.LevelWarn, toolerr.OutcomeTimeout},
		{"net timeout", fmt.Errorf("connect: %w", timeoutErr{}), toolerr.TimeoutMessage, slog.LevelWarn, toolerr.OutcomeTimeout},
		{"os deadline", os.ErrDeadlineExceeded, toolerr.TimeoutMessage, slog.LevelWarn, toolerr.OutcomeTimeout},
		{"rate limit sentinel", fmt.Errorf("search: %w", toolerr.ErrRateLimited), toolerr.RateLimitMessage, slog.LevelWarn, toolerr.OutcomeRateLimited},
		{"HTTP 429", fmt.Errorf("search: %w", statusErr{429}), toolerr.RateLimitMessage, slog.LevelWarn, toolerr.OutcomeRateLimited},
		{"HTTP 429 in a join", errors.Join(errors.New("a"), smithyErr{}), toolerr.RateLimitMessage, slog.LevelWarn, toolerr.OutcomeRateLimited},
		{"HTTP 500", statusErr{500}, toolerr.FaultMessage, slog.LevelError, toolerr.OutcomeFault},
		{"panic", &toolerr.PanicError{Value: "boom"}, toolerr.FaultMessage, slog.LevelError, toolerr.OutcomePanic},
		{"empty ToolError message", toolerr.New(""), toolerr.FaultMessage, slog.LevelError, toolerr.OutcomeFault},
	} {
		t.Run(tc.name, func(t *testing.T) {
			te := toolerr.Resolve(context.Background(), tc.err)
			if te == nil {
				t.Fatal("Resolve = nil")
			}
			if te.Message() != tc.message || te.Level() != tc.level || te.Outcome() != tc.outcome {
				t.Errorf("Resolve = (%q, %v, %q), want (%q, %v, %q)", te.Message(), te.Level(), te.Outcome(), tc.message, tc.level, tc.outcome)
			}
			if !errors.Is(te, tc.err) {
				t.Error("the resolved ToolError does not reach the handler's error")
			}
		})
	}
	if te := toolerr.Resolve(context.Background(), caller); te != caller {
		t.Error("Resolve copies a ToolError it could return as is")
	}
}

func TestResolveCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if te := toolerr.Resolve(ctx, ctx.Err()); te != nil {
		t.Errorf("Resolve after cancellation = %v, want nil (pass through)", te)
	}
	if te := toolerr.Resolve(ctx, errors.New("driver: bad connection")); te != nil {
		t.Errorf("Resolve of another error after cancellation = %v, want nil", te)
	}
	if te := toolerr.Resolve(ctx, &toolerr.PanicError{Value: "boom"}); te == nil || te.Outcome() != toolerr.OutcomePanic {
		t.Errorf("Resolve of a panic after cancellation = %v, want a panic outcome", te)
	}
	if te := toolerr.Resolve(context.Background(), context.Canceled); te == nil || te.Level() != slog.LevelError {
		t.Errorf("Resolve of context.Canceled with a live context = %v, want a fault", te)
	}
	if te := toolerr.Resolve(context.Background(), nil); te != nil {
		t.Errorf("Resolve(nil) = %v", te)
	}
}

func TestLog(t *testing.T) {
	rec := &logtest.Recorder{}
	logger := rec.Logger()
	ctx := context.Background()
	secret := errors.New("open /srv/secret/notes.db: permission denied")

	toolerr.Log(ctx, logger, "read_note", toolerr.Resolve(ctx,
		toolerr.CallerError("No note at 'x'.", toolerr.WithCause(secret), toolerr.WithAttrs(slog.String("path", "x")))), 3*time.Millisecond)
	toolerr.Log(ctx, logger, "read_note", toolerr.Resolve(ctx, fmt.Errorf("read: %w", &fs.PathError{Op: "open", Path: "/srv/secret", Err: fs.ErrPermission})), time.Millisecond)
	toolerr.Log(ctx, logger, "read_note", toolerr.Resolve(ctx, toolerr.Unavailable("The index is rebuilding; retry in a minute.")), time.Millisecond)
	toolerr.Log(ctx, logger, "read_note", toolerr.Resolve(ctx, toolerr.Fault("The notes store is not configured; tell the user.")), time.Millisecond)
	toolerr.Log(ctx, logger, "read_note", toolerr.Resolve(ctx, &toolerr.PanicError{Value: fmt.Errorf("index out of range"), Stack: []byte("goroutine 7 [running]:\nmain.read()")}), time.Millisecond)
	toolerr.Log(ctx, logger, "read_note", nil, time.Millisecond)

	recs := rec.Take()
	if len(recs) != 5 {
		t.Fatalf("%d records, want 5: %v", len(recs), recs)
	}
	for _, r := range recs {
		if r.Message != toolerr.LogMessage || r.Attrs["tool"] != "read_note" || r.Attrs["duration"] == "" {
			t.Errorf("record lacks the stable keys: %v", r)
		}
	}

	info := recs[0]
	if info.Level != slog.LevelInfo || info.Attrs["outcome"] != "caller_error" || info.Attrs["error_type"] != "*errors.errorString" || info.Attrs["path"] != "x" {
		t.Errorf("caller error record: %v", info)
	}
	for k, v := range info.Attrs {
		if strings.Contains(v, "secret") || strings.Contains(v, "No note") {
			t.Errorf("INFO record carries error text under %q: %q", k, v)
		}
	}
	if _, ok := info.Attrs["stack"]; ok {
		t.Error("INFO record carries a stack")
	}

	fault := recs[1]
	if fault.Level != slog.LevelError || fault.Attrs["outcome"] != "fault" || fault.Attrs["error_type"] != "*fs.PathError" ||
		!strings.Contains(fault.Attrs["error"], "/srv/secret") {
		t.Errorf("fault record: %v", fault)
	}
	if _, ok := fault.Attrs["message"]; ok {
		t.Error("a fault record repeats the fixed message")
	}

	warn := recs[2]
	if warn.Level != slog.LevelWarn || warn.Attrs["outcome"] != "unavailable" || warn.Attrs["message"] != "The index is rebuilding; retry in a minute." {
		t.Errorf("unavailable record: %v", warn)
	}
	if _, ok := warn.Attrs["stack"]; ok {
		t.Error("WARNING record carries a stack")
	}

	named := recs[3]
	if named.Level != slog.LevelError || named.Attrs["error_type"] != "*toolerr.ToolError" || !strings.Contains(named.Attrs["stack"], "TestLog") {
		t.Errorf("named fault record (want its construction stack): %v", named)
	}

	panicked := recs[4]
	if panicked.Level != slog.LevelError || panicked.Attrs["outcome"] != "panic" || panicked.Attrs["error_type"] != "*errors.errorString" ||
		!strings.Contains(panicked.Attrs["stack"], "goroutine 7") || panicked.Attrs["error"] != "panic: index out of range" {
		t.Errorf("panic record: %v", panicked)
	}
}

func TestLogDefault(t *testing.T) {
	rec := &logtest.Recorder{}
	old := slog.Default()
	slog.SetDefault(rec.Logger())
	defer slog.SetDefault(old)
	toolerr.Log(context.Background(), nil, "t", toolerr.Fault("m"), 0)
	if n := len(rec.Take()); n != 1 {
		t.Errorf("a nil logger wrote %d records to slog.Default(), want 1", n)
	}
}

// TestUnavailableRetryHint checks that an unavailable ToolError tells the
// model its request was fine and to retry, whatever the message says.
func TestUnavailableRetryHint(t *testing.T) {
	for _, tc := range []struct{ msg, want string }{
		{"Search is down.", "Search is down. " + toolerr.RetryHint},
		{"Search is down", "Search is down. " + toolerr.RetryHint},
		{"Search is down!  ", "Search is down! " + toolerr.RetryHint},
		{"The index is rebuilding; retry in a minute.", "The index is rebuilding; retry in a minute."},
		{"The index is rebuilding. Try again shortly.", "The index is rebuilding. Try again shortly."},
		{"", ""},
	} {
		if got := toolerr.Unavailable(tc.msg).Message(); got != tc.want {
			t.Errorf("Unavailable(%q).Message() = %q, want %q", tc.msg, got, tc.want)
		}
	}
}
