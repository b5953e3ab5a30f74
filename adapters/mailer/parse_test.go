package mailer

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/mailmsg"
)

// A type registered without its templates is refused when the templates are
// parsed (at process start), naming the type.
func TestParseRefusesTypeWithoutTemplates(t *testing.T) {
	t.Parallel()
	_, err := parseAll(templateFS, append(mailmsg.Kinds(), "offer_letter"))
	if err == nil || !strings.Contains(err.Error(), "offer_letter.ko") || !strings.Contains(err.Error(), "offer_letter.en") {
		t.Fatalf("err = %v, want both missing templates named", err)
	}
	if _, err := parseAll(templateFS, mailmsg.Kinds()); err != nil {
		t.Fatal(err)
	}
}

// Every template file belongs to a registered type (or is the shared
// footer): a template left behind by a removed type is noticed.
func TestNoOrphanTemplates(t *testing.T) {
	t.Parallel()
	files, err := fs.Glob(templateFS, "templates/*.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	kinds := mailmsg.Kinds()
	for _, f := range files {
		name := strings.TrimSuffix(strings.TrimPrefix(f, "templates/"), ".tmpl")
		kind, loc, ok := strings.Cut(name, ".")
		if !ok || !slices.Contains(Locales, loc) {
			t.Errorf("%s: want <kind>.<locale>.tmpl", f)
			continue
		}
		if kind != "footer" && !slices.Contains(kinds, kind) {
			t.Errorf("%s: no mail type %q in core/mailmsg", f, kind)
		}
	}
}
