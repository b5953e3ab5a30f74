package edge

import (
	"regexp"
	"strings"
)

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

// RecommendPathPrefix is where the recommender's API lives; its answers
// carry Referrer-Policy: no-referrer and its upload route has its own body
// limit.
const RecommendPathPrefix = "/apply/api/recommend/"

// keyShape matches a recommender key in a path, so logs can hide it.
var keyShape = regexp.MustCompile(`/[A-Za-z0-9_-]{43}(/|$)`)

// redactKeys hides recommender keys in a logged path.
func redactKeys(path string) string {
	if !strings.Contains(path, "recommend") {
		return path
	}
	return keyShape.ReplaceAllString(path, "/[key]$1")
}

// recommenderPage reports whether a path is a recommender page or API,
// whose answers must not leak the key through the Referer header.
func recommenderPage(path string) bool {
	return strings.HasPrefix(path, "/recommend/") || strings.HasPrefix(path, RecommendPathPrefix)
}
