// Package token issues and parses the signed access tokens (JWT, HS256).
package token

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/permission"
)

// TTL is how long an access token lives (the session cookie's 1 day).
const TTL = 24 * time.Hour

// DefaultAudience names what a token is for when Issuer.Audience is empty:
// the session of the web apps. A token minted for anything else (another
// audience, or none) is not a session.
const DefaultAudience = "gradapply:session"

// leeway absorbs clock differences between replicas.
const leeway = 5 * time.Second

// Issuer signs and checks tokens with one key.
type Issuer struct {
	Key      []byte
	Issuer   string
	Audience string // DefaultAudience when empty
	Now      func() time.Time
}

func (i Issuer) audience() string {
	if i.Audience != "" {
		return i.Audience
	}
	return DefaultAudience
}

type claims struct {
	Roles  []string `json:"roles"`
	School string   `json:"school,omitempty"`
	Ver    int      `json:"ver"`
	jwt.RegisteredClaims
}

func (i Issuer) now() time.Time {
	if i.Now != nil {
		return i.Now()
	}
	return time.Now()
}

// Issue signs a token for a user.
func (i Issuer) Issue(u account.User) (string, account.Claims, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", account.Claims{}, err
	}
	now := i.now()
	c := account.Claims{UserID: u.UserID, Roles: u.Roles, SchoolCode: u.SchoolCode,
		TokenVersion: u.TokenVersion, ID: hex.EncodeToString(b), ExpiresAt: now.Add(TTL).Truncate(time.Second)}
	roles := make([]string, len(u.Roles))
	for k, r := range u.Roles {
		roles[k] = string(r)
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, claims{Roles: roles, School: u.SchoolCode, Ver: u.TokenVersion,
		RegisteredClaims: jwt.RegisteredClaims{Subject: u.UserID, ID: c.ID, Issuer: i.Issuer, Audience: jwt.ClaimStrings{i.audience()},
			IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(c.ExpiresAt)}})
	s, err := tok.SignedString(i.Key)
	if err != nil {
		return "", account.Claims{}, fmt.Errorf("token: sign: %w", err)
	}
	return s, c, nil
}

// ErrInvalid is any token that is not ours, altered, or expired.
var ErrInvalid = errors.New("token: invalid")

// Parse checks the signature (HS256 only: "none" and other algorithms are
// refused), the issuer, the audience, the expiry and that it was not issued
// in the future.
func (i Issuer) Parse(s string) (account.Claims, error) {
	var c claims
	_, err := jwt.ParseWithClaims(s, &c, func(*jwt.Token) (any, error) { return i.Key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(i.Issuer), jwt.WithAudience(i.audience()), jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(), jwt.WithLeeway(leeway), jwt.WithTimeFunc(i.now))
	if err != nil {
		return account.Claims{}, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	out := account.Claims{UserID: c.Subject, SchoolCode: c.School, TokenVersion: c.Ver, ID: c.ID}
	if c.ExpiresAt != nil {
		out.ExpiresAt = c.ExpiresAt.Time
	}
	for _, r := range c.Roles {
		if role, ok := permission.ParseRole(r); ok {
			out.Roles = append(out.Roles, role)
		}
	}
	if out.UserID == "" || out.ID == "" {
		return account.Claims{}, ErrInvalid
	}
	return out, nil
}
