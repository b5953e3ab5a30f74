package account

// UserIDPattern is the character rule of ValidateUserID as a regular
// expression over the whole id (without the length, UserIDMin..UserIDMax),
// given to clients so they check what the server checks.
const UserIDPattern = "^[A-Za-z0-9]+$"
