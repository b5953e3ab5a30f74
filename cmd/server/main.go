// Command server migrates the database and serves the API and both SPAs;
// unless RUN_WORKER=false it also runs the job worker in-process.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/app"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/demo"
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/web"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "check" {
		os.Exit(check())
	}
	if err := run(); err != nil {
		slog.Error("server stopped", "err", err)
		os.Exit(1)
	}
}

// check answers in one line whether PostgreSQL and Redis can be reached.
func check() int {
	// Only the one answer line: no development-secret warning, no dial noise.
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	slog.SetDefault(quiet)
	jobs.SetRedisLogger(quiet)
	cfg, err := config.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := app.CheckServices(context.Background(), cfg); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	slog.SetDefault(cfg.Logger())
	jobs.SetRedisLogger(slog.Default())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, err := app.Build(ctx, cfg, app.Options{})
	if err != nil {
		return err
	}
	defer a.Close()
	workers, err := a.StartJobs(ctx, cfg.RunWorker)
	if err != nil {
		return err
	}
	serveMetrics(ctx, a)

	sc := echo.StartConfig{
		Address: cfg.HTTPAddr, HideBanner: true, HidePort: true, GracefulTimeout: 20 * time.Second,
		ListenerAddrFunc: func(addr net.Addr) { announce(cfg, addr) },
		BeforeServeFunc: func(s *http.Server) error {
			s.ReadHeaderTimeout = 10 * time.Second
			s.IdleTimeout = 120 * time.Second
			return nil
		},
	}
	go func() {
		<-ctx.Done()
		a.Drain()
	}()
	err = sc.Start(ctx, web.New(a).Echo)
	workers.Stop()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	slog.Info("server stopped gracefully")
	return nil
}

func announce(cfg config.Config, addr net.Addr) {
	slog.Info("listening", "addr", addr.String(), "url", cfg.PublicURL)
	fmt.Printf("\nGradApply is running at %s  (admin: %s/sysadmin/)\n", cfg.PublicURL, cfg.PublicURL)
	if cfg.MailTransport == "file" {
		fmt.Printf("Mail is written to %s/ as .eml files (sign-up codes are there).\n", cfg.MailDir)
	}
	if cfg.DemoData {
		if d, err := demo.Read(cfg.DemoDir); err == nil {
			fmt.Printf("Demo accounts (password %q for all, development only):\n", d.Password)
			for _, u := range d.Users {
				fmt.Printf("  %-12s %v %s\n", u.UserID, u.Roles, u.SchoolCode)
			}
		}
	}
	fmt.Println()
}

// serveMetrics answers /metrics on METRICS_ADDR (never the public port);
// a listener that cannot start is logged, not fatal.
func serveMetrics(ctx context.Context, a *app.App) {
	if a.Config.MetricsAddr == "" {
		return
	}
	go func() {
		if err := a.Metrics.Serve(ctx, a.Config.MetricsAddr); err != nil {
			slog.Error("metrics listener", "addr", a.Config.MetricsAddr, "err", err)
		}
	}()
}
