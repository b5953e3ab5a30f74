package account

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
)

// Member management of the back office (issue 13): user/management (status
// and the membership terms of spec section 4) and auth/list (roles). Only a
// system admin manages members and roles (permission.UserManage,
// permission.AuthManage). Every change revokes the member's sessions
// (decisions.md "A role change revokes the member's sessions"), is written
// to the audit log and, for the membership terms, mailed to the member.

// Sanction kinds (spec section 4 "Membership terms": limited, suspended or
// ended).
//   - LIMIT: a notice to fix the cause within FixDays; the member keeps
//     signing in. Staff mark it fixed (MarkFixed); one not fixed by the
//     end of its FixBy day ends membership (RunFixPeriod, a scheduled job).
//   - SUSPEND: the member may not sign in (status INACTIVE) until staff
//     restore them. A suspension after an earlier one ends membership.
//   - END: loss of membership (status WITHDRAW, final).
const (
	SanctionLimit   = "LIMIT"
	SanctionSuspend = "SUSPEND"
	SanctionEnd     = "END"
)

// Sanction causes.
const (
	CauseFalseInfo  = "FALSE_INFO"
	CauseDisruption = "DISRUPTION"
	CauseOther      = "OTHER"
)

// FixDays is the time a limited member has to fix the cause.
const FixDays = 10

// Member-management codes.
const (
	CodeSanctionUnknown = "account.sanction_unknown"
	CodeCauseUnknown    = "account.cause_unknown"
	CodeNoteRequired    = "account.note_required"
	CodeNoteTooLong     = "account.note_too_long"
	CodeLastSysAdmin    = "account.last_sysadmin" // the last system admin keeps the role
	CodeSchoolRequired  = "account.school_required"
	CodeSchoolNotBound  = "account.school_not_needed"
	CodeRoleUnknown     = "account.role_unknown"
	CodeSelfChange      = "account.self_change" // staff do not suspend or demote themselves
	CodeUserNotFound    = "user.not_found"
)

// MaxNote is the longest note on a sanction or status change.
const MaxNote = 500

// Resolutions of a LIMIT.
const (
	ResolutionFixed = "FIXED" // staff saw the cause fixed in time
	ResolutionEnded = "ENDED" // not fixed in time: membership ended
)

// Sanction is one membership measure, as stored.
type Sanction struct {
	ID        int64 // given by the store
	UserPK    int64
	Kind      string
	Cause     string
	Note      string
	FixBy     string // LIMIT: yyyy-MM-dd (Asia/Seoul)
	By        string // staff user id
	CreatedAt time.Time
	// ResolvedAt and Resolution close a LIMIT (nil and "" while open).
	ResolvedAt *time.Time
	Resolution string
}

// Open reports whether s is a LIMIT still waiting for its fix.
func (s Sanction) Open() bool { return s.Kind == SanctionLimit && s.ResolvedAt == nil }

// Members are the stores member management writes to.
type Members interface {
	// SetStatus changes an account's status and revokes its tokens.
	SetStatus(ctx context.Context, pk int64, st Status) error
	// SetRoles replaces an account's roles and school binding and revokes
	// its tokens.
	SetRoles(ctx context.Context, pk int64, roles []permission.Role, school string) error
	// CountRole counts the ACTIVE accounts holding a role.
	CountRole(ctx context.Context, r permission.Role) (int, error)
	AddSanction(ctx context.Context, s Sanction) error
	// Sanctions lists an account's measures, oldest first.
	Sanctions(ctx context.Context, pk int64) ([]Sanction, error)
	// OverdueLimits lists the open LIMITs whose FixBy day is before day
	// (yyyy-MM-dd), oldest first.
	OverdueLimits(ctx context.Context, day string) ([]Sanction, error)
	// Resolve closes an open LIMIT; ok is false when it was resolved
	// already (another run or staff got there first).
	Resolve(ctx context.Context, id int64, resolution string, at time.Time) (ok bool, err error)
	// SchoolExists reports whether a school code is known.
	SchoolExists(ctx context.Context, code string) (bool, error)
}

