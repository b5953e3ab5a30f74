package competition

import (
	"sync"
	"time"
)

// Defaults of Service.
const (
	DefaultTTL    = time.Minute
	DefaultRecent = 30 * 24 * time.Hour
)

// CodeSchoolUnknown answers a school the service does not have.
const CodeSchoolUnknown = "competition.school_unknown"

// Service answers the competition pages. Its zero TTL and Recent are the
// defaults; Clock is the service's clock.
type Service struct {
	Ref     Reference
	Counter Counter
	Clock   func() time.Time
	TTL     time.Duration
	Recent  time.Duration

	mu    sync.Mutex
	pages map[string]*cached
}

// cached is a school's page and the lock its refresh holds, so that many
// asking at once wait for one count.
type cached struct {
	mu   sync.Mutex
	page *Page
}

func (s *Service) now() time.Time {
	if s.Clock != nil {
		return s.Clock()
	}
	return time.Now()
}

func orDefault(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
