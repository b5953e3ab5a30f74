package edge

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/form"
)

// The list parameters of the admin app's data provider (react-admin), and
// the filters its lists send.

// ListParams reads ra-data-simple-rest's sort, range and filter, each
// checked against an allow-list.
type ListParams struct {
	Sort   string
	Desc   bool
	Offset int
	Limit  int
	Filter map[string]string
}

// ParseList reads a list's sort, range and filter, each checked against
// its allow-list.
func ParseList(c *echo.Context, sortable, filterable []string) (ListParams, error) {
	p := ListParams{Limit: 10}
	if s := c.QueryParam("sort"); s != "" {
		var v []string
		if err := json.Unmarshal([]byte(s), &v); err != nil || len(v) != 2 {
			return p, apperr.Invalid("list.sort_invalid").With("field", s)
		}
		if !slices.Contains(sortable, v[0]) {
			return p, apperr.Invalid("list.sort_invalid").With("field", v[0])
		}
		p.Sort, p.Desc = v[0], v[1] == "DESC"
		if v[1] != "ASC" && v[1] != "DESC" {
			return p, apperr.Invalid("list.sort_invalid").With("field", v[1])
		}
	}
	if r := c.QueryParam("range"); r != "" {
		var v []int
		if err := json.Unmarshal([]byte(r), &v); err != nil || len(v) != 2 || v[0] < 0 || v[1] < v[0] || v[1]-v[0] >= 100 {
			return p, apperr.Invalid("list.range_invalid")
		}
		p.Offset, p.Limit = v[0], v[1]-v[0]+1
	}
	p.Filter = map[string]string{}
	if f := c.QueryParam("filter"); f != "" && f != "{}" {
		var v map[string]any
		if err := json.Unmarshal([]byte(f), &v); err != nil {
			return p, apperr.Invalid("list.filter_invalid").With("field", "filter")
		}
		for k, val := range v {
			if !slices.Contains(filterable, k) {
				return p, apperr.Invalid("list.filter_invalid").With("field", k)
			}
			p.Filter[k] = fmt.Sprint(val)
		}
	}
	return p, nil
}

// ContentRange sets the header react-admin pages by.
func ContentRange(c *echo.Context, resource string, offset, n, total int) {
	end := offset + n - 1
	if n == 0 {
		end = offset
	}
	c.Response().Header().Set("Content-Range", fmt.Sprintf("%s %d-%d/%d", resource, offset, end, total))
	c.Response().Header().Set("Access-Control-Expose-Headers", "Content-Range")
}

// AtoiFilter reads a whole-number list filter (a year, a sequence, an id
// of a 32-bit column); anything else, a negative number or one beyond the
// column's range, is the field's error.
func AtoiFilter(f *apperr.Fields, name, v string) int {
	if v == "" {
		return 0
	}
	n, err := strconv.ParseInt(v, 10, 32)
	if err != nil || n < 0 {
		f.Add(name, form.CodeDigits)
		return 0
	}
	return int(n)
}
