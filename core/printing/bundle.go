package printing

import (
	"context"
	"io"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/permission"
)

// BundleWriter writes the documents bundle (a ZIP, in the adapters).
type BundleWriter interface {
	// Begin is called once the export is allowed, before any entry:
	// how many entries and about how many bytes the bundle holds (the
	// PDFs are estimated), for the progress staff see.
	Begin(entries int, bytes int64) error
	// Entry starts the file at name ("folder/file"), modified at t (in
	// Asia/Seoul).
	Entry(name string, modified time.Time) (io.Writer, error)
}

// Estimated sizes of the rendered PDFs, for the progress only (measured
// on the demo data: an application with a photo about 60 KB, a letter
// about 40 KB).
const (
	applicationPDFEstimate = 60 << 10
	letterPDFEstimate      = 40 << 10
)

// Bundle writes the round's submitted applications to out, a folder per
// applicant named by exam number and name: the application PDF as the
// applicant's print renders it (in the staff's language), each uploaded
// document named by its item, and each submitted recommendation letter's
// PDF and uploaded file. Every entry carries when it was made: the
// completion (or last change) of the application, the upload, the
// letter's submission. p must be allowed to export the round (logged).
func (s *Service) Bundle(ctx context.Context, p permission.Principal, k application.RoundKey, lang Lang, out BundleWriter) error {
	list, files, bytes, err := s.exported(ctx, p, k, application.ExportDocuments)
	if err != nil {
		return err
	}
	rv, err := s.roundView(ctx, k, lang)
	if err != nil {
		return err
	}
	letters := map[int64][]application.ExportLetter{}
	entries := len(list) + files
	bytes += int64(len(list)) * applicationPDFEstimate
	err = s.Exports.Store.ExportLetters(ctx, k, func(l application.ExportLetter) error {
		letters[l.ApplNo] = append(letters[l.ApplNo], l)
		if l.PDFStored != "" {
			entries++
			bytes += letterPDFEstimate
		}
		if l.FileStored != "" {
			entries++
			bytes += l.FileSize
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := out.Begin(entries, bytes); err != nil {
		return err
	}
	for _, r := range list {
		if err := s.folder(ctx, rv, r, letters[r.ApplNo], out); err != nil {
			return err
		}
	}
	return rv.n.err
}

// folder writes one applicant's folder.
func (s *Service) folder(ctx context.Context, rv roundView, r application.ExportRow, letters []application.ExportLetter, out BundleWriter) error {
	n := rv.n
	id := r.ApplID
	if id == "" {
		id = n.pick("원서", "application") + "-" + strconv.FormatInt(r.ApplNo, 10)
	}
	dir := safeName(strings.TrimSpace(id + " " + cmpOr(r.KorName, r.EngName)))
	used := map[string]bool{}
	name := func(base, ext string) string {
		base = safeName(base)
		p := path.Join(dir, base+ext)
		for i := 2; used[p]; i++ {
			p = path.Join(dir, base+" ("+strconv.Itoa(i)+")"+ext)
		}
		used[p] = true
		return p
	}

	h, err := s.Apps.Get(ctx, r.ApplNo)
	if err != nil {
		return err
	}
	a, err := s.applicationIn(ctx, rv, h)
	if err != nil {
		return err
	}
	made := r.CompletedAt
	if made.IsZero() {
		made = r.UpdatedAt
	}
	w, err := out.Entry(name(n.pick("지원서", "application")+"-"+id, ".pdf"), inSeoul(made))
	if err != nil {
		return err
	}
	if err := s.Renderer.Application(w, a); err != nil {
		return err
	}

	docs, err := s.Docs.List(ctx, r.ApplNo)
	if err != nil {
		return err
	}
	for _, l := range docLines(rv.items, docs) {
		if l.Doc == nil {
			continue
		}
		d := l.Doc
		base := strings.TrimSuffix(d.FileName, path.Ext(d.FileName))
		if err := s.copyFile(ctx, out, name(l.Label.In(n.lang)+" - "+base, "."+d.Ext), d.StoredName, d.UploadedAt); err != nil {
			return err
		}
	}
	for _, d := range docs {
		if !listed(rv.items, d) {
			base := strings.TrimSuffix(d.FileName, path.Ext(d.FileName))
			if err := s.copyFile(ctx, out, name(d.ItemCode+" - "+base, "."+d.Ext), d.StoredName, d.UploadedAt); err != nil {
				return err
			}
		}
	}

	for i, l := range letters {
		base := n.pick("추천서", "recommendation") + " " + strconv.Itoa(i+1) + " - " + l.ProfName
		if l.PDFStored != "" {
			if err := s.copyFile(ctx, out, name(base, ".pdf"), l.PDFStored, l.SubmittedAt); err != nil {
				return err
			}
		}
		if l.FileStored != "" {
			ext := path.Ext(l.FileName)
			if err := s.copyFile(ctx, out, name(base+" - "+strings.TrimSuffix(l.FileName, ext), ext), l.FileStored, l.SubmittedAt); err != nil {
				return err
			}
		}
	}
	return nil
}

// listed reports whether docLines names d (an item of the round, or an
// extra document): a document of an item the round no longer has is
// still handed over, under its item code.
func listed(items []document.DocItem, d document.Document) bool {
	if d.Slot > 0 {
		return true
	}
	for _, it := range items {
		if it.Code != "" && it.Code == d.ItemCode {
			return true
		}
	}
	return false
}

func (s *Service) copyFile(ctx context.Context, out BundleWriter, name, stored string, at time.Time) error {
	w, err := out.Entry(name, inSeoul(at))
	if err != nil {
		return err
	}
	rc, err := s.Files.Open(ctx, stored)
	if err != nil {
		return err
	}
	defer rc.Close()
	_, err = io.Copy(w, rc)
	return err
}

// safeName keeps a name usable as one path element of a ZIP on every
// system.
func safeName(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r < 0x20, strings.ContainsRune(`/\:*?"<>|`, r):
			return '_'
		}
		return r
	}, s)
	s = strings.Trim(s, " .")
	if s == "" {
		return "_"
	}
	return s
}
