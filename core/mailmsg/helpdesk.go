package mailmsg

// Mails of the help desk.

// InquiryAnswered tells a member that staff answered their 1:1 inquiry
// (seed section 8); the answer itself is read on the site.
type InquiryAnswered struct {
	InquiryNo int64
	Title     string
	Link      string
}

// Kind implements Message.
func (InquiryAnswered) Kind() string { return "inquiry_answered" }
