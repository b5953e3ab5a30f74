package submission_test

import (
	"context"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/submission"
)

// Submitting answers not-found to anyone but the owner and staff of the
// application's school, so application numbers cannot be probed; staff may
// not submit for the applicant. (The document use cases have the same
// test in core/document.)
func TestSubmitAccessOwnerStaffOthers(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		p    permission.Principal
		n    int64
		kind apperr.Kind
		code string // "" = past the access check
	}{
		{"owner", owner, applNo, 0, ""},
		{"stranger", stranger, applNo, apperr.KindNotFound, application.CodeNotFound},
		{"anonymous", anonymous, applNo, apperr.KindNotFound, application.CodeNotFound},
		{"admin of another school", otherAdmin, applNo, apperr.KindNotFound, application.CodeNotFound},
		{"admin of the school", ownAdmin, applNo, apperr.KindForbidden, application.CodeOwnerOnly},
		{"system admin", sysAdmin, applNo, apperr.KindForbidden, application.CodeOwnerOnly},
		{"unknown number", owner, 999, apperr.KindNotFound, application.CodeNotFound},
		{"zero number", owner, 0, apperr.KindNotFound, application.CodeNotFound},
		{"negative number", owner, -3, apperr.KindNotFound, application.CodeNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			// A COMPLETE application with a document.
			e := newEnv(t, state(application.Complete), testRound())
			e.Seed(application.Header{ApplNo: applNo, UserID: "u1", Round: roundKey, State: state(application.Complete), ApplID: "X1"}, application.Part{ApplPartNo: 7})
			e.AddDoc(t, "k1", "00002", 0, "pdf", pdfBody)
			_, err := e.s.Submit(context.Background(), c.p, c.n, submission.SubmitRequest{Consents: allConsents()})
			if c.code == "" {
				// Past the access check, a completed application is
				// refused for its status, not for the caller.
				if got := apperr.CodeOf(err); got == application.CodeNotFound || got == application.CodeOwnerOnly {
					t.Fatalf("submit by %s: %v", c.name, err)
				}
				return
			}
			wantErr(t, err, c.kind, c.code)
		})
	}
}
