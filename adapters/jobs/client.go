package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"github.com/gradapply/gradapply/adapters/postgres"
)

// RedisOpt parses REDIS_URL (redis://[:password@]host:port/db).
func RedisOpt(url string) (asynq.RedisConnOpt, error) {
	opt, err := asynq.ParseRedisURI(url)
	if err != nil {
		return nil, fmt.Errorf("jobs: REDIS_URL: %w", err)
	}
	return opt, nil
}

// Client puts tasks on the queue.
type Client struct {
	c     *asynq.Client
	queue string
}

// NewClient connects lazily: it succeeds while Redis is down.
func NewClient(redis asynq.RedisConnOpt, queue string) *Client {
	if queue == "" {
		queue = DefaultQueue
	}
	return &Client{c: asynq.NewClient(redis), queue: queue}
}

// Close releases the connections.
func (c *Client) Close() error { return c.c.Close() }

// Ping reports whether Redis answers (for the health endpoint).
func (c *Client) Ping() error { return c.c.Ping() }

// Enqueue puts a task on the client's queue. A task whose TaskID is already
// queued (or recently completed) counts as enqueued.
func (c *Client) Enqueue(ctx context.Context, task *asynq.Task, opts ...asynq.Option) error {
	opts = append([]asynq.Option{asynq.Queue(c.queue)}, opts...)
	_, err := c.c.EnqueueContext(ctx, task, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("jobs: enqueue %s: %w", task.Type(), err)
	}
	return nil
}

// OutboxTaskID is the asynq task id of an outbox row: "outbox-<id>-<created
// µs>". The creation time keeps ids apart when a database is recreated (tests,
// a reset development database) while Redis still remembers completed tasks
// of the old one, whose ids start again at 1; a bare "outbox-<id>" would
// then be taken for a duplicate and the mail silently dropped.
func OutboxTaskID(m postgres.OutboxMessage) string {
	return "outbox-" + strconv.FormatInt(m.ID, 10) + "-" + strconv.FormatInt(m.CreatedAt.UnixMicro(), 10)
}

// EnqueueOutbox relays one outbox row.
func (c *Client) EnqueueOutbox(ctx context.Context, m postgres.OutboxMessage) error {
	task := asynq.NewTask(m.TaskType, m.Payload, taskOptions(m.TaskType)...)
	return c.Enqueue(ctx, task, asynq.TaskID(OutboxTaskID(m)))
}

// SetRedisLogger sends go-redis's own messages (such as "failed to dial",
// repeated while Redis is down) to logger at debug level. It is process-wide.
func SetRedisLogger(logger *slog.Logger) {
	redis.SetLogger(redisLogger{logger})
}

type redisLogger struct{ l *slog.Logger }

func (r redisLogger) Printf(ctx context.Context, format string, v ...any) {
	r.l.DebugContext(ctx, fmt.Sprintf(format, v...), "component", "redis")
}
