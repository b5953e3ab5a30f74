package mailer_test

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/mailer"
	"github.com/gradapply/gradapply/core/mailmsg"
)

// sample holds realistic messages, one per type (the test below checks that
// every registered type has one).
var sample = map[string]mailmsg.Message{
	"signup_code":       mailmsg.SignUpCode{Code: "042917", ValidMinutes: 10},
	"signup_registered": mailmsg.SignUpRegistered{},
	"exam_number": mailmsg.ExamNumbers{Applications: []mailmsg.ExamNumber{
		{School: "국제대학원", Round: "2026 전기", ExamNumber: "2026-1-IS-0007"},
		{School: "Graduate School of Business", Round: "2026 Fall", ExamNumber: "2026-2-MBA-0113"},
	}},
	"application_complete": mailmsg.ApplicationCompleted{School: "행정대학원", Round: "2026 전기", ExamNumber: "2026-1-PP-0042"},
	"dormancy_notice":      mailmsg.DormancyNotice{UserID: "hong123", CloseDate: "2026-09-30", LoginURL: "https://apply.example/login"},
	"password_reset":       mailmsg.PasswordReset{UserID: "hong123", Link: "https://apply.example/reset?key=abc", ValidMinutes: 30},
	"payment_receipt": mailmsg.PaymentReceipt{School: "국제대학원", Round: "2026 전기", ExamNumber: "2026-1-IS-0007",
		PaymentID: "ga12-abc", PayType: "PayPal", Fee: "USD 60.00", Surcharge: "USD 2.94", Total: "USD 62.94", PaidAt: "2026-11-24 10:00"},
	"vbank_issued": mailmsg.VirtualAccountIssued{School: "국제대학원", Round: "2026 전기", Bank: "신한은행", AccountNo: "56211234567890",
		Holder: "GradApply", Amount: "KRW 80,000", Due: "2026-11-27 23:59"},
	"payment_cancelled": mailmsg.PaymentCancelled{School: "국제대학원", Round: "2026 전기", ExamNumber: "2026-1-IS-0007",
		PaymentID: "ga12-abc", Partial: true, CancelName: "부분 환불", Refunded: "KRW 30000", Remaining: "KRW 50000", Reason: "일부 환불", At: "2026-11-24 10:00"},
	"refund_failed":       mailmsg.RefundFailed{School: "국제대학원", Round: "2026 전기", PaymentID: "ga12-abc", Amount: "30,000원", At: "2026-11-24 10:00"},
	"exam_number_changed": mailmsg.ExamNumberChanged{School: "국제대학원", Round: "2026 전기", Old: "2026-1-IS-0007", New: "S26-007"},
	"user_id_found":       mailmsg.UserIDFound{UserIDs: []string{"hong123", "hong2026"}, LoginURL: "https://apply.example/user/login"},
	"email_change_code":   mailmsg.EmailChangeCode{Code: "482913", ValidMinutes: 10},
	"recommend_request": mailmsg.RecommendRequest{RequestNo: 12, RecommenderName: "이재원", ApplicantName: "김지원", School: "국제대학원",
		Round: "2027 전기", Deadline: "2027-04-14 24:00", Link: "https://apply.example/recommend/abc"},
	"recommend_completed": mailmsg.RecommendCompleted{RecommenderName: "이재원", School: "국제대학원", Round: "2027 전기"},
	"recommend_cancelled": mailmsg.RecommendCancelled{ToRecommender: true, RecommenderName: "이재원", ApplicantName: "김지원", School: "국제대학원",
		Round: "2027 전기", Reason: "지원자가 다른 추천인으로 바꾸기를 원합니다."},
	"application_corrected": mailmsg.ApplicationCorrected{School: "국제대학원", Round: "2026 전기", Fields: []string{"mobile", "address"},
		Reason: "지원자 요청으로 연락처 변경"},
	"review_correction": mailmsg.ReviewCorrection{School: "국제대학원", Round: "2026 전기", Reason: "졸업증명서가 흐립니다. 다시 올려 주세요."},
	"review_complete":   mailmsg.ReviewCompleted{School: "국제대학원", Round: "2026 전기"},
	"inquiry_answered":  mailmsg.InquiryAnswered{InquiryNo: 12, Title: "전형료 환불 문의", Link: "https://apply.example/inquiry/user/detail?no=12"},
	"refund_request_approved": mailmsg.RefundRequestApproved{School: "국제대학원", Round: "2026 전기", ExamNumber: "2026-1-IS-0007",
		PaymentID: "ga12-abc", Requested: "2026-11-20", Refunded: "KRW 80000", Reason: "청약 철회 기간 내 요청으로 전액 환불합니다."},
	"refund_request_denied": mailmsg.RefundRequestDenied{School: "국제대학원", Round: "2026 전기", ExamNumber: "2026-1-IS-0007",
		PaymentID: "ga12-abc", Requested: "2026-11-20", Reason: "전형이 이미 시작되어 환불할 수 없습니다."},
	"membership_notice": mailmsg.MembershipNotice{UserID: "hong123", Limited: true, FalseInfo: true, Note: "학력 사항이 사실과 다릅니다.", FixBy: "2026-12-03"},
	"result_released": mailmsg.ResultReleased{School: "이화여자대학교 국제대학원", Round: "2027 전기", ExamNumber: "2027-1-IS-0007",
		Result: "합격", Message: "합격을 축하드립니다. 등록 안내는 3월 2일에 보내 드립니다.", Link: "https://apply.example/list"},
	"email_changed_by_staff": mailmsg.EmailChangedByStaff{UserID: "hong123", NewMasked: "h***@example.org", ContactURL: "https://apply.example/help"},
	"email_corrected":        mailmsg.EmailCorrected{UserID: "hong123", LoginURL: "https://apply.example/user/login"},
	"bulk_mail":              mailmsg.BulkMail{School: "이화여자대학교 국제대학원", Subject: "면접 일정 안내", Body: "면접은 12월 5일 10시에 진행됩니다."},
}

