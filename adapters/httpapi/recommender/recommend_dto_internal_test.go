package recommender

import (
	"encoding/json"
	"testing"

	"github.com/gradapply/gradapply/core/recommendation"
)

// What the applicant sends to ask for a letter reads as before.
func TestRecommendCreateRequest(t *testing.T) {
	t.Parallel()
	var c createIn
	if err := json.Unmarshal([]byte(`{"profName":"Lee","email":"lee@example.com","phone":"010","institution":"KU","position":"Prof","locale":"en"}`), &c); err != nil {
		t.Fatal(err)
	}
	if r := c.request(); r != (recommendation.Request{ProfName: "Lee", Email: "lee@example.com", Phone: "010", Institution: "KU", Position: "Prof"}) || c.Locale != "en" {
		t.Fatalf("create request: %+v", c)
	}
}
