package mailmsg

// Mails of the account: sign-up, sign-in help, dormancy and membership.

// SignUpCode confirms an e-mail address at sign-up.
type SignUpCode struct {
	Code         Secret
	ValidMinutes int
}

// Kind implements Message.
func (SignUpCode) Kind() string { return "signup_code" }

// SignUpRegistered is sent instead of a SignUpCode when the address already
// has an account, so the sign-up form answers alike for every address and
// only the mailbox's owner learns it is registered.
type SignUpRegistered struct{}

// Kind implements Message.
func (SignUpRegistered) Kind() string { return "signup_registered" }

// DormancyNotice warns, 30 days ahead, that an unused account will be
// closed (decisions.md: dormancy). CloseDate is yyyy-MM-dd in Asia/Seoul.
type DormancyNotice struct {
	UserID    string
	CloseDate string
	LoginURL  string
}

// Kind implements Message.
func (DormancyNotice) Kind() string { return "dormancy_notice" }

// PasswordReset carries a one-time link to set a new password.
type PasswordReset struct {
	UserID       string
	Link         Secret
	ValidMinutes int
}

// Kind implements Message.
func (PasswordReset) Kind() string { return "password_reset" }

// UserIDFound answers a find-id request: the user ids registered with the
// address. Queue it only when the list is not empty.
type UserIDFound struct {
	UserIDs  []string
	LoginURL string
}

// Kind implements Message.
func (UserIDFound) Kind() string { return "user_id_found" }

// EmailChangeCode confirms a new address on My Info.
type EmailChangeCode struct {
	Code         Secret
	ValidMinutes int
}

// Kind implements Message.
func (EmailChangeCode) Kind() string { return "email_change_code" }

// MembershipNotice tells a member that their membership was limited,
// suspended, ended or restored (spec section 4 "Membership terms"), the
// cause, the staff's note and, for a limit, the date (yyyy-MM-dd,
// Asia/Seoul) by which to fix the cause. Exactly one of Limited, Suspended,
// Ended and Restored is set; FalseInfo and Disruption name the cause (both
// unset: another cause).
type MembershipNotice struct {
	UserID     string
	Limited    bool
	Suspended  bool
	Ended      bool
	Restored   bool
	FalseInfo  bool
	Disruption bool
	Note       string
	FixBy      string
}

// Kind implements Message.
func (MembershipNotice) Kind() string { return "membership_notice" }

// EmailChangedByStaff tells the old address of an account that staff
// corrected it: to which address (masked, "k***@example.com") and whom to
// ask when the member did not ask for it.
type EmailChangedByStaff struct {
	UserID     string
	NewMasked  string
	ContactURL string
}

// Kind implements Message.
func (EmailChangedByStaff) Kind() string { return "email_changed_by_staff" }

// EmailCorrected confirms to the new address that staff set it as the
// account's address.
type EmailCorrected struct {
	UserID   string
	LoginURL string
}

// Kind implements Message.
func (EmailCorrected) Kind() string { return "email_corrected" }
