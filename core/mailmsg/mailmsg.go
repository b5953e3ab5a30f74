// Package mailmsg holds the mails the service sends, one type per mail, so
// every template's fields are declared in one place.
//
// Adding a mail: declare a struct with its fields in the file of its area
// (the outbox adapter names the JSON keys; core carries no tags), give it a
// Kind, list it in All, and write templates/<kind>.ko.tmpl and templates/<kind>.en.tmpl in
// adapters/mailer. A value only the recipient may read (a one-time code, a
// link carrying a token) is a Secret: the outbox and the job queue hold it
// sealed, and only the worker opens it, to send.
package mailmsg

import (
	"fmt"
	"reflect"
	"strconv"
)

// Message is the content of one mail. Kind names its templates.
type Message interface {
	Kind() string
}

// Secret is text only the recipient may read. Adapters that store or queue a
// Message seal every Secret in it (see Walk) and open it just before sending.
type Secret string

// Kind implements Message.
func (ExamNumbers) Kind() string { return "exam_number" }

// All lists one value of every mail type. A type missing here cannot be
// queued; a type listed here without its templates stops the mailer at start
// (and fails its tests).
func All() []Message {
	return []Message{SignUpCode{}, SignUpRegistered{}, ApplicationCompleted{}, ExamNumbers{}, DormancyNotice{}, PasswordReset{}, PaymentReceipt{}, VirtualAccountIssued{}, ExamNumberChanged{}, UserIDFound{}, EmailChangeCode{},
		RecommendRequest{}, RecommendCompleted{}, RecommendCancelled{}, PaymentCancelled{},
		ApplicationCorrected{}, ReviewCorrection{}, ReviewCompleted{}, MembershipNotice{},
		InquiryAnswered{}, RefundRequestApproved{}, RefundRequestDenied{}, RefundFailed{},
		ResultReleased{}, BulkMail{}, EmailChangedByStaff{}, EmailCorrected{}}
}

var byKind = func() map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for _, m := range All() {
		t := reflect.TypeOf(m)
		if t.Kind() != reflect.Struct {
			panic(fmt.Sprintf("mailmsg: %s is not a struct", t))
		}
		if _, dup := out[m.Kind()]; dup {
			panic(fmt.Sprintf("mailmsg: kind %q declared twice", m.Kind()))
		}
		out[m.Kind()] = t
	}
	return out
}()

// Kinds lists the kind of every mail type, in the order of All.
func Kinds() []string {
	all := All()
	out := make([]string, len(all))
	for i, m := range all {
		out[i] = m.Kind()
	}
	return out
}

// New returns a pointer to a zero message of the kind, to decode into; false
// when no type has that kind.
func New(kind string) (Message, bool) {
	t, ok := byKind[kind]
	if !ok {
		return nil, false
	}
	return reflect.New(t).Interface().(Message), true
}

// Clone returns a pointer to a deep copy of m (a value or a pointer), so a
// caller can seal or open its secrets without touching the original.
func Clone(m Message) Message {
	v := reflect.ValueOf(m)
	for v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	out := reflect.New(v.Type())
	out.Elem().Set(deepCopy(v))
	return out.Interface().(Message)
}

func deepCopy(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			c.Index(i).Set(deepCopy(v.Index(i)))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		for i := range v.NumField() {
			if c.Field(i).CanSet() {
				c.Field(i).Set(deepCopy(v.Field(i)))
			}
		}
		return c
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type().Elem())
		c.Elem().Set(deepCopy(v.Elem()))
		return c
	}
	return v
}

var secretType = reflect.TypeFor[Secret]()

// Walk calls fn with every Secret in the message m points to and its path
// ("Code", "Items[2].Link"), so an adapter can seal or open them in place.
// m must be a pointer (as New and Clone return).
func Walk(m Message, fn func(path string, s *Secret) error) error {
	v := reflect.ValueOf(m)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return fmt.Errorf("mailmsg: walk %T: need a non-nil pointer", m)
	}
	return walk(v.Elem(), "", fn)
}

func walk(v reflect.Value, path string, fn func(string, *Secret) error) error {
	if v.Type() == secretType {
		return fn(path, v.Addr().Interface().(*Secret))
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			return walk(v.Elem(), path, fn)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if err := walk(v.Index(i), path+"["+strconv.Itoa(i)+"]", fn); err != nil {
				return err
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			p := f.Name
			if path != "" {
				p = path + "." + f.Name
			}
			if err := walk(v.Field(i), p, fn); err != nil {
				return err
			}
		}
	case reflect.Map:
		// A map's values are not addressable: a Secret in one could not be
		// sealed, so a type holding one is refused rather than leaked.
		if containsSecret(v.Type().Elem()) {
			return fmt.Errorf("mailmsg: %s: a Secret inside a map cannot be sealed", path)
		}
	}
	return nil
}

func containsSecret(t reflect.Type) bool {
	if t == secretType {
		return true
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return containsSecret(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if containsSecret(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// HasSecret reports whether the message carries a Secret that is set (a
// code, a one-time link): such a mail is not resent.
func HasSecret(m Message) bool {
	found := false
	_ = Walk(Clone(m), func(_ string, s *Secret) error {
		if *s != "" {
			found = true
		}
		return nil
	})
	return found
}
