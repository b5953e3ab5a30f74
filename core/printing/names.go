package printing

import (
	"context"

	"github.com/gradapply/gradapply/core/application"
)

// names resolves codes to names in one language, loading each code group
// once. The first error is kept and reported by the caller.
type names struct {
	ctx       context.Context
	ref       Reference
	school    string
	lang      Lang
	countries map[string]application.Country
	groups    map[string]map[string]application.Code
	err       error
}

func newNames(ctx context.Context, ref Reference, school string, lang Lang) *names {
	return &names{ctx: ctx, ref: ref, school: school, lang: lang, groups: map[string]map[string]application.Code{}}
}

func (n *names) pick(ko, en string) string { return Label{ko, en}.In(n.lang) }

// code is a common code's name; an unknown code prints as given.
func (n *names) code(group, v string) string {
	if v == "" || n.err != nil {
		return v
	}
	g, ok := n.groups[group]
	if !ok {
		codes, _, err := application.CodeGroupFor(n.ctx, n.ref, n.school, group)
		if err != nil {
			n.err = err
			return v
		}
		g = make(map[string]application.Code, len(codes))
		for _, c := range codes {
			g[c.Code] = c
		}
		n.groups[group] = g
	}
	if c, ok := g[v]; ok {
		return n.pick(c.KorValue, c.EngValue)
	}
	return v
}

// country is a country's name (ISO numeric code, e.g. 410 Korea).
func (n *names) country(v string) string {
	if v == "" || n.err != nil {
		return v
	}
	if n.countries == nil {
		list, err := n.ref.Countries(n.ctx)
		if err != nil {
			n.err = err
			return v
		}
		n.countries = make(map[string]application.Country, len(list))
		for _, c := range list {
			n.countries[c.Code] = c
		}
	}
	if c, ok := n.countries[v]; ok {
		return n.pick(c.KorName, c.EngName)
	}
	return v
}

// univ is a university's name; typed is the name an applicant typed for
// a school not in the list.
func (n *names) univ(code, typed string) string {
	if typed != "" && (code == "" || code == otherSchool) {
		return typed
	}
	if code == "" || n.err != nil {
		return code
	}
	u, ok, err := n.ref.Univ(n.ctx, code)
	if err != nil {
		n.err = err
		return code
	}
	if !ok {
		if typed != "" {
			return typed
		}
		return code
	}
	return n.pick(u.KorName, u.EngName)
}

// otherSchool is the school code of a school typed by hand.
const otherSchool = "999"

func (n *names) yes(b bool) string {
	if b {
		return n.pick("예", "Yes")
	}
	return ""
}

func (n *names) gender(g string) string {
	switch g {
	case "M":
		return n.pick("남성", "Male")
	case "F":
		return n.pick("여성", "Female")
	}
	return g
}

// statusNames are the applicant-facing names of the statuses.
var statusNames = map[string]Label{
	"APPL_PART_SAVE": {"작성 중 (지원 사항)", "In progress (programme chosen)"},
	"BASIS_SAVE":     {"작성 중 (기본 정보)", "In progress (basic information)"},
	"ACAD_SAVE":      {"작성 중 (학력)", "In progress (academic history)"},
	"LANG_SAVE":      {"작성 중 (어학)", "In progress (language scores)"},
	"CAREER_SAVE":    {"작성 중 (경력)", "In progress (career)"},
	"ADD_INFO_SAVE":  {"작성 중 (추가 정보)", "In progress (additional information)"},
	"FILE_SAVE":      {"작성 중 (서류)", "In progress (documents)"},
	"SURVEY":         {"작성 중 (설문)", "In progress (survey)"},
	"SUBMIT":         {"제출 완료 (결제 대기)", "Submitted (awaiting payment)"},
	"VBANK_ISSUE":    {"제출 완료 (입금 대기)", "Submitted (awaiting transfer)"},
	"COMPLETE":       {"접수 완료", "Application complete"},
	"CANCEL":         {"취소", "Cancelled"},
}

func (n *names) status(s string) string {
	if l, ok := statusNames[s]; ok {
		return l.In(n.lang)
	}
	return s
}
