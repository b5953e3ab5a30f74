package mailer

import (
	"bytes"
	"embed"
	"fmt"
	"reflect"
	"strings"
	"text/template"
)

// Kind names a mail the service sends. Each kind has a template per locale in
// templates/<kind>.<locale>.tmpl defining "subject" and "text".
type Kind string

// The mails, with the data keys each template needs (JSON-style camelCase,
// since the data travels through the outbox as JSON). A missing key is an
// error, never an empty gap in a mail.
const (
	// KindSignupCode: code (the 6-digit string), validMinutes.
	KindSignupCode Kind = "signup_code"
	// KindSignupRegistered: no data. Sent instead of a code when the address
	// already has an account, so the sign-up form answers alike for every
	// address and only the mailbox's owner learns it is registered.
	KindSignupRegistered Kind = "signup_registered"
	// KindExamNumber: applications, a list of {school, round, examNumber},
	// only COMPLETE ones. Queue it only when the list is not empty: the lookup
	// page answers the same either way, and an unknown address gets no mail,
	// so the form cannot be used to send mail to strangers.
	KindExamNumber Kind = "exam_number"
	// KindApplicationComplete: school, round, examNumber.
	KindApplicationComplete Kind = "application_complete"
	// KindDormancyNotice: userId, closeDate (yyyy-MM-dd, Asia/Seoul), loginUrl.
	KindDormancyNotice Kind = "dormancy_notice"
	// KindPasswordReset: userId, link, validMinutes.
	KindPasswordReset Kind = "password_reset"
)

// Kinds lists every mail kind.
func Kinds() []Kind {
	return []Kind{KindSignupCode, KindSignupRegistered, KindExamNumber, KindApplicationComplete, KindDormancyNotice, KindPasswordReset}
}

// Locales the templates exist in; the first is the default.
var Locales = []string{"ko", "en"}

// NormalizeLocale maps "en", "en-US", "EN_gb" to "en" and anything unknown
// (including "") to the default, Korean.
func NormalizeLocale(locale string) string {
	l := strings.ToLower(locale)
	if i := strings.IndexAny(l, "-_"); i >= 0 {
		l = l[:i]
	}
	for _, known := range Locales {
		if l == known {
			return known
		}
	}
	return Locales[0]
}

//go:embed templates/*.tmpl
var templateFS embed.FS

// templates is keyed by kind + "." + locale; parsed once, so a broken
// template stops the process at start rather than at the first mail.
var templates = mustParse()

func mustParse() map[string]*template.Template {
	out := map[string]*template.Template{}
	for _, kind := range Kinds() {
		for _, loc := range Locales {
			name := string(kind) + "." + loc
			t := template.Must(template.New(name).Option("missingkey=error").Funcs(funcs).
				ParseFS(templateFS, "templates/footer."+loc+".tmpl", "templates/"+name+".tmpl"))
			for _, part := range []string{"subject", "text"} {
				if t.Lookup(part) == nil {
					panic(fmt.Sprintf("mailer: template %s has no %q", name, part))
				}
			}
			out[name] = t
		}
	}
	return out
}

var funcs = template.FuncMap{
	// required stops a mail that would say nothing: {{range required "applications" .applications}}.
	"required": func(name string, v any) (any, error) {
		rv := reflect.ValueOf(v)
		switch {
		case !rv.IsValid():
			return nil, fmt.Errorf("%s is required", name)
		case rv.Kind() == reflect.String || rv.Kind() == reflect.Slice || rv.Kind() == reflect.Map:
			if rv.Len() == 0 {
				return nil, fmt.Errorf("%s must not be empty", name)
			}
		}
		return v, nil
	},
}

// Render produces the subject and plain-text body of a mail.
func Render(kind Kind, locale string, data any) (subject, text string, err error) {
	t, ok := templates[string(kind)+"."+NormalizeLocale(locale)]
	if !ok {
		return "", "", permanent("unknown mail kind %q", kind)
	}
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, "subject", data); err != nil {
		return "", "", permanent("render %s subject: %v", kind, err)
	}
	subject = strings.Join(strings.Fields(b.String()), " ")
	b.Reset()
	if err := t.ExecuteTemplate(&b, "text", data); err != nil {
		return "", "", permanent("render %s text: %v", kind, err)
	}
	return subject, strings.TrimSpace(b.String()) + "\n", nil
}

// Compose renders a mail into a Message for one recipient.
func Compose(kind Kind, locale, to string, data any) (Message, error) {
	subject, text, err := Render(kind, locale, data)
	if err != nil {
		return Message{}, err
	}
	return Message{To: to, Subject: subject, Text: text, Locale: NormalizeLocale(locale)}, nil
}
