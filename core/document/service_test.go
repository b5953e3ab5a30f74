package document_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/memstore/memtest"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// Every use case on one application answers not-found to anyone but the
// owner and staff of its school, so application numbers cannot be probed;
// staff may read but not change.
func TestAccessOwnerStaffOthers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ops := map[string]func(s *document.Service, p permission.Principal, n int64) error{
		"documents": func(s *document.Service, p permission.Principal, n int64) error {
			_, err := s.Documents(ctx, p, n)
			return err
		},
		"extra": func(s *document.Service, p permission.Principal, n int64) error {
			_, err := s.ExtraAllowed(ctx, p, n)
			return err
		},
		"prepare": func(s *document.Service, p permission.Principal, n int64) error {
			_, err := s.PrepareUpload(ctx, p, n, document.UploadRequest{ItemCode: "00002"})
			return err
		},
		"delete": func(s *document.Service, p permission.Principal, n int64) error {
			_, err := s.Delete(ctx, p, n, "k1")
			return err
		},
		"save": func(s *document.Service, p permission.Principal, n int64) error {
			_, err := s.Save(ctx, p, n)
			return err
		},
		"file": func(s *document.Service, p permission.Principal, n int64) error {
			_, _, err := s.File(ctx, p, n, "k1")
			return err
		},
	}
	writes := map[string]bool{"prepare": true, "delete": true, "save": true}
	cases := []struct {
		name  string
		p     permission.Principal
		n     int64
		read  string // code wanted for reads ("" = allowed)
		write string // code wanted for changes
		kindR apperr.Kind
		kindW apperr.Kind
	}{
		{"owner", owner, applNo, "", "", 0, 0},
		{"stranger", stranger, applNo, application.CodeNotFound, application.CodeNotFound, apperr.KindNotFound, apperr.KindNotFound},
		{"anonymous", anonymous, applNo, application.CodeNotFound, application.CodeNotFound, apperr.KindNotFound, apperr.KindNotFound},
		{"admin of another school", otherAdmin, applNo, application.CodeNotFound, application.CodeNotFound, apperr.KindNotFound, apperr.KindNotFound},
		{"admin of the school", ownAdmin, applNo, "", application.CodeOwnerOnly, 0, apperr.KindForbidden},
		{"system admin", sysAdmin, applNo, "", application.CodeOwnerOnly, 0, apperr.KindForbidden},
		{"unknown number", owner, 999, application.CodeNotFound, application.CodeNotFound, apperr.KindNotFound, apperr.KindNotFound},
		{"zero number", owner, 0, application.CodeNotFound, application.CodeNotFound, apperr.KindNotFound, apperr.KindNotFound},
		{"negative number", owner, -3, application.CodeNotFound, application.CodeNotFound, apperr.KindNotFound, apperr.KindNotFound},
	}
	for _, c := range cases {
		for op, fn := range ops {
			t.Run(c.name+"/"+op, func(t *testing.T) {
				t.Parallel()
				// A COMPLETE application with a document: every read succeeds.
				e := newEnv(t, state(application.Complete), testRound())
				e.Seed(application.Header{ApplNo: applNo, UserID: "u1", Round: roundKey, State: state(application.Complete), ApplID: "X1"}, application.Part{ApplPartNo: 7})
				e.AddDoc(t, "k1", "00002", 0, "pdf", pdfBody)
				err := fn(e.s, c.p, c.n)
				code, kind := c.read, c.kindR
				if writes[op] {
					code, kind = c.write, c.kindW
				}
				if code == "" && writes[op] {
					// Past the access check, a completed application is
					// refused for its status, not for the caller.
					if got := apperr.CodeOf(err); got == application.CodeNotFound || got == application.CodeOwnerOnly {
						t.Fatalf("%s by %s: %v", op, c.name, err)
					}
					return
				}
				if code == "" {
					if err != nil {
						t.Fatalf("%s by %s: %v", op, c.name, err)
					}
					return
				}
				wantErr(t, err, kind, code)
			})
		}
	}
}

