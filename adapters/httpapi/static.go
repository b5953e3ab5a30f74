package httpapi

import (
	"io/fs"
	"net/http"
	"os"
	"path"
	"strings"

	"github.com/labstack/echo/v5"
)

// isRootFile reports whether a missing path names a file at the app's root
// (robots.txt, favicon.ico, sitemap.xml): crawlers and browsers must get a
// 404 for it, never the app's HTML. No route of either SPA has a dot at the
// top level.
func isRootFile(rel string) bool {
	return !strings.Contains(rel, "/") && path.Ext(rel) != "" && path.Ext(rel) != ".html"
}

// spa serves a built Vite app from dir under prefix: files as they are
// (hashed assets cached for a year), anything else index.html (history mode).
func spa(dir, prefix string) echo.HandlerFunc {
	fsys := os.DirFS(dir)
	return func(c *echo.Context) error {
		rel := strings.TrimPrefix(path.Clean("/"+strings.TrimPrefix(c.Request().URL.Path, strings.TrimSuffix(prefix, "/"))), "/")
		if rel != "" && rel != "index.html" {
			if st, err := fs.Stat(fsys, rel); err == nil && !st.IsDir() {
				if strings.HasPrefix(rel, "assets/") {
					c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
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
		return c.FileFS("index.html", fsys)
	}
}
