package toolerr

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// An upstream refusal: what an error in the chain says about the HTTP
// answer of a service the server called.
type refusal struct {
	outcome Outcome       // OutcomeRateLimited or OutcomeUnavailable
	delay   time.Duration // how long until the service takes requests again
	known   bool          // delay is known
}

// now is the clock delays are measured against.
var now = time.Now

// upstreamRefusal finds the first error in err's chain that says a service
// the server called refused for now: a rate limit (HTTP 429, or 403 with
// rate-limit evidence), or unavailability with a stated end (HTTP 503 with
// Retry-After). An [ErrRateLimited] in the chain is a rate limit, its
// delay taken from any error in the chain that carries one.
func upstreamRefusal(err error) (refusal, bool) {
	var found refusal
	ok := walk(err, func(e error) bool {
		r, is := readResponse(e).refusal()
		if is {
			found = r
		}
		return is
	})
	if ok {
		return found, true
	}
	if !errors.Is(err, ErrRateLimited) {
		return refusal{}, false
	}
	found = refusal{outcome: OutcomeRateLimited}
	walk(err, func(e error) bool {
		found.delay, found.known = readResponse(e).delay()
		return found.known
	})
	return found, true
}

// response is what one error value carries of an HTTP response.
type response struct {
	status     int
	header     http.Header
	retryAfter *time.Duration // a RetryAfter field (go-github's AbuseRateLimitError)
	reset      time.Time      // a Rate.Reset field (go-github's RateLimitError)
	exhausted  bool           // a Rate field whose Remaining is 0
	rateLimit  bool           // the error's type is named for a rate limit
}

// refusal classifies r.
func (r response) refusal() (refusal, bool) {
	var outcome Outcome
	switch {
	case r.status == http.StatusTooManyRequests:
		outcome = OutcomeRateLimited
	case r.status == http.StatusForbidden && r.limitEvidence():
		outcome = OutcomeRateLimited
	case r.status == 0 && r.rateLimit:
		outcome = OutcomeRateLimited
	case r.status == http.StatusServiceUnavailable:
		if d, ok := r.retryAfterDelay(); ok {
			return refusal{outcome: OutcomeUnavailable, delay: d, known: true}, true
		}
		return refusal{}, false
	default:
		return refusal{}, false
	}
	d, known := r.delay()
	return refusal{outcome: outcome, delay: d, known: known}, true
}

// limitEvidence reports whether a 403 is a rate limit: the type is named
// for one, no requests remain, or the service said when to retry.
func (r response) limitEvidence() bool {
	if r.rateLimit || r.exhausted || r.retryAfter != nil {
		return true
	}
	for _, k := range []string{"X-RateLimit-Remaining", "RateLimit-Remaining"} {
		if v := r.header.Get(k); strings.TrimSpace(v) == "0" {
			return true
		}
	}
	_, ok := parseRetryAfter(r.header.Get("Retry-After"))
	return ok
}

// delay is how long until the service takes requests again: a RetryAfter
// field, the Retry-After header, a Rate.Reset field, the X-RateLimit-Reset
// or RateLimit-Reset header, in that order.
func (r response) delay() (time.Duration, bool) {
	if d, ok := r.retryAfterDelay(); ok {
		return d, true
	}
	if !r.reset.IsZero() {
		return r.reset.Sub(now()), true
	}
	for _, k := range []string{"X-RateLimit-Reset", "RateLimit-Reset"} {
		if d, ok := parseReset(r.header.Get(k)); ok {
			return d, true
		}
	}
	return 0, false
}

func (r response) retryAfterDelay() (time.Duration, bool) {
	if r.retryAfter != nil {
		return *r.retryAfter, true
	}
	return parseRetryAfter(r.header.Get("Retry-After"))
}

// parseRetryAfter reads a Retry-After value: delay seconds or an HTTP date.
func parseRetryAfter(v string) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseInt(v, 10, 64); err == nil && s >= 0 {
		return seconds(float64(s)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return t.Sub(now()), true
	}
	return 0, false
}

// parseReset reads a rate-limit reset header. Services disagree on its
// meaning: GitHub and GitLab send the Unix time of the reset, HCP
// Terraform and the IETF draft the seconds until it. A value from 10^9
// on (September 2001) is a Unix time, a smaller one a number of seconds.
func parseReset(v string) (time.Duration, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, false
	}
	if f >= 1e9 {
		sec, frac := math.Modf(f)
		return time.Unix(int64(sec), int64(frac*1e9)).Sub(now()), true
	}
	return seconds(f), true
}

