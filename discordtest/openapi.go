package discordtest

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"mime"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Discord's own OpenAPI 3.1 document (github.com/discord/discord-api-spec,
// specs/openapi.json; see testdata/README.md). Request bodies are validated
// against it with santhosh-tekuri/jsonschema, the JSON Schema 2020-12
// validator that OpenAPI 3.1 schemas are written for.
//
// kin-openapi v0.153.0 handles 3.1 too, but its openapi3filter recompiles a
// JSON Schema 2020 validator on every request (useJSONSchema2020 calls
// newJSONSchemaValidator each time), which is too slow for the e2e suite;
// here each operation's schema is compiled once and cached.
//
//go:embed testdata/discord-openapi.json
var openapiJSON []byte

const openapiURL = "https://discord.com/api/v10/openapi.json"

// spec is the parsed document, loaded once per process.
var spec struct {
	once sync.Once
	err  error
	ops  []*specOp

	mu       sync.Mutex // guards compiler (not safe for concurrent use)
	compiler *jsonschema.Compiler
}

// specOp is one operation of the document that takes a JSON body.
type specOp struct {
	method   string
	path     string   // template, e.g. /channels/{channel_id}/messages
	parts    []string // its segments
	literals int      // segments without {...}, to prefer /applications/@me over /applications/{id}
	ptr      string   // JSON pointer of the application/json schema ("": none)

	body     bool                      // the operation has a request body
	required bool                      // ... which must be sent
	media    map[string]bool           // the body's content types
	query    map[string]map[string]any // query parameters' schemas, by name

	once   sync.Once
	schema *jsonschema.Schema
	err    error
}

func loadSpec() error {
	spec.once.Do(func() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(openapiJSON))
		if err != nil {
			spec.err = fmt.Errorf("discordtest: openapi document: %w", err)
			return
		}
		root, _ := doc.(map[string]any)
		closeSchemas(root)
		paths, _ := root["paths"].(map[string]any)
		for p, item := range paths {
			methods, _ := item.(map[string]any)
			for m, op := range methods {
				if opm, ok := op.(map[string]any); ok && m != "parameters" {
					spec.ops = append(spec.ops, newSpecOp(p, m, opm, methods["parameters"]))
				}
			}
		}
		// Most literal first, so that the first match is the most specific.
		sort.Slice(spec.ops, func(i, j int) bool {
			if spec.ops[i].literals != spec.ops[j].literals {
				return spec.ops[i].literals > spec.ops[j].literals
			}
			return spec.ops[i].path < spec.ops[j].path
		})
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		if err := c.AddResource(openapiURL, doc); err != nil {
			spec.err = fmt.Errorf("discordtest: openapi document: %w", err)
			return
		}
		spec.compiler = c
	})
	return spec.err
}

// closeSchemas makes every object schema of the document refuse the
// fields it does not describe. Only one request schema of the document
// says additionalProperties: false, so a misspelled optional field (or a
// client's stray struct field) would pass unnoticed, as it does on Discord,
// which ignores it. Each place where a value is checked against a schema
// (a request body, a property, an array item) gets additionalProperties:
// false beside the names its schema describes, through $ref, allOf, oneOf
// and anyOf (propertyNames would say it more directly, but the validator
// reports its errors at a wrong location). A
// field of another oneOf branch (a channel option's channel_types on a
// string option) is let through: it is not a mistake of spelling, and
// discordgo sends such fields empty. Schemas that say what other
// properties may be (additionalProperties, patternProperties) stay open.
func closeSchemas(root map[string]any) {
	c := closer{root: root, done: map[*map[string]any]bool{}}
	comps, _ := root["components"].(map[string]any)
	schemas, _ := comps["schemas"].(map[string]any)
	for _, sch := range schemas {
		c.walk(sch)
	}
	paths, _ := root["paths"].(map[string]any)
	for _, item := range paths {
		methods, _ := item.(map[string]any)
		for _, op := range methods {
			opm, _ := op.(map[string]any)
			body, _ := opm["requestBody"].(map[string]any)
			content, _ := body["content"].(map[string]any)
			if media, ok := content["application/json"].(map[string]any); ok {
				c.entry(media["schema"])
			}
		}
	}
}

type closer struct {
	root map[string]any
	done map[*map[string]any]bool
}

// entry closes a schema a value is checked against as a whole, and the
// entries below it.
func (c closer) entry(node any) {
	m, ok := node.(map[string]any)
	if !ok {
		return
	}
	names := map[string]bool{}
	if c.names(m, names, map[string]bool{}) && len(names) > 0 {
		// additionalProperties sees only the properties beside it: name
		// every known one there (true: its own schema checks it).
		props, _ := m["properties"].(map[string]any)
		if props == nil {
			props = map[string]any{}
			m["properties"] = props
		}
		for n := range names {
			if _, ok := props[n]; !ok {
				props[n] = true
			}
		}
		m["additionalProperties"] = false
	}
	c.walk(m)
}

