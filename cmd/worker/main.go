// Command worker relays the outbox to the queue and runs the jobs (mail),
// for deployments that keep them out of the server process
// (RUN_WORKER=false there).
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/gradapply/gradapply/adapters/app"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/jobs"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("worker: config", "err", err)
		os.Exit(1)
	}
	slog.SetDefault(cfg.Logger())
	jobs.SetRedisLogger(slog.Default())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg.DemoData = false
	a, err := app.Build(ctx, cfg, app.Options{})
	if err != nil {
		slog.Error("worker: start", "err", err)
		os.Exit(1)
	}
	defer a.Close()
	j, err := a.StartJobs(ctx, true)
	if err != nil {
		slog.Error("worker: start jobs", "err", err)
		os.Exit(1)
	}
	if cfg.MetricsAddr != "" {
		go func() {
			if err := a.Metrics.Serve(ctx, cfg.MetricsAddr); err != nil {
				slog.Error("worker: metrics listener", "addr", cfg.MetricsAddr, "err", err)
			}
		}()
	}
	slog.Info("worker running")
	<-ctx.Done()
	j.Stop()
	slog.Info("worker stopped")
}
