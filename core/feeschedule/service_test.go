package feeschedule_test

import (
	"context"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/memstore"
	"github.com/gradapply/gradapply/core/permission"
)

func newService() (*feeschedule.Service, *memstore.Store) {
	s := memstore.New()
	s.SetSchools(application.School{SchoolCode: "236"}, application.School{SchoolCode: "SKKGSB"})
	return &feeschedule.Service{Store: memstore.FeeSchedules{Store: s}, Schools: memstore.Reference{Store: s},
		Log: memstore.AccessLog{Store: s}, Tx: s}, s
}

var (
	sysadmin = permission.Principal{UserID: "sys", Roles: []permission.Role{permission.RoleSysAdmin}}
	settle   = permission.Principal{UserID: "stlm", Roles: []permission.Role{permission.RoleSettleAdmin}}
	school   = permission.Principal{UserID: "sa", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: "236"}
)

func TestOnlySystemAdminsTouchFeeRules(t *testing.T) {
	t.Parallel()
	svc, _ := newService()
	ctx := context.Background()
	card := feeschedule.Draft{Method: "card", EffectiveFrom: "2026-01-01", Rate: "2.5"}
	for _, p := range []permission.Principal{settle, school, {}} {
		if _, err := svc.Add(ctx, p, "236", card); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%s adds: %v", p.UserID, err)
		}
		if _, err := svc.Rules(ctx, p, "236"); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%s lists: %v", p.UserID, err)
		}
		if _, err := svc.Change(ctx, p, "236.1", card); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%s changes: %v", p.UserID, err)
		}
		if _, err := svc.Remove(ctx, p, "236.1"); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%s removes: %v", p.UserID, err)
		}
	}
}

// Every change is audited with what it did; a refused one leaves no trace.
func TestFeeRuleChangesAreAudited(t *testing.T) {
	t.Parallel()
	svc, st := newService()
	ctx := context.Background()
	r, err := svc.Add(ctx, sysadmin, "236", feeschedule.Draft{Method: "card", EffectiveFrom: "2026-01-01", Rate: "2.5"})
	if err != nil || r.ID() != "236.1" {
		t.Fatalf("%+v %v", r, err)
	}
	if _, err := svc.Add(ctx, sysadmin, "236", feeschedule.Draft{Method: "card", EffectiveFrom: "2026-01-01", Rate: "3"}); apperr.KindOf(err) != apperr.KindInvalid {
		t.Fatalf("duplicate: %v", err)
	}
	_, err = svc.Add(ctx, sysadmin, "999", feeschedule.Draft{Method: "card", EffectiveFrom: "2026-01-01", Rate: "3"})
	if e, ok := apperr.As(err); !ok || len(e.Fields) != 1 || e.Fields[0].Field != "schoolCode" {
		t.Fatalf("unknown school: %v", err)
	}
	if _, err := svc.Change(ctx, sysadmin, "236.1", feeschedule.Draft{Method: "card", EffectiveFrom: "2026-01-01", Rate: "2.2"}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Remove(ctx, sysadmin, "236.1"); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"236.1", "236", "236.x", ".1", "SKKGSB.1"} {
		if _, err := svc.Remove(ctx, sysadmin, id); apperr.KindOf(err) != apperr.KindNotFound {
			t.Errorf("remove %q: %v", id, err)
		}
	}
	logged := st.Logged()
	want := []string{"sys feerule.add 236.1", "sys feerule.change 236.1", "sys feerule.remove 236.1"}
	if len(logged) != len(want) {
		t.Fatalf("audit %v", logged)
	}
	for i, w := range want {
		if logged[i].String() != w {
			t.Errorf("audit %d: %s, want %s", i, logged[i], w)
		}
	}
	if d := logged[0].Detail; d["method"] != "card" || d["effectiveFrom"] != "2026-01-01" || d["rateBp"] != int64(250) || d["fixed"] != "KRW 0" {
		t.Errorf("add detail %v", d)
	}
	if d := logged[1].Detail; d["before"].(map[string]any)["rateBp"] != int64(250) || d["after"].(map[string]any)["rateBp"] != int64(220) {
		t.Errorf("change detail %v", d)
	}
}

func TestListRules(t *testing.T) {
	t.Parallel()
	svc, _ := newService()
	ctx := context.Background()
	for _, c := range []struct {
		school string
		d      feeschedule.Draft
	}{
		{"SKKGSB", feeschedule.Draft{Method: "paypal", EffectiveFrom: "2026-01-01", Rate: "4.4", Fixed: "0.30"}},
		{"236", feeschedule.Draft{Method: "vbank", EffectiveFrom: "2026-01-01", Fixed: "300"}},
		{"236", feeschedule.Draft{Method: "card", EffectiveFrom: "2026-01-01", Rate: "2.5"}},
	} {
		if _, err := svc.Add(ctx, sysadmin, c.school, c.d); err != nil {
			t.Fatal(err)
		}
	}
	all, err := svc.Rules(ctx, sysadmin, "")
	if err != nil || len(all) != 3 || all[0].ID() != "236.2" || all[1].ID() != "236.1" || all[2].ID() != "SKKGSB.1" {
		t.Fatalf("%+v %v", all, err)
	}
	one, err := svc.Rules(ctx, sysadmin, "SKKGSB")
	if err != nil || len(one) != 1 {
		t.Fatalf("%+v %v", one, err)
	}
	none, err := svc.Rules(ctx, sysadmin, "X")
	if err != nil || len(none) != 0 {
		t.Fatalf("%+v %v", none, err)
	}
	r, err := svc.Rule(ctx, sysadmin, "236.2")
	if err != nil || r.Method() != feeschedule.Card {
		t.Fatalf("%+v %v", r, err)
	}
}
