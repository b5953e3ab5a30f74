// Package apply holds the use cases of filling in an application (issue
// 4): reading the reference data (schools, countries, universities, common
// codes, rounds), choosing the application part, saving each step of the
// form in order with every rule of core/applicant, keeping drafts, listing
// an applicant's applications with the actions their status allows.
//
// Every use case that names an application answers only its owner; an
// administrator whom core/permission allows to read applications of that
// school may read (and the read is logged) but not change; anyone else gets
// the same not-found answer as for a number that does not exist. Changes
// need the round's SUBMIT window unless the caller holds
// ROLE_TIME_INDEPENDENT.
//
// Decisions where the specification and the issue are silent:
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
package apply
