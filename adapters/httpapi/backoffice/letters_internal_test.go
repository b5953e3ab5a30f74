package backoffice

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/recommendation"
)

// The template's JSON is what the admin's template page and the
// recommender's form read: its keys are the ones core's types carried
// before they lost their JSON names, omitted where they were omitted.
func TestRecommendTemplateJSONKeys(t *testing.T) {
	t.Parallel()
	k := application.RoundKey{SchoolCode: "S1", EnterYear: 2027, RecruitPartSeq: 1}
	b, err := json.Marshal(toTemplate(k, recommendation.DefaultTemplate(k)))
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	keys := func(m any) []string { return slices.Sorted(maps.Keys(m.(map[string]any))) }
	want := func(what string, got, want []string) {
		t.Helper()
		if !slices.Equal(got, want) {
			t.Errorf("%s: keys %v, want %v", what, got, want)
		}
	}
	want("template", keys(got), []string{"enterYear", "fileRequired", "letters", "questions", "recruitPartSeq", "schoolCode", "version"})
	qs := got["questions"].([]any)
	want("text question", keys(qs[0]), []string{"code", "eng", "kind", "kor", "max"})
	want("choice question", keys(qs[3]), []string{"code", "eng", "kind", "kor", "labels", "options"})
	want("label", keys(qs[3].(map[string]any)["labels"].([]any)[0]), []string{"code", "eng", "kor"})

	// What the template page sends back reads into the same template.
	var in templateDTO
	if err := json.Unmarshal(b, &in); err != nil {
		t.Fatal(err)
	}
	if back := in.Template(k); !back.Same(recommendation.DefaultTemplate(k)) || back.Round != k {
		t.Fatalf("round trip: %+v", back)
	}
}
