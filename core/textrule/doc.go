// Package textrule holds the character rules of spec section 5 "Names" and
// the counting of text against a maximum ("Text areas show a character count
// against a maximum"; essays in words or characters). Each rule is a
// predicate on a string; the form validators in core/applicant and
// core/recommendation turn a false into a field-coded error.
//
// Decisions where the specification is silent: "Korean" means the precomposed
// Hangul syllables 가-힣 (a name typed with loose jamo such as ㄱ is refused);
// "English" means the ASCII letters A-Z and a-z; full names (engName,
// profSign) may have single spaces between words, the other name parts none
// ("Korean names are entered without spaces").
package textrule
