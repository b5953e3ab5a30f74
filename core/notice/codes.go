package notice

// Message codes of this package.
const (
	CodeNotFound     = "notice.not_found"    // no such notice (or not the caller's school's)
	CodeTitle        = "notice.title"        // a title in ko and en, 1 to MaxTitle characters
	CodeBody         = "notice.body"         // a body in ko and en, 1 to MaxBody characters
	CodePeriod       = "notice.period"       // a start and an end after it
	CodeSiteWide     = "notice.site_wide"    // notices for the whole site are the system admins'
	CodeRoundSchool  = "notice.round_school" // a notice's round is of its school
	CodeMailNotFound = "bulk_mail.not_found" // no such mail (or not the caller's school's)
	CodeSubject      = "bulk_mail.subject"   // a subject in ko and en, 1 to MaxSubject characters
	CodeMailBody     = "bulk_mail.body"      // a body in ko and en, 1 to MaxBody characters
	CodeStatus       = "bulk_mail.status"    // a status filter that is not an application status
	CodeDecision     = "bulk_mail.decision"  // a decision filter that is not a decision
	CodeNotDraft     = "bulk_mail.not_draft" // the mail is sent (or being sent): it no longer changes
	CodeNoRecipients = "bulk_mail.nobody"    // nobody matches the filter
)
