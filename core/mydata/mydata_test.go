package mydata_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/mydata"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/school"
)

var (
	key = application.RoundKey{SchoolCode: "236", EnterYear: 2027, RecruitPartSeq: 1}
	at  = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
)

// store holds kim's application 1 (basic information saved, one document
// whose name tries to leave its folder) and lee's application 2 (one
// document).
func store(t *testing.T) (*memstore.Store, string) {
	t.Helper()
	ctx := context.Background()
	m := memstore.New()
	m.Seed(application.Header{ApplNo: 1, UserID: "kim", Round: key, State: application.State{Status: application.Submit},
		ApplicantName: "김하늘", CreatedAt: at, UpdatedAt: at}, application.Part{ApplPartNo: 7, MajorCode: "IS01"})
	m.Seed(application.Header{ApplNo: 2, UserID: "lee", Round: key, State: application.State{Status: application.FileSave}},
		application.Part{ApplPartNo: 7, MajorCode: "IS01"})
	if err := (memstore.Forms{Store: m}).SaveInfo(ctx, 1, form.ApplicantInfo{BasicInfo: form.BasicInfo{KorName: "김하늘"}}); err != nil {
		t.Fatal(err)
	}
	files := memstore.Files{Store: m}
	var kimStored string
	for _, d := range []struct {
		applNo int64
		name   string
		body   string
	}{{1, "../성적/증명서.pdf", "%PDF kim"}, {2, "lee.pdf", "%PDF lee"}} {
		stored, size, err := files.Put(ctx, strings.NewReader(d.body), 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		if d.applNo == 1 {
			kimStored = stored
		}
		doc := document.Document{FileKey: "k" + stored, ApplNo: d.applNo, ItemCode: "00002", FileName: d.name, StoredName: stored, Ext: "pdf", Size: size, UploadedAt: at}
		if _, _, err := (memstore.Documents{Store: m}).Put(ctx, doc); err != nil {
			t.Fatal(err)
		}
	}
	return m, kimStored
}

func service(m *memstore.Store) mydata.Service {
	return mydata.Service{Apps: memstore.Applications{Store: m}, Forms: memstore.Forms{Store: m}, Docs: memstore.Documents{Store: m},
		Payments: memstore.Payments{Store: m}, Files: memstore.Files{Store: m}}
}

// A member's export holds their applications with every step, their
// payments and their own uploaded files (never another member's), each file
// in its application's folder under a name that cannot leave it.
func TestExportHoldsOnlyTheMembersData(t *testing.T) {
	t.Parallel()
	m, stored := store(t)
	ctx := context.Background()
	svc := service(m)
	parts, err := svc.Export(ctx, "kim")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range parts {
		names = append(names, p.Name)
	}
	want := []string{"applications.json", "payments.json", "files/1/00002-0-__성적_증명서.pdf"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Fatalf("parts %v, want %v", names, want)
	}
	apps, ok := parts[0].JSON.([]mydata.Application)
	if !ok || len(apps) != 1 {
		t.Fatalf("applications %T %v", parts[0].JSON, parts[0].JSON)
	}
	a := apps[0]
	if a.ApplNo != 1 || a.School != "236" || a.Round != 1 || a.Status != string(application.Submit) || a.Name != "김하늘" || a.Part.MajorCode != "IS01" {
		t.Errorf("application %+v", a)
	}
	if a.Steps.Basis == nil || a.Steps.Basis.KorName != "김하늘" {
		t.Errorf("basic information %+v", a.Steps.Basis)
	}
	if _, ok := a.Surveys["PART"]; !ok {
		t.Errorf("surveys %v", a.Surveys)
	}
	if len(a.Documents) != 1 || a.Documents[0].Path != names[2] || a.Documents[0].FileName != "../성적/증명서.pdf" {
		t.Errorf("documents %+v", a.Documents)
	}
	if parts[2].Stored != stored || parts[2].JSON != nil {
		t.Errorf("file part %+v", parts[2])
	}
	rc, err := svc.Open(ctx, parts[2].Stored)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(rc)
	_ = rc.Close()
	if !bytes.Equal(b, []byte("%PDF kim")) {
		t.Errorf("file %q", b)
	}
	// A build without payment records exports none; a member without
	// applications gets an empty list.
	svc.Payments = nil
	parts, err = svc.Export(ctx, "park")
	if err != nil || len(parts) != 1 || parts[0].Name != "applications.json" || len(parts[0].JSON.([]mydata.Application)) != 0 {
		t.Fatalf("nobody's export %+v %v", parts, err)
	}
}

var errDown = errors.New("store down")

func apperrNotFound() error { return apperr.NotFound("not_found") }

type brokenApps struct {
	application.Applications
	list, consents bool
	part           error
}

func (b brokenApps) ListByUser(ctx context.Context, userID string) ([]application.Header, error) {
	if b.list {
		return nil, errDown
	}
	return b.Applications.ListByUser(ctx, userID)
}

func (b brokenApps) Part(ctx context.Context, n int64) (application.Part, error) {
	if b.part != nil {
		return application.Part{}, b.part
	}
	return b.Applications.Part(ctx, n)
}

func (b brokenApps) Consents(ctx context.Context, n int64) ([]school.Acceptance, error) {
	if b.consents {
		return nil, errDown
	}
	return b.Applications.Consents(ctx, n)
}

type brokenForms struct {
	application.Forms
	fail   string
	survey error
}

func (b brokenForms) Info(ctx context.Context, n int64) (form.ApplicantInfo, bool, error) {
	if b.fail == "info" {
		return form.ApplicantInfo{}, false, errDown
	}
	return b.Forms.Info(ctx, n)
}

func (b brokenForms) Academic(ctx context.Context, n int64) ([]form.AcademicRecord, error) {
	if b.fail == "academic" {
		return nil, errDown
	}
	return b.Forms.Academic(ctx, n)
}

func (b brokenForms) Languages(ctx context.Context, n int64) ([]form.LanguageEntry, error) {
	if b.fail == "languages" {
		return nil, errDown
	}
	return b.Forms.Languages(ctx, n)
}

func (b brokenForms) Careers(ctx context.Context, n int64) ([]form.Career, error) {
	if b.fail == "careers" {
		return nil, errDown
	}
	return b.Forms.Careers(ctx, n)
}

func (b brokenForms) AddInfo(ctx context.Context, n int64) ([]form.Certificate, []form.Essay, error) {
	if b.fail == "addinfo" {
		return nil, nil, errDown
	}
	return b.Forms.AddInfo(ctx, n)
}

func (b brokenForms) Survey(ctx context.Context, n int64, stage string) (application.SurveyData, error) {
	if b.survey != nil {
		return application.SurveyData{}, b.survey
	}
	return b.Forms.Survey(ctx, n, stage)
}

type brokenDocs struct{ document.Documents }

func (brokenDocs) List(context.Context, int64) ([]document.Document, error) { return nil, errDown }

type brokenPays struct{ payment.Store }

func (brokenPays) ByUser(context.Context, string) ([]payment.Attempt, error) { return nil, errDown }

// An export is whole or refused: any read that fails fails it, except a
// part or survey the application never had (not found), which is left
// empty.
func TestExportFailures(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		spoil func(s *mydata.Service)
		ok    bool
	}{
		{"applications", func(s *mydata.Service) { s.Apps = brokenApps{Applications: s.Apps, list: true} }, false},
		{"part", func(s *mydata.Service) { s.Apps = brokenApps{Applications: s.Apps, part: errDown} }, false},
		{"no part", func(s *mydata.Service) {
			s.Apps = brokenApps{Applications: s.Apps, part: apperrNotFound()}
		}, true},
		{"consents", func(s *mydata.Service) { s.Apps = brokenApps{Applications: s.Apps, consents: true} }, false},
		{"info", func(s *mydata.Service) { s.Forms = brokenForms{Forms: s.Forms, fail: "info"} }, false},
		{"academic", func(s *mydata.Service) { s.Forms = brokenForms{Forms: s.Forms, fail: "academic"} }, false},
		{"languages", func(s *mydata.Service) { s.Forms = brokenForms{Forms: s.Forms, fail: "languages"} }, false},
		{"careers", func(s *mydata.Service) { s.Forms = brokenForms{Forms: s.Forms, fail: "careers"} }, false},
		{"additional information", func(s *mydata.Service) { s.Forms = brokenForms{Forms: s.Forms, fail: "addinfo"} }, false},
		{"survey", func(s *mydata.Service) { s.Forms = brokenForms{Forms: s.Forms, survey: errDown} }, false},
		{"no survey", func(s *mydata.Service) { s.Forms = brokenForms{Forms: s.Forms, survey: apperrNotFound()} }, true},
		{"documents", func(s *mydata.Service) { s.Docs = brokenDocs{s.Docs} }, false},
		{"payments", func(s *mydata.Service) { s.Payments = brokenPays{s.Payments} }, false},
	} {
		m, _ := store(t)
		svc := service(m)
		tc.spoil(&svc)
		parts, err := svc.Export(ctx, "kim")
		if tc.ok != (err == nil) || !tc.ok && (!errors.Is(err, errDown) || parts != nil) {
			t.Errorf("%s: %d parts, %v", tc.name, len(parts), err)
		}
	}
}
