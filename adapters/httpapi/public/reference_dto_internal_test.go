package public

import (
	"testing"

	"github.com/gradapply/gradapply/adapters/httpapi/edge/dtotest"
	"github.com/gradapply/gradapply/core/school"
)

// A round's consent texts keep the keys school.ConsentItem carried.
func TestConsentItemDTOKeys(t *testing.T) {
	t.Parallel()
	c := dtotest.Filled[school.ConsentItem]()
	dtotest.WantKeys(t, "consent", ToConsentItemDTO(c), "bodyEn", "bodyKo", "code", "titleEn", "titleKo", "version")
	dtotest.SameValue(t, "consent", dtotest.RoundTrip(t, ToConsentItemDTO(c), ConsentItemDTO.ToCore), c)
}
