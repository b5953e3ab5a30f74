// Package privacy holds the retention table of spec section 9 as a policy
// that says, for a kind of record and the date its retention started,
// whether it must be deleted or anonymised now (decisions.md "Retention",
// "Personal-data access log"), and the masking of identification numbers
// for display (decisions.md "Unique identification information": lists and
// logs show them masked).
//
// Decisions where the specification is silent:
//   - A retention period runs from the date the caller passes as "since":
//     the end of the purpose (the round's end for applications and
//     applicant lists, the release of the decision for rejected applicants (issue 23), the payment or
//     refund for payment records, the answer for complaints, the visit for
//     web logs, the end of the contract for consignment records). Periods
//     are calendar years and months in Asia/Seoul.
//   - At expiry, application information and rejected applicants are
//     anonymised (their personal fields removed, counts kept for the
//     school's statistics); every other kind is deleted. Academic
//     information is kept (semi-permanent).
//   - Masking keeps the first digit of a resident or alien registration
//     number's back part (birth date and the century/gender digit) and hides
//     the other six; a passport number shows its first two characters only.
package privacy