func seconds(s float64) time.Duration {
	if s > float64(math.MaxInt64/int64(time.Second)) {
		return math.MaxInt64
	}
	return time.Duration(s * float64(time.Second))
}

var (
	typeResponse = reflect.TypeFor[*http.Response]()
	typeHeader   = reflect.TypeFor[http.Header]()
	typeDuration = reflect.TypeFor[time.Duration]()
	typeTime     = reflect.TypeFor[time.Time]()
)

// readResponse reads what e carries of an HTTP response, by method
// (StatusCode() int, HTTPStatusCode() int, HTTPResponse() *http.Response)
// and by exported field (see [shapeOf]). A method that panics, as one of
// a nil or half-built error may, counts as absent.
func readResponse(e error) (r response) {
	defer func() {
		if recover() != nil {
			r = response{}
		}
	}()
	v := reflect.ValueOf(e)
	s := shapeOf(v.Type())
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return response{}
		}
		v = v.Elem()
	}
	r.rateLimit = s.rateLimit
	var resp *http.Response
	switch m := e.(type) {
	case interface{ HTTPResponse() *http.Response }:
		resp = m.HTTPResponse()
	}
	if resp == nil && s.response != nil {
		resp = responseAt(v, s.response)
	}
	if resp != nil {
		r.status, r.header = resp.StatusCode, resp.Header
	}
	if r.status == 0 {
		switch m := e.(type) {
		case interface{ StatusCode() int }:
			r.status = m.StatusCode()
		case interface{ HTTPStatusCode() int }:
			r.status = m.HTTPStatusCode()
		}
	}
	if r.status == 0 && s.status != nil {
		if f, ok := fieldAt(v, s.status); ok {
			r.status = int(f.Int())
		}
	}
	if r.header == nil && s.header != nil {
		if f, ok := fieldAt(v, s.header); ok {
			r.header = f.Interface().(http.Header)
		}
	}
	if s.retryAfter != nil {
		if f, ok := fieldAt(v, s.retryAfter); ok {
			if f.Kind() == reflect.Pointer {
				if !f.IsNil() {
					d := time.Duration(f.Elem().Int())
					r.retryAfter = &d
				}
			} else if d := time.Duration(f.Int()); d > 0 {
				r.retryAfter = &d
			}
		}
	}
	if s.rate != nil {
		if f, ok := fieldAt(v, s.rate); ok {
			if rem, ok := fieldAt(f, s.remaining); ok && rem.Int() == 0 {
				if t, ok := fieldAt(f, s.reset); ok {
					r.reset = t.Interface().(time.Time)
					r.exhausted = !r.reset.IsZero()
				}
			}
		}
	}
	return r
}

// A shape is where a struct type keeps what readResponse reads: index
// paths of its exported fields, nil when it has none.
type shape struct {
	response   []int // a *http.Response, or a pointer to a struct embedding one (smithy-go's *Response)
	status     []int // an int StatusCode or HTTPStatusCode, or Code beside a response or header
	header     []int // an http.Header
	retryAfter []int // RetryAfter, a time.Duration or *time.Duration
	rate       []int // Rate, a struct with an int Remaining and a Reset time
	remaining  []int // Remaining within Rate
	reset      []int // Reset within Rate: a time.Time, or a struct embedding one
	rateLimit  bool  // the type's name contains "RateLimit"
}

var shapes sync.Map // reflect.Type → *shape

