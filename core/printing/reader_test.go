package printing_test

import (
	"context"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/audit"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/printing/printtest"
)

// assigned lets the reviewer "rev1" read the sample only.
type assigned struct{}

func (assigned) MayRead(_ context.Context, p permission.Principal, applNo int64) error {
	if p.UserID == "rev1" && applNo == printtest.ApplNo {
		return nil
	}
	return apperr.NotFound("evaluation.not_assigned")
}

// trail answers rows of the sample and of a longer number the log's
// partial match would also find.
type trail struct{ asked []audit.Query }

func (t *trail) List(_ context.Context, q audit.Query) ([]audit.Entry, int, error) {
	t.asked = append(t.asked, q)
	rows := []audit.Entry{
		{ID: 1, Actor: "staff1", Action: "application.review", Target: "application:4242", Detail: map[string]any{"action": "start"}},
		{ID: 2, Actor: "staff1", Action: "application.review", Target: "application:42421"},
	}
	return rows, len(rows), nil
}

func TestReaderAccess(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	reviewer := permission.Principal{UserID: "rev1", Roles: []permission.Role{permission.RoleReviewer}, SchoolCode: printtest.School}
	otherReviewer := permission.Principal{UserID: "rev2", Roles: []permission.Role{permission.RoleReviewer}, SchoolCode: printtest.School}
	otherStaff := permission.Principal{UserID: "staff2", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "OTHER"}
	for _, tc := range []struct {
		name     string
		p        permission.Principal
		kind     apperr.Kind
		reviewer bool
		logged   string
	}{
		{name: "staff of the school", p: printtest.StaffP, logged: "staff1 application.read application:4242"},
		{name: "staff of another school", p: otherStaff, kind: apperr.KindNotFound},
		{name: "the owner reads it in the applicant app", p: printtest.OwnerP, kind: apperr.KindNotFound},
		{name: "a stranger", p: printtest.Stranger, kind: apperr.KindNotFound},
		{name: "the assigned reviewer", p: reviewer, reviewer: true, logged: "rev1 application.read application:4242"},
		{name: "a reviewer not assigned", p: otherReviewer, kind: apperr.KindNotFound},
		{name: "nobody signed in", p: permission.Principal{}, kind: apperr.KindUnauthenticated},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st := printtest.Sample(nil)
			tr := &trail{}
			r := &printing.Reader{Print: printtest.NewService(st, &keep{}), Assigned: assigned{}, Trail: tr}
			v, err := r.Read(ctx, tc.p, printtest.ApplNo, printing.English)
			if tc.kind != apperr.KindInternal {
				if apperr.KindOf(err) != tc.kind || len(st.Logged) != 0 {
					t.Fatalf("err %v (logged %v), want kind %q and nothing logged", err, st.Logged, tc.kind)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(st.Logged) != 1 || st.Logged[0] != tc.logged {
				t.Errorf("logged %v, want %q", st.Logged, tc.logged)
			}
			if v.Reviewer != tc.reviewer || v.ApplNo != printtest.ApplNo || v.Photo != nil {
				t.Errorf("view: reviewer %v applNo %d photo %d bytes", v.Reviewer, v.ApplNo, len(v.Photo))
			}
			got := titles(v.Application)
			if slices.Contains(got, "Consents") == tc.reviewer {
				t.Errorf("sections %v (reviewer %v)", got, tc.reviewer)
			}
			if value(t, v.Application, "Basic information", "Nationality") != "Korea, Republic of" {
				t.Errorf("nationality not named")
			}
			hasMail := slices.ContainsFunc(fields(v.Application), func(f printing.Field) bool { return f.Label.En == "E-mail" })
			if hasMail == tc.reviewer && len(st.InfoRow.Email) > 0 {
				t.Errorf("e-mail shown %v to reviewer %v", hasMail, tc.reviewer)
			}
			if tc.reviewer {
				if len(v.Trail)+len(v.Reviews) != 0 || len(tr.asked) != 0 {
					t.Errorf("a reviewer reads the trail: %v %v", v.Trail, tr.asked)
				}
				return
			}
			// Only the application's own rows, asked for exactly.
			if len(v.Reviews) != 1 || v.Reviews[0].ID != 1 || len(v.Trail) != 1 {
				t.Errorf("reviews %v trail %v", v.Reviews, v.Trail)
			}
			for _, q := range tr.asked {
				if !q.ExactTarget || q.Target != "application:4242" {
					t.Errorf("trail query %+v", q)
				}
			}
		})
	}
}
