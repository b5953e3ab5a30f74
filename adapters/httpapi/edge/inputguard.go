package edge

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/core/apperr"
)

// Codes of the input guard's refusals; each names the field.
const (
	CodeInputText    = "input.invalid_text"
	codeInputInteger = "input.integer_range"
)

// idParams are path parameters that name a stored row: a value that is not
// a positive int4 names nothing, so it is answered 404 like any unknown id.
var idParams = map[string]bool{"applNo": true, "id": true, "inquiryNo": true}

// intParams are path or query parameters that must be int4 numbers when
// given (PostgreSQL's integer); anything else is a 400 naming the field.
var intParams = map[string]bool{"enterYear": true, "recruitPartSeq": true, "partSeq": true, "limit": true,
	"applNo": true, "applPartNo": true, "id": true, "seq": true, "page": true, "size": true}

// InputGuard refuses, before any handler or the database sees them, path
// values, query values and JSON bodies that hold a NUL, invalid UTF-8 or an
// integer beyond PostgreSQL's int4. It runs after routing so it knows the
// names of the path parameters; every route gets it from one place.
func InputGuard(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		for _, pv := range c.PathValues() {
			v := pv.Value
			if u, err := url.PathUnescape(v); err == nil {
				v = u
			}
			if BadText(v) {
				return InputErr(pv.Name, CodeInputText)
			}
			if idParams[pv.Name] {
				if n, err := strconv.ParseInt(v, 10, 64); err != nil || n <= 0 || n > math.MaxInt32 {
					return apperr.NotFound("route.not_found")
				}
			} else if intParams[pv.Name] && !int4Text(v) {
				return InputErr(pv.Name, codeInputInteger)
			}
		}
		q, err := url.ParseQuery(c.Request().URL.RawQuery)
		if err != nil {
			return apperr.Wrap(apperr.KindInvalid, "request.malformed", err)
		}
		for name, vals := range q {
			if BadText(name) {
				return InputErr("query", CodeInputText)
			}
			for _, v := range vals {
				if BadText(v) {
					return InputErr(name, CodeInputText)
				}
				if intParams[name] && v != "" && !int4Text(v) {
					return InputErr(name, codeInputInteger)
				}
				// react-admin sends filter, sort and range as JSON in the query.
				if t := strings.TrimSpace(v); strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
					if err := checkJSON([]byte(t), name); err != nil {
						return err
					}
				}
			}
		}
		if err := guardBody(c); err != nil {
			return err
		}
		return next(c)
	}
}

// guardBody checks a JSON body and puts it back for the handler to read.
func guardBody(c *echo.Context) error {
	req := c.Request()
	if req.Body == nil || req.Body == http.NoBody {
		return nil
	}
	mt, _, _ := mime.ParseMediaType(req.Header.Get(echo.HeaderContentType))
	if mt != echo.MIMEApplicationJSON {
		return nil
	}
	b, err := io.ReadAll(req.Body)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return echo.ErrStatusRequestEntityTooLarge
		}
		return apperr.Wrap(apperr.KindInvalid, "request.malformed", err)
	}
	req.Body = io.NopCloser(bytes.NewReader(b))
	if len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	return GuardJSON(b)
}

// GuardJSON checks a JSON document a handler reads itself (the upload's
// request part): valid UTF-8, no NUL, integers within int4.
func GuardJSON(b []byte) error {
	if !utf8.Valid(b) {
		return InputErr("body", CodeInputText)
	}
	return checkJSON(b, "")
}

// checkJSON walks a JSON document; a document that does not parse is left
// to the handler's own binding (which answers request.malformed).
func checkJSON(b []byte, root string) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil
	}
	return walkJSON(v, root)
}

func walkJSON(v any, path string) error {
	switch x := v.(type) {
	case string:
		if BadText(x) {
			return InputErr(fieldName(path), CodeInputText)
		}
	case json.Number:
		s := x.String()
		if !strings.ContainsAny(s, ".eE") && !int4Text(s) {
			return InputErr(fieldName(path), codeInputInteger)
		}
	case map[string]any:
		for k, e := range x {
			p := k
			if path != "" {
				p = path + "." + k
			}
			if BadText(k) {
				return InputErr(fieldName(path), CodeInputText)
			}
			if err := walkJSON(e, p); err != nil {
				return err
			}
		}
	case []any:
		for i, e := range x {
			if err := walkJSON(e, path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
	}
	return nil
}

func fieldName(path string) string {
	if path == "" {
		return "body"
	}
	return path
}

// BadText is a NUL or a byte sequence that is not UTF-8: PostgreSQL stores
// neither in text or jsonb.
func BadText(s string) bool {
	return strings.IndexByte(s, 0) >= 0 || !utf8.ValidString(s)
}

// int4Text reports whether s is a decimal integer PostgreSQL's int4 holds.
func int4Text(s string) bool {
	n, err := strconv.ParseInt(s, 10, 64)
	return err == nil && n >= math.MinInt32 && n <= math.MaxInt32
}

// InputErr is the input guard's refusal of a field.
func InputErr(field, code string) error {
	return &apperr.Error{Kind: apperr.KindInvalid, Code: code, Params: map[string]any{"field": field},
		Fields: []apperr.FieldError{{Field: field, Code: code, Params: map[string]any{"field": field}}}}
}
