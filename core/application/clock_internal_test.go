package application

import (
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/window"
)

// Without a clock the service uses the real time.
func TestSystemClock(t *testing.T) {
	t.Parallel()
	real := time.Now()
	s := &Service{}
	around := Round{Windows: []window.Window{{Kind: window.Submit, Start: real.Add(-time.Hour), End: real.Add(time.Hour)}}}
	past := Round{Windows: []window.Window{{Kind: window.Submit, Start: real.AddDate(-2, 0, 0), End: real.AddDate(-1, 0, 0)}}}
	if !s.view(around, s.now()).SubmitOpen || s.view(past, s.now()).SubmitOpen {
		t.Fatal("the real clock is not used")
	}
}
