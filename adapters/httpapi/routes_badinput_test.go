package httpapi_test

// One test sends bad input to every route the router has registered: in
// every path parameter, in the query parameters and list filters the
// handlers read, and in every JSON field name the edge declares. Whatever
// the input, no answer is a 500: bad input is the caller's error (4xx) with
// a message, never a crash or a database error.

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"
)

// badValues are what an attacker or a broken client sends.
var badValues = []any{
	"\x00",
	"\xff\xfe",             // invalid UTF-8
	"99999999999",          // beyond int4, as text
	"99999999999999999999", // beyond int8, as text
	99999999999,
	1e20,
	-1,
	1.5,
	strings.Repeat("가", 3400), // ~10 KB
	true,
	[]any{1, "x"},
	map[string]any{"x": 1},
}

// badPathValues go into path parameters (escaped).
var badPathValues = []string{"\x00", "\xff", "99999999999", "99999999999999999999", "-1", strings.Repeat("a", 10240), "1.5", "%"}

var (
	jsonTagRE    = regexp.MustCompile("json:\"([A-Za-z0-9_]+)")
	queryParamRE = regexp.MustCompile(`QueryParam\("([A-Za-z0-9_]+)"\)`)
	filterListRE = regexp.MustCompile(`ParseList\(c, [^,]+, \[\]string\{([^}]*)\}`)
	quotedRE     = regexp.MustCompile(`"([A-Za-z0-9_]+)"`)
)

// edgeNames reads the JSON field names, query parameters and list filters
// the edge's source declares, so a field added later is covered the day it
// is added.
func edgeNames(t *testing.T) (fields, queries, filters []string) {
	t.Helper()
	// The edge is this package and one package per actor below it.
	var files []string
	for _, pattern := range []string{"*.go", "*/*.go", "*/*/*.go"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	seen := map[string]map[string]bool{"f": {}, "q": {}, "l": {}}
	add := func(kind, name string) {
		seen[kind][name] = true
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range jsonTagRE.FindAllStringSubmatch(string(b), -1) {
			add("f", m[1])
		}
		for _, m := range queryParamRE.FindAllStringSubmatch(string(b), -1) {
			add("q", m[1])
		}
		for _, m := range filterListRE.FindAllStringSubmatch(string(b), -1) {
			for _, q := range quotedRE.FindAllStringSubmatch(m[1], -1) {
				add("l", q[1])
			}
		}
	}
	list := func(kind string) []string {
		var out []string
		for k := range seen[kind] {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	return list("f"), list("q"), list("l")
}

// skipBadInput are routes the walk must not call with a session it needs
// afterwards.
var skipBadInput = map[string]bool{
	"POST /user/api/logout":          true,
	"POST /user/api/withdraw":        true,
	"PUT /user/api/my-info/password": true,
}

func TestNoRouteAnswers500ToBadInput(t *testing.T) {
	t.Parallel()
	env := newWalkEnv(t, nil)
	staff := env.signIn("sysadmin")
	fields, queries, filters := edgeNames(t)
	if len(fields) < 100 || len(queries) < 5 || len(filters) < 10 {
		t.Fatalf("read %d JSON fields, %d query parameters, %d filters from the edge's source: is the test reading the right files?", len(fields), len(queries), len(filters))
	}
	var probs []string
	sent := 0
	check := func(label string, a walkAnswer) {
		sent++
		if a.status >= 500 {
			probs = append(probs, fmt.Sprintf("%s: %d %s", label, a.status, trim(a.body)))
		}
	}
	routes := env.a.Server.Echo.Router().Routes()
	sort.Slice(routes, func(i, j int) bool { return routes[i].Path+routes[i].Method < routes[j].Path+routes[j].Method })
	for _, rt := range routes {
		if rt.Method == echo.RouteAny || (!strings.HasPrefix(rt.Path, "/user/") && !strings.HasPrefix(rt.Path, "/apply/")) {
			continue
		}
		name := rt.Method + " " + rt.Path
		if skipBadInput[name] {
			continue
		}
		c := env.attacker
		if strings.Contains(rt.Path, "/admin/") || strings.Contains(rt.Path, "/sysadmin/") {
			c = staff
		}
		proof := c.Cookie["XSRF-TOKEN"]
		good, _, ok := fill(rt.Path, env.other, env.year)
		if !ok {
			continue // the CSRF walk reports unknown parameters
		}
		good, _, _ = strings.Cut(good, "?")
		send := func(label, path, contentType string, body []byte) {
			check(label, env.raw(c, rt.Method, path, contentType, body, proof))
		}
		// Every path parameter, one at a time.
		for _, p := range paramRE.FindAllString(rt.Path, -1) {
			for _, v := range badPathValues {
				path := strings.Replace(rt.Path, p, url.PathEscape(v), 1)
				path, _, _ = fill(path, env.other, env.year)
				path, _, _ = strings.Cut(path, "?")
				send(fmt.Sprintf("%s with %s=%.12q", name, p, v), path, "application/json", []byte(`{}`))
			}
		}
		// Every query parameter at once, and the list filters one key at a time.
		for _, v := range badValues {
			s := fmt.Sprint(v)
			if b, err := json.Marshal(v); err == nil && !strings.HasPrefix(string(b), `"`) {
				s = string(b)
			}
			q := url.Values{}
			for _, k := range queries {
				q.Set(k, s)
			}
			send(fmt.Sprintf("%s with every query parameter %.12q", name, s), good+"?"+q.Encode(), "", nil)
		}
		if rt.Method == "GET" {
			for _, k := range filters {
				for _, v := range badValues {
					f, _ := json.Marshal(map[string]any{k: v})
					send(fmt.Sprintf("%s with filter %s", name, trim(string(f))), good+"?filter="+url.QueryEscape(string(f)), "", nil)
				}
			}
			for _, r := range []string{`[0,99999999999]`, `[99999999999,99999999999]`, `[-5,3]`, `"x"`} {
				send(name+" with range "+r, good+"?range="+url.QueryEscape(r), "", nil)
			}
			for _, s := range []string{`["applNo","\u0000"]`, `[1,2]`, `"x"`, `["` + strings.Repeat("a", 5000) + `","ASC"]`} {
				send(name+" with sort "+trim(s), good+"?sort="+url.QueryEscape(s), "", nil)
			}
			continue
		}
		// Every JSON field with each bad value, and bodies that are not objects.
		for _, v := range badValues {
			obj := map[string]any{}
			for _, f := range fields {
				obj[f] = v
			}
			b, _ := json.Marshal(obj)
			send(fmt.Sprintf("%s with every field = %.12s", name, fmt.Sprint(v)), good, "application/json", b)
		}
		for _, b := range []string{`[]`, `"x"`, `99999999999999999999`, `null`, `{"a":`, "{\"x\":\"\x00\"}", "\xff\xfe", ``} {
			send(fmt.Sprintf("%s with body %.12q", name, b), good, "application/json", []byte(b))
		}
	}
	t.Logf("%d requests with bad input", sent)
	if len(probs) > 0 {
		sort.Strings(probs)
		t.Errorf("%d answers of 500 to bad input:\n%s", len(probs), strings.Join(probs, "\n"))
	}
}
