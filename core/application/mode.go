package application

import "github.com/gradapply/gradapply/core/apperr"

// Mode is how a form is opened: the {type} of /appl/redirect/to/{type}.
type Mode string

const (
	ModeEdit   Mode = "edit"
	ModeView   Mode = "view"
	ModeReview Mode = "review"
)

// ParseMode reads a redirect type.
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case ModeEdit, ModeView, ModeReview:
		return Mode(s), nil
	}
	return "", apperr.Invalid(CodeModeUnknown)
}

// OpenMode decides the mode a form really opens in: an application that may
// no longer be edited (submitted, completed, cancelled) opens in view mode
// whatever was asked; review mode needs an application under review.
func OpenMode(st State, requested Mode) (Mode, error) {
	switch requested {
	case ModeView:
		return ModeView, nil
	case ModeReview:
		if !st.Reviewing {
			return "", apperr.Conflict(CodeNotUnderReview)
		}
		if !st.Editable() {
			return ModeView, nil
		}
		return ModeReview, nil
	case ModeEdit:
		if !st.Editable() {
			return ModeView, nil
		}
		return ModeEdit, nil
	}
	return "", apperr.Invalid(CodeModeUnknown)
}

// ViewMode is the one-way view switch of one screen: once on, it stays on
// (decisions.md "View mode"). The zero value is off.
type ViewMode struct{ on bool }

// Enter switches view mode on; there is no way back.
func (v *ViewMode) Enter() { v.on = true }

// On reports whether view mode is on.
func (v ViewMode) On() bool { return v.on }

// CheckEdit refuses editing in view mode ("editing is restricted in view
// mode").
func (v ViewMode) CheckEdit() error {
	if v.on {
		return apperr.Forbidden(CodeViewMode)
	}
	return nil
}
