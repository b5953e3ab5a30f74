// Package recommendation holds the rules of recommendation letters: the
// statuses 00010 sent, 00020 opened, 00030 creating and 00040 completed and
// who may cancel in each (spec section 4 "Recommendation status": the
// applicant only in 00010, support in 00010 to 00030, nobody in 00040), the
// RECOMMEND deadline (spec section 4 time windows; decisions.md: keys die
// when the recommendation window closes), recommender keys of at least 128
// random bits stored hashed (decisions.md "Recommendation letters are
// confidential"), the recommendation request fields (spec section 3), and
// the letter form whose questions rec_form_q1 to q16 are all required on
// submit (spec section 5) with the signature profSign (spec section 5
// "Names").
//
// Decisions where the specification is silent:
//   - Keys are 256 random bits written as 43 characters of unpadded
//     base64url; the database keeps only their SHA-256 in hex.
//   - Saving a draft (00030) checks formats but not completeness; submitting
//     (00040) requires every question and the signature.
//   - Opening a completed letter's link leaves it completed.
package recommendation
