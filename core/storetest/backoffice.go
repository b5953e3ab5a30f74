package storetest

import (
	"context"
	"testing"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/recommendation"
)

// Backoffice is the back office's reading of applications: the staff list,
// a round's dashboard and its exports.
type Backoffice interface {
	application.StaffStore
	application.DashboardStore
	application.ExportStore
}

// RunBackoffice checks the back office's reads (issue 13): the staff list
// filters by school, search and status (the review status while under
// review), the dashboard counts by status and letters, and the exports
// hold the submitted applications only, with their letters.
func RunBackoffice(t *testing.T, newEnv New) {
	ctx := context.Background()
	t.Run("list, dashboard and export of a round", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		if e.Backoffice == nil || e.Recs == nil {
			t.Skip("no back-office store")
		}
		kim, lee := app(t, e, "kim"), app(t, e, "lee")
		if err := e.Apps.Update(ctx, kim, func(_ context.Context, a *application.Application) error {
			if err := a.SaveStep(steps, application.BasisSave, base); err != nil {
				return err
			}
			if err := a.Rename("김하늘"); err != nil {
				return err
			}
			return a.Submit(steps, base)
		}); err != nil {
			t.Fatal(err)
		}
		// Two letters asked for, one of them submitted.
		for i, email := range []string{"a@example.com", "b@example.com"} {
			r, err := addReq(ctx, e, kim, email, "key-"+email, 2)
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				update(t, e, r.No(), func(r *recommendation.Req) error { return r.Submit(letterQ2, profLee, "", base) })
			}
		}

		rows, total, err := e.Backoffice.ListApplications(ctx, application.StaffQuery{School: e.Round.SchoolCode, Sort: "applNo", Limit: 10})
		if err != nil || total != 2 || len(rows) != 2 || rows[0].ApplNo != min(kim, lee) || rows[0].Email == "" {
			t.Fatalf("school list: %+v %d %v", rows, total, err)
		}
		if rows, total, _ := e.Backoffice.ListApplications(ctx, application.StaffQuery{School: "NOSUCH", Limit: 10}); total != 0 || len(rows) != 0 {
			t.Fatalf("another school: %+v", rows)
		}
		rows, total, _ = e.Backoffice.ListApplications(ctx, application.StaffQuery{Search: "하늘", Limit: 10})
		if total != 1 || rows[0].ApplNo != kim {
			t.Fatalf("search by name: %+v", rows)
		}
		rows, total, _ = e.Backoffice.ListApplications(ctx, application.StaffQuery{Search: "LEE@EXAMPLE", Limit: 10})
		if total != 1 || rows[0].ApplNo != lee {
			t.Fatalf("search by e-mail: %+v", rows)
		}
		rows, total, _ = e.Backoffice.ListApplications(ctx, application.StaffQuery{Status: string(application.Submit), Limit: 10})
		if total != 1 || rows[0].ApplNo != kim {
			t.Fatalf("by status: %+v", rows)
		}
		rows, total, _ = e.Backoffice.ListApplications(ctx, application.StaffQuery{Sort: "applNo", Desc: true, Offset: 1, Limit: 1})
		if total != 2 || len(rows) != 1 || rows[0].ApplNo != min(kim, lee) {
			t.Fatalf("page 2 of 1, newest first: %+v %d", rows, total)
		}

		d, err := e.Backoffice.Dashboard(ctx, e.Round, base.AddDate(0, 0, -1))
		if err != nil || d.Total != 2 || d.ByStatus[application.Submit] != 1 || d.LettersPending != 1 || d.LettersCompleted != 1 || len(d.Days) != 1 || d.Days[0].Created != 2 {
			t.Fatalf("dashboard: %+v %v", d, err)
		}

		var got []application.ExportRow
		if err := e.Backoffice.ExportRows(ctx, e.Round, func(r application.ExportRow) error { got = append(got, r); return nil }); err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].ApplNo != kim || got[0].LettersRequested != 2 || got[0].LettersCompleted != 1 || got[0].Status != application.Submit {
			t.Fatalf("export rows (submitted only): %+v", got)
		}
		var letters []application.ExportLetter
		if err := e.Backoffice.ExportLetters(ctx, e.Round, func(l application.ExportLetter) error { letters = append(letters, l); return nil }); err != nil {
			t.Fatal(err)
		}
		if len(letters) != 1 || letters[0].ApplNo != kim || letters[0].ProfName == "" || !letters[0].SubmittedAt.Equal(base) {
			t.Fatalf("export letters (the submitted one): %+v", letters)
		}
		if n, files, _, err := e.Backoffice.ExportSize(ctx, e.Round); err != nil || n != 1 || files != 0 {
			t.Fatalf("export size: %d %d %v", n, files, err)
		}
	})
}
