package backoffice

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
)

// A staff correction names the fields it changes; a value that does not
// read as its field is refused as the service refused it.
func TestCorrectBodyInfoChanges(t *testing.T) {
	t.Parallel()
	var in correctBody
	if err := json.Unmarshal([]byte(`{"changes":{"mobile":"010-1","spouse":{"name":"Kim"},"g20Answers":["156"],"nope":1},"reason":"r"}`), &in); err != nil {
		t.Fatal(err)
	}
	ch, err := in.infoChanges()
	if err != nil || !slices.Equal(ch.Names, []string{"g20Answers", "mobile", "nope", "spouse"}) || ch.Values.Mobile != "010-1" ||
		ch.Values.Spouse != (form.Spouse{Name: "Kim"}) || !slices.Equal(ch.Values.G20Answers, []string{"156"}) {
		t.Fatalf("changes: %+v %v", ch, err)
	}
	_ = json.Unmarshal([]byte(`{"changes":{"mobile":12}}`), &in)
	_, err = in.infoChanges()
	if e, ok := apperr.As(err); !ok || len(e.Fields) != 1 || e.Fields[0].Field != "changes" || e.Fields[0].Code != application.CodeFieldUnknown {
		t.Fatalf("a value of the wrong type: %v", err)
	}
}
