package httpapi

import (
	"context"
	"encoding/json"
	"io/fs"
	"strings"
	"sync"
	"time"

	"github.com/gradapply/gradapply/core/application"
)

// routesFile is the applicant build's list of its router's path patterns
// (apps/applicant/scripts/prerender.mjs from src/app/router.tsx):
// {"paths": ["/", "/user/login", "/appl/review/:applNo", "/:schoolName/main", …]}.
const routesFile = "routes.json"

// schoolParam is the pattern parameter that names a school
// (apps/applicant/src/config/paths.ts, schoolMain): it matches only a known
// school's slug or code, as the school page finds it.
const schoolParam = ":schoolName"

// appRoutes answers whether a path is one of the app's pages, from the
// build's routes.json (read again when the build rewrites it).
type appRoutes struct {
	fsys fs.FS
	// isSchool reports whether a name is a school's slug or code; nil: any is.
	isSchool func(ctx context.Context, name string) bool

	mu       sync.Mutex
	modTime  time.Time
	patterns [][]string // nil: no routes file, every path is a page
}

func newAppRoutes(fsys fs.FS, isSchool func(ctx context.Context, name string) bool) *appRoutes {
	return &appRoutes{fsys: fsys, isSchool: isSchool}
}

// load answers the build's patterns, split into segments; nil without a
// readable routes file.
func (r *appRoutes) load() [][]string {
	st, err := fs.Stat(r.fsys, routesFile)
	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil {
		r.patterns, r.modTime = nil, time.Time{}
		return nil
	}
	if st.ModTime().Equal(r.modTime) && r.patterns != nil {
		return r.patterns
	}
	var file struct {
		Paths []string `json:"paths"`
	}
	data, err := fs.ReadFile(r.fsys, routesFile)
	if err != nil || json.Unmarshal(data, &file) != nil || len(file.Paths) == 0 {
		r.patterns, r.modTime = nil, time.Time{}
		return nil
	}
	patterns := make([][]string, 0, len(file.Paths))
	for _, p := range file.Paths {
		patterns = append(patterns, segments(p))
	}
	r.patterns, r.modTime = patterns, st.ModTime()
	return patterns
}

func segments(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// known reports whether rel (a cleaned path without its leading slash) is a
// page of the app: true when the build has no routes file.
func (r *appRoutes) known(ctx context.Context, rel string) bool {
	patterns := r.load()
	if patterns == nil {
		return true
	}
	path := segments(rel)
	for _, pattern := range patterns {
		if r.matches(ctx, pattern, path) {
			return true
		}
	}
	return false
}

// matches follows react-router: static segments compare without case, a
// ":param" takes one segment, a trailing "*" the rest.
func (r *appRoutes) matches(ctx context.Context, pattern, path []string) bool {
	for i, seg := range pattern {
		if seg == "*" && i == len(pattern)-1 {
			return true
		}
		if i >= len(path) {
			return false
		}
		switch {
		case seg == schoolParam:
			if r.isSchool != nil && !r.isSchool(ctx, path[i]) {
				return false
			}
		case strings.HasPrefix(seg, ":"):
		case !strings.EqualFold(seg, path[i]):
			return false
		}
	}
	return len(pattern) == len(path)
}

// schoolNamed reports whether name is a school's slug or code (without case,
// as the school page looks it up); true when the schools cannot be read, so a
// database hiccup never turns a school's page into a 404.
func schoolNamed(svc *application.Service) func(ctx context.Context, name string) bool {
	if svc == nil {
		return nil
	}
	return func(ctx context.Context, name string) bool {
		list, err := svc.Schools(ctx)
		if err != nil {
			return true
		}
		name = strings.TrimSpace(name)
		for _, s := range list {
			if (s.Slug != "" && strings.EqualFold(s.Slug, name)) || strings.EqualFold(s.SchoolCode, name) {
				return true
			}
		}
		return false
	}
}
