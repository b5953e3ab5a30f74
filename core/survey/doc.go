// Package survey is the surveys of issues 12 and 14: the back office's
// editing of a school's application survey questions (the SURVEY step and
// the questions asked with the application part), and the site surveys of
// /survey that the provider or a school publishes to signed-in users, with
// their results, and the round's completion survey (/appl/survey).
//
// Questions and answers have the application's shape (application.Question,
// form.SurveyAnswer) and answers are checked by application.ValidateAnswers,
// the same check as the SURVEY step.
//
// Decisions where the issues are silent:
//   - A school's application survey question (or an item of one) that some
//     application answered is never deleted: removing it from the list
//     retires it (hidden from new forms, kept for the answers); one nobody
//     answered is deleted. Texts may be edited either way (answers keep
//     their codes).
//   - Site survey periods are days (yyyy-MM-dd, Asia/Seoul, both inclusive).
//   - Audience: ALL (every signed-in applicant account) is for the provider
//     only; a school publishes to the applicants of the school (any
//     application of the school that is not cancelled) or of one of its
//     rounds. School admins manage their school's surveys only.
//   - Once a survey has a response its questions are frozen (titles and
//     period may still change), so counts never mix two versions.
//   - A round's completion survey is a ROUND survey marked "completion"
//     (at most one per round). After completing, the applicant is offered
//     it at /appl/survey; it can always be skipped, and it is also listed
//     at /survey while open.
//   - Results are counts per item and the free-text answers, without who
//     wrote them; the CSV export is written to the access log.
package survey
