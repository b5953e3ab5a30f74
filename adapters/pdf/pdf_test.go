package pdf_test

import (
	"bytes"
	"github.com/gradapply/gradapply/core/application"
	"io"
	"os"
	"testing"

	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/pdf"
	"github.com/gradapply/gradapply/core/submission"
)

func renderer(tb testing.TB) *pdf.Renderer {
	tb.Helper()
	r := pdf.New(config.DefaultFontPath)
	if r.Err() != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatal(r.Err())
		}
		tb.Skip(r.Err())
	}
	return r
}

func slip() submission.Slip {
	return submission.Slip{
		Header:  application.Header{ApplNo: 7, ApplID: "202701-0007"},
		Round:   application.Round{KorName: "2027학년도 전기", EngName: "Spring 2027", SchoolKorName: "누리예술대학원", SchoolEngName: "Nuri Graduate School"},
		Offer:   application.Offer{MajorKorName: "연출", MajorEngName: "Directing"},
		KorName: "김하늘", EngName: "KIM HANEUL",
	}
}

func TestSlipRenders(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := renderer(t).Slip(&b, slip()); err != nil || !bytes.HasPrefix(b.Bytes(), []byte("%PDF")) {
		t.Fatalf("slip: %v %.20q", err, b.String())
	}
}

// BenchmarkSlip is the time to render one admission slip:
// go test -run '^$' -bench Slip -benchmem ./adapters/pdf
func BenchmarkSlip(b *testing.B) {
	r := renderer(b)
	sl := slip()
	b.ReportAllocs()
	for b.Loop() {
		if err := r.Slip(io.Discard, sl); err != nil {
			b.Fatal(err)
		}
	}
}
