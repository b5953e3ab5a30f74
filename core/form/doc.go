// Package form holds the application form and every validation rule of
// spec section 5 that applies to it, returned as field-coded errors whose
// field is the JSON name the client sends (applicantInfo.korName,
// acadList[1].gpa, partLanguages[0].score, careerList[2].retireDay,
// essays[0].text, answers.q3). The input structs follow spec section 3
// (Basic info, Academic record, Career, Language entry, Certificate, Survey
// answer). Code lists that live in the database (countries, schools,
// language exams, company and employment types) come in through Lookups.
// School differences come in as core/school.Rules.
//
// ValidateStep validates what one step saves (BASIS_SAVE applicantInfo,
// ACAD_SAVE acadList, LANG_SAVE partLanguages and certificateList,
// CAREER_SAVE careerList, ADD_INFO_SAVE essays, SURVEY answers) and
// ValidateAll every step of a school's list before submission.
//
// Dates are "yyyy-MM-dd" strings in Asia/Seoul, parsed by core/window; "now"
// is passed in by the caller from its clock.
//
// Decisions where the specification is silent:
//   - Korean nationals (410) give korName, engName and the resident
//     registration number's last 7 digits; other applicants give firstName
//     and lastName (middleName optional), a passport (or the school's "none"
//     value) and a visa type. Every other name variant is checked by its rule
//     when filled in.
//   - Sections decides which groups of applicantInfo an applicant sees: the
//     passport, visa, alien registration, financial guarantor, language
//     school, stay, overseas agency and G20 groups apply to foreign nationals
//     only; the round's info settings hide or require the others. The server
//     requires exactly what is shown and drops (does not refuse) the data of
//     a group that is not shown, so a passport typed before the nationality
//     was changed to Korea is neither an error nor stored.
//   - The resident registration digits' first digit must match the century
//     of birth and the gender (1/2 1900s, 3/4 2000s, 9/0 1800s; odd male,
//     even female); no checksum is demanded, as numbers issued since October
//     2020 carry none.
//   - Grade form 00001 takes a full score of 4.00, 4.30, 4.50, 5.00, 10.00,
//     20.00 or ETC (then fullScoreEtc, also #.##) and a GPA written #.## not
//     above it; 00002 takes digits 0 to 100 (full score 100); 00003 takes any
//     text of at most 20 characters.
//   - A career marked current has no retireDay; the others need one, not
//     after today and after joinDay.
//   - Text maximums default to DefaultTextLimits and a school may override
//     them by field (without list indexes, e.g. "careerList.description").
package form
