package mailmsg

// Mails of the officers' console (issue 23): the result of an
// application, and a school's mail to a round's applicants.

// ResultReleased tells an applicant that the round's results are out:
// the decision by name ("합격" / "Admitted", a waitlist with its rank), the
// school's message for that decision, and the link to the result page.
type ResultReleased struct {
	School     string
	Round      string
	ExamNumber string
	Result     string
	Message    string
	Link       string
}

// Kind implements Message.
func (ResultReleased) Kind() string { return "result_released" }

// BulkMail is a school's (or the service's) mail to a round's applicants,
// written by staff: the subject and body in the recipient's language.
type BulkMail struct {
	School  string
	Subject string
	Body    string
}

// Kind implements Message.
func (BulkMail) Kind() string { return "bulk_mail" }
