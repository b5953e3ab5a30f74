package feeschedule

import (
	"context"
	"strconv"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
)

// Service is the fee-rule pages of the back office: system admins list,
// add, change and remove rules; each change is audited in the transaction
// that makes it.
type Service struct {
	Store   Store
	Schools Schools
	Log     port.AuditLog
	Tx      port.Tx
}

// SchoolRule is a rule with its school, as the pages list it.
type SchoolRule struct {
	School string
	Rule
}

// ID is the rule's id in the pages: school code, a dot, rule number.
func (r SchoolRule) ID() string { return r.School + "." + strconv.Itoa(r.No()) }

// ParseID reads an id made by SchoolRule.ID.
func ParseID(id string) (school string, no int, err error) {
	i := strings.LastIndexByte(id, '.')
	if i <= 0 {
		return "", 0, apperr.NotFound(CodeNotFound)
	}
	no, err = strconv.Atoi(id[i+1:])
	if err != nil || no <= 0 {
		return "", 0, apperr.NotFound(CodeNotFound)
	}
	return id[:i], no, nil
}

func allowed(p permission.Principal) error {
	if !permission.Can(p, permission.FeeRuleManage, "") {
		return apperr.Forbidden("auth.forbidden")
	}
	return nil
}

// knownSchool refuses a school the service does not have.
func (s *Service) knownSchool(ctx context.Context, school string) error {
	list, err := s.Schools.Schools(ctx)
	if err != nil {
		return err
	}
	for _, x := range list {
		if x.SchoolCode == school {
			return nil
		}
	}
	var f apperr.Fields
	f.Add("schoolCode", CodeSchool)
	return f.Err()
}

func auditDetail(r Rule) map[string]any {
	return map[string]any{"method": string(r.method), "effectiveFrom": r.Date(), "rateBp": r.rateBP, "fixed": r.fixed.String()}
}

// change runs one audited change of a school's schedule in one transaction.
func (s *Service) change(ctx context.Context, p permission.Principal, school, action string, fn func(sc *Schedule) (Rule, map[string]any, error)) (SchoolRule, error) {
	var out SchoolRule
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		var detail map[string]any
		err := s.Store.Update(ctx, school, func(sc *Schedule) error {
			r, d, err := fn(sc)
			out, detail = SchoolRule{School: school, Rule: r}, d
			return err
		})
		if err != nil {
			return err
		}
		if s.Log == nil {
			return nil
		}
		return s.Log.Record(ctx, p.UserID, action, out.ID(), detail)
	})
	return out, err
}
