package mailmsg_test

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/mailmsg"
)

func TestNewGivesAPointerOfEveryKind(t *testing.T) {
	t.Parallel()
	for _, m := range mailmsg.All() {
		got, ok := mailmsg.New(m.Kind())
		if !ok || reflect.TypeOf(got) != reflect.PointerTo(reflect.TypeOf(m)) {
			t.Errorf("New(%q) = %T, %v", m.Kind(), got, ok)
		}
	}
	if _, ok := mailmsg.New("no_such_mail"); ok {
		t.Error("New of an unknown kind succeeded")
	}
	kinds := mailmsg.Kinds()
	slices.Sort(kinds)
	if len(slices.Compact(kinds)) != len(mailmsg.All()) {
		t.Errorf("kinds repeat: %v", mailmsg.Kinds())
	}
}

type nested struct {
	Name  string
	Items []item
	Ptr   *item
}

type item struct {
	Label string
	Key   mailmsg.Secret
}

func (nested) Kind() string { return "nested" }

type inMap struct{ M map[string]mailmsg.Secret }

func (inMap) Kind() string { return "in_map" }

// Walk reaches every Secret, however deep, and Clone copies deeply enough
// that changing the copy's secrets leaves the original alone.
func TestWalkAndClone(t *testing.T) {
	t.Parallel()
	orig := nested{Name: "n", Items: []item{{"a", "s1"}, {"b", "s2"}}, Ptr: &item{"c", "s3"}}
	c := mailmsg.Clone(orig)
	var paths []string
	err := mailmsg.Walk(c, func(path string, s *mailmsg.Secret) error {
		paths = append(paths, path+"="+string(*s))
		*s = "changed"
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Items[0].Key=s1", "Items[1].Key=s2", "Ptr.Key=s3"}; !slices.Equal(paths, want) {
		t.Fatalf("paths %v, want %v", paths, want)
	}
	if orig.Items[0].Key != "s1" || orig.Items[1].Key != "s2" || orig.Ptr.Key != "s3" {
		t.Fatalf("the original changed: %+v %+v", orig, *orig.Ptr)
	}
	if got := c.(*nested); got.Items[0].Key != "changed" || got.Ptr.Key != "changed" {
		t.Fatalf("the copy did not change: %+v", got)
	}
	// A value (not a pointer) cannot be changed in place: refused.
	if err := mailmsg.Walk(orig, func(string, *mailmsg.Secret) error { return nil }); err == nil {
		t.Fatal("Walk accepted a value")
	}
	// A Secret in a map cannot be sealed in place: refused, never skipped.
	if err := mailmsg.Walk(&inMap{M: map[string]mailmsg.Secret{"k": "v"}}, func(string, *mailmsg.Secret) error { return nil }); err == nil {
		t.Fatal("Walk skipped a Secret in a map")
	}
}

func TestSignUpCodeAndResetLinkAreSecrets(t *testing.T) {
	t.Parallel()
	for _, m := range []mailmsg.Message{
		&mailmsg.SignUpCode{Code: "123456", ValidMinutes: 10},
		&mailmsg.PasswordReset{UserID: "u", Link: "https://x/reset?key=k", ValidMinutes: 30},
	} {
		n := 0
		_ = mailmsg.Walk(m, func(string, *mailmsg.Secret) error { n++; return nil })
		if n != 1 {
			t.Errorf("%T: %d secrets, want 1", m, n)
		}
	}
}

type inMapOfStructs struct{ M map[string][]item }

func (inMapOfStructs) Kind() string { return "in_map_of_structs" }

type plainMap struct {
	Labels map[string]string
	Tags   map[string][]int
	Codes  [2]mailmsg.Secret
	Empty  *item
	None   []item
	hidden mailmsg.Secret
}

func (plainMap) Kind() string { return "plain_map" }

// A Secret hidden in a struct inside a map's values is refused as well; a map
// of plain values is no secret and walks fine, as do arrays, nil pointers,
// nil slices and unexported fields (never reached).
func TestWalkRefusesEveryMapHoldingASecret(t *testing.T) {
	t.Parallel()
	none := func(string, *mailmsg.Secret) error { return nil }
	if err := mailmsg.Walk(&inMapOfStructs{M: map[string][]item{"k": {{"a", "s"}}}}, none); err == nil {
		t.Fatal("Walk skipped a Secret in a struct in a map")
	}
	m := plainMap{Labels: map[string]string{"a": "b"}, Tags: map[string][]int{"t": {1}}, Codes: [2]mailmsg.Secret{"c0", "c1"}, hidden: "h"}
	c := mailmsg.Clone(&m)
	var paths []string
	if err := mailmsg.Walk(c, func(p string, s *mailmsg.Secret) error { paths = append(paths, p+"="+string(*s)); return nil }); err != nil {
		t.Fatal(err)
	}
	if want := []string{"Codes[0]=c0", "Codes[1]=c1"}; !slices.Equal(paths, want) {
		t.Fatalf("paths %v, want %v", paths, want)
	}
	got := c.(*plainMap)
	if got.Empty != nil || got.None != nil || got.hidden != "" || got.Labels["a"] != "b" {
		t.Fatalf("clone %+v", got)
	}
	var nilPtr *nested
	if err := mailmsg.Walk(nilPtr, none); err == nil {
		t.Fatal("Walk accepted a nil pointer")
	}
}

// The first error of fn stops the walk and is returned: a secret that cannot
// be sealed must not leave the rest of the message half sealed unnoticed.
func TestWalkStopsAtTheFirstError(t *testing.T) {
	t.Parallel()
	stop := errors.New("cannot seal")
	for _, m := range []mailmsg.Message{
		&nested{Items: []item{{"a", "s1"}, {"b", "s2"}}},
		&nested{Ptr: &item{"c", "s3"}},
	} {
		n := 0
		err := mailmsg.Walk(m, func(string, *mailmsg.Secret) error { n++; return stop })
		if !errors.Is(err, stop) || n != 1 {
			t.Errorf("%+v: err %v after %d secrets", m, err, n)
		}
	}
}
