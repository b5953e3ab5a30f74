package printing

import "time"

// Lang is the language values are printed in; labels carry both.
type Lang string

const (
	Korean  Lang = "ko"
	English Lang = "en"
)

// ParseLang reads a locale; anything but "en" is Korean (the service's
// default language).
func ParseLang(s string) Lang {
	if s == string(English) {
		return English
	}
	return Korean
}

// Label is a name in both languages.
type Label struct{ Ko, En string }

// In is the label's text in l.
func (b Label) In(l Lang) string {
	if l == English && b.En != "" {
		return b.En
	}
	if b.Ko == "" {
		return b.En
	}
	return b.Ko
}

// Field is one printed row: its bilingual label and its value, already a
// name in the chosen language.
type Field struct {
	Label Label
	Value string
	// Long is free text (essays, descriptions, consent notes): printed
	// under its label across the full width.
	Long bool
	// Date marks a day (yyyy-MM-dd as typed): the workbook writes it as
	// a date; the PDF prints it as it is.
	Date bool
}

// Block is a group of rows, e.g. one academic record; Title is empty for
// a section's only block.
type Block struct {
	Title  Label
	Fields []Field
}

// Section is one part of the form, in the form's order.
type Section struct {
	Title  Label
	Blocks []Block
}

// Application is the whole application as staff and the applicant read
// it.
type Application struct {
	Lang       Lang
	School     Label     // the school's names
	ExamNumber string    // the public number (applId); "" before completion
	Sections   []Section // the first is the application summary
	Photo      []byte    // the photo document (jpg or png), nil when none
	PrintedAt  time.Time
}

// Slip is the admission slip (수험표).
type Slip struct {
	Lang       Lang
	School     Label
	Round      Label
	Major      Label
	Course     Label
	ExamNumber string // applId, never the internal application number
	KorName    string
	EngName    string
	BirthDate  string // yyyy-MM-dd
	Photo      []byte // jpg or png, nil when none
	Notice     Label  // the round's notice; empty when none
	IssuedAt   time.Time
}

// File is a rendered document with the name it is downloaded under.
type File struct {
	Name string
	Data []byte
}
