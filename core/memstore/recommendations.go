package memstore

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/recommendation"
)

// Recommendations is the store of recommendation requests, recommenders'
// profiles and letter templates.
type Recommendations struct{ *Store }

var (
	_ recommendation.Store     = Recommendations{}
	_ recommendation.Profiles  = Recommendations{}
	_ recommendation.Templates = Recommendations{}
)

type tplKey struct {
	round   application.RoundKey
	version int
}

type recData struct {
	next      int64
	reqs      map[int64]recommendation.Req
	profiles  map[string]recommendation.Profile
	templates map[tplKey]recommendation.Template
}

func (r *recData) clone() *recData {
	if r == nil {
		return &recData{reqs: map[int64]recommendation.Req{}, profiles: map[string]recommendation.Profile{}, templates: map[tplKey]recommendation.Template{}}
	}
	return &recData{next: r.next, reqs: maps.Clone(r.reqs), profiles: maps.Clone(r.profiles), templates: maps.Clone(r.templates)}
}

// rec gives the transaction's recommendation tables (made on first use).
func (d *data) rec() *recData {
	if d.recs == nil {
		d.recs = (*recData)(nil).clone()
	}
	return d.recs
}

// Add numbers and stores the request fn makes from the application's live
// requests; the store's one lock stands for the application row's.
func (s Recommendations) Add(ctx context.Context, applNo int64, fn func(live []recommendation.Req) (*recommendation.Req, error)) (recommendation.Req, error) {
	var out recommendation.Req
	err := s.InTx(ctx, func(ctx context.Context) error {
		if err := s.do(ctx, func(d *data) error { return d.needApp(applNo) }); err != nil {
			return err
		}
		live, err := s.ForApplication(ctx, applNo)
		if err != nil {
			return err
		}
		r, err := fn(live)
		if err != nil {
			return err
		}
		if r.ApplNo() != applNo {
			return fmt.Errorf("memstore: request of application %d added to %d", r.ApplNo(), applNo)
		}
		return s.do(ctx, func(d *data) error {
			if err := d.keysFree(0, r.KeyHashes()); err != nil {
				return err
			}
			rd := d.rec()
			x := r.Data()
			x.No = rd.next + 1
			stored, err := recommendation.UnmarshalReqFromDatabase(x)
			if err != nil {
				return err
			}
			rd.next++
			rd.reqs[x.No] = stored
			out = stored
			return nil
		})
	})
	return out, err
}

// keysFree refuses key hashes another request than no holds (the unique
// index of the key column).
func (d *data) keysFree(no int64, hashes []string) error {
	for n, o := range d.rec().reqs {
		if n != no && slices.ContainsFunc(hashes, o.HasKey) {
			return apperr.Conflict(recommendation.CodeKeyInvalid)
		}
	}
	return nil
}

// Get answers one request.
func (s Recommendations) Get(ctx context.Context, no int64) (recommendation.Req, error) {
	var out recommendation.Req
	err := s.do(ctx, func(d *data) error {
		r, ok := d.rec().reqs[no]
		if !ok {
			return apperr.NotFound(recommendation.CodeNoRequest)
		}
		out = r
		return nil
	})
	return out, err
}

// ByKey answers the request holding a key hash.
func (s Recommendations) ByKey(ctx context.Context, hash string) (recommendation.Req, error) {
	return s.one(ctx, func(r recommendation.Req) bool { return r.HasKey(hash) })
}

func (s Recommendations) one(ctx context.Context, match func(recommendation.Req) bool) (recommendation.Req, error) {
	list, err := s.filter(ctx, match)
	if err != nil {
		return recommendation.Req{}, err
	}
	if len(list) == 0 {
		return recommendation.Req{}, apperr.NotFound(recommendation.CodeNoRequest)
	}
	return list[0], nil
}