// A staff read is logged with the reader and the application; the owner's
// reads are not.
func TestStaffReadsAreLogged(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name string
		p    permission.Principal
		want []string
	}{
		{"owner", owner, nil},
		{"system admin", sysAdmin, []string{"admin application.read application:100"}},
		{"school admin", ownAdmin, []string{"sa application.read application:100"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, state(application.BasisSave), testRound())
			if _, err := e.s.Documents(ctx, c.p, applNo); err != nil {
				t.Fatal(err)
			}
			if strings.Join(e.Logged(), "|") != strings.Join(c.want, "|") {
				t.Fatalf("log %q, want %q", e.Logged(), c.want)
			}
		})
	}
	t.Run("log failure refuses the read", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, state(application.BasisSave), testRound())
		e.Fail("log")
		if _, err := e.s.Documents(ctx, sysAdmin, applNo); !errors.Is(err, errBoom) {
			t.Fatalf("error %v, want the log's", err)
		}
	})
}

func TestDocumentsPage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	t.Run("groups, missing required items and five extra slots", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, state(application.BasisSave), testRound())
		e.AddDoc(t, "k1", "00002", 0, "pdf", pdfBody)
		e.AddDoc(t, "k2", document.ExtraItemCode, 3, "pdf", pdfBody)
		v, err := e.s.Documents(ctx, owner, applNo)
		if err != nil {
			t.Fatal(err)
		}
		if len(v.Groups) != 2 || v.Groups[0].Code != "G1" || len(v.Groups[0].Items) != 1 || v.Groups[1].Code != "G2" || len(v.Groups[1].Items) != 2 {
			t.Fatalf("groups %+v", v.Groups)
		}
		if v.Groups[1].Items[0].Document == nil || v.Groups[1].Items[0].Document.FileKey != "k1" || v.Groups[1].Items[1].Document != nil {
			t.Fatalf("documents at items %+v", v.Groups[1].Items)
		}
		if strings.Join(v.Missing, ",") != "00001" {
			t.Fatalf("missing %v, want 00001 (the photo)", v.Missing)
		}
		if len(v.Extra) != document.ExtraSlots {
			t.Fatalf("%d extra slots", len(v.Extra))
		}
		for _, sl := range v.Extra {
			if (sl.Document != nil) != (sl.Seq == 3) {
				t.Fatalf("slot %d document %v", sl.Seq, sl.Document)
			}
		}
		if !v.Uploadable || v.ExtraItem.Code != document.ExtraItemCode || v.ExtraItem.Required || !v.ExtraItem.Allows("docx") {
			t.Fatalf("extra %+v uploadable %v", v.ExtraItem, v.Uploadable)
		}
	})
	t.Run("the round's own extra item, never required, not shown as a group", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, state(application.BasisSave), testRound())
		e.St.SetItems(roundKey, append(testItems(), document.DocItem{Item: document.Item{Code: document.ExtraItemCode, Required: true, Extensions: []string{"pdf"}}, GroupCode: "G9", KorName: "추가"}))
		v, err := e.s.Documents(ctx, owner, applNo)
		if err != nil {
			t.Fatal(err)
		}
		if v.ExtraItem.KorName != "추가" || v.ExtraItem.Required || v.ExtraItem.Allows("docx") {
			t.Fatalf("extra item %+v", v.ExtraItem)
		}
		for _, g := range v.Groups {
			if g.Code == "G9" {
				t.Fatalf("extra item shown as group %+v", g)
			}
		}
		if strings.Join(v.Missing, ",") != "00001,00002" {
			t.Fatalf("missing %v", v.Missing)
		}
	})
	for _, allowed := range []bool{true, false} {
		t.Run("extra allowed follows the round", func(t *testing.T) {
			t.Parallel()
			r := testRound()
			r.Rules.ExtraDocuments = allowed
			e := newEnv(t, state(application.BasisSave), r)
			got, err := e.s.ExtraAllowed(ctx, owner, applNo)
			if err != nil || got != allowed {
				t.Fatalf("ExtraAllowed %v %v, want %v", got, err, allowed)
			}
		})
	}
	for _, op := range []string{"round", "items", "list"} {
		t.Run(op+" failure", func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, state(application.BasisSave), testRound())
			e.Fail(op)
			if _, err := e.s.Documents(ctx, owner, applNo); !errors.Is(err, errBoom) {
				t.Fatalf("error %v", err)
			}
		})
	}
}

