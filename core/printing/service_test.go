package printing_test

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/printing/printtest"
	"github.com/gradapply/gradapply/core/school"
)

// keep is a Renderer that keeps the models it was given.
type keep struct {
	app  printing.Application
	slip printing.Slip
}

func (k *keep) Application(w io.Writer, a printing.Application) error {
	k.app = a
	_, err := io.WriteString(w, "app")
	return err
}

func (k *keep) Slip(w io.Writer, s printing.Slip) error {
	k.slip = s
	_, err := io.WriteString(w, "slip")
	return err
}

func titles(a printing.Application) []string {
	var out []string
	for _, s := range a.Sections {
		out = append(out, s.Title.En)
	}
	return out
}

func fields(a printing.Application) []printing.Field {
	var out []printing.Field
	for _, s := range a.Sections {
		for _, b := range s.Blocks {
			out = append(out, b.Fields...)
		}
	}
	return out
}

func value(t *testing.T, a printing.Application, section, label string) string {
	t.Helper()
	for _, s := range a.Sections {
		if s.Title.En != section {
			continue
		}
		for _, b := range s.Blocks {
			for _, f := range b.Fields {
				if f.Label.En == label {
					return f.Value
				}
			}
		}
	}
	t.Fatalf("no %q in section %q: %+v", label, section, a.Sections)
	return ""
}

func TestPrintApplicationOrderAndNames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang                                                   printing.Lang
		nation, school, level, grade, status, relation, answer string
	}{
		{printing.Korean, "대한민국", "한국예술종합학교", "대학교", "평점평균", "접수 완료", "부", "학교 홈페이지"},
		{printing.English, "Korea, Republic of", "Korea National University of Arts", "University", "Point average", "Application complete", "Father", "The school's website"},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			t.Parallel()
			st := printtest.Sample(nil)
			k := &keep{}
			f, err := printtest.NewService(st, k).PrintApplication(context.Background(), printtest.OwnerP, printtest.ApplNo, tc.lang)
			if err != nil || string(f.Data) != "app" {
				t.Fatalf("print: %v %q", err, f.Data)
			}
			a := k.app
			want := []string{"Application", "Basic information", "Emergency contact", "Academic history", "Language scores",
				"Career", "Essays", "Survey", "Documents", "Consents"}
			if got := titles(a); !slices.Equal(got, want) {
				t.Fatalf("sections %v, want %v", got, want)
			}
			for _, c := range []struct{ section, label, want string }{
				{"Basic information", "Nationality", tc.nation},
				{"Academic history", "School", tc.school},
				{"Academic history", "Level", tc.level},
				{"Academic history", "Grade form", tc.grade},
				{"Academic history", "Grade", "3.80 / 4.50"},
				{"Application", "Status", tc.status},
				{"Application", "Exam number", printtest.ExamNumber},
				{"Emergency contact", "Relationship", tc.relation},
				{"Emergency contact", "Name", "김보호"},
				{"Survey", "How did you hear about us?", tc.answer},
				{"Basic information", "Resident registration no. (last digits)", "2******"},
			} {
				if got := value(t, a, c.section, c.label); got != c.want {
					t.Errorf("%s / %s = %q, want %q", c.section, c.label, got, c.want)
				}
			}
			for _, f := range fields(a) {
				if slices.Contains([]string{"410", "00001", "00002", "00003", "univ", "COMPLETE", "131", "M", "F"}, f.Value) {
					t.Errorf("%s prints the raw code %q", f.Label.En, f.Value)
				}
				for _, internal := range []string{"depth", "inputType", "isLeaf", "nodeId"} {
					if strings.Contains(f.Label.En, internal) || strings.Contains(f.Label.Ko, internal) {
						t.Errorf("internal field %q printed", f.Label.En)
					}
				}
				if f.Label.Ko == "" || f.Label.En == "" {
					t.Errorf("label %+v lacks a language", f.Label)
				}
			}
			if a.ExamNumber != printtest.ExamNumber || !a.PrintedAt.Equal(printtest.Now) {
				t.Errorf("exam number %q printed at %v", a.ExamNumber, a.PrintedAt)
			}
			if want := map[printing.Lang]string{printing.Korean: "지원서-", printing.English: "application-"}[tc.lang] + printtest.ExamNumber + ".pdf"; f.Name != want {
				t.Errorf("file name %q, want %q", f.Name, want)
			}
		})
	}
}

func TestPrintSlip(t *testing.T) {
	t.Parallel()
	photo := []byte("\x89PNG fake")
	st := printtest.Sample(photo)
	k := &keep{}
	f, err := printtest.NewService(st, k).PrintSlip(context.Background(), printtest.OwnerP, printtest.ApplNo, printing.Korean)
	if err != nil || f.Name != "수험표-"+printtest.ExamNumber+".pdf" {
		t.Fatalf("slip: %v %q", err, f.Name)
	}
	s := k.slip
	if s.ExamNumber != printtest.ExamNumber || s.KorName != "김하늘" || s.EngName != "KIM HANEUL" || s.BirthDate != "2001-02-03" ||
		s.Major.Ko != "연출" || s.School.Ko != "누리예술대학원" || s.Round.En != "Spring 2027 regular admission" ||
		!s.IssuedAt.Equal(printtest.Now) || string(s.Photo) != string(photo) || s.Notice != st.Notice {
		t.Fatalf("slip model %+v", s)
	}
}

