package privacy

// Message codes of this package.
const (
	CodeKindUnknown = "privacy.kind_unknown"
)