func TestPrepareUpload(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	closed := testRound()
	closed.Windows[0].End = now.Add(-1)
	noExtra := testRound()
	noExtra.Rules.ExtraDocuments = false
	cases := []struct {
		name      string
		p         permission.Principal
		st        application.State
		r         application.Round
		req       document.UploadRequest
		kind      apperr.Kind
		code      string
		field     string // the validation error's field
		wantLimit int64
	}{
		{name: "pdf item", req: document.UploadRequest{ItemCode: "00002"}, wantLimit: document.OtherMaxSize},
		{name: "image item", req: document.UploadRequest{ItemCode: "00001"}, wantLimit: document.ImageMaxSize},
		{name: "item with its own limit", req: document.UploadRequest{ItemCode: "00003"}, wantLimit: 1024},
		{name: "extra slot", req: document.UploadRequest{ItemCode: document.ExtraItemCode, Seq: 5}, wantLimit: document.OtherMaxSize},
		{name: "seq alone means an extra slot", req: document.UploadRequest{Seq: 1}, wantLimit: document.OtherMaxSize},
		{name: "unknown item", req: document.UploadRequest{ItemCode: "00777"}, kind: apperr.KindInvalid, code: "validation.failed", field: "itemCode"},
		{name: "extra slot 0", req: document.UploadRequest{ItemCode: document.ExtraItemCode}, kind: apperr.KindInvalid, code: document.CodeExtraSlot},
		{name: "extra slot 6", req: document.UploadRequest{ItemCode: document.ExtraItemCode, Seq: 6}, kind: apperr.KindInvalid, code: document.CodeExtraSlot},
		{name: "extra not allowed by the round", r: noExtra, req: document.UploadRequest{ItemCode: document.ExtraItemCode, Seq: 1}, kind: apperr.KindForbidden, code: document.CodeExtraNotAllowed},
		{name: "window closed", r: closed, req: document.UploadRequest{ItemCode: "00002"}, kind: apperr.KindForbidden, code: window.CodeClosed},
		{name: "window closed, time-independent applicant", p: exemptUser, r: closed, req: document.UploadRequest{ItemCode: "00002"}, wantLimit: document.OtherMaxSize},
		{name: "completed application", st: state(application.Complete), req: document.UploadRequest{ItemCode: "00002"}, kind: apperr.KindConflict, code: application.CodeNotModifiable},
		{name: "cancelled application", st: state(application.Cancel), req: document.UploadRequest{ItemCode: "00002"}, kind: apperr.KindConflict, code: application.CodeNotModifiable},
		{name: "review complete", st: application.State{Status: application.Submit, ReviewStatus: application.Complete, Reviewing: true}, req: document.UploadRequest{ItemCode: "00002"}, kind: apperr.KindConflict, code: application.CodeNotModifiable},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if c.p.UserID == "" {
				c.p = owner
			}
			if c.st.Status == "" {
				c.st = state(application.BasisSave)
			}
			if c.r.SchoolCode == "" {
				c.r = testRound()
			}
			e := newEnv(t, c.st, c.r)
			tg, err := e.s.PrepareUpload(ctx, c.p, applNo, c.req)
			if c.field != "" {
				wantField(t, err, c.field, document.CodeItemUnknown)
				return
			}
			wantErr(t, err, c.kind, c.code)
			if c.code == "" && tg.Limit() != c.wantLimit {
				t.Fatalf("limit %d, want %d", tg.Limit(), c.wantLimit)
			}
		})
	}
	for _, op := range []string{"round", "items"} {
		t.Run(op+" failure", func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, state(application.BasisSave), testRound())
			e.Fail(op)
			if _, err := e.s.PrepareUpload(ctx, owner, applNo, document.UploadRequest{ItemCode: "00002"}); !errors.Is(err, errBoom) {
				t.Fatalf("error %v", err)
			}
		})
	}
}