// filled returns a message of m's type with a distinct value in every
// field (and two entries in every list), and those values, so a test can
// check that each field reaches the mail: a type gets this for free the
// moment it is registered.
func filled(t *testing.T, m mailmsg.Message) (mailmsg.Message, []string) {
	t.Helper()
	v := reflect.New(reflect.TypeOf(m)).Elem()
	var values []string
	n := 0
	var fill func(v reflect.Value, path string)
	fill = func(v reflect.Value, path string) {
		switch v.Kind() {
		case reflect.String:
			n++
			s := fmt.Sprintf("%s%d", strings.NewReplacer(".", "", "[", "", "]", "").Replace(path), n)
			v.SetString(s)
			values = append(values, s)
		case reflect.Int, reflect.Int64, reflect.Int32:
			n++
			v.SetInt(int64(1000 + n))
			values = append(values, strconv.Itoa(1000+n))
		case reflect.Bool:
			v.SetBool(true)
		case reflect.Slice:
			v.Set(reflect.MakeSlice(v.Type(), 2, 2))
			for i := range 2 {
				fill(v.Index(i), path+"["+strconv.Itoa(i)+"]")
			}
		case reflect.Struct:
			for i := range v.NumField() {
				fill(v.Field(i), path+v.Type().Field(i).Name)
			}
		default:
			t.Fatalf("%T: field %s of kind %s: teach this test to fill it", m, path, v.Kind())
		}
	}
	fill(v, "")
	return v.Interface().(mailmsg.Message), values
}

// TestEveryMailTypeRendersInKoAndEn renders every registered type in
// every locale: subject, plain text and HTML present, no gap, every field
// of the type shown in both bodies, ko and en different.
func TestEveryMailTypeRendersInKoAndEn(t *testing.T) {
	t.Parallel()
	if len(mailmsg.All()) != len(sample) {
		t.Errorf("%d types registered, %d samples: add a sample for the new type", len(mailmsg.All()), len(sample))
	}
	for _, proto := range mailmsg.All() {
		kind := proto.Kind()
		subjects := map[string]string{}
		for _, loc := range mailer.Locales {
			t.Run(kind+"."+loc, func(t *testing.T) {
				m, values := filled(t, proto)
				r, err := mailer.Render(m, loc)
				if err != nil {
					t.Fatal(err)
				}
				if r.Subject == "" || strings.ContainsAny(r.Subject, "\r\n") {
					t.Fatalf("bad subject %q", r.Subject)
				}
				if strings.TrimSpace(r.Text) == "" || strings.TrimSpace(r.HTML) == "" {
					t.Fatalf("a part is empty:\ntext: %q\nhtml: %q", r.Text, r.HTML)
				}
				if !strings.HasPrefix(r.HTML, "<!DOCTYPE html>") || !strings.Contains(r.HTML, `<html lang="`+loc+`"`) {
					t.Errorf("HTML is not a %s document:\n%s", loc, r.HTML)
				}
				for _, part := range []string{r.Subject, r.Text, r.HTML} {
					if strings.Contains(part, "<no value>") || strings.Contains(part, "%!") {
						t.Errorf("a gap:\n%s", part)
					}
				}
				for _, want := range values {
					if !strings.Contains(r.Text, want) {
						t.Errorf("text lacks field value %q:\n%s", want, r.Text)
					}
					if !strings.Contains(r.HTML, want) {
						t.Errorf("HTML lacks field value %q:\n%s", want, r.HTML)
					}
				}
				if strings.Contains(r.Text, "<p") {
					t.Errorf("plain text holds HTML:\n%s", r.Text)
				}
				// The realistic sample renders too.
				s, ok := sample[kind]
				if !ok {
					t.Fatalf("no sample for %s", kind)
				}
				if _, err := mailer.Render(s, loc); err != nil {
					t.Fatalf("sample: %v", err)
				}
				subjects[loc] = r.Subject
			})
		}
		if subjects["ko"] == subjects["en"] {
			t.Errorf("%s: ko and en subjects are the same: %q", kind, subjects["ko"])
		}
	}
}