// filter answers the requests matching, by number. A Req is never changed
// in place (its methods replace what they change), so the stored values
// are handed out as they are.
func (s Recommendations) filter(ctx context.Context, match func(recommendation.Req) bool) ([]recommendation.Req, error) {
	var out []recommendation.Req
	err := s.do(ctx, func(d *data) error {
		for _, r := range d.rec().reqs {
			if match(r) {
				out = append(out, r)
			}
		}
		return nil
	})
	slices.SortFunc(out, func(a, b recommendation.Req) int { return cmp.Compare(a.No(), b.No()) })
	return out, err
}

// ForApplication lists an application's live requests.
func (s Recommendations) ForApplication(ctx context.Context, applNo int64) ([]recommendation.Req, error) {
	return s.filter(ctx, func(r recommendation.Req) bool { return r.ApplNo() == applNo && !r.Cancelled() })
}

// ForEmail lists the live requests to an address.
func (s Recommendations) ForEmail(ctx context.Context, email string) ([]recommendation.Req, error) {
	return s.filter(ctx, func(r recommendation.Req) bool { return r.Email() == email && !r.Cancelled() })
}

// Unfinished lists the live requests not completed.
func (s Recommendations) Unfinished(ctx context.Context) ([]recommendation.Req, error) {
	return s.filter(ctx, func(r recommendation.Req) bool { return !r.Cancelled() && r.Status() != recommendation.Completed })
}

// UsesTemplate reports whether a request of the round was opened on a version.
func (s Recommendations) UsesTemplate(ctx context.Context, k application.RoundKey, version int) (bool, error) {
	list, err := s.filter(ctx, func(r recommendation.Req) bool { return r.Round() == k && r.UsesTemplate(version) })
	return len(list) > 0, err
}

// Update changes one request in a transaction.
func (s Recommendations) Update(ctx context.Context, no int64, fn func(ctx context.Context, r *recommendation.Req) error) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		r, err := s.Get(ctx, no)
		if err != nil {
			return err
		}
		if err := fn(ctx, &r); err != nil {
			return err
		}
		if !r.Changed() {
			return nil
		}
		return s.do(ctx, func(d *data) error {
			if err := d.keysFree(no, r.KeyHashes()); err != nil {
				return err
			}
			x := r.Data()
			x.No = no
			stored, err := recommendation.UnmarshalReqFromDatabase(x)
			if err != nil {
				return err
			}
			d.rec().reqs[no] = stored
			return nil
		})
	})
}

// Profile answers a recommender's saved details.
func (s Recommendations) Profile(ctx context.Context, email string) (recommendation.Profile, bool, error) {
	var p recommendation.Profile
	var ok bool
	err := s.do(ctx, func(d *data) error { p, ok = d.rec().profiles[email]; return nil })
	return p, ok, err
}

// PutProfile saves a recommender's details.
func (s Recommendations) PutProfile(ctx context.Context, p recommendation.Profile) error {
	return s.do(ctx, func(d *data) error { d.rec().profiles[p.Email] = p; return nil })
}

// Latest answers the highest version of a round's template.
func (s Recommendations) Latest(ctx context.Context, k application.RoundKey) (recommendation.Template, bool, error) {
	var out recommendation.Template
	var ok bool
	err := s.do(ctx, func(d *data) error {
		for key, t := range d.rec().templates {
			if key.round == k && (!ok || t.Version > out.Version) {
				out, ok = t, true
			}
		}
		return nil
	})
	return cloneTemplate(out), ok, err
}

// Version answers one version of a round's template.
func (s Recommendations) Version(ctx context.Context, k application.RoundKey, v int) (recommendation.Template, error) {
	var out recommendation.Template
	err := s.do(ctx, func(d *data) error {
		t, ok := d.rec().templates[tplKey{k, v}]
		if !ok {
			return apperr.NotFound(recommendation.CodeNoRequest)
		}
		out = t
		return nil
	})
	return cloneTemplate(out), err
}

// PutTemplate writes a template version.
func (s Recommendations) PutTemplate(ctx context.Context, t recommendation.Template) error {
	return s.do(ctx, func(d *data) error { d.rec().templates[tplKey{t.Round, t.Version}] = cloneTemplate(t); return nil })
}

func cloneTemplate(t recommendation.Template) recommendation.Template {
	t.Questions = slices.Clone(t.Questions)
	return t
}
