// Package notice is how staff tell applicants things (issue 23 item 4):
// Notices shown on a school's page and to a round's applicants for a
// period, and BulkMail, a mail to a round's applicants chosen by status or
// decision, previewed in ko and en, sent through the outbox in batches.
//
// Decisions where the issue is silent (docs/officers.md):
//   - A notice belongs to a school (and optionally one of its rounds), or
//     to the whole site (no school: system admins only). It shows from its
//     start until its end (end exclusive). The school page shows the
//     site's and the school's notices; an applicant sees the site's, and
//     those of each school and round applied to.
//   - A bulk mail's recipients are fixed when it is sent: the members with
//     an application of the round matching the filter, each once however
//     many applications they have. The store keeps one row per (mail,
//     member) and refuses a second (a unique constraint in PostgreSQL, the
//     same rule in memory), and a mail is sent once: no person gets one
//     mail twice. Each member gets it in their own language.
package notice
