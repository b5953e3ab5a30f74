package printing_test

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/printing/printtest"
)

// round is the export side of the sample: the gate lets anyone through
// (the permission is application.Service's, tested there) and the round
// holds the sample only.
type round struct {
	st      *printtest.Store
	letters []application.ExportLetter
}

func (round) Export(context.Context, permission.Principal, application.RoundKey, string) (int, int, int64, error) {
	return 1, 1, 10, nil
}
func (r round) ExportRows(_ context.Context, _ application.RoundKey, fn func(application.ExportRow) error) error {
	h := r.st.Header
	return fn(application.ExportRow{ApplNo: h.ApplNo, ApplID: h.ApplID, KorName: "김하늘", Nationality: "410", MajorCode: "M01",
		CategoryCode: "00001", Status: h.State.Status, CompletedAt: printtest.Now, UpdatedAt: printtest.Now})
}
func (round) ExportFiles(context.Context, application.RoundKey, func(application.ExportFile) error) error {
	return nil
}
func (r round) ExportLetters(_ context.Context, _ application.RoundKey, fn func(application.ExportLetter) error) error {
	for _, l := range r.letters {
		if err := fn(l); err != nil {
			return err
		}
	}
	return nil
}
func (round) ExportSize(context.Context, application.RoundKey) (int, int, int64, error) {
	return 1, 1, 10, nil
}

// book keeps what the use case wrote.
type book struct {
	lang   printing.Lang
	sheets []printing.Sheet
	rows   map[int][][]printing.Cell
}

func (b *book) Begin(l printing.Lang, s []printing.Sheet) error {
	b.lang, b.sheets, b.rows = l, s, map[int][][]printing.Cell{}
	return nil
}
func (b *book) Row(i int, c []printing.Cell) error {
	b.rows[i] = append(b.rows[i], c)
	return nil
}

func exporting(st *printtest.Store) *printing.Service {
	s := printtest.NewService(st, &keep{})
	r := round{st: st}
	s.Exports = &printing.Exports{Gate: r, Store: r}
	return s
}

// Every row has a cell per heading, keyed by the exam number; no cell
// holds a code where the lists have a name; days and times are dates.
func TestWorkbookNamesEveryCode(t *testing.T) {
	t.Parallel()
	for _, lang := range []printing.Lang{printing.Korean, printing.English} {
		st := printtest.Sample(nil)
		b := &book{}
		n, err := exporting(st).Workbook(context.Background(), printtest.StaffP, st.RoundRow.RoundKey, lang, b)
		if err != nil || n != 1 {
			t.Fatalf("%s: %d %v", lang, n, err)
		}
		var names []string
		for _, s := range b.sheets {
			names = append(names, s.Name.In(lang))
		}
		if lang == printing.English && !slices.Equal(names[:3], []string{"Applicants", "Basic information", "Academic history"}) {
			t.Fatalf("sheets %q", names)
		}
		codes := []string{"410", "00001", "00002", "00003", "M01", "COMPLETE", "univ", "131", "F", "Q1"}
		for i, s := range b.sheets {
			for _, row := range b.rows[i] {
				if len(row) != len(s.Columns) {
					t.Fatalf("%s %s: %d cells for %d headings", lang, names[i], len(row), len(s.Columns))
				}
				if row[0].Text != printtest.ExamNumber || row[1].Number != printtest.ApplNo {
					t.Fatalf("%s %s: key %+v %+v", lang, names[i], row[0], row[1])
				}
				for j, c := range row {
					if slices.Contains(codes, strings.TrimSpace(c.Text)) {
						t.Errorf("%s %s %s holds the code %q", lang, names[i], s.Columns[j].Label.In(lang), c.Text)
					}
					if s.Columns[j].Kind == printing.KindDateTime && c.Kind == printing.KindDateTime && c.Time.Location().String() != "Asia/Seoul" {
						t.Errorf("%s %s %s: %v is not Seoul time", lang, names[i], s.Columns[j].Label.In(lang), c.Time)
					}
				}
			}
		}
		for _, want := range []struct {
			sheet int
			label string
			kind  printing.Kind
		}{{0, "Completed at", printing.KindDateTime}, {1, "Date of birth", printing.KindDate}, {2, "Entered on", printing.KindDate}} {
			s := b.sheets[want.sheet]
			j := slices.IndexFunc(s.Columns, func(c printing.Column) bool { return c.Label.En == want.label })
			if j < 0 || len(b.rows[want.sheet]) == 0 || b.rows[want.sheet][0][j].Kind != want.kind || b.rows[want.sheet][0][j].Time.IsZero() {
				t.Errorf("%s %s: %v", lang, want.label, b.rows[want.sheet])
			}
		}
		if at := b.rows[0][0][slices.IndexFunc(b.sheets[0].Columns, func(c printing.Column) bool { return c.Label.En == "Completed at" })].Time; at.Hour() != 10 || at.Minute() != 30 {
			t.Errorf("completed at %v, want 10:30 in Seoul", at)
		}
	}
}

