// Package examno holds the exam-number (applId) rules of decisions.md "Exam
// number": a round's rule is a template of tokens (year, round, major code,
// category, zero-padded sequence) and literals; the number of the n-th
// completion in a round; a preview for the admin "application-number rule
// check" screen (spec section 2, applId/check); and the validation of a
// template. Assigning, uniqueness under concurrency and "remake applId" are
// the adapter's transaction; the rule here is that n is the completion's
// position in its round (1, 2, ...) and the number for n is fixed by it.
//
// Template syntax (a decision; the specification shows no rule):
//
//	{YYYY}      enter year, 4 digits         {YY}          its last 2 digits
//	{ROUND}     recruit part sequence         {ROUND:n}     zero-padded to n
//	{MAJOR}     major code                    {CATEGORY}    category code
//	{SEQ:n}     completion sequence, zero-padded to n digits (1 to 9)
//
// Everything outside braces is a literal of letters, digits, '-' and '_'.
// A template has exactly one {SEQ:n}, so numbers within a round differ, and
// at most 60 characters. A sequence that no longer fits n digits is an
// error, never a wrap-around, so a number is never reused.
package examno
