package main_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
)

// A structural validator for SARIF 2.1.0 logs: the objects of the OASIS
// SARIF 2.1.0 standard (sections 3.13 to 3.56) that toolcheck writes, with
// every property the standard defines for them, the required ones, the
// enumerations and minimums, and no other property allowed (the standard's
// schema closes every object but property bags). Objects toolcheck does not
// write are accepted as any JSON object, so that the validator stays
// honest about what it checks.

type schema struct {
	typ      string             // object, array, string, integer, number, boolean, any
	props    map[string]*schema // object properties; nil with typ object: any
	required []string
	open     bool // other properties allowed
	items    *schema
	minItems int
	enum     []string
	min      *int
	format   string // uri, uri-reference
	ref      string
	anyOfReq [][]string // at least one of these sets of properties
}

func intMin(n int) *int { return &n }

var (
	str     = &schema{typ: "string"}
	integer = &schema{typ: "integer"}
	boolean = &schema{typ: "boolean"}
	number  = &schema{typ: "number"}
	anyObj  = &schema{typ: "object", open: true}
	strList = &schema{typ: "array", items: str}
	index   = &schema{typ: "integer", min: intMin(-1)}
	uri     = &schema{typ: "string", format: "uri"}
	uriRef  = &schema{typ: "string", format: "uri-reference"}
)

func ref(name string) *schema  { return &schema{ref: name} }
func list(s *schema) *schema   { return &schema{typ: "array", items: s} }
func list1(s *schema) *schema  { return &schema{typ: "array", items: s, minItems: 1} }
func enum(v ...string) *schema { return &schema{typ: "string", enum: v} }

var level = enum("none", "note", "warning", "error")

