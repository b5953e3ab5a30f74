package printing

import (
	"context"
	"io"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/school"
)

// Renderer writes the print models as documents (PDF).
type Renderer interface {
	Slip(w io.Writer, s Slip) error
	Application(w io.Writer, a Application) error
}

// Applications reads application headers, parts and consents (a subset of
// application.Applications).
type Applications interface {
	Get(ctx context.Context, applNo int64) (application.Header, error)
	Part(ctx context.Context, applNo int64) (application.Part, error)
	Consents(ctx context.Context, applNo int64) ([]school.Acceptance, error)
}

// Forms reads the saved steps of the form (a subset of application.Forms).
type Forms interface {
	Info(ctx context.Context, applNo int64) (form.ApplicantInfo, bool, error)
	Academic(ctx context.Context, applNo int64) ([]form.AcademicRecord, error)
	Languages(ctx context.Context, applNo int64) ([]form.LanguageEntry, error)
	Careers(ctx context.Context, applNo int64) ([]form.Career, error)
	AddInfo(ctx context.Context, applNo int64) ([]form.Certificate, []form.Essay, error)
	Survey(ctx context.Context, applNo int64, stage string) (application.SurveyData, error)
}

// Reference resolves rounds and codes to their names (a subset of
// application.Reference).
type Reference interface {
	Round(ctx context.Context, k application.RoundKey) (application.Round, error)
	Countries(ctx context.Context) ([]application.Country, error)
	Univ(ctx context.Context, code string) (application.Univ, bool, error)
	CodeGroup(ctx context.Context, school, group string) ([]application.Code, bool, error)
}

// Documents lists a round's document items and an application's uploads
// (a subset of document.Documents).
type Documents interface {
	Items(ctx context.Context, k application.RoundKey) ([]document.DocItem, error)
	List(ctx context.Context, applNo int64) ([]document.Document, error)
}

// Files opens stored files.
type Files interface {
	Open(ctx context.Context, name string) (io.ReadCloser, error)
}

// Notices gives a round's admission-slip notice (ok false when it has
// none).
type Notices interface {
	SlipNotice(ctx context.Context, k application.RoundKey) (notice Label, ok bool, err error)
}
