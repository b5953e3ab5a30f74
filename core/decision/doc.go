// Package decision is a round's outcome (issue 23 item 3): a Decision per
// application (admit, waitlist with a rank, reject) set by staff one by one
// or in bulk, and a Release per round (the time results are published and
// the school's message per decision, in ko and en).
//
// Before the release time nothing of a decision reaches the applicant: the
// applicant's queries (MyResults, Result, AdmissionLetter) answer nothing,
// exactly as for an application without a decision. From the release time
// on, SendDue (a periodic job) queues one result mail per decision through
// the outbox, a batch per round at a time, each decision marked mailed in
// the batch's transaction; staff read the progress (mailed / total).
//
// Decisions where the issue is silent (docs/officers.md):
//   - Only completed (COMPLETE) applications are decided.
//   - Once a round's release time has passed, its decisions and release no
//     longer change (the applicants have read them).
//   - A withdrawn applicant (no address) counts as mailed, with no mail.
//   - The rejected applicants' retention (seed section 9: 1 year) runs from
//     the release time of the round (core/privacy, adapters/postgres).
package decision
