// Package migrations holds the SQL schema, applied by goose at start-up.
package migrations

import "embed"

//go:embed *.sql
var FS embed.FS
