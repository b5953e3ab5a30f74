package examno

import (
	"strconv"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
)

// MaxTemplate is the longest template accepted.
const MaxTemplate = 60

type tokenKind string

const (
	literal  tokenKind = ""
	year4    tokenKind = "YYYY"
	year2    tokenKind = "YY"
	round    tokenKind = "ROUND"
	major    tokenKind = "MAJOR"
	category tokenKind = "CATEGORY"
	seq      tokenKind = "SEQ"
)

type part struct {
	kind  tokenKind
	text  string // literal text
	width int    // zero-padding width; 0 = as is
}

// Template is a parsed exam-number rule.
type Template struct {
	raw   string
	parts []part
	seqW  int
}

func isLiteral(r rune) bool {
	return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_'
}

// Parse validates a template and returns it parsed.
func Parse(s string) (Template, error) {
	if s == "" {
		return Template{}, apperr.Invalid(CodeTemplateEmpty)
	}
	if len(s) > MaxTemplate {
		return Template{}, apperr.Invalid(CodeTemplateTooLong).With("max", MaxTemplate)
	}
	t := Template{raw: s}
	seqs := 0
	for i := 0; i < len(s); {
		if s[i] != '{' {
			j := i
			for j < len(s) && s[j] != '{' {
				if !isLiteral(rune(s[j])) {
					return Template{}, apperr.Invalid(CodeTemplateSyntax).With("at", j)
				}
				j++
			}
			t.parts = append(t.parts, part{text: s[i:j]})
			i = j
			continue
		}
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			return Template{}, apperr.Invalid(CodeTemplateSyntax).With("at", i)
		}
		p, err := parseToken(s[i+1 : i+end])
		if err != nil {
			return Template{}, err
		}
		if p.kind == seq {
			seqs++
			t.seqW = p.width
		}
		t.parts = append(t.parts, p)
		i += end + 1
	}
	if seqs != 1 {
		return Template{}, apperr.Invalid(CodeSeqCount)
	}
	return t, nil
}

func parseToken(tok string) (part, error) {
	name, w, hasW := strings.Cut(tok, ":")
	p := part{kind: tokenKind(name)}
	switch p.kind {
	case year4, year2, major, category:
		if hasW {
			return part{}, apperr.Invalid(CodeTokenWidth).With("token", tok)
		}
		return p, nil
	case round, seq:
		if !hasW {
			if p.kind == seq {
				return part{}, apperr.Invalid(CodeTokenWidth).With("token", tok)
			}
			return p, nil
		}
		if len(w) != 1 || w[0] < '1' || w[0] > '9' {
			return part{}, apperr.Invalid(CodeTokenWidth).With("token", tok)
		}
		p.width = int(w[0] - '0')
		return p, nil
	}
	return part{}, apperr.Invalid(CodeTokenUnknown).With("token", tok)
}

// String returns the template as written.
func (t Template) String() string { return t.raw }

// Capacity is the largest sequence the template can number.
func (t Template) Capacity() int {
	c := 1
	for range t.seqW {
		c *= 10
	}
	return c - 1
}

// Values are the parts of a number that come from the round and the
// application.
type Values struct {
	EnterYear      int    // e.g. 2026
	RecruitPartSeq int    // the round's sequence within the year
	MajorCode      string // the application's major code
	CategoryCode   string // the application's category code
}

func pad(n, width int) string {
	s := strconv.Itoa(n)
	for len(s) < width {
		s = "0" + s
	}
	return s
}

func code(tok tokenKind, v string) (string, error) {
	if v == "" {
		return "", apperr.Invalid(CodeValueMissing).With("token", string(tok))
	}
	for _, r := range v {
		if !isLiteral(r) {
			return "", apperr.Invalid(CodeValueCharacters).With("token", string(tok))
		}
	}
	return v, nil
}

// Number renders the number of the n-th completion (n from 1).
func (t Template) Number(v Values, n int) (string, error) {
	if t.seqW == 0 {
		return "", apperr.Invalid(CodeSeqCount)
	}
	if n < 1 || n > t.Capacity() {
		return "", apperr.Conflict(CodeSeqOverflow).With("max", t.Capacity())
	}
	var b strings.Builder
	for _, p := range t.parts {
		var s string
		var err error
		switch p.kind {
		case literal:
			s = p.text
		case year4, year2:
			if v.EnterYear < 1000 || v.EnterYear > 9999 {
				return "", apperr.Invalid(CodeValueMissing).With("token", string(p.kind))
			}
			s = strconv.Itoa(v.EnterYear)
			if p.kind == year2 {
				s = s[2:]
			}
		case round:
			if v.RecruitPartSeq < 1 {
				return "", apperr.Invalid(CodeValueMissing).With("token", string(p.kind))
			}
			s = pad(v.RecruitPartSeq, p.width)
			if p.width > 0 && len(s) > p.width {
				return "", apperr.Invalid(CodeValueCharacters).With("token", string(p.kind))
			}
		case major:
			s, err = code(p.kind, v.MajorCode)
		case category:
			s, err = code(p.kind, v.CategoryCode)
		case seq:
			s = pad(n, p.width)
		}
		if err != nil {
			return "", err
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

// Preview renders the numbers of completions from to from+count-1, for the
// rule check screen; count is capped at 100.
func (t Template) Preview(v Values, from, count int) ([]string, error) {
	count = min(count, 100)
	out := make([]string, 0, max(count, 0))
	for i := 0; i < count; i++ {
		s, err := t.Number(v, from+i) // an overflowing from+i is below 1: an error
		if err != nil {
			return out, err
		}
		out = append(out, s)
	}
	return out, nil
}
