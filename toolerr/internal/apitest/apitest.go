// Package apitest has error types shaped like those of common API clients
// (the same field names and types), for the boundary tests: toolerr must
// recognise them without depending on the clients.
package apitest

import (
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// Secret marks text of an upstream error that must never reach the model.
const Secret = "SECRET-token-abc"

// Response returns an upstream response with status and the header
// key/value pairs kv, for a request whose URL holds Secret.
func Response(status int, kv ...string) *http.Response {
	h := http.Header{}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Set(kv[i], kv[i+1])
	}
	u := &url.URL{Scheme: "https", Host: "api.github.com", Path: "/repos/octo/hello/issues", RawQuery: "access_token=" + Secret}
	return &http.Response{StatusCode: status, Status: http.StatusText(status), Header: h, Request: &http.Request{Method: "GET", URL: u}}
}

func describe(r *http.Response, msg string) string {
	if r == nil || r.Request == nil {
		return msg
	}
	return fmt.Sprintf("%v %v: %d %v", r.Request.Method, r.Request.URL, r.StatusCode, msg)
}

// Timestamp is go-github's Timestamp.
type Timestamp struct {
	time.Time
}

// Rate is go-github's Rate.
type Rate struct {
	Limit     int       `json:"limit"`
	Remaining int       `json:"remaining"`
	Used      int       `json:"used"`
	Reset     Timestamp `json:"reset"`
	Resource  string    `json:"resource,omitempty"`
}

// ErrorResponse is go-github's ErrorResponse (and, but for Errors, the
// GitLab client's).
type ErrorResponse struct {
	Response         *http.Response `json:"-"`
	Message          string         `json:"message"`
	Errors           []Error        `json:"errors"`
	DocumentationURL string         `json:"documentation_url,omitempty"`
}

func (r *ErrorResponse) Error() string { return describe(r.Response, r.Message) }

// Error is go-github's Error: one detail of an ErrorResponse.
type Error struct {
	Resource string `json:"resource"`
	Field    string `json:"field"`
	Code     string `json:"code"`
	Message  string `json:"message"`
}

// RateLimitError is go-github's RateLimitError: a primary rate limit.
type RateLimitError struct {
	Rate     Rate
	Response *http.Response
	Message  string `json:"message"`
}

func (r *RateLimitError) Error() string {
	return describe(r.Response, fmt.Sprintf("%v [rate reset in %v]", r.Message, time.Until(r.Rate.Reset.Time).Round(time.Second)))
}

// AbuseRateLimitError is go-github's AbuseRateLimitError: a secondary
// rate limit.
type AbuseRateLimitError struct {
	Response   *http.Response
	Message    string `json:"message"`
	RetryAfter *time.Duration
}

func (r *AbuseRateLimitError) Error() string { return describe(r.Response, r.Message) }

// GoogleError is google.golang.org/api/googleapi's Error.
type GoogleError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Details []any  `json:"details"`
	Body    string
	Header  http.Header
	err     error
}

func (e *GoogleError) Error() string {
	return fmt.Sprintf("googleapi: Error %d: %s, %s", e.Code, e.Message, Secret)
}

// Unwrap returns the wrapped error, as googleapi's does.
func (e *GoogleError) Unwrap() error { return e.err }

// CodedError has an int Code and nothing that says it is HTTP, as a
// JSON-RPC error's: its Code is not a status.
type CodedError struct {
	Code    int
	Message string
}

func (e *CodedError) Error() string {
	return fmt.Sprintf("rpc error %d: %s %s", e.Code, e.Message, Secret)
}

// AzureResponseError is azcore's ResponseError.
type AzureResponseError struct {
	ErrorCode   string
	StatusCode  int
	RawResponse *http.Response `json:"-"`
}

func (e *AzureResponseError) Error() string { return describe(e.RawResponse, e.ErrorCode) }

// SmithyResponse is smithy-go's transport/http.Response.
type SmithyResponse struct {
	*http.Response
}

// SmithyResponseError is smithy-go's transport/http.ResponseError.
type SmithyResponseError struct {
	Response *SmithyResponse
	Err      error
}

func (e *SmithyResponseError) Error() string {
	return fmt.Sprintf("https response error StatusCode: %d, %s: %v", e.HTTPStatusCode(), Secret, e.Err)
}

// HTTPStatusCode is smithy-go's, made nil-safe for the tests' log.
func (e *SmithyResponseError) HTTPStatusCode() int {
	if e.Response == nil {
		return 0
	}
	return e.Response.StatusCode
}

// Unwrap is smithy-go's.
func (e *SmithyResponseError) Unwrap() error { return e.Err }

// StripeError has Stripe's status field and no response.
type StripeError struct {
	HTTPStatusCode int    `json:"status,omitempty"`
	Msg            string `json:"message"`
	RequestID      string `json:"request_id,omitempty"`
}

func (e *StripeError) Error() string {
	return fmt.Sprintf(`{"status":%d,"message":%q,"key":%q}`, e.HTTPStatusCode, e.Msg, Secret)
}

// ResponseMethodError returns its response by an HTTPResponse method, as
// generated clients do.
type ResponseMethodError struct {
	resp *http.Response
}

// NewResponseMethodError returns a ResponseMethodError for resp.
func NewResponseMethodError(resp *http.Response) *ResponseMethodError {
	return &ResponseMethodError{resp: resp}
}

func (e *ResponseMethodError) Error() string { return describe(e.resp, "unexpected status") }

// HTTPResponse returns the upstream response.
func (e *ResponseMethodError) HTTPResponse() *http.Response { return e.resp }

// GraphQLError is an error of a GraphQL API, whose message the server
// returns as the error's text.
type GraphQLError struct {
	Message string
}

func (e *GraphQLError) Error() string { return e.Message }
