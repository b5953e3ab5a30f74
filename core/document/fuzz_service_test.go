package document_test

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/window"
)

// A file store may wrap document.ErrTooLarge in its own error: the service still
// answers the size refusal on the file field with the limit, not a failure.
func TestWrappedErrTooLargeIsTheSizeRefusal(t *testing.T) {
	t.Parallel()
	e := newEnv(t, state(application.BasisSave), testRound())
	tg, err := e.s.PrepareUpload(context.Background(), owner, applNo, document.UploadRequest{ItemCode: "00003"})
	if err != nil {
		t.Fatal(err)
	}
	e.FailWith("fileput", fmt.Errorf("filestore: put: %w", document.ErrTooLarge))
	_, _, err = e.s.Upload(context.Background(), owner, tg, "portfolio.pdf", bytes.NewReader([]byte("%PDF-1.4\n")))
	fe := wantField(t, err, "file", document.CodeTooLarge)
	if fe.Params["max"] != "1 KB" {
		t.Fatalf("too large params %v, want max 1 KB", fe.Params)
	}
	if e.FileCount() != 0 || len(e.DocList(applNo)) != 0 {
		t.Fatalf("a refused file left %d files, %d documents", e.FileCount(), len(e.DocList(applNo)))
	}
}

// A service without a clock reads the machine's.
func TestNilClockIsSystemTime(t *testing.T) {
	t.Parallel()
	r := testRound()
	r.Windows[0].Start, r.Windows[0].End = time.Now().Add(-time.Hour), time.Now().Add(time.Hour)
	e := newEnv(t, state(application.BasisSave), r)
	e.s.Clock = nil
	if _, err := e.s.PrepareUpload(context.Background(), owner, applNo, document.UploadRequest{ItemCode: "00002"}); err != nil {
		t.Fatalf("open window refused with the system clock: %v", err)
	}
	r.Windows[0].Start, r.Windows[0].End = now.AddDate(-1, 0, 0), now.AddDate(-1, 0, 1)
	e = newEnv(t, state(application.BasisSave), r)
	e.s.Clock = nil
	_, err := e.s.PrepareUpload(context.Background(), owner, applNo, document.UploadRequest{ItemCode: "00002"})
	wantErr(t, err, apperr.KindForbidden, window.CodeClosed)
}

// Upload takes any name and body: an accepted file is stored whole under
// a name of the rule with an allowed extension and the right leading
// bytes; a refused one leaves nothing and says why at "file".
func FuzzUpload(f *testing.F) {
	f.Add("transcript.pdf", pdfBody, uint8(1))
	f.Add(`C:\a\사진.JPEG`, jpgBody, uint8(0))
	f.Add("scan.png", pngBody, uint8(3))
	f.Add("x.pdf", []byte{}, uint8(1))
	f.Add("a$b.pdf", pdfBody, uint8(2))
	f.Add("noext", pdfBody, uint8(1))
	f.Add("big.pdf", append([]byte("%PDF-"), bytes.Repeat([]byte{1}, 2000)...), uint8(2))
	f.Add("archive.zip", []byte("PK\x03\x04rest"), uint8(3))
	reqs := []document.UploadRequest{{ItemCode: "00001"}, {ItemCode: "00002"}, {ItemCode: "00003"}, {ItemCode: document.ExtraItemCode, Seq: 1}}
	f.Fuzz(func(t *testing.T, name string, body []byte, which uint8) {
		e := newEnv(t, state(application.BasisSave), testRound())
		req := reqs[int(which)%len(reqs)]
		tg, err := e.s.PrepareUpload(context.Background(), owner, applNo, req)
		if err != nil {
			t.Fatal(err)
		}
		_, d, err := e.s.Upload(context.Background(), owner, tg, name, bytes.NewReader(body))
		if err != nil {
			ae, ok := apperr.As(err)
			if !ok || ae.Kind != apperr.KindInvalid || len(ae.Fields) == 0 {
				t.Fatalf("Upload(%q) = %v", name, err)
			}
			for _, fe := range ae.Fields {
				if fe.Field != "file" {
					t.Fatalf("Upload(%q) names field %q", name, fe.Field)
				}
			}
			if e.FileCount() != 0 || len(e.DocList(applNo)) != 0 {
				t.Fatalf("refused %q left files %d documents %d", name, e.FileCount(), len(e.DocList(applNo)))
			}
			return
		}
		base, ext := document.SplitName(name)
		var fe apperr.Fields
		document.CheckName(&fe, "file", base)
		if len(fe) != 0 || !document.TargetItem(tg).Allows(ext) || d.Ext != ext || d.FileName != base+"."+ext {
			t.Fatalf("accepted %q as %+v", name, d)
		}
		if len(body) == 0 || int64(len(body)) > document.TargetItem(tg).Limit(ext) || !document.Matches(ext, body) {
			t.Fatalf("accepted %q with %d bytes", name, len(body))
		}
		if got := e.FileBytes(d.StoredName); !bytes.Equal(got, body) || d.Size != int64(len(body)) {
			t.Fatalf("stored %d bytes of %d", len(got), len(body))
		}
		if list := e.DocList(applNo); len(list) != 1 || list[0] != d {
			t.Fatalf("documents %+v", list)
		}
	})
}

// The documents page classifies any set of documents: five extra slots,
// each regular item once, missing exactly the required items without a
// regular document.
func FuzzDocumentsView(f *testing.F) {
	f.Add([]byte{0x00, 0x11, 0x23})
	f.Add([]byte{})
	f.Add([]byte{0x35, 0x15, 0x25, 0x05, 0x45})
	f.Fuzz(func(t *testing.T, enc []byte) {
		items := testItems()
		codes := []string{"00001", "00002", "00003", document.ExtraItemCode, "00777"}
		var docs []document.Document
		for i, b := range enc {
			docs = append(docs, document.Document{FileKey: strconv.Itoa(i), ItemCode: codes[int(b>>4)%len(codes)], Slot: int(b&0x0f) % 7})
		}
		v := document.View(application.Header{}, testRound(), items, docs)
		if len(v.Extra) != document.ExtraSlots {
			t.Fatalf("%d extra slots", len(v.Extra))
		}
		for i, sl := range v.Extra {
			if sl.Seq != i+1 || sl.Document != nil && sl.Document.Slot != sl.Seq {
				t.Fatalf("slot %d holds %+v", sl.Seq, sl.Document)
			}
		}
		n := 0
		for _, g := range v.Groups {
			n += len(g.Items)
		}
		if n != len(items) {
			t.Fatalf("%d items shown, want %d", n, len(items))
		}
		var want []string
		for _, it := range items {
			has := false
			for _, d := range docs {
				has = has || d.Slot == 0 && d.ItemCode == it.Code
			}
			if it.Required && !has {
				want = append(want, it.Code)
			}
		}
		if strings.Join(v.Missing, ",") != strings.Join(want, ",") {
			t.Fatalf("missing %v, want %v", v.Missing, want)
		}
	})
}
