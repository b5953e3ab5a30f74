package evaluation

// Message codes of this package.
const (
	CodeNoRubric         = "evaluation.no_rubric"         // the round has no rubric yet
	CodeRubricLocked     = "evaluation.rubric_locked"     // a sheet was submitted: the rubric stays as it is
	CodeCriteria         = "evaluation.criteria"          // 1 to MaxCriteria criteria
	CodeCriterionKey     = "evaluation.criterion_key"     // a key of a-z, 0-9 and _, unique in the rubric
	CodeCriterionName    = "evaluation.criterion_name"    // a name in ko and en, 1 to MaxName characters
	CodeWeight           = "evaluation.weight"            // a weight of 1 to MaxWeight
	CodeRange            = "evaluation.range"             // 0 <= min < max <= MaxScore
	CodeScore            = "evaluation.score"             // a score within its criterion's range
	CodeScoreMissing     = "evaluation.score_missing"     // a submission scores every criterion
	CodeCommentTooLong   = "evaluation.comment_too_long"  // a comment of at most MaxComment characters
	CodeNotAssigned      = "evaluation.not_assigned"      // no such assignment (or not the caller's)
	CodeSubmitted        = "evaluation.submitted"         // the sheet is submitted: it no longer changes
	CodeReviewerUnknown  = "evaluation.reviewer_unknown"  // not a reviewer of the round's school
	CodeApplicationOther = "evaluation.application_other" // the application is not of this round
	CodePerApplication   = "evaluation.per_application"   // reviewers per application: 1 to the reviewers given
	CodeSortUnknown      = "evaluation.sort_unknown"      // a score table sorted by a column it does not have
	CodeRubricExists     = "evaluation.rubric_exists"     // two first rubrics of a round at once
)