func TestRenderLocales(t *testing.T) {
	t.Parallel()
	code := sample["signup_code"]
	ko, _ := mailer.Render(code, "ko")
	en, _ := mailer.Render(code, "en")
	for _, tc := range []struct{ locale, want string }{
		{"ko", ko.Subject}, {"ko-KR", ko.Subject}, {"", ko.Subject}, {"fr", ko.Subject},
		{"en", en.Subject}, {"en-US", en.Subject}, {"EN_gb", en.Subject},
	} {
		got, err := mailer.Render(code, tc.locale)
		if err != nil {
			t.Fatal(err)
		}
		if got.Subject != tc.want {
			t.Errorf("locale %q: subject %q, want %q", tc.locale, got.Subject, tc.want)
		}
	}
	if !strings.Contains(ko.Subject, "인증") || !strings.Contains(ko.Text, "인증 코드: 042917") || !strings.Contains(ko.HTML, "042917") {
		t.Errorf("Korean mail is not Korean or lacks the code:\n%s\n%s", ko.Subject, ko.Text)
	}
}

// unregistered is a Message no template exists for.
type unregistered struct{}

func (unregistered) Kind() string { return "unregistered" }

func TestRenderErrorsArePermanent(t *testing.T) {
	t.Parallel()
	for name, m := range map[string]mailmsg.Message{
		"unknown kind":    unregistered{},
		"nil message":     nil,
		"nil pointer":     (*mailmsg.SignUpCode)(nil),
		"no exam numbers": mailmsg.ExamNumbers{},
		"empty code":      mailmsg.SignUpCode{ValidMinutes: 10},
		"no exam number":  mailmsg.ApplicationCompleted{School: "s", Round: "r"},
		"no reset link":   mailmsg.PasswordReset{UserID: "u", ValidMinutes: 30},
	} {
		_, err := mailer.Render(m, "ko")
		if err == nil || !mailer.IsPermanent(err) {
			t.Errorf("%s: err = %v, want a permanent error", name, err)
		}
	}
}

func TestSubjectStaysOneLine(t *testing.T) {
	t.Parallel()
	m := mailmsg.ApplicationCompleted{School: "Evil\r\nBcc: victim@example.com", Round: "r", ExamNumber: "1"}
	r, err := mailer.Render(m, "en")
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(r.Subject, "\r\n") {
		t.Fatalf("subject %q spans lines", r.Subject)
	}
}

// A school name is data, never markup, in the HTML part; the plain-text part
// shows it as written.
func TestHTMLPartEscapesValues(t *testing.T) {
	t.Parallel()
	m := mailmsg.ApplicationCompleted{School: `<img src=x onerror="alert(1)">대학원`, Round: "r & d", ExamNumber: "1"}
	r, err := mailer.Render(m, "ko")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(r.HTML, "<img") || !strings.Contains(r.HTML, "&lt;img") || !strings.Contains(r.HTML, "r &amp; d") {
		t.Fatalf("HTML not escaped:\n%s", r.HTML)
	}
	if !strings.Contains(r.Text, `<img src=x onerror="alert(1)">대학원`) {
		t.Fatalf("text altered:\n%s", r.Text)
	}
}