// shapeOf returns the shape of t, or of the struct t points to, computed
// once per type.
func shapeOf(t reflect.Type) *shape {
	if s, ok := shapes.Load(t); ok {
		return s.(*shape)
	}
	s := &shape{rateLimit: strings.Contains(t.Name(), "RateLimit")}
	st := t
	if st.Kind() == reflect.Pointer {
		st = st.Elem()
		s.rateLimit = s.rateLimit || strings.Contains(st.Name(), "RateLimit")
	}
	if st.Kind() == reflect.Struct {
		var code []int
		for _, f := range reflect.VisibleFields(st) {
			if !f.IsExported() {
				continue
			}
			switch {
			case f.Type == typeResponse && s.response == nil:
				s.response = f.Index
			case s.response == nil && embedsResponse(f.Type) != nil:
				s.response = slices.Concat(f.Index, embedsResponse(f.Type))
			case f.Type == typeHeader && s.header == nil:
				s.header = f.Index
			case f.Type.Kind() == reflect.Int && (f.Name == "StatusCode" || f.Name == "HTTPStatusCode") && s.status == nil:
				s.status = f.Index
			case f.Type.Kind() == reflect.Int && f.Name == "Code":
				code = f.Index
			case f.Name == "RetryAfter" && (f.Type == typeDuration || f.Type == reflect.PointerTo(typeDuration)):
				s.retryAfter = f.Index
			case f.Name == "Rate" && f.Type.Kind() == reflect.Struct:
				rem, ok1 := f.Type.FieldByName("Remaining")
				reset, ok2 := f.Type.FieldByName("Reset")
				if ok1 && ok2 && rem.IsExported() && rem.Type.Kind() == reflect.Int && reset.IsExported() {
					if at := timeAt(reset.Type); at != nil {
						s.rate, s.remaining, s.reset = f.Index, rem.Index, slices.Concat(reset.Index, at)
					}
				}
			}
		}
		if s.status == nil && code != nil && (s.response != nil || s.header != nil) {
			s.status = code // googleapi.Error: Code is the HTTP status beside Header
		}
	}
	actual, _ := shapes.LoadOrStore(t, s)
	return actual.(*shape)
}

// embedsResponse returns the index of the *http.Response that t, a pointer
// to a struct, embeds; nil when it embeds none.
func embedsResponse(t reflect.Type) []int {
	if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return nil
	}
	for _, f := range reflect.VisibleFields(t.Elem()) {
		if f.Anonymous && f.Type == typeResponse && len(f.Index) == 1 {
			return f.Index
		}
	}
	return nil
}

