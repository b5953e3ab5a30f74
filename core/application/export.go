package application

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// Exports of a round (issue 13): the applicants as a workbook and every
// submitted document as one bundle. They hold the round's submitted
// applications (SUBMIT, VBANK_ISSUE, COMPLETE; drafts and cancelled ones are
// not the school's yet), in exam-number order.

// Export kinds, as logged.
const (
	ExportApplicants = "applicants.xlsx"
	ExportDocuments  = "documents.zip"
)

// ExportRow is one applicant of the workbook.
type ExportRow struct {
	ApplNo         int64
	ApplID         string
	KorName        string
	EngName        string
	Email          string
	Mobile         string
	Phone          string
	Nationality    string
	MajorCode      string
	MajorKorName   string
	IsMaster       bool
	Scores         string // "TOEFL 100; TOPIK 5"
	Status         Status
	ReviewStatus   Status
	Money          Money
	CompletedAt    time.Time // zero before completion
	CreatedAt      time.Time
	UpdatedAt      time.Time
	UserID         string
	CategoryCode   string
	StayTypeCode   string
	SubmittedSteps int
	// LettersRequested are the recommendation letters asked for (not
	// cancelled), LettersCompleted those the recommenders submitted.
	LettersRequested, LettersCompleted int
}

// LettersText is the workbook's letters cell: "2/3 completed" (ko
// "3건 중 2건 완료"), empty when no letter was asked for.
func (r ExportRow) LettersText(locale string) string {
	if r.LettersRequested == 0 {
		return ""
	}
	if locale == "en" {
		return itoa(int64(r.LettersCompleted)) + "/" + itoa(int64(r.LettersRequested)) + " completed"
	}
	return itoa(int64(r.LettersRequested)) + "건 중 " + itoa(int64(r.LettersCompleted)) + "건 완료"
}

// ExportFile is one stored document of the bundle.
type ExportFile struct {
	ApplNo     int64
	ApplID     string
	ItemCode   string
	Slot       int
	FileName   string
	StoredName string
	Ext        string
	Size       int64
	UploadedAt time.Time
}

// ExportLetter is a recommendation letter a recommender submitted for one
// of the round's applications: the letter's PDF and, when the
// recommender uploaded one, its file.
type ExportLetter struct {
	ApplNo      int64
	ReqNo       int64
	ProfName    string
	PDFStored   string // "" when no PDF was stored
	FileName    string
	FileStored  string // "" when no file was uploaded
	FileSize    int64
	SubmittedAt time.Time
}

// ExportStore streams a round's applicants and documents.
type ExportStore interface {
	ExportRows(ctx context.Context, k RoundKey, fn func(ExportRow) error) error
	ExportFiles(ctx context.Context, k RoundKey, fn func(ExportFile) error) error
	// ExportLetters calls fn with the submitted (not cancelled) letters
	// of the round's exported applications, by application and request.
	ExportLetters(ctx context.Context, k RoundKey, fn func(ExportLetter) error) error
	// ExportSize is how many applicants and files, and how many bytes of
	// files, an export of the round holds (for the progress shown).
	ExportSize(ctx context.Context, k RoundKey) (applicants, files int, bytes int64, err error)
}

func notFoundRound() error { return apperr.NotFound(CodeRoundNotFound) }

// Export checks that p may export the round (ApplicationExport for its
// school), that the round exists, and writes the export to the access log
// before any data leaves. It answers what the export will hold.
func (s *Service) Export(ctx context.Context, p permission.Principal, k RoundKey, kind string) (applicants, files int, bytes int64, err error) {
	if !permission.Can(p, permission.ApplicationExport, k.SchoolCode) {
		// Another school's round is a round the caller cannot see.
		if permission.Can(p, permission.ApplicationExport, "") {
			return 0, 0, 0, notFoundRound()
		}
		return 0, 0, 0, forbidden()
	}
	if _, err := LoadRound(ctx, s.Ref, k); err != nil {
		return 0, 0, 0, err
	}
	applicants, files, bytes, err = s.Staff.Export.ExportSize(ctx, k)
	if err != nil {
		return 0, 0, 0, err
	}
	err = s.Log.Record(ctx, p.UserID, "application.export", "round:"+k.SchoolCode+"/"+itoa(int64(k.EnterYear))+"/"+itoa(int64(k.RecruitPartSeq)),
		map[string]any{"kind": kind, "applicants": applicants, "files": files})
	return applicants, files, bytes, err
}
