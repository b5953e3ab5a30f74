package account

// Status is a user's state (spec section 4).
type Status string

const (
	StatusActive   Status = "ACTIVE"
	StatusInactive Status = "INACTIVE"
	StatusWithdraw Status = "WITHDRAW"
)
