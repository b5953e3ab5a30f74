package account

// PasswordPattern is the character rule of ValidatePassword as a regular
// expression over the whole password (printable ASCII, no space), and
// PasswordClasses the classes it must hold one character of each; with the
// length, PasswordMin..PasswordMax, clients check what the server checks.
const PasswordPattern = `^[\x21-\x7E]+$` // #nosec G101 -- the rule's pattern, not a password

// PasswordClasses are regular expressions of which a password must match each.
func PasswordClasses() []string { return []string{"[a-z]", "[A-Z]", "[0-9]"} }
