package postgres

import "github.com/gradapply/gradapply/core/recommendation"

// The JSON columns of the recommendation tables (recommend_request.letter
// and .profile, recommend_template.questions) have their own types here:
// core's carry no JSON names, and these keys are what the rows written so
// far hold, so renaming a core field never breaks a stored letter.

type letterJSON struct {
	Answers  map[string]string `json:"answers"`
	ProfSign string            `json:"profSign"`
}

func toLetterJSON(l recommendation.Letter) letterJSON {
	out := letterJSON{Answers: l.Answers, ProfSign: l.ProfSign}
	if out.Answers == nil {
		out.Answers = map[string]string{}
	}
	return out
}

func (l letterJSON) letter() recommendation.Letter {
	return recommendation.Letter{Answers: l.Answers, ProfSign: l.ProfSign}
}

type profileJSON struct {
	Email       string `json:"email"`
	Name        string `json:"name"`
	Institution string `json:"institution"`
	Position    string `json:"position"`
	Phone       string `json:"phone"`
}

func toProfileJSON(p recommendation.Profile) profileJSON {
	return profileJSON{Email: p.Email, Name: p.Name, Institution: p.Institution, Position: p.Position, Phone: p.Phone}
}

func (p profileJSON) profile() recommendation.Profile {
	return recommendation.Profile{Email: p.Email, Name: p.Name, Institution: p.Institution, Position: p.Position, Phone: p.Phone}
}

type questionJSON struct {
	Code    string       `json:"code"`
	Kind    string       `json:"kind,omitempty"`
	Kor     string       `json:"kor,omitempty"`
	Eng     string       `json:"eng,omitempty"`
	Options []string     `json:"options,omitempty"`
	Labels  []optionJSON `json:"labels,omitempty"`
	Max     int          `json:"max,omitempty"`
}

type optionJSON struct {
	Code string `json:"code"`
	Kor  string `json:"kor"`
	Eng  string `json:"eng"`
}

func toQuestionsJSON(qs []recommendation.Question) []questionJSON {
	out := make([]questionJSON, 0, len(qs))
	for _, q := range qs {
		x := questionJSON{Code: q.Code, Kind: q.Kind, Kor: q.Kor, Eng: q.Eng, Options: q.Options, Max: q.Max}
		for _, o := range q.Labels {
			x.Labels = append(x.Labels, optionJSON{Code: o.Code, Kor: o.Kor, Eng: o.Eng})
		}
		out = append(out, x)
	}
	return out
}

func questionsOf(qs []questionJSON) []recommendation.Question {
	if qs == nil {
		return nil
	}
	out := make([]recommendation.Question, 0, len(qs))
	for _, x := range qs {
		q := recommendation.Question{Code: x.Code, Kind: x.Kind, Kor: x.Kor, Eng: x.Eng, Options: x.Options, Max: x.Max}
		for _, o := range x.Labels {
			q.Labels = append(q.Labels, recommendation.Option{Code: o.Code, Kor: o.Kor, Eng: o.Eng})
		}
		out = append(out, q)
	}
	return out
}
