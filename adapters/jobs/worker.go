package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/hibiken/asynq"
)

// WorkerConfig configures the asynq server.
type WorkerConfig struct {
	Redis       asynq.RedisConnOpt
	Queue       string // default DefaultQueue; must match the Client's
	Concurrency int    // default 10
	// ShutdownTimeout is how long running tasks get to finish; default 10 s.
	// Tasks still running then go back to the queue.
	ShutdownTimeout time.Duration
	// PollInterval is how often an idle worker looks for tasks; default 1 s
	// (asynq's TaskCheckInterval).
	PollInterval time.Duration
	Logger       *slog.Logger
}

// Worker runs task handlers on an asynq server.
type Worker struct {
	srv     *asynq.Server
	handler asynq.Handler
}

// NewWorker builds a worker; Run starts it.
func NewWorker(cfg WorkerConfig, handler asynq.Handler) *Worker {
	if cfg.Queue == "" {
		cfg.Queue = DefaultQueue
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 10
	}
	if cfg.ShutdownTimeout <= 0 {
		cfg.ShutdownTimeout = 10 * time.Second
	}
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	log = log.With("component", "worker")
	srv := asynq.NewServer(cfg.Redis, asynq.Config{
		Concurrency:       cfg.Concurrency,
		Queues:            map[string]int{cfg.Queue: 1},
		ShutdownTimeout:   cfg.ShutdownTimeout,
		TaskCheckInterval: cfg.PollInterval,
		Logger:            slogAdapter{log},
		LogLevel:          asynq.WarnLevel,
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			retried, _ := asynq.GetRetryCount(ctx)
			maxRetry, _ := asynq.GetMaxRetry(ctx)
			id, _ := asynq.GetTaskID(ctx)
			if retried >= maxRetry {
				log.ErrorContext(ctx, "task failed for good; archived", "type", t.Type(), "task", id, "err", err)
			}
		}),
	})
	return &Worker{srv: srv, handler: handler}
}

// Run processes tasks until ctx ends, then shuts down gracefully: no new
// tasks, running ones get ShutdownTimeout. It does not need Redis to start;
// it keeps trying to reach it.
func (w *Worker) Run(ctx context.Context) error {
	if err := w.srv.Start(w.handler); err != nil {
		return fmt.Errorf("jobs: worker: %w", err)
	}
	<-ctx.Done()
	w.srv.Shutdown()
	return nil
}

// slogAdapter lets asynq log through slog.
type slogAdapter struct{ l *slog.Logger }

func (a slogAdapter) Debug(args ...any) { a.l.Debug(fmt.Sprint(args...)) }
func (a slogAdapter) Info(args ...any)  { a.l.Info(fmt.Sprint(args...)) }
func (a slogAdapter) Warn(args ...any)  { a.l.Warn(fmt.Sprint(args...)) }
func (a slogAdapter) Error(args ...any) { a.l.Error(fmt.Sprint(args...)) }
func (a slogAdapter) Fatal(args ...any) {
	a.l.Error(fmt.Sprint(args...))
	os.Exit(1)
}

// SlogLogger lets other asynq parts (the scheduler) log through slog.
func SlogLogger(l *slog.Logger) asynq.Logger { return slogAdapter{l} }
