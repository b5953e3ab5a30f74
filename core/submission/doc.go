// Package submission holds the use cases after the form: documents
// (upload, list, delete, the FILE_SAVE step), submission, completion with
// the exam number, the exam-number lookup by e-mail and the data of the
// admission slip. Files go through the FileStore port; the store adapters
// own transactions and row locks.
package submission
