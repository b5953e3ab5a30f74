package applicant

import (
	"encoding/json"
	"maps"
	"testing"
)

// Requests the edge reads into core's types keep their keys.
func TestRequestDTOKeys(t *testing.T) {
	t.Parallel()
	var up uploadRequestDTO
	if err := json.Unmarshal([]byte(`{"itemCode":"00003","seq":2,"fileName":"성적.pdf"}`), &up); err != nil ||
		up != (uploadRequestDTO{ItemCode: "00003", Seq: 2, FileName: "성적.pdf"}) {
		t.Fatalf("upload: %+v %v", up, err)
	}
	var sub submitRequestDTO
	if err := json.Unmarshal([]byte(`{"consents":{"PRIVACY":"2026-01-01"}}`), &sub); err != nil ||
		!maps.Equal(sub.Consents, map[string]string{"PRIVACY": "2026-01-01"}) {
		t.Fatalf("submit: %+v %v", sub, err)
	}
}
