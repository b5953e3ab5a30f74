// Package inquiry is the 1:1 inquiry board (issue 14 item 7, seed
// sections 2 and 8): a member asks a question of a type, optionally about
// one school and with one attached file; staff of that school (or any
// system admin) answer it in the back office; the member is told by mail
// and by a notice in the nav, and may follow up until the inquiry is
// closed.
package inquiry
