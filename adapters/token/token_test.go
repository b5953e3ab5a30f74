package token_test

import (
	"errors"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/gradapply/gradapply/adapters/token"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/permission"
)

var key = []byte("0123456789abcdef0123456789abcdef")

func at(t time.Time) func() time.Time { return func() time.Time { return t } }

func TestIssuedTokenParsesBack(t *testing.T) {
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	i := token.Issuer{Key: key, Issuer: "gradapply", Now: at(now)}
	s, c, err := i.Issue(account.User{UserID: "kim123", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236", TokenVersion: 3})
	if err != nil {
		t.Fatal(err)
	}
	got, err := i.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	if got.UserID != "kim123" || got.SchoolCode != "236" || got.TokenVersion != 3 || got.ID != c.ID || len(got.Roles) != 1 || got.Roles[0] != permission.RoleSchoolAdmin {
		t.Fatalf("claims: %+v", got)
	}
}

// sign makes a token as an attacker holding the key but not our rules would.
func sign(t *testing.T, rc jwt.RegisteredClaims) string {
	t.Helper()
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, struct {
		Roles []string `json:"roles"`
		jwt.RegisteredClaims
	}{[]string{"ROLE_USER"}, rc}).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestParseRefuses(t *testing.T) {
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	i := token.Issuer{Key: key, Issuer: "gradapply", Now: at(now)}
	base := func() jwt.RegisteredClaims {
		return jwt.RegisteredClaims{Subject: "kim123", ID: "abc", Issuer: "gradapply", Audience: jwt.ClaimStrings{token.DefaultAudience},
			IssuedAt: jwt.NewNumericDate(now.Add(-time.Minute)), ExpiresAt: jwt.NewNumericDate(now.Add(time.Hour))}
	}
	if _, err := i.Parse(sign(t, base())); err != nil {
		t.Fatalf("a well-formed token is refused: %v", err)
	}
	cases := map[string]func(*jwt.RegisteredClaims){
		"no audience":      func(c *jwt.RegisteredClaims) { c.Audience = nil },
		"another audience": func(c *jwt.RegisteredClaims) { c.Audience = jwt.ClaimStrings{"gradapply:pay"} },
		"issued in future": func(c *jwt.RegisteredClaims) { c.IssuedAt = jwt.NewNumericDate(now.Add(10 * time.Minute)) },
		"expired":          func(c *jwt.RegisteredClaims) { c.ExpiresAt = jwt.NewNumericDate(now.Add(-time.Minute)) },
		"no expiry":        func(c *jwt.RegisteredClaims) { c.ExpiresAt = nil },
		"another issuer":   func(c *jwt.RegisteredClaims) { c.Issuer = "someone" },
		"no subject":       func(c *jwt.RegisteredClaims) { c.Subject = "" },
	}
	for name, change := range cases {
		c := base()
		change(&c)
		if _, err := i.Parse(sign(t, c)); !errors.Is(err, token.ErrInvalid) {
			t.Errorf("%s: accepted (%v)", name, err)
		}
	}
	// alg "none" and another key.
	none, _ := jwt.NewWithClaims(jwt.SigningMethodNone, base()).SignedString(jwt.UnsafeAllowNoneSignatureType)
	if _, err := i.Parse(none); err == nil {
		t.Error("alg none accepted")
	}
	other, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, base()).SignedString([]byte("another key, 32 bytes long......"))
	if _, err := i.Parse(other); err == nil {
		t.Error("a token signed with another key accepted")
	}
}
