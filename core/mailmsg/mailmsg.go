// Package mailmsg holds the mails the service sends, one type per mail, so
// every template's fields are declared in one place.
//
// Adding a mail: declare a struct with its fields (camelCase JSON names, as
// the payload travels through the outbox as JSON), give it a Kind, list it in
// All, and write templates/<kind>.ko.tmpl and templates/<kind>.en.tmpl in
// adapters/mailer. A value only the recipient may read (a one-time code, a
// link carrying a token) is a Secret: the outbox and the job queue hold it
// sealed, and only the worker opens it, to send.
package mailmsg

import (
	"fmt"
	"reflect"
	"strconv"
)

// Message is the content of one mail. Kind names its templates.
type Message interface {
	Kind() string
}

// Secret is text only the recipient may read. Adapters that store or queue a
// Message seal every Secret in it (see Walk) and open it just before sending.
type Secret string

// SignUpCode confirms an e-mail address at sign-up.
type SignUpCode struct {
	Code         Secret `json:"code"`
	ValidMinutes int    `json:"validMinutes"`
}

// Kind implements Message.
func (SignUpCode) Kind() string { return "signup_code" }

// SignUpRegistered is sent instead of a SignUpCode when the address already
// has an account, so the sign-up form answers alike for every address and
// only the mailbox's owner learns it is registered.
type SignUpRegistered struct{}

// Kind implements Message.
func (SignUpRegistered) Kind() string { return "signup_registered" }

// ApplicationCompleted tells the applicant the application is complete and
// gives the exam number. School and Round are names in the mail's language.
type ApplicationCompleted struct {
	School     string `json:"school"`
	Round      string `json:"round"`
	ExamNumber string `json:"examNumber"`
}

// Kind implements Message.
func (ApplicationCompleted) Kind() string { return "application_complete" }

// ExamNumbers answers an exam-number lookup (decisions.md): the COMPLETE
// applications of the address. Queue it only when the list is not empty, so
// the lookup form cannot be used to mail strangers.
type ExamNumbers struct {
	Applications []ExamNumber `json:"applications"`
}

// ExamNumber is one line of ExamNumbers.
type ExamNumber struct {
	School     string `json:"school"`
	Round      string `json:"round"`
	ExamNumber string `json:"examNumber"`
}

// Kind implements Message.
func (ExamNumbers) Kind() string { return "exam_number" }

// DormancyNotice warns, 30 days ahead, that an unused account will be
// closed (decisions.md: dormancy). CloseDate is yyyy-MM-dd in Asia/Seoul.
type DormancyNotice struct {
	UserID    string `json:"userId"`
	CloseDate string `json:"closeDate"`
	LoginURL  string `json:"loginUrl"`
}

// Kind implements Message.
func (DormancyNotice) Kind() string { return "dormancy_notice" }

// PasswordReset carries a one-time link to set a new password.
type PasswordReset struct {
	UserID       string `json:"userId"`
	Link         Secret `json:"link"`
	ValidMinutes int    `json:"validMinutes"`
}

// Kind implements Message.
func (PasswordReset) Kind() string { return "password_reset" }

// PaymentReceipt confirms a payment with its lines (the PayPal surcharge
// as its own line, "" when none). Amounts are "KRW 80000" / "USD 63.00"
// texts, PaidAt yyyy-MM-dd HH:mm in Asia/Seoul.
type PaymentReceipt struct {
	School     string `json:"school"`
	Round      string `json:"round"`
	ExamNumber string `json:"examNumber"`
	PaymentID  string `json:"paymentId"`
	PayType    string `json:"payType"`
	Fee        string `json:"fee"`
	Surcharge  string `json:"surcharge"`
	Total      string `json:"total"`
	PaidAt     string `json:"paidAt"`
}

// Kind implements Message.
func (PaymentReceipt) Kind() string { return "payment_receipt" }

