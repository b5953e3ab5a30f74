package document_test

import (
	"testing"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/memstore/memtest"
)

// The fixture (core/memstore/memtest) under the names the tests use.
var (
	owner      = memtest.Owner
	exemptUser = memtest.ExemptUser
	stranger   = memtest.Stranger
	sysAdmin   = memtest.SysAdmin
	ownAdmin   = memtest.OwnAdmin
	otherAdmin = memtest.OtherAdmin
	anonymous  = memtest.Anonymous
	roundKey   = memtest.RoundKey
	now        = memtest.Now
	errBoom    = memtest.ErrBoom
	pdfBody    = memtest.PDF
	jpgBody    = memtest.JPG
	pngBody    = memtest.PNG
	state      = memtest.State
	testRound  = memtest.Round
	testItems  = memtest.Items
	wantErr    = memtest.WantErr
	wantField  = memtest.WantField
)

const applNo = memtest.ApplNo

// env is the fixture with the document service as s.
type env struct {
	*memtest.Env
	s *document.Service
}

func newEnv(t *testing.T, st application.State, r application.Round) env {
	t.Helper()
	e := memtest.New(t, st, r)
	return env{e, e.Docs}
}
