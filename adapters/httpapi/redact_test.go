package httpapi_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/adapters/app/apptest"
)

// A mailed password-reset link opens the page with the one-time hash in its
// path: the access log masks it, and the page sends no Referer.
// Not parallel: it swaps the default logger.
func TestResetLinksAreNotLogged(t *testing.T) {
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, nil)))
	defer slog.SetDefault(old)
	a := apptest.New(t)
	srv := apptest.Serve(t, a)
	const hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
	res, err := http.Get(srv.URL + "/user/modify/pwd/kim123/20261127120000/" + hash)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Errorf("Referrer-Policy %q", res.Header.Get("Referrer-Policy"))
	}
	logs := buf.String()
	if strings.Contains(logs, hash) || strings.Contains(logs, "kim123") || !strings.Contains(logs, "/user/modify/pwd/[masked]") {
		t.Fatalf("logs:\n%s", logs)
	}
}
