package httpapi

import (
	"context"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
)

// isRootFile reports whether a missing path names a file at the app's root
// (robots.txt, favicon.ico, sitemap.xml): crawlers and browsers must get a
// 404 for it, never the app's HTML. No route of either SPA has a dot at the
// top level.
func isRootFile(rel string) bool {
	return !strings.Contains(rel, "/") && path.Ext(rel) != "" && path.Ext(rel) != ".html"
}

// prerendered names the build's prerendered copy of the page at rel in the
// visitor's language (apps/applicant/scripts/prerender.mjs): home for the
// root, "user-login" for user/login (its path with dashes); the language is
// the locale cookie as the SPA reads it (exactly "en", else Korean), not
// Accept-Language. "" for a path no copy can be named for.
func prerendered(c *echo.Context, rel string) string {
	name := "home"
	if rel != "" {
		if strings.ContainsAny(rel, "-.") {
			return ""
		}
		name = strings.ReplaceAll(rel, "/", "-")
	}
	lang := edge.Ko
	if ck, err := c.Cookie(edge.CookieLocale); err == nil && edge.Locale(ck.Value) == edge.En {
		lang = edge.En
	}
	return "prerendered/" + name + "." + string(lang) + ".html"
}

// staticPath is the path inside an app's build of a request under prefix.
func staticPath(urlPath, prefix string) string {
	return strings.TrimPrefix(path.Clean("/"+strings.TrimPrefix(urlPath, strings.TrimSuffix(prefix, "/"))), "/")
}

// The compressed copies `make apps` writes beside each hashed asset
// (apps/applicant/scripts/compress.mjs), the smallest first.
var precompressions = []struct{ suffix, encoding string }{{".br", "br"}, {".gz", "gzip"}}

// precompressed names the compressed copy of the asset rel that the request
// accepts, with its Content-Encoding and the asset's own Content-Type; none
// for other files, a type unknown by its extension, or without a copy.
func precompressed(fsys fs.FS, rel string, r *http.Request) (file, encoding, contentType string) {
	contentType = mime.TypeByExtension(path.Ext(rel))
	if !strings.HasPrefix(rel, "assets/") || contentType == "" {
		return "", "", ""
	}
	accepted := map[string]bool{}
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(part, ";")
		q, hasQ := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
		if weight, err := strconv.ParseFloat(q, 64); !hasQ || (err == nil && weight > 0) {
			accepted[strings.ToLower(strings.TrimSpace(name))] = true
		}
	}
	for _, p := range precompressions {
		if accepted[p.encoding] && fileExists(fsys, rel+p.suffix) {
			return rel + p.suffix, p.encoding, contentType
		}
	}
	return "", "", ""
}

// skipCompressing tells the gzip middleware to leave alone the answers that
// spa sends precompressed.
func skipCompressing(apps map[string]string) func(c *echo.Context) bool {
	dirs := map[string]fs.FS{}
	for prefix, dir := range apps {
		dirs[prefix] = os.DirFS(dir)
	}
	return func(c *echo.Context) bool {
		p := c.Request().URL.Path
		for prefix, fsys := range dirs {
			// the applicant app's "/" prefixes every path: try the admin's first
			if prefix == "/" && strings.HasPrefix(p, "/sysadmin/") {
				continue
			}
			if strings.HasPrefix(p, prefix) {
				file, _, _ := precompressed(fsys, staticPath(p, prefix), c.Request())
				return file != ""
			}
		}
		return false
	}
}

// spa serves a built Vite app from dir under prefix: files as they are
// (hashed assets cached for a year, compressed by the build when it did),
// anything else index.html (history mode): with 200 for a path of the app's
// router, 404 for any other (the app shows its not-found page), as the
// build's routes.json tells (approutes.go; every path is the app's without
// it). isSchool tells the school names of the app's school pages (nil: any).
// A page is the prerendered copy when the build has one (home, login, the
// start of sign-up): the browser paints it from the HTML before the app's
// scripts have run.
func spa(dir, prefix string, isSchool func(ctx context.Context, name string) bool) echo.HandlerFunc {
	fsys := os.DirFS(dir)
	pages := newAppRoutes(fsys, isSchool)
	return func(c *echo.Context) error {
		rel := staticPath(c.Request().URL.Path, prefix)
		if rel != "" && rel != "index.html" {
			if st, err := fs.Stat(fsys, rel); err == nil && !st.IsDir() {
				if strings.HasPrefix(rel, "assets/") {
					c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
					if file, encoding, contentType := precompressed(fsys, rel, c.Request()); file != "" {
						h := c.Response().Header()
						h.Set("Content-Encoding", encoding)
						h.Add("Vary", "Accept-Encoding")
						h.Set("Content-Type", contentType)
						return c.FileFS(file, fsys)
					}
				} else {
					c.Response().Header().Set("Cache-Control", "public, max-age=3600")
				}
				return c.FileFS(rel, fsys)
			}
			if strings.HasPrefix(rel, "assets/") || isRootFile(rel) {
				return echo.ErrNotFound
			}
		}
		if _, err := fs.Stat(fsys, "index.html"); err != nil {
			c.Response().Header().Set("Cache-Control", "no-store")
			return c.HTML(http.StatusServiceUnavailable, "<!doctype html><meta charset=utf-8><title>GradApply</title>"+
				"<p>The web app is not built yet: run <code>make run</code> (or <code>make build</code>).</p>")
		}
		c.Response().Header().Set("Cache-Control", "no-cache")
		if rel != "index.html" && !pages.known(c.Request().Context(), rel) {
			html, err := fs.ReadFile(fsys, "index.html")
			if err != nil {
				return err
			}
			return c.HTMLBlob(http.StatusNotFound, html)
		}
		if page := prerendered(c, rel); page != "" && fileExists(fsys, page) {
			c.Response().Header().Add("Vary", "Cookie")
			return c.FileFS(page, fsys)
		}
		return c.FileFS("index.html", fsys)
	}
}

func fileExists(fsys fs.FS, name string) bool {
	st, err := fs.Stat(fsys, name)
	return err == nil && !st.IsDir()
}