func TestMaxUploadSize(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		items []document.DocItem
		want  int64
	}{
		{"none", nil, document.OtherMaxSize},
		{"smaller limits", testItems(), document.OtherMaxSize},
		{"one larger item", append(testItems(), document.DocItem{Item: document.Item{Code: "V", MaxSize: 200 << 20}}), 200 << 20},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := document.MaxUploadSize(c.items); got != c.want {
				t.Fatalf("document.MaxUploadSize %d, want %d", got, c.want)
			}
		})
	}
}

func TestUpload(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	big := append([]byte("%PDF-1.4\n"), bytes.Repeat([]byte("x"), 2000)...)
	cases := []struct {
		name     string
		req      document.UploadRequest
		fileName string
		body     io.Reader
		fail     string // an injected port failure
		complete bool   // the application completes between prepare and upload
		kind     apperr.Kind
		code     string
		field    string // a validation error's field code on "file"
		wantName string // the recorded file name
		wantExt  string
	}{
		{name: "pdf", req: document.UploadRequest{ItemCode: "00002"}, fileName: "transcript.pdf", body: bytes.NewReader(pdfBody), wantName: "transcript.pdf", wantExt: "pdf"},
		{name: "jpeg spelled long and upper case, Windows path", req: document.UploadRequest{ItemCode: "00001"}, fileName: `C:\Users\hong\사진 1.JPEG`, body: bytes.NewReader(jpgBody), wantName: "사진 1.jpg", wantExt: "jpg"},
		{name: "png into an extra slot", req: document.UploadRequest{ItemCode: document.ExtraItemCode, Seq: 2}, fileName: "scan.png", body: bytes.NewReader(pngBody), wantName: "scan.png", wantExt: "png"},
		{name: "extension not allowed", req: document.UploadRequest{ItemCode: "00002"}, fileName: "transcript.docx", body: bytes.NewReader(pdfBody), field: document.CodeExtension},
		{name: "content not matching the extension", req: document.UploadRequest{ItemCode: "00002"}, fileName: "transcript.pdf", body: bytes.NewReader(jpgBody), field: document.CodeContentMismatch},
		{name: "empty file", req: document.UploadRequest{ItemCode: "00002"}, fileName: "transcript.pdf", body: bytes.NewReader(nil), field: document.CodeEmpty},
		{name: "special characters in the name", req: document.UploadRequest{ItemCode: "00002"}, fileName: "trans$cript.pdf", body: bytes.NewReader(pdfBody), field: document.CodeNameCharacters},
		{name: "name too long", req: document.UploadRequest{ItemCode: "00002"}, fileName: strings.Repeat("a", 41) + ".pdf", body: bytes.NewReader(pdfBody), field: document.CodeNameTooLong},
		{name: "over the item's limit", req: document.UploadRequest{ItemCode: "00003"}, fileName: "portfolio.pdf", body: bytes.NewReader(big), field: document.CodeTooLarge},
		{name: "unreadable body", req: document.UploadRequest{ItemCode: "00002"}, fileName: "transcript.pdf", body: iotest.ErrReader(errBoom), kind: apperr.KindInvalid, code: document.CodeUploadMalformed},
		{name: "completed meanwhile", req: document.UploadRequest{ItemCode: "00002"}, fileName: "transcript.pdf", body: bytes.NewReader(pdfBody), complete: true, kind: apperr.KindConflict, code: application.CodeNotModifiable},
		{name: "file store failure", req: document.UploadRequest{ItemCode: "00002"}, fileName: "transcript.pdf", body: bytes.NewReader(pdfBody), fail: "fileput"},
		{name: "document store failure", req: document.UploadRequest{ItemCode: "00002"}, fileName: "transcript.pdf", body: bytes.NewReader(pdfBody), fail: "docput"},
		{name: "lock failure", req: document.UploadRequest{ItemCode: "00002"}, fileName: "transcript.pdf", body: bytes.NewReader(pdfBody), fail: "lock"},
		{name: "list failure after storing", req: document.UploadRequest{ItemCode: "00002"}, fileName: "transcript.pdf", body: bytes.NewReader(pdfBody), fail: "list"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, state(application.BasisSave), testRound())
			tg, err := e.s.PrepareUpload(ctx, owner, applNo, c.req)
			if err != nil {
				t.Fatal(err)
			}
			if c.complete {
				memtest.SetState(e.St, applNo, state(application.Complete))
			}
			if c.fail != "" {
				e.Fail(c.fail)
			}
			v, d, err := e.s.Upload(ctx, owner, tg, c.fileName, c.body)
			switch {
			case c.fail != "":
				if !errors.Is(err, errBoom) {
					t.Fatalf("error %v, want the port's", err)
				}
				if c.fail == "list" {
					// Recorded, only the answer failed.
					if e.FileCount() != 1 || len(e.DocList(applNo)) != 1 {
						t.Fatalf("files %d documents %d", e.FileCount(), len(e.DocList(applNo)))
					}
					return
				}
			case c.field != "":
				fe := wantField(t, err, "file", c.field)
				if c.field == document.CodeTooLarge && fe.Params["max"] != "1 KB" {
					t.Fatalf("too large params %v, want max 1024", fe.Params)
				}
			case c.code != "":
				wantErr(t, err, c.kind, c.code)
			default:
				if err != nil {
					t.Fatal(err)
				}
				if d.FileName != c.wantName || d.Ext != c.wantExt || d.ApplNo != applNo || d.Size <= 0 || len(d.FileKey) != 32 || !d.UploadedAt.Equal(now) {
					t.Fatalf("document %+v, want name %q ext %q", d, c.wantName, c.wantExt)
				}
				if d.Slot != c.req.Seq {
					t.Fatalf("slot %d, want %d", d.Slot, c.req.Seq)
				}
				if e.FileCount() != 1 || len(e.DocList(applNo)) != 1 || e.DocList(applNo)[0].FileKey != d.FileKey {
					t.Fatalf("stored files %d documents %+v", e.FileCount(), e.DocList(applNo))
				}
				found := false
				for _, g := range v.Groups {
					for _, it := range g.Items {
						found = found || it.Document != nil && it.Document.FileKey == d.FileKey
					}
				}
				for _, sl := range v.Extra {
					found = found || sl.Document != nil && sl.Document.FileKey == d.FileKey
				}
				if !found {
					t.Fatalf("the page does not show the upload: %+v", v)
				}
				return
			}
			// A refused file leaves nothing behind.
			if e.FileCount() != 0 || len(e.DocList(applNo)) != 0 {
				t.Fatalf("refused upload left files %d documents %d", e.FileCount(), len(e.DocList(applNo)))
			}
		})
	}
}