// zipped keeps the bundle's entries.
type zipped struct {
	begun   bool
	entries []string
	times   []time.Time
	data    map[string]*strings.Builder
}

func (z *zipped) Begin(int, int64) error { z.begun = true; return nil }
func (z *zipped) Entry(name string, at time.Time) (io.Writer, error) {
	if z.data == nil {
		z.data = map[string]*strings.Builder{}
	}
	z.entries, z.times = append(z.entries, name), append(z.times, at)
	z.data[name] = &strings.Builder{}
	return z.data[name], nil
}

// The bundle: a folder named by exam number and name, the application as
// the print renders it, the documents by their item's name, the letters;
// each entry dated when it was made.
func TestBundleFoldersAndDates(t *testing.T) {
	t.Parallel()
	st := printtest.Sample([]byte("\x89PNG photo"))
	st.Files["letter-pdf"], st.Files["letter-file"], st.Files["diploma"] = []byte("%PDF letter"), []byte("%PDF file"), []byte("%PDF diploma")
	up := time.Date(2026, 3, 1, 5, 0, 0, 0, time.UTC)
	for i := range st.Docs {
		st.Docs[i].UploadedAt = up
		if st.Docs[i].ItemCode == "00002" {
			st.Docs[i].StoredName = "diploma"
		}
	}
	s := printtest.NewService(st, &keep{})
	sent := time.Date(2026, 3, 2, 23, 15, 0, 0, time.UTC)
	r := round{st: st, letters: []application.ExportLetter{{ApplNo: printtest.ApplNo, ReqNo: 1, ProfName: "Lee/Jaewon", PDFStored: "letter-pdf",
		FileName: "추천서.pdf", FileStored: "letter-file", SubmittedAt: sent}}}
	s.Exports = &printing.Exports{Gate: r, Store: r}
	z := &zipped{}
	if err := s.Bundle(context.Background(), printtest.StaffP, st.RoundRow.RoundKey, printing.English, z); err != nil {
		t.Fatal(err)
	}
	dir := printtest.ExamNumber + " 김하늘/"
	want := []string{dir + "application-" + printtest.ExamNumber + ".pdf", dir + "Photo - photo.png", dir + "Certificate of graduation - 졸업증명서(최종).pdf",
		dir + "recommendation 1 - Lee_Jaewon.pdf", dir + "recommendation 1 - Lee_Jaewon - 추천서.pdf"}
	if !z.begun || !slices.Equal(z.entries, want) {
		t.Fatalf("entries %q, want %q", z.entries, want)
	}
	if z.data[want[0]].String() != "app" || z.data[want[2]].String() != "%PDF diploma" || z.data[want[3]].String() != "%PDF letter" {
		t.Fatalf("contents: %q %q %q", z.data[want[0]], z.data[want[2]], z.data[want[3]])
	}
	if !z.times[0].Equal(printtest.Now) || !z.times[1].Equal(up) || !z.times[3].Equal(sent) || z.times[3].Location().String() != "Asia/Seoul" {
		t.Fatalf("times %v", z.times)
	}
}
