package toolerr_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolcheck/toolcheck/toolerr"
	"github.com/toolcheck/toolcheck/toolerr/internal/apitest"
	"github.com/toolcheck/toolcheck/toolerr/internal/logtest"
)

const (
	busy        = "The request was fine but a service the server relies on is busy"
	unavailable = "The request was fine but a service the server relies on is unavailable"
)

// TestUpstream resolves errors of the shapes of common API clients: rate
// limits and unavailability with the delay in the message, and their
// clean twins left as today.
func TestUpstream(t *testing.T) {
	clock := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	defer toolerr.SetNow(func() time.Time { return clock })()
	unix := func(d time.Duration) string { return strconv.FormatInt(clock.Add(d).Unix(), 10) }
	resp := apitest.Response
	dur := func(d time.Duration) *time.Duration { return &d }

	rateLimited := func(msg string) (string, slog.Level, toolerr.Outcome) {
		return msg, slog.LevelWarn, toolerr.OutcomeRateLimited
	}
	fault := func() (string, slog.Level, toolerr.Outcome) {
		return toolerr.FaultMessage, slog.LevelError, toolerr.OutcomeFault
	}
	for _, tc := range []struct {
		name    string
		err     error
		want    func() (string, slog.Level, toolerr.Outcome)
		waitFor time.Duration // the record's retry_after, 0 for none
	}{
		// go-github
		{"RateLimitError: Rate.Reset", &apitest.RateLimitError{
			Rate:     apitest.Rate{Limit: 5000, Reset: apitest.Timestamp{Time: clock.Add(41*time.Second + 300*time.Millisecond)}},
			Response: resp(403, "X-RateLimit-Remaining", "0", "X-RateLimit-Reset", unix(41*time.Second)),
			Message:  "API rate limit exceeded for user ID 1.",
		}, func() (string, slog.Level, toolerr.Outcome) { return rateLimited(busy + "; retry in 42s.") }, 41*time.Second + 300*time.Millisecond},
		{"RateLimitError before the request: Rate.Reset, empty header", fmt.Errorf("list issues: %w", &apitest.RateLimitError{
			Rate:     apitest.Rate{Limit: 5000, Reset: apitest.Timestamp{Time: clock.Add(5 * time.Minute)}},
			Response: resp(403),
		}), func() (string, slog.Level, toolerr.Outcome) { return rateLimited(busy + "; retry in 5 minutes.") }, 5 * time.Minute},
		{"RateLimitError: reset an hour away", &apitest.RateLimitError{
			Rate:     apitest.Rate{Limit: 5000, Reset: apitest.Timestamp{Time: clock.Add(58*time.Minute + 10*time.Second)}},
			Response: resp(403, "X-RateLimit-Remaining", "0"),
		}, func() (string, slog.Level, toolerr.Outcome) {
			return rateLimited(busy + " for about 59 minutes; tell the user, and retry after that.")
		}, 58*time.Minute + 10*time.Second},
		{"RateLimitError: no reset known", &apitest.RateLimitError{Response: resp(403)},
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(toolerr.RateLimitMessage) }, 0},
		{"RateLimitError: nil Response", &apitest.RateLimitError{},
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(toolerr.RateLimitMessage) }, 0},
		{"AbuseRateLimitError: RetryAfter", &apitest.AbuseRateLimitError{Response: resp(403, "Retry-After", "42"), RetryAfter: dur(42 * time.Second)},
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(busy + "; retry in 42s.") }, 42 * time.Second},
		{"AbuseRateLimitError: RetryAfter only", &apitest.AbuseRateLimitError{Response: resp(403), RetryAfter: dur(1500 * time.Millisecond)},
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(busy + "; retry in 2s.") }, 1500 * time.Millisecond},
		{"AbuseRateLimitError: no delay", &apitest.AbuseRateLimitError{Response: resp(403)},
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(toolerr.RateLimitMessage) }, 0},
		{"ErrorResponse 403 with Retry-After", &apitest.ErrorResponse{Response: resp(403, "Retry-After", "30")},
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(busy + "; retry in 30s.") }, 30 * time.Second},
		{"ErrorResponse 403 with X-RateLimit-Remaining 0", &apitest.ErrorResponse{Response: resp(403, "X-RateLimit-Remaining", "0", "X-RateLimit-Reset", unix(90*time.Second))},
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(busy + "; retry in 90s.") }, 90 * time.Second},
		{"ErrorResponse 429", &apitest.ErrorResponse{Response: resp(429)},
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(toolerr.RateLimitMessage) }, 0},
		{"ErrorResponse 429 with an HTTP-date Retry-After", &apitest.ErrorResponse{Response: resp(429, "Retry-After", clock.Add(2*time.Minute).Format(http.TimeFormat))},
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(busy + "; retry in 2 minutes.") }, 2 * time.Minute},
		{"ErrorResponse 429, reset passed", &apitest.ErrorResponse{Response: resp(429, "X-RateLimit-Reset", unix(-10*time.Second))},
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(busy + "; retry in 1s.") }, 0},
		{"ErrorResponse 429, reset in seconds (HCP Terraform)", &apitest.ErrorResponse{Response: resp(429, "X-RateLimit-Reset", "0.75")},
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(busy + "; retry in 1s.") }, 750 * time.Millisecond},
		{"ErrorResponse 429, reset in three hours", &apitest.ErrorResponse{Response: resp(429, "RateLimit-Reset", unix(2*time.Hour+10*time.Minute))},
			func() (string, slog.Level, toolerr.Outcome) {
				return rateLimited(busy + " for about 3 hours; tell the user, and retry after that.")
			}, 2*time.Hour + 10*time.Minute},
		{"ErrorResponse 429, reset in two days", &apitest.ErrorResponse{Response: resp(429, "Retry-After", "172800")},
			func() (string, slog.Level, toolerr.Outcome) {
				return rateLimited(busy + " for more than a day; tell the user, and retry after that.")
			}, 48 * time.Hour},
		{"ErrorResponse 503 with Retry-After", fmt.Errorf("get repo: %w", &apitest.ErrorResponse{Response: resp(503, "Retry-After", "120")}),
			func() (string, slog.Level, toolerr.Outcome) {
				return unavailable + "; retry in 2 minutes.", slog.LevelWarn, toolerr.OutcomeUnavailable
			}, 2 * time.Minute},
		// other clients
		{"googleapi.Error 429", &apitest.GoogleError{Code: 429, Header: http.Header{"Retry-After": {"5"}}},
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(busy + "; retry in 5s.") }, 5 * time.Second},
		{"azcore.ResponseError 429", &apitest.AzureResponseError{StatusCode: 429, RawResponse: resp(429, "Retry-After", "7")},
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(busy + "; retry in 7s.") }, 7 * time.Second},
		{"smithy ResponseError 429", fmt.Errorf("operation error DynamoDB: Query: %w",
			&apitest.SmithyResponseError{Response: &apitest.SmithyResponse{Response: resp(429, "Retry-After", "3")}, Err: errors.New("ThrottlingException")}),
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(busy + "; retry in 3s.") }, 3 * time.Second},
		{"Stripe 429", &apitest.StripeError{HTTPStatusCode: 429, Msg: "Too many requests"},
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(toolerr.RateLimitMessage) }, 0},
		{"HTTPResponse method 429", errors.Join(errors.New("a"), apitest.NewResponseMethodError(resp(429, "Retry-After", "11"))),
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(busy + "; retry in 11s.") }, 11 * time.Second},
		{"ErrRateLimited beside a Retry-After", fmt.Errorf("%w: %w", toolerr.ErrRateLimited, &apitest.ErrorResponse{Response: resp(400, "Retry-After", "9")}),
			func() (string, slog.Level, toolerr.Outcome) { return rateLimited(busy + "; retry in 9s.") }, 9 * time.Second},

		// clean twins: faults as before
		{"ErrorResponse 403 without rate-limit headers", &apitest.ErrorResponse{Response: resp(403, "X-RateLimit-Remaining", "4999")}, fault, 0},
		{"ErrorResponse 404", &apitest.ErrorResponse{Response: resp(404, "X-RateLimit-Remaining", "0")}, fault, 0},
		{"ErrorResponse 503 without Retry-After", &apitest.ErrorResponse{Response: resp(503)}, fault, 0},
		{"ErrorResponse 503 with a bad Retry-After", &apitest.ErrorResponse{Response: resp(503, "Retry-After", "soon")}, fault, 0},
		{"ErrorResponse with a nil Response", &apitest.ErrorResponse{Message: "Bad credentials"}, fault, 0},
		{"a nil *ErrorResponse", fmt.Errorf("x: %w", (*apitest.ErrorResponse)(nil)), fault, 0},
		{"googleapi.Error 404", &apitest.GoogleError{Code: 404, Header: http.Header{}}, fault, 0},
		{"an int Code with no HTTP beside it", &apitest.CodedError{Code: 429}, fault, 0},
		{"smithy ResponseError with a nil Response", &apitest.SmithyResponseError{Err: errors.New("x")}, fault, 0},
		{"a status method that panics", &panicky{}, fault, 0},
		{"Stripe 402", &apitest.StripeError{HTTPStatusCode: 402}, fault, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			message, level, outcome := tc.want()
			te := toolerr.Resolve(context.Background(), tc.err)
			if te == nil {
				t.Fatal("Resolve = nil")
			}
			if te.Message() != message || te.Level() != level || te.Outcome() != outcome {
				t.Errorf("Resolve = (%q, %v, %q), want (%q, %v, %q)", te.Message(), te.Level(), te.Outcome(), message, level, outcome)
			}
			if !errors.Is(te, tc.err) {
				t.Error("the ToolError's cause is not the error")
			}
			rec := &logtest.Recorder{}
			toolerr.Log(context.Background(), rec.Logger(), "list_issues", te, time.Millisecond)
			recs := rec.Take()
			if len(recs) != 1 {
				t.Fatalf("%d records, want 1", len(recs))
			}
			r := recs[0]
			if _, ok := r.Attrs["message"]; ok {
				t.Errorf("the record repeats the boundary's own text: %v", r)
			}
			wantWait := ""
			if tc.waitFor > 0 {
				wantWait = tc.waitFor.String()
			}
			if r.Attrs["retry_after"] != wantWait {
				t.Errorf("retry_after = %q, want %q", r.Attrs["retry_after"], wantWait)
			}
			if !strings.HasPrefix(tc.name, "a nil") && r.Attrs["error"] == "" {
				t.Errorf("the record lacks the cause: %v", r)
			}
		})
	}
}