var sarifDefs = map[string]*schema{
	"sarifLog": {typ: "object", required: []string{"version", "runs"}, props: map[string]*schema{
		"$schema":                  uri,
		"version":                  enum("2.1.0"),
		"runs":                     list(ref("run")),
		"inlineExternalProperties": list(anyObj),
		"properties":               ref("propertyBag"),
	}},
	"run": {typ: "object", required: []string{"tool"}, props: map[string]*schema{
		"tool":                           ref("tool"),
		"invocations":                    list(ref("invocation")),
		"conversion":                     anyObj,
		"language":                       str,
		"versionControlProvenance":       list(anyObj),
		"originalUriBaseIds":             {typ: "object", open: true, props: map[string]*schema{}, items: ref("artifactLocation")},
		"artifacts":                      list(anyObj),
		"logicalLocations":               list(anyObj),
		"graphs":                         list(anyObj),
		"results":                        list(ref("result")),
		"automationDetails":              anyObj,
		"runAggregates":                  list(anyObj),
		"baselineGuid":                   str,
		"redactionTokens":                strList,
		"defaultEncoding":                str,
		"defaultSourceLanguage":          str,
		"newlineSequences":               strList,
		"columnKind":                     enum("utf16CodeUnits", "unicodeCodePoints"),
		"externalPropertyFileReferences": anyObj,
		"threadFlowLocations":            list(anyObj),
		"taxonomies":                     list(anyObj),
		"addresses":                      list(anyObj),
		"translations":                   list(anyObj),
		"policies":                       list(anyObj),
		"webRequests":                    list(anyObj),
		"webResponses":                   list(anyObj),
		"specialLocations":               anyObj,
		"properties":                     ref("propertyBag"),
	}},
	"tool": {typ: "object", required: []string{"driver"}, props: map[string]*schema{
		"driver":     ref("toolComponent"),
		"extensions": list(ref("toolComponent")),
		"properties": ref("propertyBag"),
	}},
	"toolComponent": {typ: "object", required: []string{"name"}, props: map[string]*schema{
		"guid": str, "name": str, "organization": str, "product": str, "productSuffix": str,
		"shortDescription": ref("multiformatMessageString"), "fullDescription": ref("multiformatMessageString"),
		"fullName": str, "version": str, "semanticVersion": str, "dottedQuadFileVersion": str,
		"releaseDateUtc": str, "downloadUri": uri, "informationUri": uri,
		"globalMessageStrings": anyObj, "notifications": list(anyObj), "rules": list(ref("reportingDescriptor")),
		"taxa": list(anyObj), "locations": list(anyObj), "language": str, "contents": strList,
		"isComprehensive": boolean, "localizedDataSemanticVersion": str,
		"minimumRequiredLocalizedDataSemanticVersion": str, "associatedComponent": anyObj,
		"translationMetadata": anyObj, "supportedTaxonomies": list(anyObj), "properties": ref("propertyBag"),
	}},
	"reportingDescriptor": {typ: "object", required: []string{"id"}, props: map[string]*schema{
		"id": str, "deprecatedIds": strList, "guid": str, "deprecatedGuids": strList, "name": str,
		"deprecatedNames": strList, "shortDescription": ref("multiformatMessageString"),
		"fullDescription": ref("multiformatMessageString"), "messageStrings": anyObj,
		"defaultConfiguration": ref("reportingConfiguration"), "helpUri": uri,
		"help": ref("multiformatMessageString"), "relationships": list(anyObj), "properties": ref("propertyBag"),
	}},
	"reportingConfiguration": {typ: "object", props: map[string]*schema{
		"enabled": boolean, "level": level, "rank": number, "parameters": ref("propertyBag"), "properties": ref("propertyBag"),
	}},
	"multiformatMessageString": {typ: "object", required: []string{"text"}, props: map[string]*schema{
		"text": str, "markdown": str, "properties": ref("propertyBag"),
	}},
	"message": {typ: "object", anyOfReq: [][]string{{"text"}, {"id"}}, props: map[string]*schema{
		"text": str, "markdown": str, "id": str, "arguments": strList, "properties": ref("propertyBag"),
	}},
	"notification": {typ: "object", required: []string{"message"}, props: map[string]*schema{
		"locations": list(anyObj), "message": ref("message"), "level": enum("none", "note", "warning", "error"),
		"threadId": integer, "timeUtc": str, "exception": anyObj, "descriptor": anyObj, "associatedRule": anyObj,
		"properties": ref("propertyBag"),
	}},
	"invocation": {typ: "object", required: []string{"executionSuccessful"}, props: map[string]*schema{
		"commandLine": str, "arguments": strList, "responseFiles": list(anyObj), "startTimeUtc": str,
		"endTimeUtc": str, "exitCode": integer, "ruleConfigurationOverrides": list(anyObj),
		"notificationConfigurationOverrides": list(anyObj), "toolExecutionNotifications": list(ref("notification")),
		"toolConfigurationNotifications": list(anyObj), "exitCodeDescription": str, "exitSignalName": str,
		"exitSignalNumber": integer, "processStartFailureMessage": str, "executionSuccessful": boolean,
		"machine": str, "account": str, "processId": integer, "executableLocation": ref("artifactLocation"),
		"workingDirectory": ref("artifactLocation"), "environmentVariables": anyObj, "stdin": ref("artifactLocation"),
		"stdout": ref("artifactLocation"), "stderr": ref("artifactLocation"), "stdoutStderr": ref("artifactLocation"),
		"properties": ref("propertyBag"),
	}},
	"result": {typ: "object", required: []string{"message"}, props: map[string]*schema{
		"ruleId": str, "ruleIndex": index, "rule": anyObj,
		"kind":  enum("notApplicable", "pass", "fail", "review", "open", "informational"),
		"level": level, "message": ref("message"), "analysisTarget": ref("artifactLocation"),
		"locations": list(ref("location")), "guid": str, "correlationGuid": str,
		"occurrenceCount": {typ: "integer", min: intMin(1)}, "partialFingerprints": anyObj, "fingerprints": anyObj,
		"stacks": list(anyObj), "codeFlows": list(anyObj), "graphs": list(anyObj), "graphTraversals": list(anyObj),
		"relatedLocations": list(ref("location")), "suppressions": list(anyObj),
		"baselineState": enum("new", "unchanged", "updated", "absent"), "rank": number,
		"attachments": list(anyObj), "hostedViewerUri": uri, "workItemUris": list(uri), "provenance": anyObj,
		"fixes": list(ref("fix")), "taxa": list(anyObj), "webRequest": anyObj, "webResponse": anyObj,
		"properties": ref("propertyBag"),
	}},
	"location": {typ: "object", props: map[string]*schema{
		"id": index, "physicalLocation": ref("physicalLocation"), "logicalLocations": list(anyObj),
		"message": ref("message"), "annotations": list(ref("region")), "relationships": list(anyObj),
		"properties": ref("propertyBag"),
	}},
	"physicalLocation": {typ: "object", anyOfReq: [][]string{{"address"}, {"artifactLocation"}}, props: map[string]*schema{
		"address": anyObj, "artifactLocation": ref("artifactLocation"), "region": ref("region"),
		"contextRegion": ref("region"), "properties": ref("propertyBag"),
	}},
	"artifactLocation": {typ: "object", props: map[string]*schema{
		"uri": uriRef, "uriBaseId": str, "index": index, "description": ref("message"), "properties": ref("propertyBag"),
	}},
	"region": {typ: "object", props: map[string]*schema{
		"startLine": {typ: "integer", min: intMin(1)}, "startColumn": {typ: "integer", min: intMin(1)},
		"endLine": {typ: "integer", min: intMin(1)}, "endColumn": {typ: "integer", min: intMin(1)},
		"charOffset": index, "charLength": {typ: "integer", min: intMin(0)},
		"byteOffset": index, "byteLength": {typ: "integer", min: intMin(0)},
		"snippet": ref("artifactContent"), "message": ref("message"), "sourceLanguage": str,
		"properties": ref("propertyBag"),
	}},
	"fix": {typ: "object", required: []string{"artifactChanges"}, props: map[string]*schema{
		"description": ref("message"), "artifactChanges": list1(ref("artifactChange")), "properties": ref("propertyBag"),
	}},
	"artifactChange": {typ: "object", required: []string{"artifactLocation", "replacements"}, props: map[string]*schema{
		"artifactLocation": ref("artifactLocation"), "replacements": list1(ref("replacement")), "properties": ref("propertyBag"),
	}},
	"replacement": {typ: "object", required: []string{"deletedRegion"}, props: map[string]*schema{
		"deletedRegion": ref("region"), "insertedContent": ref("artifactContent"), "properties": ref("propertyBag"),
	}},
	"artifactContent": {typ: "object", props: map[string]*schema{
		"text": str, "binary": str, "rendered": ref("multiformatMessageString"), "properties": ref("propertyBag"),
	}},
	"propertyBag": {typ: "object", open: true, props: map[string]*schema{"tags": strList}},
}