// VirtualAccountIssued gives the account to deposit the fee into and its
// deadline (yyyy-MM-dd HH:mm, Asia/Seoul).
type VirtualAccountIssued struct {
	School    string `json:"school"`
	Round     string `json:"round"`
	Bank      string `json:"bank"`
	AccountNo string `json:"accountNo"`
	Holder    string `json:"holder"`
	Amount    string `json:"amount"`
	Due       string `json:"due"`
}

// Kind implements Message.
func (VirtualAccountIssued) Kind() string { return "vbank_issued" }

// UserIDFound answers a find-id request: the user ids registered with the
// address. Queue it only when the list is not empty.
type UserIDFound struct {
	UserIDs  []string `json:"userIds"`
	LoginURL string   `json:"loginUrl"`
}

// Kind implements Message.
func (UserIDFound) Kind() string { return "user_id_found" }

// EmailChangeCode confirms a new address on My Info.
type EmailChangeCode struct {
	Code         Secret `json:"code"`
	ValidMinutes int    `json:"validMinutes"`
}

// Kind implements Message.
func (EmailChangeCode) Kind() string { return "email_change_code" }

// PaymentCancelled tells the applicant that staff cancelled or refunded
// their payment (issue 10): the cancel type by name (00001 all, 00002
// zero, 00003 partial), the amount refunded now and what remains paid, the
// reason, and whether the application is now cancelled.
type PaymentCancelled struct {
	School     string `json:"school"`
	Round      string `json:"round"`
	ExamNumber string `json:"examNumber"`
	PaymentID  string `json:"paymentId"`
	NoRefund   bool   `json:"noRefund"` // cancelled without refund (00002)
	Partial    bool   `json:"partial"`  // a partial refund (00003)
	CancelName string `json:"cancelName"`
	Refunded   string `json:"refunded"`
	Remaining  string `json:"remaining"`
	Reason     string `json:"reason"`
	Cancelled  bool   `json:"cancelled"`
	At         string `json:"at"`
}

// Kind implements Message.
func (PaymentCancelled) Kind() string { return "payment_cancelled" }

// RefundRequestApproved tells the applicant that staff approved their
// refund request (issue 18): what was refunded and the staff's words.
// Requested is the day asked (yyyy-MM-dd, Asia/Seoul).
type RefundRequestApproved struct {
	School     string `json:"school"`
	Round      string `json:"round"`
	ExamNumber string `json:"examNumber"`
	PaymentID  string `json:"paymentId"`
	Requested  string `json:"requested"`
	Refunded   string `json:"refunded"`
	Reason     string `json:"reason"`
}

// Kind implements Message.
func (RefundRequestApproved) Kind() string { return "refund_request_approved" }

// RefundRequestDenied tells the applicant that staff denied their refund
// request, and why.
type RefundRequestDenied struct {
	School     string `json:"school"`
	Round      string `json:"round"`
	ExamNumber string `json:"examNumber"`
	PaymentID  string `json:"paymentId"`
	Requested  string `json:"requested"`
	Reason     string `json:"reason"`
}

// Kind implements Message.
func (RefundRequestDenied) Kind() string { return "refund_request_denied" }

// RefundFailed tells the applicant that a refund staff made did not go
// through at the provider: the money stays paid and the school will
// refund it again.
type RefundFailed struct {
	School    string `json:"school"`
	Round     string `json:"round"`
	PaymentID string `json:"paymentId"`
	Amount    string `json:"amount"`
	At        string `json:"at"`
}

// Kind implements Message.
func (RefundFailed) Kind() string { return "refund_failed" }

// ApplicationCorrected tells the applicant that school staff corrected the
// basic information of the application: which fields, and why.
type ApplicationCorrected struct {
	School string   `json:"school"`
	Round  string   `json:"round"`
	Fields []string `json:"fields"`
	Reason string   `json:"reason"`
}

// Kind implements Message.
func (ApplicationCorrected) Kind() string { return "application_corrected" }

