package httpapi

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/labstack/echo/v5"
)

// spa serves a built Vite app from dir under prefix: files as they are
// (hashed assets cached for a year), anything else index.html (history mode).
func spa(dir, prefix string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		rel := strings.TrimPrefix(path.Clean("/"+strings.TrimPrefix(c.Request().URL.Path, strings.TrimSuffix(prefix, "/"))), "/")
		if rel != "" && rel != "index.html" {
			full := filepath.Join(dir, filepath.FromSlash(rel))
			if st, err := os.Stat(full); err == nil && !st.IsDir() {
				if strings.HasPrefix(rel, "assets/") {
					c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					c.Response().Header().Set("Cache-Control", "public, max-age=3600")
				}
				return c.File(full)
			}
			if strings.HasPrefix(rel, "assets/") {
				return echo.ErrNotFound
			}
		}
		index := filepath.Join(dir, "index.html")
		if _, err := os.Stat(index); err != nil {
			c.Response().Header().Set("Cache-Control", "no-store")
			return c.HTML(http.StatusServiceUnavailable, "<!doctype html><meta charset=utf-8><title>GradApply</title>"+
				"<p>The web app is not built yet: run <code>make run</code> (or <code>make build</code>).</p>")
		}
		c.Response().Header().Set("Cache-Control", "no-cache")
		return c.File(index)
	}
}
