package round

import (
	"maps"
	"slices"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/school"
)

// Change is one field a change of the settings changed, named as the round
// form and the audit log name it, with its values before and after as the
// audit log records them.
type Change struct {
	Field         string
	Before, After any
}

// AuditDetail is how the audit log records changes: the names of the
// changed fields (sorted), and their values before and after; nil when
// nothing changed.
func AuditDetail(changes []Change) map[string]any {
	if len(changes) == 0 {
		return nil
	}
	names := make([]string, len(changes))
	before, after := map[string]any{}, map[string]any{}
	for i, c := range changes {
		names[i] = c.Field
		before[c.Field], after[c.Field] = c.Before, c.After
	}
	slices.Sort(names)
	return map[string]any{"changed": names, "before": before, "after": after}
}

// field is one field of the settings as the audit log knows it: its
// name (stable: audit entries are read back by it), how two settings
// compare on it, and its value as recorded.
type field struct {
	name  string
	same  func(a, b Values) bool
	value func(v Values) any
}

func scalar[T comparable](name string, get func(v Values) T) field {
	return field{name, func(a, b Values) bool { return get(a) == get(b) }, func(v Values) any { return get(v) }}
}

// fields are every field staff set, field by field.
var fields = []field{
	scalar("korName", func(v Values) string { return v.KorName }),
	scalar("engName", func(v Values) string { return v.EngName }),
	scalar("detailRemkKor", func(v Values) string { return v.RemkKor }),
	scalar("detailRemkEng", func(v Values) string { return v.RemkEng }),
	scalar("feeKrw", func(v Values) int64 { return v.FeeKrw }),
	scalar("feeUsd", func(v Values) int64 { return v.FeeUsd }),
	{"payTypes", func(a, b Values) bool { return slices.Equal(a.PayTypes, b.PayTypes) },
		func(v Values) any { return list(v.PayTypes, func(t payment.PayType) any { return string(t) }) }},
	{"payChannels", func(a, b Values) bool { return maps.Equal(a.PayChannels, b.PayChannels) }, channelsValue},
	scalar("lettersAsked", func(v Values) int { return v.LettersAsked }),
	scalar("applIdRule", func(v Values) string { return v.ApplIDRule }),
	scalar("slipNoticeKor", func(v Values) string { return v.SlipNoticeKor }),
	scalar("slipNoticeEng", func(v Values) string { return v.SlipNoticeEng }),
	scalar("competitionHidden", func(v Values) bool { return v.CompetitionHidden }),
	{"windows", func(a, b Values) bool { return slices.Equal(a.Windows, b.Windows) },
		func(v Values) any { return list(v.Windows, windowValue) }},
	{"parts", func(a, b Values) bool { return slices.Equal(a.Parts, b.Parts) },
		func(v Values) any { return list(v.Parts, partValue) }},
	{"documents", func(a, b Values) bool { return slices.EqualFunc(a.Documents, b.Documents, sameDoc) },
		func(v Values) any { return list(v.Documents, docValue) }},
	{"consents", func(a, b Values) bool { return slices.Equal(a.Consents, b.Consents) },
		func(v Values) any { return list(v.Consents, consentValue) }},
	// nil (the school's list) and an empty list differ
	{"steps", func(a, b Values) bool { return slices.Equal(a.Steps, b.Steps) && (a.Steps == nil) == (b.Steps == nil) },
		func(v Values) any { return list(v.Steps, func(s application.Status) any { return string(s) }) }},
}

// diff answers the fields whose values differ from a to b.
func diff(a, b *Settings) []Change {
	var out []Change
	for _, f := range fields {
		if !f.same(a.v, b.v) {
			out = append(out, Change{Field: f.name, Before: f.value(a.v), After: f.value(b.v)})
		}
	}
	return out
}

// AuditFields are the settings as the audit log records a new round.
func (s *Settings) AuditFields() map[string]any {
	m := map[string]any{"schoolCode": s.key.SchoolCode, "enterYear": s.key.EnterYear, "recruitPartSeq": s.key.RecruitPartSeq}
	for _, f := range fields {
		m[f.name] = f.value(s.v)
	}
	return m
}

// list maps a list for the audit log; nil stays nil (recorded as null).
func list[T any](xs []T, f func(T) any) any {
	if xs == nil {
		return nil
	}
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

func channelsValue(v Values) any {
	if v.PayChannels == nil {
		return nil
	}
	out := map[string]any{}
	for t, c := range v.PayChannels {
		m := map[string]any{}
		if c.StoreID != "" {
			m["storeId"] = c.StoreID
		}
		if c.ChannelKey != "" {
			m["channelKey"] = c.ChannelKey
		}
		out[string(t)] = m
	}
	return out
}

func windowValue(w Window) any {
	return map[string]any{"type": string(w.Kind), "startDay": w.StartDay, "endDay": w.EndDay}
}

func partValue(p Part) any {
	return map[string]any{"applPartNo": p.ApplPartNo, "majorCode": p.MajorCode, "isMaster": p.IsMaster,
		"detailRemkKor": p.RemkKor, "detailRemkEng": p.RemkEng, "addCertificateCount": p.AddCertificateCount, "quota": p.Quota}
}

func docValue(d DocItem) any {
	return map[string]any{"itemCode": d.ItemCode, "grpCode": d.GrpCode, "grpKorName": d.GrpKorName, "grpEngName": d.GrpEngName,
		"korName": d.KorName, "engName": d.EngName, "required": d.Required, "extensions": list(d.Extensions, func(x string) any { return x }),
		"maxSize": d.MaxSize, "seq": d.Seq}
}

// consentValue is a consent item as the audit log records it.
func consentValue(c school.ConsentItem) any {
	return map[string]any{"code": c.Code, "titleKo": c.TitleKo, "titleEn": c.TitleEn, "bodyKo": c.BodyKo, "bodyEn": c.BodyEn,
		"version": c.Version}
}
