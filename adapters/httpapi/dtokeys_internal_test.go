package httpapi

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/money"
)

// filled answers a T with every exported field reachable from it set to a
// value of its own (strings name their field, numbers count up, lists and
// maps hold one element, pointers point), so a JSON key that a mapper
// drops shows up as missing.
func filled[T any]() T {
	var v T
	n := 0
	fillValue(reflect.ValueOf(&v).Elem(), "v", &n)
	return v
}

var (
	moneyType = reflect.TypeFor[money.Money]()
	timeType  = reflect.TypeFor[time.Time]()
)

func fillValue(v reflect.Value, name string, n *int) {
	*n++
	switch {
	case v.Type() == moneyType:
		v.Set(reflect.ValueOf(money.Won(int64(*n))))
		return
	case v.Type() == timeType:
		v.Set(reflect.ValueOf(time.Date(2026, 1, 1, 0, 0, *n, 0, time.UTC)))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(name)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*n))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(*n))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(*n) + 0.5)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fillValue(p.Elem(), name, n)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fillValue(s.Index(0), name+"[0]", n)
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k := reflect.New(v.Type().Key()).Elem()
		fillValue(k, name+".key", n)
		e := reflect.New(v.Type().Elem()).Elem()
		fillValue(e, name+".value", n)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				fillValue(v.Field(i), name+"."+f.Name, n)
			}
		}
	}
}

// jsonKeys answers the key paths of v's JSON, sorted: "a", "a.b" for an
// object in a, "a[].b" for objects in a list.
func jsonKeys(t *testing.T, v any) []string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var x any
	if err := json.Unmarshal(b, &x); err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	var walk func(prefix string, x any)
	walk = func(prefix string, x any) {
		switch x := x.(type) {
		case map[string]any:
			for k, e := range x {
				p := k
				if prefix != "" {
					p = prefix + "." + k
				}
				set[p] = true
				walk(p, e)
			}
		case []any:
			for _, e := range x {
				walk(prefix+"[]", e)
			}
		}
	}
	walk("", x)
	return slices.Sorted(maps.Keys(set))
}

// wantKeys fails unless v's JSON has exactly the key paths want.
func wantKeys(t *testing.T, what string, v any, want ...string) {
	t.Helper()
	got := jsonKeys(t, v)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		missing, extra := diffKeys(want, got), diffKeys(got, want)
		t.Errorf("%s: JSON keys differ\nmissing: %q\nextra:   %q", what, missing, extra)
	}
}

func diffKeys(a, b []string) []string {
	var out []string
	for _, k := range a {
		if !slices.Contains(b, k) {
			out = append(out, k)
		}
	}
	return out
}

// roundTrip decodes v's JSON into a D and maps it back: what a client
// sending the JSON it was given makes of it.
func roundTrip[C, D any](t *testing.T, v D, toCore func(D) C) C {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var back D
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	return toCore(back)
}

func sameValue(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: round trip\n got %s\nwant %s", what, fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", want))
	}
}
