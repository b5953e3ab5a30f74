// Package submission holds the use cases after the form: submission,
// completion with the exam number and the exam-number lookup by e-mail.
// The documents (upload, list, delete, the FILE_SAVE step, download) are
// core/document's; the PDFs (application, admission slip) core/printing's.
// The store adapters own transactions and row locks.
package submission
