// Package helpdesk is the FAQ (/faq) and the help board (/help) of issue
// 14: entries the provider's staff publish in Korean and English. An FAQ
// entry belongs to a category and is a question with its answer; a help
// post (type HELP, seed section 3) is a question with a title, its text and
// the staff's answer. Anyone reads what is published; a system admin
// writes, and every change is written to the audit log.
//
// Answers are plain text: paragraphs (blank lines) and line breaks are kept
// by the pages, and nothing in them is ever rendered as HTML.
package helpdesk
