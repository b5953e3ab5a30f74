// Package competition answers 경쟁률 (issue 21 item 3): for each round of a
// school on the public competition page, the applicants of each part
// (submitted, and completed: paid) set against the part's quota, with the
// time of the count.
//
// Deadline day is when applicants refresh this page most, so the figures
// are counted at most once a minute per school (Service.TTL): one read of
// the school's rounds and one count per round, however many ask, on each
// server replica. A school may keep a round off the page
// (round.Values.CompetitionHidden).
//
// What the page shows (decisions where the issue is silent):
//   - Rounds whose SUBMIT window has opened and did not end more than
//     Recent ago: the current ones and the final figures of those just
//     closed. A round still before its window shows nothing.
//   - Submitted counts every application past submission (SUBMIT,
//     VBANK_ISSUE, COMPLETE); completed counts COMPLETE (paid). The ratio is
//     completed per place, two decimals, only where a quota is set.
package competition