// timeAt returns the index path of the time.Time that t is (empty) or
// embeds (go-github's Timestamp); nil when neither.
func timeAt(t reflect.Type) []int {
	if t == typeTime {
		return []int{}
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	for _, f := range reflect.VisibleFields(t) {
		if f.IsExported() && f.Type == typeTime && len(f.Index) == 1 {
			return f.Index
		}
	}
	return nil
}

// fieldAt follows index from the struct v, dereferencing pointers on the
// way; ok is false on a nil pointer.
func fieldAt(v reflect.Value, index []int) (reflect.Value, bool) {
	for _, i := range index {
		for v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v, true
}

func responseAt(v reflect.Value, index []int) *http.Response {
	f, ok := fieldAt(v, index)
	if !ok || f.IsNil() {
		return nil
	}
	return f.Interface().(*http.Response)
}

// refusalMessage is what the model reads for r.
func refusalMessage(r refusal) string {
	if !r.known {
		return RateLimitMessage
	}
	state := "busy"
	if r.outcome == OutcomeUnavailable {
		state = "unavailable"
	}
	const lead = "The request was fine but a service the server relies on is "
	d := r.delay
	switch {
	case d <= 90*time.Second:
		return lead + state + "; retry in " + strconv.Itoa(max(1, ceilDiv(d, time.Second))) + "s."
	case d <= 15*time.Minute:
		return lead + state + "; retry in " + strconv.Itoa(ceilDiv(d, time.Minute)) + " minutes."
	}
	return lead + state + " for " + longDelay(d) + "; tell the user, and retry after that."
}

// longDelay says roughly how long d is, rounded up: "about 40 minutes",
// "about 2 hours", "more than a day".
func longDelay(d time.Duration) string {
	switch {
	case d <= 90*time.Minute:
		return "about " + strconv.Itoa(ceilDiv(d, time.Minute)) + " minutes"
	case d <= 24*time.Hour:
		return "about " + strconv.Itoa(ceilDiv(d, time.Hour)) + " hours"
	}
	return "more than a day"
}

func ceilDiv(d, unit time.Duration) int {
	if d <= 0 {
		return 0
	}
	return int((d + unit - 1) / unit)
}

// Upstream returns, for the tool boundary, the error of a call to a
// service that was given the model's arguments, decided by the service's
// answer that err carries (an *http.Response or a status, read as for
// rate limits): a status saying what the request named is not there or
// was refused makes a caller error whose text is msg followed by the
// reason and the service's own message to its callers when it has one
// fit to show (an exported string field Message, as go-github's
// "Reference already exists", and those of the details it lists in a
// field Errors: each one line, no URL, at most 160 bytes, more than the
// status's name), err kept as its cause for the log:
//
//   - 404 and 410: "not found";
//   - 400 and 422: "rejected as invalid";
//   - 403 without evidence of a rate limit: "access denied";
//   - 405: "not allowed" (GitHub's "Pull Request is not mergeable");
//   - 409: "conflicts with the current state", a stale-state error.
//
// A rate limit, an unavailable service, every other status, and an error
// carrying none is msg wrapping err ("msg: err"), which the boundary
// answers by its rules: a retry with its delay, or a fault. nil when err
// is nil. Use it where the code cannot tell whose the failure is: the
// same call fails for a repository the model misnamed and for a service
// that is down.
//
//	issue, _, err := client.Issues.Get(ctx, owner, repo, n)
//	if err != nil {
//		return nil, toolerr.Upstream(err, "failed to get issue")
//	}
func Upstream(err error, msg string, opts ...Option) error {
	if err == nil {
		return nil
	}
	if _, refused := upstreamRefusal(err); !refused {
		status, said := 0, ""
		walk(err, func(e error) bool {
			if status = readResponse(e).status; status != 0 {
				if said = upstreamMessage(e); strings.EqualFold(said, http.StatusText(status)) {
					said = "" // "Not Found" says nothing more
				}
			}
			return status != 0
		})
		reason, outcome := "", OutcomeCallerError
		switch status {
		case http.StatusNotFound, http.StatusGone:
			reason = "not found"
		case http.StatusBadRequest, http.StatusUnprocessableEntity:
			reason = "rejected as invalid"
		case http.StatusForbidden:
			reason = "access denied"
		case http.StatusMethodNotAllowed:
			reason = "not allowed"
		case http.StatusConflict:
			reason, outcome = "conflicts with the current state", OutcomeStaleState
		}
		if reason != "" {
			text := reason
			if msg != "" {
				text = msg + ": " + reason
			}
			if said != "" {
				text += " (" + said + ")"
			}
			opts = append([]Option{WithCause(err)}, opts...)
			if outcome == OutcomeStaleState {
				return Stale(text, opts...)
			}
			return CallerError(text, opts...)
		}
	}
	if msg == "" {
		return err
	}
	return fmt.Errorf("%s: %w", msg, err)
}

// upstreamMessage returns what a service said to its callers in the error
// e: an exported string field Message of one line, with no URL, at most
// 160 bytes; "" when there is none such.
func upstreamMessage(e error) (said string) {
	defer func() {
		if recover() != nil {
			said = ""
		}
	}()
	v, ok := indirect(reflect.ValueOf(e))
	if !ok {
		return ""
	}
	said = showable(v)
	// The details a validation error lists (go-github's and GitLab's
	// Errors), each with its own Message.
	if f := v.FieldByName("Errors"); f.IsValid() && f.Kind() == reflect.Slice {
		var details []string
		for i := range f.Len() {
			e, _ := indirect(f.Index(i))
			if d := showable(e); d != "" && d != said {
				details = append(details, d)
			}
		}
		if all := strings.Join(details, "; "); all != "" && len(said)+len(all) <= 200 {
			if said == "" {
				said = all
			} else {
				said += ": " + all
			}
		}
	}
	return said
}

// indirect follows the pointers and interfaces of v to what they hold;
// false at a nil one.
func indirect(v reflect.Value) (reflect.Value, bool) {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return v, false
		}
		v = v.Elem()
	}
	return v, true
}

// showable returns the string field Message of the struct v when it is
// fit to show the model: one line, with no URL, at most 160 bytes.
func showable(v reflect.Value) string {
	if v.Kind() != reflect.Struct {
		return ""
	}
	f := v.FieldByName("Message")
	if !f.IsValid() || f.Kind() != reflect.String {
		return ""
	}
	s := strings.TrimSpace(f.String())
	if len(s) > 160 || strings.ContainsAny(s, "\n\r") || strings.Contains(s, "://") {
		return ""
	}
	return s
}
