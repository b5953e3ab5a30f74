package submission_test

import (
	"testing"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/memstore/memtest"
	"github.com/gradapply/gradapply/core/submission"
)

// The fixture (core/memstore/memtest) under the names the tests use.
var (
	owner       = memtest.Owner
	exemptUser  = memtest.ExemptUser
	stranger    = memtest.Stranger
	sysAdmin    = memtest.SysAdmin
	ownAdmin    = memtest.OwnAdmin
	otherAdmin  = memtest.OtherAdmin
	anonymous   = memtest.Anonymous
	roundKey    = memtest.RoundKey
	now         = memtest.Now
	errBoom     = memtest.ErrBoom
	pdfBody     = memtest.PDF
	jpgBody     = memtest.JPG
	state       = memtest.State
	testRound   = memtest.Round
	wantErr     = memtest.WantErr
	wantField   = memtest.WantField
	allConsents = memtest.AllConsents
)

const applNo = memtest.ApplNo

// env is the fixture with the submission service as s.
type env struct {
	*memtest.Env
	s *submission.Service
}

func newEnv(t *testing.T, st application.State, r application.Round) env {
	t.Helper()
	e := memtest.New(t, st, r)
	return env{e, e.Sub}
}
