package helpdesk

// Message codes of this package.
const (
	CodeRequired         = "helpdesk.required"         // the field is empty
	CodeTooLong          = "helpdesk.too_long"         // param: max
	CodeOrder            = "helpdesk.order"            // param: max
	CodeCategoryUnknown  = "helpdesk.category_unknown" // an FAQ entry's category does not exist
	CodeCategoryInUse    = "helpdesk.category_in_use"  // param: count; entries still use the category
	CodeCategoryNotFound = "helpdesk.category_not_found"
	CodeNotFound         = "helpdesk.not_found"
	CodeKind             = "helpdesk.kind" // not FAQ or HELP
	CodeSearchTooLong    = "helpdesk.search_too_long"
)
