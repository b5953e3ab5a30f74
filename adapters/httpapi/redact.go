package httpapi

import "strings"

// resetPagePrefix starts the mailed password-reset link, whose path carries
// the user id, the expiry and the one-time hash.
const resetPagePrefix = "/user/modify/pwd/"

// loggedPath is a request path as the logs may hold it: recommender keys
// and password-reset links masked (queries are never logged at all).
func loggedPath(p string) string {
	if strings.HasPrefix(p, resetPagePrefix) {
		return resetPagePrefix + "[masked]"
	}
	return redactKeys(p)
}

// secretPage reports whether a page's path carries a secret, so its answer
// must not leak the path through the Referer header.
func secretPage(p string) bool {
	return recommenderPage(p) || strings.HasPrefix(p, resetPagePrefix)
}