// names gathers the property names m describes in place; false when it
// leaves other properties open.
func (c closer) names(m map[string]any, into map[string]bool, seen map[string]bool) bool {
	if _, ok := m["additionalProperties"]; ok {
		return false
	}
	if _, ok := m["patternProperties"]; ok {
		return false
	}
	props, _ := m["properties"].(map[string]any)
	for n := range props {
		into[n] = true
	}
	if ref, ok := m["$ref"].(string); ok {
		if seen[ref] {
			return true
		}
		seen[ref] = true
		target, ok := c.resolve(ref)
		if !ok || !c.names(target, into, seen) {
			return false
		}
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		l, _ := m[k].([]any)
		for _, part := range l {
			pm, ok := part.(map[string]any)
			if ok && !c.names(pm, into, seen) {
				return false
			}
		}
	}
	return true
}

// resolve follows a local $ref (#/components/schemas/Name).
func (c closer) resolve(ref string) (map[string]any, bool) {
	var node any = c.root
	for _, seg := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		m, ok := node.(map[string]any)
		if !ok {
			return nil, false
		}
		node = m[strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")]
	}
	m, ok := node.(map[string]any)
	return m, ok
}

// walk closes the entries below a schema: its in-place parts (allOf,
// oneOf, ...) are walked but not closed on their own.
func (c closer) walk(node any) {
	m, ok := node.(map[string]any)
	if !ok || c.done[&m] {
		return
	}
	for k, v := range m {
		switch k {
		case "properties", "patternProperties":
			props, _ := v.(map[string]any)
			for _, p := range props {
				c.entry(p)
			}
		case "items", "additionalProperties":
			c.entry(v)
		case "prefixItems":
			l, _ := v.([]any)
			for _, p := range l {
				c.entry(p)
			}
		case "allOf", "anyOf", "oneOf":
			l, _ := v.([]any)
			for _, p := range l {
				c.walk(p)
			}
		}
	}
}

// newSpecOp reads an operation's shape: its body's content types and
// schema pointer, and its query parameters (the operation's and its
// path's).
func newSpecOp(p, m string, opm map[string]any, pathParams any) *specOp {
	o := &specOp{method: strings.ToUpper(m), path: p, parts: strings.Split(strings.Trim(p, "/"), "/"),
		media: map[string]bool{}, query: map[string]map[string]any{}}
	for _, s := range o.parts {
		if !strings.HasPrefix(s, "{") {
			o.literals++
		}
	}
	if body, ok := opm["requestBody"].(map[string]any); ok {
		o.body = true
		o.required, _ = body["required"].(bool)
		content, _ := body["content"].(map[string]any)
		for mt := range content {
			o.media[mt] = true
		}
		if o.media["application/json"] {
			o.ptr = "/paths/" + escapePtr(p) + "/" + m + "/requestBody/content/application~1json/schema"
		}
	}
	for _, list := range []any{pathParams, opm["parameters"]} {
		l, _ := list.([]any)
		for _, prm := range l {
			pm, _ := prm.(map[string]any)
			if name, _ := pm["name"].(string); pm["in"] == "query" {
				o.query[name], _ = pm["schema"].(map[string]any)
			}
		}
	}
	return o
}

// checkShape checks what the schema check does not see: a body where the
// document wants one (and none where it has none), its Content-Type among
// the operation's, JSON that parses, and query parameters the operation
// declares, with values of their type (reference.mdx: booleans are "true"
// or "false"). Operations the document does not describe are left to
// the routes.
func checkShape(method, p, contentType string, body []byte, files int, query url.Values) *apiError {
	if err := loadSpec(); err != nil {
		return &apiError{Status: 500, Message: err.Error(), kind: "stand-in"}
	}
	o := findOp(method, p)
	if o == nil {
		return nil
	}
	for name, vals := range query {
		sch, ok := o.query[name]
		if !ok {
			return errInvalid("query %s: not a parameter of %s %s", name, o.method, o.path)
		}
		for _, v := range vals {
			if !queryValueOK(sch, v) {
				return errInvalid("query %s=%q: not a valid %v", name, v, sch["type"])
			}
		}
	}
	sent := len(bytes.TrimSpace(body)) > 0 || files > 0
	mt, _, _ := mime.ParseMediaType(contentType)
	switch {
	case !o.body && sent:
		return errInvalid("%s %s takes no body", o.method, o.path)
	case !o.body:
		return nil
	case !sent && o.required:
		return &apiError{Status: 400, Code: 50109, Message: "The request body contains invalid JSON.", kind: "invalid-body"}
	case sent && !o.media[mt]:
		// opcodes-and-status-codes.mdx 50035: "or invalid Content-Type provided"
		return errInvalid("Content-Type %q: %s %s takes %v", contentType, o.method, o.path, slices.Sorted(maps.Keys(o.media)))
	case mt == "application/json" && !json.Valid(body):
		return &apiError{Status: 400, Code: 50109, Message: "The request body contains invalid JSON.", kind: "invalid-body"}
	}
	return nil
}

