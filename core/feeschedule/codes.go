package feeschedule

// Message codes of this package.
const (
	CodeSchool        = "feeschedule.school"         // not a school of the service
	CodeMethod        = "feeschedule.method"         // not card, trans, vbank or paypal
	CodeEffectiveFrom = "feeschedule.effective_from" // not a yyyy-MM-dd date
	CodeRate          = "feeschedule.rate"           // not a percentage 0-100 with at most two decimals
	CodeFixed         = "feeschedule.fixed"          // not an amount in the method's currency
	CodeDuplicate     = "feeschedule.duplicate"      // a rule of the method from that date exists
	CodeNotFound      = "feeschedule.not_found"      // no such rule
	CodeCurrency      = "feeschedule.currency"       // a payment in another currency than the rule's
)
