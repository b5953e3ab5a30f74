package mailmsg

// Mails of an application: completion, exam numbers, corrections and review.

// ApplicationCompleted tells the applicant the application is complete and
// gives the exam number. School and Round are names in the mail's language.
type ApplicationCompleted struct {
	School     string
	Round      string
	ExamNumber string
}

// Kind implements Message.
func (ApplicationCompleted) Kind() string { return "application_complete" }

// ExamNumbers answers an exam-number lookup (decisions.md): the COMPLETE
// applications of the address. Queue it only when the list is not empty, so
// the lookup form cannot be used to mail strangers.
type ExamNumbers struct {
	Applications []ExamNumber
}

// ExamNumber is one line of ExamNumbers.
type ExamNumber struct {
	School     string
	Round      string
	ExamNumber string
}

// ApplicationCorrected tells the applicant that school staff corrected the
// basic information of the application: which fields, and why.
type ApplicationCorrected struct {
	School string
	Round  string
	Fields []string
	Reason string
}

// Kind implements Message.
func (ApplicationCorrected) Kind() string { return "application_corrected" }

// ReviewCorrection tells the applicant that the school, reviewing the
// application, asks for a correction, and what to correct.
type ReviewCorrection struct {
	School string
	Round  string
	Reason string
}

// Kind implements Message.
func (ReviewCorrection) Kind() string { return "review_correction" }

// ReviewCompleted tells the applicant that the school's review is complete:
// check the application, the admission slip and the submitted files.
type ReviewCompleted struct {
	School string
	Round  string
}

// Kind implements Message.
func (ReviewCompleted) Kind() string { return "review_complete" }

// ExamNumberChanged tells an applicant that staff re-assigned the exam
// numbers of the round (remake/applid). School and Round are names in the
// mail's language.
type ExamNumberChanged struct {
	School string
	Round  string
	Old    string
	New    string
}

// Kind implements Message.
func (ExamNumberChanged) Kind() string { return "exam_number_changed" }
