package memstore_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
)

var errRefused = errors.New("refused")

// The form's steps round-trip, a failed transaction keeps none of them, and
// a row of an unknown application is refused (the foreign key).
func TestFormStepsRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := memstore.New()
	k := application.RoundKey{SchoolCode: "T01", EnterYear: 2027, RecruitPartSeq: 1}
	a, _ := application.NewApplication("kim", k, time.Unix(0, 0))
	n, err := memstore.Applications{Store: s}.Create(ctx, application.Creation{App: a, Part: application.Part{ApplPartNo: 1},
		Survey: &application.SurveyData{Alumni: true}})
	if err != nil {
		t.Fatal(err)
	}
	f := memstore.Forms{Store: s}
	save := func(ctx context.Context) error {
		var info form.ApplicantInfo
		info.G20Member = true
		return errors.Join(
			f.SaveInfo(ctx, n, info),
			f.SaveAcademic(ctx, n, []form.AcademicRecord{{AcadType: "univ", SchoolCode: "131"}}),
			f.SaveLanguages(ctx, n, []form.LanguageEntry{{NodeID: "1", ExamCode: "TOEFL", Score: "100"}}),
			f.SaveCareers(ctx, n, []form.Career{{CompanyName: "ACME"}}),
			f.SaveAddInfo(ctx, n, []form.Certificate{{Category: "c"}}, []form.Essay{{No: 1, Lang: "ko", Text: "글"}}),
			f.SaveSurvey(ctx, n, application.StageSurvey, application.SurveyData{ContactCode: "01"}),
		)
	}
	if err := s.InTx(ctx, func(ctx context.Context) error {
		if err := save(ctx); err != nil {
			return err
		}
		return errRefused
	}); !errors.Is(err, errRefused) {
		t.Fatal(err)
	}
	if _, ok, _ := f.Info(ctx, n); ok {
		t.Fatal("info kept after a rollback")
	}
	if l, _ := f.Academic(ctx, n); len(l) != 0 {
		t.Fatal("academic history kept after a rollback")
	}
	if err := save(ctx); err != nil {
		t.Fatal(err)
	}
	info, ok, _ := f.Info(ctx, n)
	acad, _ := f.Academic(ctx, n)
	langs, _ := f.Languages(ctx, n)
	careers, _ := f.Careers(ctx, n)
	certs, essays, _ := f.AddInfo(ctx, n)
	sv, _ := f.Survey(ctx, n, application.StageSurvey)
	part, _ := f.Survey(ctx, n, application.StagePart)
	if !ok || !info.G20Member || len(acad) != 1 || acad[0].SchoolCode != "131" || len(langs) != 1 || langs[0].Score != "100" ||
		len(careers) != 1 || careers[0].CompanyName != "ACME" || len(certs) != 1 || len(essays) != 1 || essays[0].Text != "글" ||
		sv.ContactCode != "01" || !part.Alumni {
		t.Fatalf("round trip: %+v %+v %+v %+v %+v %+v %+v %+v", info, acad, langs, careers, certs, essays, sv, part)
	}
	if err := f.SaveCareers(ctx, n, nil); err != nil {
		t.Fatal(err)
	}
	if l, _ := f.Careers(ctx, n); len(l) != 0 {
		t.Fatalf("an empty list replaces: %+v", l)
	}
	for name, err := range map[string]error{
		"info":     f.SaveInfo(ctx, n+1, form.ApplicantInfo{}),
		"academic": f.SaveAcademic(ctx, n+1, nil),
		"add info": f.SaveAddInfo(ctx, n+1, nil, nil),
		"survey":   f.SaveSurvey(ctx, n+1, application.StageSurvey, application.SurveyData{}),
		"saved":    f.MarkSaved(ctx, n+1, application.BasisSave, time.Unix(0, 0)),
		"draft":    f.PutDraft(ctx, n+1, application.BasisSave, []byte(`{}`), time.Unix(0, 0)),
		"document": func() error {
			_, _, err := (memstore.Documents{Store: s}).Put(ctx, document.Document{ApplNo: n + 1})
			return err
		}(),
		"part": memstore.Applications{Store: s}.SetPart(ctx, n+1, application.Part{}),
	} {
		if err == nil {
			t.Errorf("%s of an unknown application stored", name)
		}
	}
}

func TestItemsMailAndStatus(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := memstore.New()
	k := application.RoundKey{SchoolCode: "T01", EnterYear: 2027, RecruitPartSeq: 1}
	s.SetItems(k, []document.DocItem{{KorName: "성적증명서"}})
	if items, err := (memstore.Documents{Store: s}).Items(ctx, k); err != nil || len(items) != 1 || items[0].KorName != "성적증명서" {
		t.Fatalf("items: %+v %v", items, err)
	}
	o := memstore.Outbox{Store: s}
	if err := o.Queue(ctx, "ko", "kim@example.com", mailmsg.SignUpCode{Code: "123456", ValidMinutes: 10}); err != nil {
		t.Fatal(err)
	}
	if err := o.Queue(ctx, "ko", "kim@example.com", nil); err == nil {
		t.Fatal("a mail without a message was queued")
	}
	jobs := s.Jobs()
	if len(jobs) != 1 || jobs[0].TaskType != "mail:send" || jobs[0].Payload.(memstore.Mail).To != "kim@example.com" {
		t.Fatalf("jobs: %+v", jobs)
	}
	u := memstore.Users{Store: s}
	newMember := func(id, email string) *account.Member {
		m, err := account.NewMember(account.NewUser{UserID: id, Email: email, PasswordHash: "h", Roles: []permission.Role{permission.RoleUser}})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	kim, err := u.Create(ctx, newMember("kim", "kim@example.com"))
	if err != nil {
		t.Fatal(err)
	}
	withdraw := func(_ context.Context, m *account.Member) error { return m.ChangeStatus(account.StatusWithdraw) }
	if err := u.Update(ctx, kim.PK, withdraw); err != nil {
		t.Fatal(err)
	}
	if taken, _ := u.EmailTaken(ctx, "kim@example.com"); taken {
		t.Fatal("a withdrawn account's address is taken")
	}
	if _, err := u.Create(ctx, newMember("kim2", "KIM@example.com")); err != nil {
		t.Fatalf("a withdrawn account's address can be used again: %v", err)
	}
	if err := u.Update(ctx, 999, withdraw); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("unknown account: %v", err)
	}
}