// A second upload of the same item (or slot) replaces the first: one
// document, the old file removed from the store.
func TestUploadReplaces(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, req := range []document.UploadRequest{{ItemCode: "00002"}, {ItemCode: document.ExtraItemCode, Seq: 4}} {
		t.Run(req.ItemCode, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, state(application.BasisSave), testRound())
			var keys []string
			for _, name := range []string{"first.pdf", "second.pdf"} {
				tg, err := e.s.PrepareUpload(ctx, owner, applNo, req)
				if err != nil {
					t.Fatal(err)
				}
				_, d, err := e.s.Upload(ctx, owner, tg, name, bytes.NewReader(pdfBody))
				if err != nil {
					t.Fatal(err)
				}
				keys = append(keys, d.FileKey)
			}
			if keys[0] == keys[1] {
				t.Fatal("two uploads got the same key")
			}
			list := e.DocList(applNo)
			if len(list) != 1 || list[0].FileName != "second.pdf" || e.FileCount() != 1 {
				t.Fatalf("documents %+v files %d", list, e.FileCount())
			}
			if !e.HasStored(list[0].StoredName) {
				t.Fatal("the new file is gone")
			}
		})
	}
}

func TestDelete(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	closed := testRound()
	closed.Windows[0].Start = now.Add(1)
	noFileStep := testRound()
	noFileStep.Steps = application.MustSteps(application.BasisSave)
	cases := []struct {
		name   string
		st     application.State
		r      application.Round
		p      permission.Principal
		key    string
		fail   string
		kind   apperr.Kind
		code   string
		want   application.State // the state after
		remove bool              // the document and file are gone
	}{
		{name: "optional document after FILE_SAVE keeps the status", st: state(application.FileSave), key: "opt", want: state(application.FileSave), remove: true},
		{name: "required document before FILE_SAVE keeps the status", st: state(application.BasisSave), key: "req", want: state(application.BasisSave), remove: true},
		{name: "required document after FILE_SAVE goes back to the step before", st: state(application.FileSave), key: "req", want: state(application.BasisSave), remove: true},
		// Defect 4: after final submission the documents are locked.
		{name: "no removal after submission", st: state(application.Submit), key: "req", kind: apperr.KindConflict, code: application.CodeSubmittedLocked, want: state(application.Submit)},
		{name: "no removal of an optional document after submission", st: state(application.Submit), key: "opt", kind: apperr.KindConflict, code: application.CodeSubmittedLocked, want: state(application.Submit)},
		{name: "under review the review status goes back", st: application.State{Status: application.Submit, ReviewStatus: application.FileSave, Reviewing: true}, key: "req",
			want: application.State{Status: application.Submit, ReviewStatus: application.BasisSave, Reviewing: true}, remove: true},
		{name: "extra slot with a required item's code is not required", st: state(application.FileSave), key: "slot", want: state(application.FileSave), remove: true},
		{name: "round without FILE_SAVE keeps the status", st: state(application.BasisSave), r: noFileStep, key: "req", want: state(application.BasisSave), remove: true},
		{name: "virtual account issued", st: state(application.VbankIssue), key: "req", kind: apperr.KindConflict, code: application.CodeSubmittedLocked, want: state(application.VbankIssue)},
		{name: "virtual account issued, optional document", st: state(application.VbankIssue), key: "opt", kind: apperr.KindConflict, code: application.CodeSubmittedLocked, want: state(application.VbankIssue)},
		{name: "completed", st: state(application.Complete), key: "req", kind: apperr.KindConflict, code: application.CodeNotModifiable, want: state(application.Complete)},
		{name: "window not open", st: state(application.FileSave), r: closed, key: "req", kind: apperr.KindForbidden, code: window.CodeNotOpen, want: state(application.FileSave)},
		{name: "window not open, time-independent applicant", p: exemptUser, st: state(application.FileSave), r: closed, key: "req", want: state(application.BasisSave), remove: true},
		{name: "unknown key", st: state(application.FileSave), key: "nope", kind: apperr.KindNotFound, code: document.CodeFileNotFound, want: state(application.FileSave)},
		{name: "another application's key", st: state(application.FileSave), key: "theirs", kind: apperr.KindNotFound, code: document.CodeFileNotFound, want: state(application.FileSave)},
		{name: "store failure rolls back", st: state(application.FileSave), key: "req", fail: "setstate", want: state(application.FileSave)},
		{name: "delete failure", st: state(application.FileSave), key: "req", fail: "docdelete", want: state(application.FileSave)},
		{name: "lock failure", st: state(application.FileSave), key: "req", fail: "lock", want: state(application.FileSave)},
		{name: "items failure", st: state(application.FileSave), key: "req", fail: "items", want: state(application.FileSave)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if c.r.SchoolCode == "" {
				c.r = testRound()
			}
			if c.p.UserID == "" {
				c.p = owner
			}
			e := newEnv(t, c.st, c.r)
			e.AddDoc(t, "req", "00002", 0, "pdf", pdfBody)
			e.AddDoc(t, "opt", "00003", 0, "pdf", pdfBody)
			e.AddDoc(t, "slot", "00002", 1, "pdf", pdfBody)
			e.Seed(application.Header{ApplNo: applNo + 1, UserID: "u2", State: state(application.FileSave)}, application.Part{ApplPartNo: 7})
			e.AddDocTo(t, applNo+1, "theirs", "00002", 0, "pdf", pdfBody)
			if c.fail != "" {
				e.Fail(c.fail)
			}
			v, err := e.s.Delete(ctx, c.p, applNo, c.key)
			if c.fail != "" {
				if !errors.Is(err, errBoom) {
					t.Fatalf("error %v, want the port's", err)
				}
			} else {
				wantErr(t, err, c.kind, c.code)
			}
			if got := e.Header().State; got != c.want {
				t.Fatalf("state %+v, want %+v", got, c.want)
			}
			fileThere := e.HasFile(c.key)
			docThere := false
			for _, d := range e.DocList(applNo) {
				docThere = docThere || d.FileKey == c.key
			}
			if c.key == "nope" || c.key == "theirs" {
				if c.key == "theirs" && (!fileThere || len(e.DocList(applNo+1)) != 1) {
					t.Fatal("another application's document was touched")
				}
				return
			}
			if c.remove == fileThere || c.remove == docThere {
				t.Fatalf("file there %v, document there %v, want removed %v", fileThere, docThere, c.remove)
			}
			if err == nil {
				if v.Header.State != c.want {
					t.Fatalf("answer state %+v, want %+v", v.Header.State, c.want)
				}
				if len(e.DocList(applNo)) != 2 {
					t.Fatalf("documents %+v", e.DocList(applNo))
				}
			}
		})
	}
	t.Run("round failure", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, state(application.FileSave), testRound())
		e.AddDoc(t, "req", "00002", 0, "pdf", pdfBody)
		e.Fail("round")
		if _, err := e.s.Delete(ctx, owner, applNo, "req"); !errors.Is(err, errBoom) {
			t.Fatalf("error %v", err)
		}
	})
	t.Run("list failure after deleting", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, state(application.FileSave), testRound())
		e.AddDoc(t, "req", "00002", 0, "pdf", pdfBody)
		e.Fail("list")
		if _, err := e.s.Delete(ctx, owner, applNo, "req"); !errors.Is(err, errBoom) {
			t.Fatalf("error %v", err)
		}
	})
}

