package account_test

import (
	"regexp"
	"testing"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/account"
)

// The pattern given to clients says what ValidateUserID says.
func TestUserIDPatternAgrees(t *testing.T) {
	t.Parallel()
	re := regexp.MustCompile(account.UserIDPattern)
	for _, id := range []string{"kim2026", "abcd", "ab", "kim_2026", "김영희영", "kim 2026", "KIM2026x", "abcdefghij0123456789", "abcdefghij0123456789x", ""} {
		n := utf8.RuneCountInString(id)
		want := re.MatchString(id) && n >= account.UserIDMin && n <= account.UserIDMax
		if got := account.ValidateUserID(id) == ""; got != want {
			t.Errorf("%q: ValidateUserID accepts %v, pattern and length say %v", id, got, want)
		}
	}
}