// queryValueOK checks a query value against its parameter's schema:
// booleans, integers (with their bounds) and snowflakes.
func queryValueOK(sch map[string]any, v string) bool {
	if ref, _ := sch["$ref"].(string); strings.HasSuffix(ref, "/SnowflakeType") {
		return reSnowflake.MatchString(v)
	}
	switch sch["type"] {
	case "boolean":
		return v == "true" || v == "false"
	case "integer":
		n, err := strconv.ParseInt(v, 10, 64)
		lo, hasLo := sch["minimum"].(json.Number)
		hi, hasHi := sch["maximum"].(json.Number)
		l, _ := lo.Int64()
		h, _ := hi.Int64()
		return err == nil && (!hasLo || n >= l) && (!hasHi || n <= h)
	}
	return true
}

func escapePtr(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// findOp returns the operation for method and a path without the /api/v10
// prefix (the document's server), or nil when the document has none.
func findOp(method, p string) *specOp {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	for _, o := range spec.ops {
		if o.method != method || len(o.parts) != len(segs) {
			continue
		}
		ok := true
		for i, part := range o.parts {
			if !strings.HasPrefix(part, "{") && part != segs[i] {
				ok = false
				break
			}
		}
		if ok {
			return o
		}
	}
	return nil
}

// compiled compiles the operation's schema on first use; compiled schemas
// are safe for concurrent validation.
func (o *specOp) compiled() (*jsonschema.Schema, error) {
	o.once.Do(func() {
		spec.mu.Lock()
		defer spec.mu.Unlock()
		o.schema, o.err = spec.compiler.Compile(openapiURL + "#" + o.ptr)
	})
	return o.schema, o.err
}

// checkRequest validates a request body (the JSON body or a multipart
// payload_json) against Discord's OpenAPI document and the unicode emoji
// rules, and returns Discord's 400 / 50035 Invalid Form Body with every
// problem nested under its field, or nil. Requests without a body and
// operations the document does not describe are left to the handlers.
func checkRequest(method, p string, body []byte) *apiError {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	if err := loadSpec(); err != nil {
		return &apiError{Status: 500, Code: 0, Message: err.Error(), kind: "stand-in"}
	}
	o := findOp(method, p)
	if o == nil || o.ptr == "" {
		return nil
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return nil // the handler answers malformed JSON
	}
	allowPermissionStrings(o, v)
	errs := formErrors{}
	sch, err := o.compiled()
	if err != nil {
		return &apiError{Status: 500, Code: 0, Message: "discordtest: compiling " + o.method + " " + o.path + ": " + err.Error(), kind: "stand-in"}
	}
	if err := sch.Validate(v); err != nil {
		ve, ok := err.(*jsonschema.ValidationError)
		if !ok {
			errs.add(nil, "INVALID", err.Error())
		} else {
			addSchemaErrors(errs, ve)
		}
	}
	checkEmojis(errs, nil, v)
	if len(errs) == 0 {
		return nil
	}
	return &apiError{Status: 400, Code: 50035, Message: "Invalid Form Body", Errors: map[string]any(errs), kind: "invalid-body"}
}

// allowPermissionStrings is the one place where the document is stricter
// than Discord: it types a command's default_member_permissions as an
// integer, while developers/interactions/application-commands.mdx
// ("Application Command Structure": ?string, example "0") and
// developers/topics/permissions.mdx ("all permissions are serialized as
// strings") make it a string, which is what discordgo sends. A string of
// digits there is turned into the number it serializes before validation.
func allowPermissionStrings(o *specOp, v any) {
	if !strings.HasPrefix(o.path, "/applications/{application_id}/") || !strings.HasSuffix(o.path, "/commands") &&
		!strings.HasSuffix(o.path, "/commands/{command_id}") {
		return
	}
	fix := func(c any) {
		m, ok := c.(map[string]any)
		if !ok {
			return
		}
		if p, ok := m["default_member_permissions"].(string); ok && reSnowflake.MatchString(p) {
			m["default_member_permissions"] = json.Number(p)
		}
	}
	if l, ok := v.([]any); ok {
		for _, c := range l {
			fix(c)
		}
		return
	}
	fix(v)
}

// formErrors is Discord's nested "errors" object: keys are field names and
// array indexes, leaves are {"_errors": [{code, message}]}
// (developers/reference.mdx "Error Messages").
type formErrors map[string]any

func (f formErrors) add(path []string, code, msg string) {
	m := f
	for _, k := range path {
		next, ok := m[k].(formErrors)
		if !ok {
			next = formErrors{}
			m[k] = next
		}
		m = next
	}
	l, _ := m["_errors"].([]map[string]string)
	m["_errors"] = append(l, map[string]string{"code": code, "message": msg})
}

// flat lists the errors as "a.0.b: CODE message", sorted.
func (f formErrors) flat() []string {
	var out []string
	var walk func(prefix string, m formErrors)
	walk = func(prefix string, m formErrors) {
		for k, v := range m {
			if k == "_errors" {
				for _, e := range v.([]map[string]string) {
					out = append(out, strings.TrimPrefix(prefix, ".")+": "+e["code"]+" "+e["message"])
				}
				continue
			}
			switch sub := v.(type) {
			case formErrors:
				walk(prefix+"."+k, sub)
			case map[string]any:
				walk(prefix+"."+k, formErrors(sub))
			}
		}
	}
	walk("", f)
	sort.Strings(out)
	return out
}

var enPrinter = message.NewPrinter(language.English)

// addSchemaErrors adds the leaf errors of a validation failure. A
// oneOf/anyOf (components, callback types) fails in every branch; the
// branches whose "type" discriminator did not match are not what the sender
// meant and are dropped, unless no branch matched its type.
func addSchemaErrors(errs formErrors, ve *jsonschema.ValidationError) {
	seen := map[string]bool{}
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if ap, ok := e.ErrorKind.(*kind.AdditionalProperties); ok {
			// Discord ignores unknown fields; the stand-in refuses them
			// (closeSchemas), under a code of its own.
			for _, p := range ap.Properties {
				errs.add(append(slices.Clip(e.InstanceLocation), p), "STAND_IN_UNKNOWN_FIELD",
					"not a field of this object in Discord's OpenAPI document")
			}
			return
		}
		if len(e.Causes) == 0 {
			code := schemaErrorCode(e.ErrorKind)
			msg := e.ErrorKind.LocalizedString(enPrinter)
			key := strings.Join(e.InstanceLocation, "/") + "\x00" + code + msg
			if !seen[key] {
				seen[key] = true
				errs.add(e.InstanceLocation, code, msg)
			}
			return
		}
		causes := e.Causes
		switch e.ErrorKind.(type) {
		case *kind.OneOf, *kind.AnyOf:
			var meant []*jsonschema.ValidationError
			for _, c := range causes {
				if !typeMismatch(c, append(e.InstanceLocation[:len(e.InstanceLocation):len(e.InstanceLocation)], "type")) {
					meant = append(meant, c)
				}
			}
			if len(meant) > 0 {
				causes = meant
			}
		}
		for _, c := range causes {
			walk(c)
		}
	}
	walk(ve)
}

