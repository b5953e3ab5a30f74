package examno

// Message codes of this package.
const (
	CodeTemplateEmpty   = "examno.template_empty"
	CodeTemplateTooLong = "examno.template_too_long"
	CodeTemplateSyntax  = "examno.template_syntax"  // unbalanced brace or a bad literal (param: at)
	CodeTokenUnknown    = "examno.token_unknown"    // param: token
	CodeTokenWidth      = "examno.token_width"      // width not 1..9
	CodeSeqCount        = "examno.seq_count"        // not exactly one {SEQ:n}
	CodeSeqOverflow     = "examno.seq_overflow"     // n does not fit the width
	CodeNumberTaken     = "examno.number_taken"     // the number is already given in the round (store constraint)
	CodeValueMissing    = "examno.value_missing"    // a token without a value (param: token)
	CodeValueCharacters = "examno.value_characters" // a code with characters a number may not hold
)
