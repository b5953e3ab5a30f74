package helpdesk

import "context"

// Store keeps the categories and the entries of both kinds.
type Store interface {
	// Categories answers every category by Order, then id.
	Categories(ctx context.Context) ([]Category, error)
	// Category answers one category (not found: CodeCategoryNotFound).
	Category(ctx context.Context, id int64) (Category, error)
	// SaveCategory creates (ID 0) or replaces a category and answers it.
	SaveCategory(ctx context.Context, c Category) (Category, error)
	// DeleteCategory removes a category no entry uses (else CodeCategoryInUse).
	DeleteCategory(ctx context.Context, id int64) error
	// Entries answers a page of entries matching q and the total.
	Entries(ctx context.Context, q Query) ([]Entry, int, error)
	// Entry answers one entry (not found: CodeNotFound).
	Entry(ctx context.Context, id int64) (Entry, error)
	// SaveEntry creates (ID 0) or replaces an entry, stamping UpdatedAt
	// (and CreatedAt on create), and answers it. An FAQ entry's category
	// must exist (else CodeCategoryUnknown on categoryId).
	SaveEntry(ctx context.Context, e Entry) (Entry, error)
	// DeleteEntry removes an entry.
	DeleteEntry(ctx context.Context, id int64) error
}