func TestPrintAccess(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		state  application.Status
		slip   bool
		p      func() permission.Principal
		kind   apperr.Kind
		logged bool
	}{
		{name: "stranger's application", state: application.Complete, p: func() permission.Principal { return printtest.Stranger }, kind: apperr.KindNotFound},
		{name: "stranger's slip", state: application.Complete, slip: true, p: func() permission.Principal { return printtest.Stranger }, kind: apperr.KindNotFound},
		{name: "staff of the school, logged", state: application.Complete, p: func() permission.Principal { return printtest.StaffP }, logged: true},
		{name: "slip before completion", state: application.Submit, slip: true, p: func() permission.Principal { return printtest.OwnerP }, kind: apperr.KindConflict},
		{name: "application before completion", state: application.Submit, p: func() permission.Principal { return printtest.OwnerP }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st := printtest.Sample(nil)
			st.Header.State = application.State{Status: tc.state}
			svc := printtest.NewService(st, &keep{})
			var err error
			if tc.slip {
				_, err = svc.PrintSlip(ctx, tc.p(), printtest.ApplNo, printing.Korean)
			} else {
				_, err = svc.PrintApplication(ctx, tc.p(), printtest.ApplNo, printing.Korean)
			}
			if tc.kind == apperr.KindInternal && err != nil || tc.kind != apperr.KindInternal && apperr.KindOf(err) != tc.kind {
				t.Fatalf("err %v, want kind %q", err, tc.kind)
			}
			if got := len(st.Logged) > 0; got != tc.logged || got && st.Logged[0] != "staff1 application.read application:4242" {
				t.Errorf("logged %v, want %v", st.Logged, tc.logged)
			}
		})
	}
}

func TestSlipPhoto(t *testing.T) {
	t.Parallel()
	body := []byte("\x89PNG\r\n\x1a\n photo")
	for _, tc := range []struct {
		name    string
		doc     document.Document
		file    []byte
		want    []byte
		failure bool
	}{
		{name: "the photo item's png", doc: document.Document{ItemCode: printing.PhotoItemCode, Ext: "png", Size: int64(len(body))}, file: body, want: body},
		{name: "a gif is not shown", doc: document.Document{ItemCode: printing.PhotoItemCode, Ext: "gif", Size: int64(len(body))}, file: body},
		{name: "an extra slot is not the photo", doc: document.Document{ItemCode: printing.PhotoItemCode, Slot: 1, Ext: "png", Size: int64(len(body))}, file: body},
		{name: "another item is not the photo", doc: document.Document{ItemCode: "00002", Ext: "png", Size: int64(len(body))}, file: body},
		{name: "an oversized photo is not read", doc: document.Document{ItemCode: printing.PhotoItemCode, Ext: "png", Size: 3<<20 + 1}, file: make([]byte, 3<<20+1)},
		{name: "a truncated photo is not shown", doc: document.Document{ItemCode: printing.PhotoItemCode, Ext: "png", Size: int64(len(body)) + 10}, file: body},
		{name: "a missing file fails", doc: document.Document{ItemCode: printing.PhotoItemCode, Ext: "png", Size: 10}, failure: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st := printtest.Sample(nil)
			tc.doc.StoredName, tc.doc.FileKey, tc.doc.ApplNo = "stored", "key", printtest.ApplNo
			st.Docs = []document.Document{tc.doc}
			if tc.file != nil {
				st.Files["stored"] = tc.file
			}
			k := &keep{}
			_, err := printtest.NewService(st, k).PrintSlip(context.Background(), printtest.OwnerP, printtest.ApplNo, printing.Korean)
			if tc.failure != (err != nil) {
				t.Fatalf("err %v, want failure %v", err, tc.failure)
			}
			if string(k.slip.Photo) != string(tc.want) {
				t.Errorf("photo %q, want %q", k.slip.Photo, tc.want)
			}
		})
	}
}

func TestConsentsInTheirOrder(t *testing.T) {
	t.Parallel()
	st := printtest.Sample(nil)
	st.Accept = []school.Acceptance{{Code: school.CodeConsentThirdParty, Version: "2026-01-01"}, {Code: school.CodeConsentPersonal, Version: "2026-01-01"}}
	k := &keep{}
	if _, err := printtest.NewService(st, k).PrintApplication(context.Background(), printtest.OwnerP, printtest.ApplNo, printing.English); err != nil {
		t.Fatal(err)
	}
	s := k.app.Sections[len(k.app.Sections)-1]
	if s.Title.En != "Consents" || len(s.Blocks[0].Fields) != 2 || s.Blocks[0].Fields[0].Label.Ko != "개인정보 수집·이용 동의" ||
		s.Blocks[0].Fields[1].Value != "Accepted (version 2026-01-01)" {
		t.Fatalf("consents %+v", s)
	}
}