// panicky's status method panics, as a half-built error's may.
type panicky struct{ resp *http.Response }

func (*panicky) Error() string     { return "panicky" }
func (p *panicky) StatusCode() int { return p.resp.StatusCode }

// TestUpstreamText checks that no upstream detail reaches the model.
func TestUpstreamText(t *testing.T) {
	err := &apitest.AbuseRateLimitError{Response: apitest.Response(403, "Retry-After", "42", "X-GitHub-Request-Id", apitest.Secret)}
	te := toolerr.Resolve(context.Background(), err)
	for _, s := range []string{apitest.Secret, "api.github.com", "403", "Retry-After"} {
		if strings.Contains(te.Message(), s) {
			t.Errorf("the message %q carries %q", te.Message(), s)
		}
	}
	if !strings.Contains(err.Error(), apitest.Secret) {
		t.Fatal("the test error does not carry the secret")
	}
}

var errNoNode = toolerr.CallerError("The node_id 'DC_kwDOInvalid' names nothing. Find the ID with list_discussions.")

// githubClassifier reads GraphQL's "could not resolve" as a caller error,
// and everything else as it is.
func githubClassifier(ctx context.Context, err error) *toolerr.ToolError {
	if strings.Contains(err.Error(), "Could not resolve to a node") {
		return errNoNode
	}
	return nil
}

