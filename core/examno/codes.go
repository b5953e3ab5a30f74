package examno

// Message codes of this package (the "token" in two names is a rule
// template's token, not a credential).
const (
	CodeTemplateEmpty   = "examno.template_empty"
	CodeTemplateTooLong = "examno.template_too_long"
	CodeTemplateSyntax  = "examno.template_syntax" // unbalanced brace or a bad literal (param: at)
	// #nosec G101 -- a message code, not a credential
	CodeTokenUnknown = "examno.token_unknown" // param: token
	// #nosec G101 -- a message code, not a credential
	CodeTokenWidth      = "examno.token_width"      // width not 1..9
	CodeSeqCount        = "examno.seq_count"        // not exactly one {SEQ:n}
	CodeSeqOverflow     = "examno.seq_overflow"     // n does not fit the width
	CodeNumberTaken     = "examno.number_taken"     // the number is already given in the round (store constraint)
	CodeValueMissing    = "examno.value_missing"    // a token without a value (param: token)
	CodeValueCharacters = "examno.value_characters" // a code with characters a number may not hold
)