// DecideSanction applies the membership terms to a measure: a suspension
// of a member suspended before ends membership (spec section 4: "a repeat
// after suspension ... leads to loss of membership"). It answers the
// measure taken and the status it leaves the member in.
func DecideSanction(kind string, history []Sanction) (string, Status) {
	if kind == SanctionSuspend && slices.ContainsFunc(history, func(s Sanction) bool { return s.Kind == SanctionSuspend }) {
		kind = SanctionEnd
	}
	switch kind {
	case SanctionSuspend:
		return kind, StatusInactive
	case SanctionEnd:
		return kind, StatusWithdraw
	}
	return kind, StatusActive
}

func checkNote(note string, required bool) (string, error) {
	note = strings.TrimSpace(note)
	var f apperr.Fields
	switch {
	case required && note == "":
		f.Add("note", CodeNoteRequired)
	case utf8.RuneCountInString(note) > MaxNote:
		f.AddParam("note", CodeNoteTooLong, "max", MaxNote)
	}
	return note, f.Err()
}

// MemberDetail is one account for user/management, with its measures.
type MemberDetail struct {
	User      User
	Sanctions []Sanction
}

// ListMembers is user/management and auth/list: every account (staff
// included), for a system admin. The list is logged.
func (s *Service) ListMembers(ctx context.Context, p permission.Principal, a permission.Action, q ListQuery, from string) ([]User, int, error) {
	if (a != permission.UserManage && a != permission.AuthManage) || !permission.Can(p, a, "") {
		return nil, 0, apperr.Forbidden("auth.forbidden")
	}
	q.Member, q.AppliedTo = "", ""
	if q.Limit <= 0 || q.Limit > 100 {
		q.Limit = 10
	}
	q.Offset = max(q.Offset, 0)
	users, total, err := s.Users.List(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	ids := make([]string, len(users))
	for i, u := range users {
		ids[i] = u.UserID
	}
	err = s.Access.Record(ctx, AccessEntry{Actor: p.UserID, Action: "member.list", Target: "users",
		Detail: map[string]any{"userIds": ids, "search": q.Search}, From: from})
	return users, total, err
}

// Member is one account with its measures, for a system admin.
func (s *Service) Member(ctx context.Context, p permission.Principal, a permission.Action, userID string, from string) (MemberDetail, error) {
	if (a != permission.UserManage && a != permission.AuthManage) || !permission.Can(p, a, "") {
		return MemberDetail{}, apperr.Forbidden("auth.forbidden")
	}
	u, err := s.Users.ByUserID(ctx, userID)
	if err != nil {
		return MemberDetail{}, err
	}
	list, err := s.Members.Sanctions(ctx, u.PK)
	if err != nil {
		return MemberDetail{}, err
	}
	err = s.Access.Record(ctx, AccessEntry{Actor: p.UserID, Action: "member.read", Target: u.UserID, From: from})
	return MemberDetail{User: u, Sanctions: list}, err
}

// StatusChange is a system admin setting a member's status.
type StatusChange struct {
	Status Status
	Cause  string
	Note   string
}

// SetStatus sets a member's status (ACTIVE and INACTIVE into each other,
// either into WITHDRAW), revokes their sessions, logs it and mails them.
func (s *Service) SetStatus(ctx context.Context, p permission.Principal, userID string, c StatusChange, from string) (User, error) {
	if !permission.Can(p, permission.UserManage, "") {
		return User{}, apperr.Forbidden("auth.forbidden")
	}
	note, err := checkNote(c.Note, true)
	if err != nil {
		return User{}, err
	}
	cause, err := checkCause(c.Cause)
	if err != nil {
		return User{}, err
	}
	var out User
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		u, err := s.Users.ByUserID(ctx, userID)
		if err != nil {
			return err
		}
		pk := u.PK
		if u.UserID == p.UserID {
			return apperr.Conflict(CodeSelfChange)
		}
		if err := CheckStatusChange(u.Status, c.Status); err != nil {
			return err
		}
		if err := s.keepSysAdmin(ctx, u, c.Status, u.Roles); err != nil {
			return err
		}
		if err := s.Members.SetStatus(ctx, pk, c.Status); err != nil {
			return err
		}
		if err := s.Access.Record(ctx, AccessEntry{Actor: p.UserID, Action: "member.status", Target: u.UserID,
			Detail: map[string]any{"from": string(u.Status), "to": string(c.Status), "cause": cause, "note": note}, From: from}); err != nil {
			return err
		}
		action := SanctionLimit
		switch c.Status {
		case StatusActive:
			action = "ACTIVE"
		case StatusInactive:
			action = SanctionSuspend
		case StatusWithdraw:
			action = SanctionEnd
		}
		u.Status = c.Status
		out = u
		return s.Mailer.Queue(ctx, locale(u.Locale), u.Email, membershipNotice(u.UserID, action, cause, note, ""))
	})
	return out, err
}

