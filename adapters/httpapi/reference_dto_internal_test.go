package httpapi

import (
	"testing"

	"github.com/gradapply/gradapply/core/school"
)

// A round's consent texts keep the keys school.ConsentItem carried.
func TestConsentItemDTOKeys(t *testing.T) {
	t.Parallel()
	c := filled[school.ConsentItem]()
	wantKeys(t, "consent", toConsentItemDTO(c), "bodyEn", "bodyKo", "code", "titleEn", "titleKo", "version")
	sameValue(t, "consent", roundTrip(t, toConsentItemDTO(c), consentItemDTO.toCore), c)
}
