package recommendation

import (
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
)

// Issue 11: a school's template is 1 to 40 questions rec_form_q<n> with
// texts in both languages; a choice has at least two distinct options,
// each with its label; a round asks for at most MaxLetters letters.
func TestTemplateValidate(t *testing.T) {
	t.Parallel()
	if err := DefaultTemplate(reqRound).Validate(); err != nil {
		t.Fatalf("the default template: %v", err)
	}
	q := func(mod func(q *Question)) func(t *Template) {
		return func(t *Template) { mod(&t.Questions[0]) }
	}
	cases := []struct {
		name  string
		mod   func(t *Template)
		field string
	}{
		{"too many letters", func(t *Template) { t.Letters = MaxLetters + 1 }, "letters:" + CodeTooLong},
		{"negative letters", func(t *Template) { t.Letters = -1 }, "letters:" + CodeTooLong},
		{"no question", func(t *Template) { t.Questions = nil }, "questions:" + CodeCheckInput},
		{"41 questions", func(t *Template) {
			for len(t.Questions) <= 40 {
				x := t.Questions[1]
				x.Code = "rec_form_q" + strings.Repeat("9", len(t.Questions)%9+1) + string(rune('a'+len(t.Questions)%26))
				t.Questions = append(t.Questions, x)
			}
		}, "questions:" + CodeCheckInput},
		{"a code of another form", q(func(q *Question) { q.Code = "q1" }), "questions[0].code:" + CodeCheckInput},
		{"a code twice", func(t *Template) { t.Questions[1].Code = t.Questions[0].Code }, "questions[1].code:" + CodeCheckInput},
		{"a long code", q(func(q *Question) { q.Code = "rec_form_q" + strings.Repeat("1", 11) }), "questions[0].code:" + CodeCheckInput},
		{"no Korean text", q(func(q *Question) { q.Kor = " " }), "questions[0].kor:" + CodeRequired},
		{"a long English text", q(func(q *Question) { q.Eng = strings.Repeat("x", 501) }), "questions[0].eng:" + CodeTooLong},
		{"an unknown kind", q(func(q *Question) { q.Kind = "essay" }), "questions[0].kind:" + CodeChoice},
		{"a choice of one", q(func(q *Question) { q.Kind, q.Options, q.Labels = KindChoice, []string{"Y"}, nil }), "questions[0].options:" + CodeCheckInput},
		{"a negative maximum", q(func(q *Question) { q.Max = -1 }), "questions[0].max:" + CodeTooLong},
		{"a maximum above 20000", q(func(q *Question) { q.Max = 20001 }), "questions[0].max:" + CodeTooLong},
		{"an empty option", func(t *Template) { t.Questions[3].Options = append([]string{""}, t.Questions[3].Options[1:]...) }, "questions[3].options[0]:" + CodeCheckInput},
		{"an option twice", func(t *Template) { t.Questions[3].Options[1] = t.Questions[3].Options[0] }, "questions[3].options[1]:" + CodeCheckInput},
		{"labels not matching the options", func(t *Template) { t.Questions[3].Labels = t.Questions[3].Labels[:2] }, "questions[3].labels:" + CodeCheckInput},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tpl := DefaultTemplate(reqRound)
			c.mod(&tpl)
			e, _ := apperr.As(tpl.Validate())
			if e == nil {
				t.Fatalf("accepted: want %s", c.field)
			}
			var got []string
			for _, f := range e.Fields {
				got = append(got, f.Field+":"+f.Code)
			}
			if !strings.Contains(strings.Join(got, ","), c.field) {
				t.Fatalf("got %v, want %s", got, c.field)
			}
		})
	}
}

// Same decides whether saving a template makes a new version: any change a
// recommender would see counts, the version itself does not.
func TestTemplateSame(t *testing.T) {
	t.Parallel()
	a := DefaultTemplate(reqRound)
	b := DefaultTemplate(reqRound)
	b.Version = 4
	if !a.Same(b) {
		t.Fatal("versions alone differ")
	}
	for name, mod := range map[string]func(t *Template){
		"letters":       func(t *Template) { t.Letters = 3 },
		"file required": func(t *Template) { t.FileRequired = true },
		"one fewer":     func(t *Template) { t.Questions = t.Questions[1:] },
		"a text":        func(t *Template) { t.Questions[2].Kor = "다른 질문" },
		"a maximum":     func(t *Template) { t.Questions[0].Max = 99 },
		"a kind":        func(t *Template) { t.Questions[1].Kind = KindText },
		"an option":     func(t *Template) { t.Questions[3].Options = []string{"1", "2"} },
		"a label": func(t *Template) {
			t.Questions[3].Labels = append([]Option{{"1", "최상위", "Top"}}, t.Questions[3].Labels[1:]...)
		},
	} {
		c := DefaultTemplate(reqRound)
		c.Questions = append([]Question(nil), c.Questions...)
		for i := range c.Questions {
			c.Questions[i].Options = append([]string(nil), c.Questions[i].Options...)
		}
		mod(&c)
		if a.Same(c) {
			t.Errorf("%s changed but Same", name)
		}
	}
}