func checkCause(c string) (string, error) {
	switch c {
	case CauseFalseInfo, CauseDisruption, CauseOther:
		return c, nil
	case "":
		return CauseOther, nil
	}
	var f apperr.Fields
	f.Add("cause", CodeCauseUnknown)
	return "", f.Err()
}

// SanctionInput is a system admin limiting, suspending or ending a
// membership.
type SanctionInput struct {
	Kind  string
	Cause string
	Note  string
}

// Sanction takes a membership measure (DecideSanction), sets the status it
// means, revokes the member's sessions, logs it and mails the member.
func (s *Service) Sanction(ctx context.Context, p permission.Principal, userID string, in SanctionInput, from string) (Sanction, error) {
	if !permission.Can(p, permission.UserManage, "") {
		return Sanction{}, apperr.Forbidden("auth.forbidden")
	}
	var f apperr.Fields
	if in.Kind != SanctionLimit && in.Kind != SanctionSuspend && in.Kind != SanctionEnd {
		f.Add("kind", CodeSanctionUnknown)
	}
	if in.Cause != CauseFalseInfo && in.Cause != CauseDisruption && in.Cause != CauseOther {
		f.Add("cause", CodeCauseUnknown)
	}
	note := strings.TrimSpace(in.Note)
	switch {
	case note == "":
		f.Add("note", CodeNoteRequired)
	case utf8.RuneCountInString(note) > MaxNote:
		f.AddParam("note", CodeNoteTooLong, "max", MaxNote)
	}
	if err := f.Err(); err != nil {
		return Sanction{}, err
	}
	var out Sanction
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		u, err := s.Users.ByUserID(ctx, userID)
		if err != nil {
			return err
		}
		pk := u.PK
		if u.UserID == p.UserID {
			return apperr.Conflict(CodeSelfChange)
		}
		if u.Status == StatusWithdraw {
			return apperr.Conflict(CodeStatusChange)
		}
		history, err := s.Members.Sanctions(ctx, pk)
		if err != nil {
			return err
		}
		kind, st := DecideSanction(in.Kind, history)
		if err := s.keepSysAdmin(ctx, u, st, u.Roles); err != nil {
			return err
		}
		now := s.Clock.Now()
		sc := Sanction{UserPK: pk, Kind: kind, Cause: in.Cause, Note: note, By: p.UserID, CreatedAt: now}
		if kind == SanctionLimit {
			sc.FixBy = now.In(seoul).AddDate(0, 0, FixDays).Format(time.DateOnly)
		}
		if err := s.Members.AddSanction(ctx, sc); err != nil {
			return err
		}
		if st != u.Status {
			if err := s.Members.SetStatus(ctx, pk, st); err != nil {
				return err
			}
		} else if err := s.Users.RevokeAll(ctx, pk); err != nil {
			return err
		}
		if err := s.Access.Record(ctx, AccessEntry{Actor: p.UserID, Action: "member.sanction", Target: u.UserID,
			Detail: map[string]any{"kind": kind, "asked": in.Kind, "cause": in.Cause, "note": note, "fixBy": sc.FixBy}, From: from}); err != nil {
			return err
		}
		out = sc
		return s.Mailer.Queue(ctx, locale(u.Locale), u.Email, membershipNotice(u.UserID, kind, in.Cause, note, sc.FixBy))
	})
	return out, err
}

