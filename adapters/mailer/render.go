package mailer

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"io/fs"
	"reflect"
	"strings"
	"text/template"

	"github.com/gradapply/gradapply/core/mailmsg"
)

// Each mail type (core/mailmsg) has a template per locale in
// templates/<kind>.<locale>.tmpl defining "subject" and "text" (plain text)
// and "html" (the HTML alternative). The templates see the message struct, so
// {{.ExamNumber}} names a field of the type; a field the type lacks is an
// error at render, never a gap in a mail. Shared parts: templates/footer.<locale>.tmpl
// defines "footer" (text) and "footer_html".

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

// kindTemplates is one kind in one locale: the text parts and the HTML part.
type kindTemplates struct {
	text *template.Template
	html *htmltemplate.Template
}

// templates is keyed by kind + "." + locale; parsed once, so a missing or
// broken template stops the process at start rather than at the first mail.
var templates = mustParse()

func mustParse() map[string]kindTemplates {
	t, err := parseAll(templateFS, mailmsg.Kinds())
	if err != nil {
		panic(err)
	}
	return t
}

func parseAll(fsys fs.FS, kinds []string) (map[string]kindTemplates, error) {
	out := map[string]kindTemplates{}
	var errs []error
	for _, kind := range kinds {
		for _, loc := range Locales {
			name := kind + "." + loc
			files := []string{"templates/footer." + loc + ".tmpl", "templates/" + name + ".tmpl"}
			text, err := template.New(name).Option("missingkey=error").Funcs(funcs).ParseFS(fsys, files...)
			if err != nil {
				errs = append(errs, fmt.Errorf("mailer: template %s: %w", name, err))
				continue
			}
			html, err := htmltemplate.New(name).Option("missingkey=error").Funcs(htmltemplate.FuncMap(funcs)).ParseFS(fsys, files...)
			if err != nil {
				errs = append(errs, fmt.Errorf("mailer: template %s: %w", name, err))
				continue
			}
			for _, part := range []string{"subject", "text", "html"} {
				if text.Lookup(part) == nil {
					errs = append(errs, fmt.Errorf("mailer: template %s has no %q", name, part))
				}
			}
			out[name] = kindTemplates{text: text, html: html}
		}
	}
	return out, errors.Join(errs...)
}

var funcs = template.FuncMap{
	// required stops a mail that would say nothing: {{range required "applications" .Applications}}.
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

// Rendered is a mail's text in one language.
type Rendered struct {
	Subject string
	Text    string // plain-text body
	HTML    string // HTML alternative
}

// Render produces the subject, plain-text and HTML bodies of a mail. Secrets
// must be open (the worker opens them just before rendering).
func Render(m mailmsg.Message, locale string) (Rendered, error) {
	if m == nil || reflect.ValueOf(m).Kind() == reflect.Pointer && reflect.ValueOf(m).IsNil() {
		return Rendered{}, permanent("render: no message")
	}
	kind := m.Kind()
	t, ok := templates[kind+"."+NormalizeLocale(locale)]
	if !ok {
		return Rendered{}, permanent("unknown mail kind %q", kind)
	}
	var r Rendered
	var b bytes.Buffer
	if err := t.text.ExecuteTemplate(&b, "subject", m); err != nil {
		return Rendered{}, permanent("render %s subject: %v", kind, err)
	}
	r.Subject = strings.Join(strings.Fields(b.String()), " ")
	b.Reset()
	if err := t.text.ExecuteTemplate(&b, "text", m); err != nil {
		return Rendered{}, permanent("render %s text: %v", kind, err)
	}
	r.Text = strings.TrimSpace(b.String()) + "\n"
	b.Reset()
	if err := t.html.ExecuteTemplate(&b, "html", m); err != nil {
		return Rendered{}, permanent("render %s html: %v", kind, err)
	}
	r.HTML = strings.TrimSpace(b.String()) + "\n"
	if r.Subject == "" {
		return Rendered{}, permanent("render %s: empty subject", kind)
	}
	return r, nil
}

// Compose renders a mail into a Message for one recipient.
func Compose(m mailmsg.Message, locale, to string) (Message, error) {
	r, err := Render(m, locale)
	if err != nil {
		return Message{}, err
	}
	return Message{To: to, Subject: r.Subject, Text: r.Text, HTML: r.HTML, Locale: NormalizeLocale(locale)}, nil
}