// ReviewCorrection tells the applicant that the school, reviewing the
// application, asks for a correction, and what to correct.
type ReviewCorrection struct {
	School string `json:"school"`
	Round  string `json:"round"`
	Reason string `json:"reason"`
}

// Kind implements Message.
func (ReviewCorrection) Kind() string { return "review_correction" }

// ReviewCompleted tells the applicant that the school's review is complete:
// check the application, the admission slip and the submitted files.
type ReviewCompleted struct {
	School string `json:"school"`
	Round  string `json:"round"`
}

// Kind implements Message.
func (ReviewCompleted) Kind() string { return "review_complete" }

// MembershipNotice tells a member that their membership was limited,
// suspended, ended or restored (spec section 4 "Membership terms"), the
// cause, the staff's note and, for a limit, the date (yyyy-MM-dd,
// Asia/Seoul) by which to fix the cause. Exactly one of Limited, Suspended,
// Ended and Restored is set; FalseInfo and Disruption name the cause (both
// unset: another cause).
type MembershipNotice struct {
	UserID     string `json:"userId"`
	Limited    bool   `json:"limited"`
	Suspended  bool   `json:"suspended"`
	Ended      bool   `json:"ended"`
	Restored   bool   `json:"restored"`
	FalseInfo  bool   `json:"falseInfo"`
	Disruption bool   `json:"disruption"`
	Note       string `json:"note"`
	FixBy      string `json:"fixBy"`
}

// Kind implements Message.
func (MembershipNotice) Kind() string { return "membership_notice" }

// All lists one value of every mail type. A type missing here cannot be
// queued; a type listed here without its templates stops the mailer at start
// (and fails its tests).
func All() []Message {
	return []Message{SignUpCode{}, SignUpRegistered{}, ApplicationCompleted{}, ExamNumbers{}, DormancyNotice{}, PasswordReset{}, PaymentReceipt{}, VirtualAccountIssued{}, ExamNumberChanged{}, UserIDFound{}, EmailChangeCode{},
		RecommendRequest{}, RecommendCompleted{}, RecommendCancelled{}, PaymentCancelled{},
		ApplicationCorrected{}, ReviewCorrection{}, ReviewCompleted{}, MembershipNotice{},
		InquiryAnswered{}, RefundRequestApproved{}, RefundRequestDenied{}, RefundFailed{}}
}

var byKind = func() map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for _, m := range All() {
		t := reflect.TypeOf(m)
		if t.Kind() != reflect.Struct {
			panic(fmt.Sprintf("mailmsg: %s is not a struct", t))
		}
		if _, dup := out[m.Kind()]; dup {
			panic(fmt.Sprintf("mailmsg: kind %q declared twice", m.Kind()))
		}
		out[m.Kind()] = t
	}
	return out
}()

// Kinds lists the kind of every mail type, in the order of All.
func Kinds() []string {
	all := All()
	out := make([]string, len(all))
	for i, m := range all {
		out[i] = m.Kind()
	}
	return out
}

// New returns a pointer to a zero message of the kind, to decode into; false
// when no type has that kind.
func New(kind string) (Message, bool) {
	t, ok := byKind[kind]
	if !ok {
		return nil, false
	}
	return reflect.New(t).Interface().(Message), true
}

// Clone returns a pointer to a deep copy of m (a value or a pointer), so a
// caller can seal or open its secrets without touching the original.
func Clone(m Message) Message {
	v := reflect.ValueOf(m)
	for v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	out := reflect.New(v.Type())
	out.Elem().Set(deepCopy(v))
	return out.Interface().(Message)
}

func deepCopy(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			c.Index(i).Set(deepCopy(v.Index(i)))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		for i := range v.NumField() {
			if c.Field(i).CanSet() {
				c.Field(i).Set(deepCopy(v.Field(i)))
			}
		}
		return c
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type().Elem())
		c.Elem().Set(deepCopy(v.Elem()))
		return c
	}
	return v
}