// validateSARIF returns every violation of the SARIF 2.1.0 structure in
// data, as JSON-pointer-like paths.
func validateSARIF(data []byte) []string {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return []string{err.Error()}
	}
	var errs []string
	validate(&errs, "", ref("sarifLog"), v)
	return errs
}

func validate(errs *[]string, path string, s *schema, v any) {
	bad := func(format string, args ...any) {
		*errs = append(*errs, fmt.Sprintf("%s: %s", cmpPath(path), fmt.Sprintf(format, args...)))
	}
	if s.ref != "" {
		d, ok := sarifDefs[s.ref]
		if !ok {
			bad("no definition %q", s.ref)
			return
		}
		s = d
	}
	switch s.typ {
	case "any":
		return
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			bad("want an object, got %T", v)
			return
		}
		for _, r := range s.required {
			if _, ok := m[r]; !ok {
				bad("missing required property %q", r)
			}
		}
		if len(s.anyOfReq) > 0 {
			found := false
			for _, set := range s.anyOfReq {
				all := true
				for _, r := range set {
					_, has := m[r]
					all = all && has
				}
				found = found || all
			}
			if !found {
				bad("needs one of %v", s.anyOfReq)
			}
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if p, ok := s.props[k]; ok {
				validate(errs, path+"/"+k, p, m[k])
			} else if s.items != nil {
				validate(errs, path+"/"+k, s.items, m[k]) // a map's values
			} else if !s.open && s.props != nil {
				bad("property %q is not allowed", k)
			}
		}
	case "array":
		a, ok := v.([]any)
		if !ok {
			bad("want an array, got %T", v)
			return
		}
		if len(a) < s.minItems {
			bad("want at least %d items, got %d", s.minItems, len(a))
		}
		for i, x := range a {
			validate(errs, fmt.Sprintf("%s/%d", path, i), s.items, x)
		}
	case "string":
		str, ok := v.(string)
		if !ok {
			bad("want a string, got %T", v)
			return
		}
		if len(s.enum) > 0 && !contains(s.enum, str) {
			bad("%q is not one of %v", str, s.enum)
		}
		switch s.format {
		case "uri":
			if u, err := url.Parse(str); err != nil || u.Scheme == "" {
				bad("%q is not an absolute URI", str)
			}
		case "uri-reference":
			if _, err := url.Parse(str); err != nil || strings.Contains(str, "\\") {
				bad("%q is not a URI reference", str)
			}
		}
	case "integer", "number":
		n, ok := v.(float64)
		if !ok {
			bad("want a number, got %T", v)
			return
		}
		if s.typ == "integer" && n != float64(int64(n)) {
			bad("want an integer, got %v", n)
		}
		if s.min != nil && n < float64(*s.min) {
			bad("%v is below the minimum %d", n, *s.min)
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			bad("want a boolean, got %T", v)
		}
	default:
		bad("schema without a type")
	}
}

func cmpPath(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
