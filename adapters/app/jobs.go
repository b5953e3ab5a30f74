package app

import (
	"context"
	"fmt"
	"log/slog"
	"sync"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/redis/go-redis/v9"

	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/mailer"
)

// Jobs is the running relay and (optionally) worker.
type Jobs struct {
	cancel context.CancelFunc
	wg     sync.WaitGroup
	client *jobs.Client
}

// Stop ends the relay and lets the worker finish what it holds.
func (j *Jobs) Stop() {
	j.cancel()
	j.wg.Wait()
	_ = j.client.Close()
}

// MailSender builds the configured mail transport.
func MailSender(cfg config.Config) (mailer.Sender, error) {
	tls, err := mailer.ParseTLSPolicy(cfg.SMTPTLS)
	if err != nil {
		return nil, err
	}
	return mailer.New(mailer.Config{Transport: cfg.MailTransport, From: cfg.MailFrom, Dir: cfg.MailDir,
		SMTP: mailer.SMTPConfig{Host: cfg.SMTPHost, Port: cfg.SMTPPort, Username: cfg.SMTPUsername,
			Password: cfg.SMTPPassword, TLS: tls}}, slog.Default())
}

// StartJobs runs the outbox relay and, when withWorker, the asynq worker
// that sends mail. Neither needs Redis to be up at start.
func (a *App) StartJobs(ctx context.Context, withWorker bool) (*Jobs, error) {
	ropt, err := jobs.RedisOpt(a.Config.RedisURL)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	j := &Jobs{cancel: cancel, client: jobs.NewClient(ropt, a.Config.JobQueue)}
	relay := jobs.NewRelay(a.DB, j.client, jobs.RelayConfig{})
	j.wg.Add(1)
	go func() {
		defer j.wg.Done()
		_ = relay.Run(ctx)
	}()
	if withWorker {
		sender, err := MailSender(a.Config)
		if err != nil {
			cancel()
			return nil, err
		}
		mux := jobs.NewServeMuxWith(&jobs.MailHandler{Sender: sender, Codec: a.MailCodec, Logger: slog.Default(), Delivered: a.recommendDelivered,
			Sent: a.Metrics.MailSent, Outcome: a.mailOutcome})
		jobs.HandlePay(mux, a.Pay, slog.Default())
		periodic, err := a.Periodic()
		if err != nil {
			cancel()
			return nil, err
		}
		jobs.HandlePeriodic(mux, periodic, slog.Default())
		w := jobs.NewWorker(jobs.WorkerConfig{Redis: ropt, Queue: a.Config.JobQueue, Concurrency: a.Config.WorkerConcurrency}, mux)
		sched := asynq.NewScheduler(ropt, &asynq.SchedulerOpts{Logger: jobs.SlogLogger(slog.Default())})
		if err := jobs.PaySchedule(sched, a.Config.JobQueue); err != nil {
			cancel()
			return nil, err
		}
		if err := jobs.SchedulePeriodic(sched, a.Config.JobQueue, periodic); err != nil {
			cancel()
			return nil, err
		}
		j.wg.Add(1)
		go func() {
			defer j.wg.Done()
			if err := sched.Start(); err != nil {
				slog.Error("scheduler not started", "err", err)
				return
			}
			<-ctx.Done()
			sched.Shutdown()
		}()
		j.wg.Add(1)
		go func() {
			defer j.wg.Done()
			if err := w.Run(ctx); err != nil {
				slog.Error("worker stopped", "err", err)
			}
		}()
	}
	return j, nil
}

// CheckServices says in one line which service cannot be reached and how
// to start it.
func CheckServices(ctx context.Context, cfg config.Config) error {
	pc, err := pgx.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return fmt.Errorf("DATABASE_URL is not valid: %v", err)
	}
	pc.Database = "postgres"
	conn, err := pgx.ConnectConfig(ctx, pc)
	if err != nil {
		return fmt.Errorf("PostgreSQL is not reachable at %s:%d — start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start", pc.Host, pc.Port)
	}
	_ = conn.Close(ctx)
	ro, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return fmt.Errorf("REDIS_URL is not valid: %v", err)
	}
	ro.MaxRetries = -1
	rc := redis.NewClient(ro)
	defer rc.Close()
	if err := rc.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("redis is not reachable at %s — start it with: redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save \"\" --appendonly no", ro.Addr)
	}
	return nil
}

// mailOutcome notes on the mail's outbox row what the mail server did, for
// the member's mail list (support tools).
func (a *App) mailOutcome(ctx context.Context, taskID string, err error) error {
	id, ok := jobs.OutboxID(taskID)
	if !ok {
		return nil
	}
	return a.DB.NoteMailSend(ctx, id, err)
}
