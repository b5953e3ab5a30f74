// Package application holds the states of an application (spec section 4
// "Application status"): the statuses, a school's required step list, the
// saved steps as a prefix of that list, saving in order, reviewStatus in
// place of status while under review, the step regression when a required
// document is removed, modification before COMPLETE only, the SUBMIT,
// VBANK_ISSUE, COMPLETE and CANCEL transitions and who may cause each, and
// the one-way view mode (spec section 2 "/appl/redirect/to/{type}";
// decisions.md "View mode"), and who may read or change an application
// (spec section 6: the creator check, staff for their school).
//
// Decisions where the specification is silent:
//   - The flow is APPL_PART_SAVE, then the school's steps in the canonical
//     order BASIS_SAVE, ACAD_SAVE, LANG_SAVE, CAREER_SAVE, ADD_INFO_SAVE,
//     FILE_SAVE, SURVEY, then SUBMIT, VBANK_ISSUE (virtual-account payments
//     only), COMPLETE. A step list out of that order is refused.
//   - Saving an earlier step again never lowers the status; a step after the
//     next one cannot be saved.
//   - After final submission (SUBMIT, VBANK_ISSUE) the form is locked, as a
//     Korean applicant expects of "최종 제출" and as the submit page says:
//     step saves, drafts, uploads, document deletions and part changes
//     answer 409 application.submitted_locked; the applicant may still pay
//     or cancel (issue 8, defect 4). Under review the reviewStatus stands in
//     for the status, so a school can reopen steps for correction.
//     A payment confirmed for an application that is no longer in SUBMIT
//     (or VBANK_ISSUE) is refused by Transition; the adapter refunds it.
//   - SUBMIT is caused by the applicant who owns the application; VBANK_ISSUE
//     by a confirmed payment-provider event; COMPLETE by a confirmed payment
//     (a free round's zero payment included) or by a system administrator's
//     manual payment; CANCEL by the owner or a system administrator.
//
// The aggregate (aggregate.go) is Application: unexported fields, built by
// NewApplication or UnmarshalApplicationFromDatabase, changed only by its
// methods (SaveStep, Rename, ChangePart, RemoveDocument, Submit,
// IssueVirtualAccount, Complete, Cancel), which apply the state machine
// above. Its store changes a stored application only through
// Applications.Update(ctx, applNo, fn): the adapter opens the transaction
// and locks the row, fn runs the rule on the locked aggregate, and fn's
// other writes of the same change (step data, documents, consents,
// payment, exam number, outbox mail) go through the stores called with the
// context fn receives, which carries that transaction, so everything
// commits or rolls back together and core stays free of SQL. There is no
// SetState. Payments, letters and staff changes use the same Update.
//
// One guard (guard.go) decides who may read or change an application; every
// use case here and in core/submission asks it.
//
// The package also holds the use cases of filling in an application (issue
// 4): choosing the application part, saving each step of the form in order
// with every rule of core/form, keeping drafts, listing an applicant's
// applications with the actions their status allows, and the round view.
// (These were core/apply; the state machine and the use cases are one area,
// so a newcomer finds the application's rules in one package.)
//
// Every use case that names an application answers only its owner; an
// administrator whom core/permission allows to read applications of that
// school may read (and the read is logged) but not change; anyone else gets
// the same not-found answer as for a number that does not exist. Changes
// need the round's SUBMIT window unless the caller holds
// ROLE_TIME_INDEPENDENT.
//
// Decisions of the use cases where the specification and the issue are
// silent:
//   - One application per applicant and round unless cancelled; cancel
//     before COMPLETE and start again.
//   - applPartRequestList holds exactly one choice; an application stays in
//     its round (a part change may change major, course, category, stay
//     type, not the round).
//   - partAddCertificateCount is how many certificates the part accepts in
//     the additional-info step (0 hides the list).
//   - The additional-info step (ADD_INFO_SAVE) saves certificates and
//     essays, as the issue describes it.
//   - Identification numbers leave the service masked; a masked value sent
//     back unchanged keeps the stored number.
//   - Drafts are owner-only (they may hold unmasked numbers), are not
//     validated, and follow the same window and modifiability rules as saves.
package application
