// Package document holds the file rules of spec sections 5 "Files" and 9:
// the extension allow-list of a document item (jpeg counts as jpg), a size
// above 0 and within the limit (3,145,728 bytes for images and 31,457,280
// for other files, overridable per item; decisions.md "upload limit"), a
// name without extension of at most 40 characters and without special
// characters, content that matches the extension by its leading bytes, the
// required documents of an application, and the 5 extra slots that exist
// only where isEtcDocumentUploadable allows extra uploads (spec section 3
// "Documents").
//
// Decisions where the specification is silent:
//   - "Special characters" are everything but letters (any script), digits,
//     space, underscore and hyphen; the extension is what follows the last
//     dot, so a second dot in the name is a special character.
//   - The content check reads the first bytes only (Sniff needs at most 512).
//     Formats without a signature (txt, csv) must be valid UTF-8 without NUL
//     bytes. An allowed extension whose content this package cannot check is
//     refused rather than trusted.
//   - Office formats are checked by container: doc/xls/ppt/hwp are OLE
//     compound files, docx/xlsx/pptx/hwpx/zip are ZIP archives.
package document