// typeMismatch reports whether e failed because the value at loc (the
// "type" field of the object a oneOf branch describes) is not its enum or
// const.
func typeMismatch(e *jsonschema.ValidationError, loc []string) bool {
	if len(e.Causes) == 0 {
		kw := e.ErrorKind.KeywordPath()
		return slices.Equal(e.InstanceLocation, loc) && len(kw) > 0 && (kw[len(kw)-1] == "enum" || kw[len(kw)-1] == "const")
	}
	for _, c := range e.Causes {
		if typeMismatch(c, loc) {
			return true
		}
	}
	return false
}

// schemaErrorCode names a schema failure after Discord's error codes
// (BASE_TYPE_REQUIRED and BASE_TYPE_CHOICES are the documented examples in
// developers/reference.mdx; the others follow their pattern).
func schemaErrorCode(k jsonschema.ErrorKind) string {
	kw := k.KeywordPath()
	if len(kw) == 0 {
		return "INVALID"
	}
	switch kw[len(kw)-1] {
	case "required":
		return "BASE_TYPE_REQUIRED"
	case "enum", "const":
		return "BASE_TYPE_CHOICES"
	case "maxLength":
		return "BASE_TYPE_MAX_LENGTH"
	case "minLength":
		return "BASE_TYPE_MIN_LENGTH"
	case "maxItems", "minItems":
		return "BASE_TYPE_BAD_LENGTH"
	case "type":
		return "BASE_TYPE_BAD_TYPE"
	}
	return "BASE_TYPE_INVALID_" + strings.ToUpper(kw[len(kw)-1])
}
