package privacy

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/port"
)

// Store applies retention to the records this build holds. Expire does
// action to the records of kind k whose retention started at or before
// cutoff and that it has not already done it to, and answers how many it
// changed, how many records of the kind stay (not yet due), and the stored
// files (names in the file store) that belonged to what it removed.
type Store interface {
	Holds(k Kind) bool
	Expire(ctx context.Context, k Kind, cutoff time.Time, action Action) (ExpireResult, error)
}

// ExpireResult is what Expire did for one kind.
type ExpireResult struct {
	Done  int
	Kept  int
	Files []string
}

// Files removes stored files.
type Files interface {
	Delete(ctx context.Context, name string) error
}

// Clock tells the time.
type Clock interface{ Now() time.Time }

// Job is the retention job (seed section 9, decisions.md "Retention"):
// for every kind of record, what has expired is deleted or anonymised,
// once; a second run the same day finds nothing left to do.
type Job struct {
	Policy Policy
	Store  Store
	Files  Files
	Audit  port.AuditLog
	Clock  Clock
}

// KindReport is what one run did to one kind.
type KindReport struct {
	Kind   Kind
	Action Action
	Cutoff string // records that started before this are due
	Done   int
	Kept   int
	Held   bool // false: this build stores no records of the kind
}

// audit is the report as the audit log's entry of the run holds it.
func (r KindReport) audit() map[string]any {
	d := map[string]any{"kind": r.Kind, "action": r.Action, "done": r.Done, "kept": r.Kept, "held": r.Held}
	if r.Cutoff != "" {
		d["cutoff"] = r.Cutoff
	}
	return d
}

// Run applies the policy now and records the run, with each kind's
// figures, in the audit log.
func (j Job) Run(ctx context.Context) ([]KindReport, error) {
	now := j.Clock.Now()
	var out []KindReport
	for _, k := range Kinds {
		r := j.Policy[k]
		kr := KindReport{Kind: k, Action: r.AtExpiry, Held: j.Store.Holds(k)}
		cutoff, ok, err := j.Policy.Cutoff(k, now)
		if err != nil {
			return out, err
		}
		if ok {
			kr.Cutoff = cutoff.Format(time.RFC3339)
		}
		if kr.Held {
			if !ok {
				cutoff, kr.Action = time.Time{}, Keep
			}
			res, err := j.Store.Expire(ctx, k, cutoff, kr.Action)
			if err != nil {
				return out, err
			}
			kr.Done, kr.Kept = res.Done, res.Kept
			for _, f := range res.Files {
				if err := j.Files.Delete(ctx, f); err != nil {
					return out, err
				}
			}
		}
		out = append(out, kr)
	}
	kinds := make([]map[string]any, len(out))
	for i, kr := range out {
		kinds[i] = kr.audit()
	}
	return out, j.Audit.Record(ctx, "system", "job.retention", "retention",
		map[string]any{"at": now.UTC().Format(time.RFC3339), "kinds": kinds})
}

// Kinds lists every kind, in the order of seed section 9.
var Kinds = []Kind{Application, Academic, Consignment, Payment, Contract, Complaint, WebVisit, RejectedApplicant, ApplicantList, AccessLog}
