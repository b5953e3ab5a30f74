// Package school holds the rules that differ between schools, as data and
// not as code paths (spec section 1 "A school-specific rule"; section 5
// "Consent"; decisions.md "consent items"): nationalities a programme
// refuses (South Korea, 410), the passport number meaning "none" (0000 for
// that programme, N/A elsewhere) and the visa type "None" (00999), the video
// essay link of a media-acting major (an http(s) link to a downloadable file,
// not a streaming page; the other requirements are shown to the applicant),
// the essay limits (400 or 800 words in English, characters in Korean),
// whether the G20 question and a language score are required, text
// maximums, extra documents, and the consent items of a school and round
// (code, ko and en title and body, version date; all mandatory). The
// numeric codes are those of spec section 9.
//
// Decisions where the specification is silent: the bundled consent items
// are the six named in spec section 5, versioned 2024-09-10 (the latest
// date the specification names); a video link is accepted when its path
// ends in a video file extension or it points at a known file-sharing host,
// and refused for known streaming sites.
package school
