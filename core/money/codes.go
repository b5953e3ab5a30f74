package money

// Message codes of this package.
const (
	CodeCurrency         = "money.currency"          // not KRW or USD
	CodeCurrencyMismatch = "money.currency_mismatch" // adding won to dollars
	CodeFormat           = "money.format"            // not a decimal amount for the currency
	CodeRateFormat       = "money.rate_format"
	CodeOverflow         = "money.overflow"
)