func TestClassifier(t *testing.T) {
	ctx := context.Background()
	gql := fmt.Errorf("query discussion: %w", &apitest.GraphQLError{Message: "Could not resolve to a node with the global id of 'DC_kwDOInvalid'"})
	te := toolerr.ResolveWith(ctx, gql, nil, githubClassifier)
	if te.Message() != errNoNode.Message() || te.Level() != slog.LevelInfo || te.Outcome() != toolerr.OutcomeCallerError {
		t.Errorf("classified = (%q, %v, %q)", te.Message(), te.Level(), te.Outcome())
	}
	if te == errNoNode || errNoNode.Unwrap() != nil {
		t.Error("the classifier's ToolError was changed")
	}
	if !errors.Is(te, gql) {
		t.Error("the classified ToolError's cause is not the handler's error")
	}

	own := errors.New("own cause")
	withCause := func(ctx context.Context, err error) *toolerr.ToolError {
		return toolerr.New("", toolerr.WithLevel(slog.LevelInfo), toolerr.WithCause(own))
	}
	if te := toolerr.ResolveWith(ctx, gql, withCause); te.Unwrap() != own || te.Message() == "" {
		t.Errorf("a classifier's cause and empty message: (%q, %v)", te.Message(), te.Unwrap())
	}

	// nil falls through to the built-in rules, in order
	var calls []string
	pass := func(name string) toolerr.Classifier {
		return func(ctx context.Context, err error) *toolerr.ToolError { calls = append(calls, name); return nil }
	}
	limited := &apitest.AbuseRateLimitError{Response: apitest.Response(403, "Retry-After", "42")}
	te = toolerr.ResolveWith(ctx, limited, pass("a"), githubClassifier, pass("b"))
	if te.Message() != busy+"; retry in 42s." || strings.Join(calls, ",") != "a,b" {
		t.Errorf("fall-through: %q, classifiers called %v", te.Message(), calls)
	}

	// not consulted for a ToolError, a panic or a cancelled call
	calls = nil
	caller := toolerr.CallerError("m")
	if te := toolerr.ResolveWith(ctx, fmt.Errorf("x: %w", caller), pass("c")); te.Message() != "m" {
		t.Errorf("a wrapped ToolError resolved to %q", te.Message())
	}
	if te := toolerr.ResolveWith(ctx, &toolerr.PanicError{Value: gql}, githubClassifier, pass("c")); te.Outcome() != toolerr.OutcomePanic {
		t.Errorf("a panic resolved to %q", te.Outcome())
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if te := toolerr.ResolveWith(cancelled, gql, githubClassifier, pass("c")); te != nil {
		t.Errorf("a cancelled call resolved to %v", te)
	}
	if len(calls) != 0 {
		t.Errorf("classifiers called for a ToolError, a panic or a cancelled call: %v", calls)
	}
}

// TestUpstreamDecides checks that Upstream makes a caller error of what the
// service's status says was the request's, and leaves every other error
// to the boundary's rules with the message's context.
func TestUpstreamDecides(t *testing.T) {
	ctx := context.Background()
	resp := apitest.Response
	for _, tc := range []struct {
		name    string
		err     error
		msg     string // the model's text after Resolve
		outcome toolerr.Outcome
	}{
		{"404", &apitest.ErrorResponse{Response: resp(404), Message: "Not Found"},
			"failed to get issue: not found", toolerr.OutcomeCallerError},
		{"410 wrapped", fmt.Errorf("get: %w", &apitest.ErrorResponse{Response: resp(410)}),
			"failed to get issue: not found", toolerr.OutcomeCallerError},
		{"422", &apitest.ErrorResponse{Response: resp(422), Message: "Validation Failed"},
			"failed to get issue: rejected as invalid (Validation Failed)", toolerr.OutcomeCallerError},
		{"422 with the service's message", &apitest.ErrorResponse{Response: resp(422), Message: "Reference already exists"},
			"failed to get issue: rejected as invalid (Reference already exists)", toolerr.OutcomeCallerError},
		{"422 with details", &apitest.ErrorResponse{Response: resp(422), Message: "Validation Failed", Errors: []apitest.Error{
			{Resource: "GitRef", Field: "ref", Code: "custom", Message: "ref name does not match the required pattern 'feature/*'"}, {Code: "invalid"}}},
			"failed to get issue: rejected as invalid (Validation Failed: ref name does not match the required pattern 'feature/*')", toolerr.OutcomeCallerError},
		{"405", &apitest.ErrorResponse{Response: resp(405), Message: "Pull Request is not mergeable"},
			"failed to get issue: not allowed (Pull Request is not mergeable)", toolerr.OutcomeCallerError},
		{"a message too long to show", &apitest.ErrorResponse{Response: resp(404), Message: strings.Repeat("x", 161)},
			"failed to get issue: not found", toolerr.OutcomeCallerError},
		{"a message with a URL", &apitest.ErrorResponse{Response: resp(404), Message: "see https://docs.example.com/x"},
			"failed to get issue: not found", toolerr.OutcomeCallerError},
		{"403 without a rate limit", &apitest.ErrorResponse{Response: resp(403)},
			"failed to get issue: access denied", toolerr.OutcomeCallerError},
		{"409", apitest.NewResponseMethodError(resp(409)),
			"failed to get issue: conflicts with the current state", toolerr.OutcomeStaleState},
		{"status method", &apitest.SmithyResponseError{Response: &apitest.SmithyResponse{Response: resp(404)}},
			"failed to get issue: not found", toolerr.OutcomeCallerError},
		// The twins: the boundary's own rules.
		{"403 rate limit", &apitest.ErrorResponse{Response: resp(403, "X-RateLimit-Remaining", "0", "Retry-After", "30")},
			busy + "; retry in 30s.", toolerr.OutcomeRateLimited},
		{"500", &apitest.ErrorResponse{Response: resp(500)},
			toolerr.FaultMessage, toolerr.OutcomeFault},
		{"401", &apitest.ErrorResponse{Response: resp(401)},
			toolerr.FaultMessage, toolerr.OutcomeFault},
		{"no status", errors.New("dial tcp: connection refused"),
			toolerr.FaultMessage, toolerr.OutcomeFault},
		{"a code that is no status", &apitest.CodedError{Code: 404, Message: "method not found"},
			toolerr.FaultMessage, toolerr.OutcomeFault},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := toolerr.Upstream(tc.err, "failed to get issue")
			te := toolerr.Resolve(ctx, err)
			if te.Message() != tc.msg || te.Outcome() != tc.outcome {
				t.Errorf("Upstream(%v): %q (%s), want %q (%s)", tc.err, te.Message(), te.Outcome(), tc.msg, tc.outcome)
			}
			if !errors.Is(err, tc.err) {
				t.Errorf("Upstream(%v) does not keep the error in its chain: %v", tc.err, err)
			}
			if tc.outcome == toolerr.OutcomeFault && !strings.HasPrefix(err.Error(), "failed to get issue: ") {
				t.Errorf("Upstream(%v) = %q, want the message's context before the error", tc.err, err)
			}
		})
	}
	if err := toolerr.Upstream(nil, "failed"); err != nil {
		t.Errorf("Upstream(nil) = %v, want nil", err)
	}
}
