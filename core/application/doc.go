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
//   - In SUBMIT an application can still be edited (it is not complete) and
//     keeps its status, except that removing a required document moves it
//     back to the step before FILE_SAVE, so it must be submitted again.
//     A payment confirmed for an application that is no longer in SUBMIT
//     (or VBANK_ISSUE) is refused by Transition; the adapter refunds it.
//   - While a virtual account is issued (VBANK_ISSUE) removing a required
//     document is refused: the deposit would otherwise complete an
//     application that lacks it. Other edits are allowed.
//   - SUBMIT is caused by the applicant who owns the application; VBANK_ISSUE
//     by a confirmed payment-provider event; COMPLETE by a confirmed payment
//     (a free round's zero payment included) or by a system administrator's
//     manual payment; CANCEL by the owner or a system administrator.
package application
