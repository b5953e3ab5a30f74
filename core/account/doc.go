// Package account holds the rules of accounts and sessions: user id and
// password rules, sign-up with an e-mailed confirmation code, login with
// failure limits and captcha, token revocation (spec sections 3 Session, 4,
// 5 and 6; decisions.md "Session", "Captcha", password length).
package account
