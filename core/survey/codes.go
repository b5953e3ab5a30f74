package survey

// Message codes of this package (texts live with the HTTP adapter).
const (
	CodeNotFound        = "survey.not_found"
	CodeAnswered        = "survey.answered"         // this user already answered
	CodeClosed          = "survey.closed"           // outside the survey's period
	CodeFrozen          = "survey.frozen"           // questions of an answered survey cannot change
	CodeInputType       = "survey.input_type"       // radio, checkbox, text or textarea
	CodeItemsNone       = "survey.items_none"       // a choice question needs items
	CodeItemsText       = "survey.items_text"       // a text question has no items
	CodeDuplicate       = "survey.duplicate_code"   // a question or item code used twice
	CodeQuestionCode    = "survey.question_code"    // letters, digits, - and _ (1..30)
	CodeQuestionsNone   = "survey.questions_none"   // a survey asks at least one question
	CodeAudience        = "survey.audience"         // ALL, SCHOOL or ROUND (ALL: provider only)
	CodeRoundUnknown    = "survey.round_unknown"    // not a round of the school
	CodePeriod          = "survey.period"           // the end is before the start
	CodeCompletion      = "survey.completion"       // a completion survey is for one round
	CodeCompletionTwice = "survey.completion_twice" // the round already has one
	CodeStage           = "survey.stage"            // PART or SURVEY
)