func TestSaveDocumentsStep(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	closed := testRound()
	closed.Windows[0].End = now
	noFileStep := testRound()
	noFileStep.Steps = application.MustSteps(application.BasisSave)
	cases := []struct {
		name    string
		st      application.State
		r       application.Round
		docs    []string // items uploaded
		fail    string
		kind    apperr.Kind
		code    string
		missing []string // field errors "documents" with these codes
		want    application.State
		marked  bool
	}{
		{name: "every required document: the status advances", st: state(application.BasisSave), docs: []string{"00001", "00002"}, want: state(application.FileSave), marked: true},
		{name: "not saved again after submission (defect 4)", st: state(application.Submit), docs: []string{"00001", "00002"}, kind: apperr.KindConflict, code: application.CodeSubmittedLocked, want: state(application.Submit)},
		{name: "one required missing", st: state(application.BasisSave), docs: []string{"00001", "00003"}, missing: []string{"00002"}, want: state(application.BasisSave)},
		{name: "all missing", st: state(application.BasisSave), missing: []string{"00001", "00002"}, want: state(application.BasisSave)},
		{name: "a file in an extra slot does not stand for a required item", st: state(application.BasisSave), docs: []string{"00001", "slot:00002"}, missing: []string{"00002"}, want: state(application.BasisSave)},
		{name: "an earlier step is not saved", st: state(application.PartSave), docs: []string{"00001", "00002"}, kind: apperr.KindConflict, code: application.CodeStepOrder, want: state(application.PartSave)},
		{name: "the round does not ask for documents", st: state(application.BasisSave), r: noFileStep, docs: []string{"00001", "00002"}, kind: apperr.KindInvalid, code: application.CodeStepNotInList, want: state(application.BasisSave)},
		{name: "window closed", st: state(application.BasisSave), r: closed, docs: []string{"00001", "00002"}, kind: apperr.KindForbidden, code: window.CodeClosed, want: state(application.BasisSave)},
		{name: "completed", st: state(application.Complete), docs: []string{"00001", "00002"}, kind: apperr.KindConflict, code: application.CodeNotModifiable, want: state(application.Complete)},
		{name: "mark failure rolls back", st: state(application.BasisSave), docs: []string{"00001", "00002"}, fail: "marksaved", want: state(application.BasisSave)},
		{name: "state failure rolls back", st: state(application.BasisSave), docs: []string{"00001", "00002"}, fail: "setstate", want: state(application.BasisSave)},
		{name: "lock failure", st: state(application.BasisSave), docs: []string{"00001", "00002"}, fail: "lock", want: state(application.BasisSave)},
		{name: "list failure", st: state(application.BasisSave), docs: []string{"00001", "00002"}, fail: "list", want: state(application.BasisSave)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if c.r.SchoolCode == "" {
				c.r = testRound()
			}
			e := newEnv(t, c.st, c.r)
			for _, it := range c.docs {
				if code, ok := strings.CutPrefix(it, "slot:"); ok {
					e.AddDoc(t, "k"+it, code, 1, "pdf", pdfBody)
					continue
				}
				e.AddDoc(t, "k"+it, it, 0, "pdf", pdfBody)
			}
			if c.fail != "" {
				e.Fail(c.fail)
			}
			v, err := e.s.Save(ctx, owner, applNo)
			switch {
			case c.fail != "":
				if !errors.Is(err, errBoom) {
					t.Fatalf("error %v, want the port's", err)
				}
			case c.missing != nil:
				wantField(t, err, "documents", document.CodeRequiredMissing)
				ae, _ := apperr.As(err)
				var got []string
				for _, f := range ae.Fields {
					if f.Field == "documents" && f.Code == document.CodeRequiredMissing {
						got = append(got, f.Params["code"].(string))
					}
				}
				if strings.Join(got, ",") != strings.Join(c.missing, ",") || len(ae.Fields) != len(c.missing) {
					t.Fatalf("fields %+v, want missing %v", ae.Fields, c.missing)
				}
			default:
				wantErr(t, err, c.kind, c.code)
			}
			if got := e.Header().State; got != c.want {
				t.Fatalf("state %+v, want %+v", got, c.want)
			}
			if marked := e.Saved(applNo); marked != c.marked {
				t.Fatalf("marked %v, want %v", marked, c.marked)
			}
			if err == nil && (v.Header.State != c.want || len(v.Missing) != 0) {
				t.Fatalf("answer %+v", v)
			}
		})
	}
	t.Run("items failure", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, state(application.BasisSave), testRound())
		e.Fail("items")
		if _, err := e.s.Save(ctx, owner, applNo); !errors.Is(err, errBoom) {
			t.Fatalf("error %v", err)
		}
	})
}

func TestFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name string
		p    permission.Principal
		key  string
		fail string
		kind apperr.Kind
		code string
	}{
		{name: "owner", p: owner, key: "k1"},
		{name: "staff of the school", p: ownAdmin, key: "k1"},
		{name: "stranger", p: stranger, key: "k1", kind: apperr.KindNotFound, code: application.CodeNotFound},
		{name: "unknown key", p: owner, key: "k9", kind: apperr.KindNotFound, code: document.CodeFileNotFound},
		{name: "another application's key", p: owner, key: "theirs", kind: apperr.KindNotFound, code: document.CodeFileNotFound},
		{name: "file store failure", p: owner, key: "k1", fail: "fileopen"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, state(application.FileSave), testRound())
			e.AddDoc(t, "k1", "00002", 0, "pdf", pdfBody)
			e.Seed(application.Header{ApplNo: applNo + 1, UserID: "u2", State: state(application.FileSave)}, application.Part{ApplPartNo: 7})
			e.AddDocTo(t, applNo+1, "theirs", "00002", 0, "pdf", pdfBody)
			if c.fail != "" {
				e.Fail(c.fail)
			}
			d, rc, err := e.s.File(ctx, c.p, applNo, c.key)
			if c.fail != "" {
				if !errors.Is(err, errBoom) {
					t.Fatalf("error %v", err)
				}
				return
			}
			wantErr(t, err, c.kind, c.code)
			if err != nil {
				if rc != nil {
					t.Fatal("a reader with an error")
				}
				return
			}
			defer rc.Close()
			b, _ := io.ReadAll(rc)
			if d.FileKey != "k1" || !bytes.Equal(b, pdfBody) {
				t.Fatalf("document %+v body %q", d, b)
			}
		})
	}
}