var secretType = reflect.TypeFor[Secret]()

// Walk calls fn with every Secret in the message m points to and its path
// ("Code", "Items[2].Link"), so an adapter can seal or open them in place.
// m must be a pointer (as New and Clone return).
func Walk(m Message, fn func(path string, s *Secret) error) error {
	v := reflect.ValueOf(m)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return fmt.Errorf("mailmsg: walk %T: need a non-nil pointer", m)
	}
	return walk(v.Elem(), "", fn)
}

func walk(v reflect.Value, path string, fn func(string, *Secret) error) error {
	if v.Type() == secretType {
		return fn(path, v.Addr().Interface().(*Secret))
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			return walk(v.Elem(), path, fn)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if err := walk(v.Index(i), path+"["+strconv.Itoa(i)+"]", fn); err != nil {
				return err
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			p := f.Name
			if path != "" {
				p = path + "." + f.Name
			}
			if err := walk(v.Field(i), p, fn); err != nil {
				return err
			}
		}
	case reflect.Map:
		// A map's values are not addressable: a Secret in one could not be
		// sealed, so a type holding one is refused rather than leaked.
		if containsSecret(v.Type().Elem()) {
			return fmt.Errorf("mailmsg: %s: a Secret inside a map cannot be sealed", path)
		}
	}
	return nil
}

func containsSecret(t reflect.Type) bool {
	if t == secretType {
		return true
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return containsSecret(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if containsSecret(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// ExamNumberChanged tells an applicant that staff re-assigned the exam
// numbers of the round (remake/applid). School and Round are names in the
// mail's language.
type ExamNumberChanged struct {
	School string `json:"school"`
	Round  string `json:"round"`
	Old    string `json:"old"`
	New    string `json:"new"`
}

// Kind implements Message.
func (ExamNumberChanged) Kind() string { return "exam_number_changed" }

// RecommendRequest asks a recommender, in the recommender's language, to
// write a letter: the key link is a secret. Reminder marks the reminder
// sent before the deadline. RequestNo lets the worker record on the
// request whether the mail server took the mail.
type RecommendRequest struct {
	RequestNo       int64  `json:"requestNo"`
	RecommenderName string `json:"recommenderName"`
	ApplicantName   string `json:"applicantName"`
	School          string `json:"school"`
	Round           string `json:"round"`
	Deadline        string `json:"deadline"` // yyyy-MM-dd HH:mm, Asia/Seoul
	Link            Secret `json:"link"`
	Reminder        bool   `json:"reminder"`
}

// Kind implements Message.
func (RecommendRequest) Kind() string { return "recommend_request" }

// RecommendCompleted tells the applicant a recommender has submitted (the
// letter itself stays confidential).
type RecommendCompleted struct {
	RecommenderName string `json:"recommenderName"`
	School          string `json:"school"`
	Round           string `json:"round"`
}

// Kind implements Message.
func (RecommendCompleted) Kind() string { return "recommend_completed" }

// RecommendCancelled tells the applicant (ToRecommender false) or the
// recommender that service support has cancelled a request, and why; the
// recommender's link no longer works.
type RecommendCancelled struct {
	ToRecommender   bool   `json:"toRecommender"`
	RecommenderName string `json:"recommenderName"`
	ApplicantName   string `json:"applicantName"`
	School          string `json:"school"`
	Round           string `json:"round"`
	Reason          string `json:"reason"`
}

// Kind implements Message.
func (RecommendCancelled) Kind() string { return "recommend_cancelled" }

// InquiryAnswered tells a member that staff answered their 1:1 inquiry
// (seed section 8); the answer itself is read on the site.
type InquiryAnswered struct {
	InquiryNo int64  `json:"inquiryNo"`
	Title     string `json:"title"`
	Link      string `json:"link"`
}

// Kind implements Message.
func (InquiryAnswered) Kind() string { return "inquiry_answered" }
