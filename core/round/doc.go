// Package round is the back office's side of recruitment rounds (issue 12):
// what staff set on a round (names, remarks, parts offered, the SUBMIT,
// COMPLETE, RECOMMEND and RECOMMEND_REQUEST windows, fees and pay types,
// letters asked, document items, consent items, the exam-number rule, the
// slip notice) and on a school (colour, logo, names, contact, steps and the
// variants of spec section 1), the rules those settings obey, consent
// versioning, the exam-number rule check and the re-numbering of a round.
//
// Settings (settings.go) is the round aggregate: built by NewSettings or
// UnmarshalSettingsFromDatabase, changed only by its methods (Edit, or one
// per change) inside the store's closure Update; each rule lives in
// rules.go or list_rules.go, and changes.go names the changed fields for
// the audit log. The use cases are one file each (service.go lists them).
//
// Decisions where the issue is silent:
//   - Windows are set as days (yyyy-MM-dd, Asia/Seoul, both inclusive), as
//     the seed's startDay and endDay are days: a window opens at 00:00 of its
//     first day and closes at 24:00 of its last. startDay must be after
//     today only for a window that is new or whose start changes, so
//     extending an open window is allowed.
//   - Editing the text of a consent item that an application of the round
//     (or, for school items, of the school) accepted makes a new version
//     dated today; when today is already that version's date the new version
//     is the next day, so versions stay distinct. An item nobody accepted is
//     edited in place.
//   - Pay types: card, vbank and trans charge the KRW fee, visa_master the
//     USD fee; a round with both fees 0 offers only free.
//   - Re-numbering (remake/applid) is refused while any application of the
//     round waits for a payment (VBANK_ISSUE) or a payment is PROCEEDING.
package round