// membershipNotice is the mail of a measure or status change ("ACTIVE":
// restored).
func membershipNotice(userID, action, cause, note, fixBy string) mailmsg.MembershipNotice {
	return mailmsg.MembershipNotice{UserID: userID, Limited: action == SanctionLimit, Suspended: action == SanctionSuspend,
		Ended: action == SanctionEnd, Restored: action == "ACTIVE", FalseInfo: cause == CauseFalseInfo,
		Disruption: cause == CauseDisruption, Note: note, FixBy: fixBy}
}

var seoul = func() *time.Location {
	l, err := time.LoadLocation("Asia/Seoul")
	if err != nil {
		return time.FixedZone("KST", 9*3600)
	}
	return l
}()

// RoleChange is a system admin setting a member's roles.
type RoleChange struct {
	Roles      []string
	SchoolCode string
}

// SetRoles grants and revokes roles (auth/detail): school admins and
// setting admins are bound to one known school, other accounts to none;
// the last system admin keeps the role; a system admin does not change
// their own roles. The member's sessions are revoked, so a removed role
// stops at once and a new one works from the next sign-in.
func (s *Service) SetRoles(ctx context.Context, p permission.Principal, userID string, c RoleChange, from string) (User, error) {
	if !permission.Can(p, permission.AuthManage, "") {
		return User{}, apperr.Forbidden("auth.forbidden")
	}
	var f apperr.Fields
	var roles []permission.Role
	for _, r := range c.Roles {
		role, ok := permission.ParseRole(r)
		if !ok {
			f.AddParam("roles", CodeRoleUnknown, "role", r)
			continue
		}
		if !slices.Contains(roles, role) {
			roles = append(roles, role)
		}
	}
	if len(c.Roles) == 0 {
		f.Add("roles", CodeRoleUnknown)
	}
	bound := slices.Contains(roles, permission.RoleSchoolAdmin) || slices.Contains(roles, permission.RoleSetAdmin)
	school := strings.TrimSpace(c.SchoolCode)
	switch {
	case bound && school == "":
		f.Add("schoolCode", CodeSchoolRequired)
	case !bound && school != "":
		f.Add("schoolCode", CodeSchoolNotBound)
	}
	if err := f.Err(); err != nil {
		return User{}, err
	}
	var out User
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		u, err := s.Users.ByUserID(ctx, userID)
		if err != nil {
			return err
		}
		pk := u.PK
		if u.UserID == p.UserID {
			return apperr.Conflict(CodeSelfChange)
		}
		if u.Status == StatusWithdraw {
			return apperr.Conflict(CodeStatusChange)
		}
		if school != "" {
			ok, err := s.Members.SchoolExists(ctx, school)
			if err != nil {
				return err
			}
			if !ok {
				var f apperr.Fields
				f.Add("schoolCode", CodeSchoolRequired)
				return f.Err()
			}
		}
		if err := s.keepSysAdmin(ctx, u, u.Status, roles); err != nil {
			return err
		}
		if err := s.Members.SetRoles(ctx, pk, roles, school); err != nil {
			return err
		}
		names := make([]string, len(roles))
		for i, r := range roles {
			names[i] = string(r)
		}
		old := make([]string, len(u.Roles))
		for i, r := range u.Roles {
			old[i] = string(r)
		}
		u.Roles, u.SchoolCode = roles, school
		out = u
		return s.Access.Record(ctx, AccessEntry{Actor: p.UserID, Action: "member.roles", Target: u.UserID,
			Detail: map[string]any{"from": old, "to": names, "schoolCode": school}, From: from})
	})
	return out, err
}

// keepSysAdmin refuses a change that leaves no active system admin.
func (s *Service) keepSysAdmin(ctx context.Context, u User, next Status, roles []permission.Role) error {
	was := slices.Contains(u.Roles, permission.RoleSysAdmin) && u.Status == StatusActive
	stays := slices.Contains(roles, permission.RoleSysAdmin) && next == StatusActive
	if !was || stays {
		return nil
	}
	n, err := s.Members.CountRole(ctx, permission.RoleSysAdmin)
	if err != nil {
		return err
	}
	if n <= 1 {
		return apperr.Conflict(CodeLastSysAdmin)
	}
	return nil
}
