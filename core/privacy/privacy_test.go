package privacy

import (
	"math"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/window"
)

func kst(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, window.Seoul) }

// Spec section 9 "Retention": application info 10 years; academic info
// semi-permanent; consignment 1 year; payment and contract records 5 years;
// complaint records 3 years; web visit records 3 months; rejected applicants
// 1 year; applicant list 5 years. decisions.md: access log at least 2 years.
func TestDecide(t *testing.T) {
	t.Parallel()
	p := DefaultPolicy()
	since := kst(2020, 3, 1)
	cases := []struct {
		kind Kind
		now  time.Time
		want Action
	}{
		{Application, kst(2030, 2, 28), Keep},
		{Application, kst(2030, 3, 1), Anonymise},
		{Academic, kst(2120, 1, 1), Keep},
		{Consignment, kst(2021, 2, 28), Keep},
		{Consignment, kst(2021, 3, 1), Delete},
		{Payment, kst(2025, 2, 28), Keep},
		{Payment, kst(2025, 3, 1), Delete},
		{Contract, kst(2025, 3, 1), Delete},
		{Complaint, kst(2023, 2, 28), Keep},
		{Complaint, kst(2023, 3, 1), Delete},
		{WebVisit, kst(2020, 5, 31), Keep},
		{WebVisit, kst(2020, 6, 1), Delete},
		{RejectedApplicant, kst(2021, 2, 28), Keep},
		{RejectedApplicant, kst(2021, 3, 1), Anonymise},
		{ApplicantList, kst(2025, 3, 1), Delete},
		{AccessLog, kst(2022, 2, 28), Keep},
		{AccessLog, kst(2022, 3, 1), Delete},
	}
	for _, c := range cases {
		d, err := p.Decide(c.kind, since, c.now)
		if err != nil || d.Action != c.want {
			t.Errorf("%s at %s: %v %v want %s", c.kind, window.FormatDate(c.now), d, err, c.want)
		}
	}
	if _, err := p.Decide("x", since, since); apperr.CodeOf(err) != CodeKindUnknown {
		t.Fatal("unknown kind")
	}
	if _, _, err := p.Cutoff("x", since); apperr.CodeOf(err) != CodeKindUnknown {
		t.Fatal("unknown kind cutoff")
	}
	// Cutoff agrees with Decide: a record whose since is the cutoff has expired.
	now := kst(2026, 5, 10)
	for k := range p {
		cut, ok, err := p.Cutoff(k, now)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			if k != Academic {
				t.Fatalf("%s kept for ever", k)
			}
			continue
		}
		if d, _ := p.Decide(k, cut, now); d.Action == Keep {
			t.Errorf("%s: since=cutoff kept", k)
		}
		if d, _ := p.Decide(k, cut.Add(time.Second), now); d.Action != Keep {
			t.Errorf("%s: since after cutoff not kept", k)
		}
	}
}

// decisions.md: unique identification information is shown masked.
func TestMask(t *testing.T) {
	t.Parallel()
	cases := []struct{ got, want string }{
		{MaskRegistrationNo("9001011234567"), "9001011******"},
		{MaskRegistrationNo("900101-1234567"), "900101-1******"},
		{MaskRegistrationNo("1234567"), "1******"},
		{MaskRegistrationNo("12-34"), "*****"},
		{MaskRegistrationNo("900101-123456a"), "**************"},
		{MaskRegistrationNo("90010a-1234567"), "**************"},
		{MaskPassportNo("M12345678"), "M1*******"},
		{MaskPassportNo("AB"), "**"},
		{Mask("홍길동", 1, 1), "홍*동"},
		{Mask("abc", -1, -1), "***"},
		{Mask("", 1, 1), ""},
		{Mask("secret", math.MaxInt, math.MaxInt), "******"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("got %q want %q", c.got, c.want)
		}
	}
}

func FuzzMaskRegistrationNo(f *testing.F) {
	f.Add("900101-1234567")
	f.Fuzz(func(t *testing.T, s string) {
		m := MaskRegistrationNo(s)
		if len([]rune(m)) != len([]rune(s)) {
			t.Fatalf("length changed: %q -> %q", s, m)
		}
		// At most 7 digits stay visible, and the last six characters never.
		r := []rune(m)
		for i := max(0, len(r)-6); i < len(r); i++ {
			if r[i] != '*' {
				t.Fatalf("%q -> %q shows its end", s, m)
			}
		}
	})
}

func FuzzMask(f *testing.F) {
	f.Add("M12345678", 2, 0)
	f.Fuzz(func(t *testing.T, s string, a, b int) {
		m := []rune(Mask(s, a, b))
		r := []rune(s)
		if len(m) != len(r) {
			t.Fatalf("length changed: %q -> %q", s, string(m))
		}
		a, b = min(max(a, 0), len(r)), min(max(b, 0), len(r))
		for i := range r {
			kept := a+b < len(r) && (i < a || i >= len(r)-b)
			if kept && m[i] != r[i] || !kept && m[i] != '*' {
				t.Fatalf("Mask(%q,%d,%d) = %q", s, a, b, string(m))
			}
		}
	})
}

func TestAuditKindKeepsMoneyEntriesWithThePayments(t *testing.T) {
	for action, want := range map[string]Kind{
		"payment.cancel": Payment, "payment.manual": Payment, "refund_request.approve": Payment, "refund_rule.update": Payment,
		"settlement.close": Payment, "feerule.add": Payment, "job.refunds": Payment,
		"application.read": AccessLog, "member.read": AccessLog, "job.retention": AccessLog, "survey.export": AccessLog,
	} {
		if got := AuditKind(action); got != want {
			t.Errorf("%s: %s, want %s", action, got, want)
		}
	}
	if p, a := DefaultPolicy()[Payment], DefaultPolicy()[AccessLog]; p.Years <= a.Years {
		t.Errorf("payment records (%d years) must outlive the access log (%d years)", p.Years, a.Years)
	}
}
