package survey

import (
	"context"
	"strconv"
	"strings"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// ItemCount is how many responses chose an item, with the comments written
// beside it.
type ItemCount struct {
	application.Item
	Count    int
	Comments []string
}

// QuestionResult is one question's results: counts per item (choice
// questions) or the texts written (text questions).
type QuestionResult struct {
	application.Question
	Items []ItemCount
	Texts []string
}

// Results are a survey's results, without who answered what.
type Results struct {
	Survey
	Total     int
	Questions []QuestionResult
}

// Tally counts responses per question and item.
func Tally(sv Survey, rs []Response) Results {
	out := Results{Survey: sv, Total: len(rs), Questions: make([]QuestionResult, len(sv.Questions))}
	for i, q := range sv.Questions {
		qr := QuestionResult{Question: q, Items: make([]ItemCount, len(q.Items)), Texts: []string{}}
		for j, it := range q.Items {
			qr.Items[j] = ItemCount{Item: it, Comments: []string{}}
		}
		for _, r := range rs {
			for _, a := range r.Answers {
				if a.QuestionCode != q.Code {
					continue
				}
				if a.Answer != "" {
					qr.Texts = append(qr.Texts, a.Answer)
				}
				for j := range qr.Items {
					if qr.Items[j].Code.Code == a.ItemCode {
						qr.Items[j].Count++
						if a.Comment != "" {
							qr.Items[j].Comments = append(qr.Items[j].Comments, a.Comment)
						}
					}
				}
			}
		}
		out.Questions[i] = qr
	}
	return out
}

// Results answers a survey's results.
func (s *Service) Results(ctx context.Context, p permission.Principal, id int64) (Results, error) {
	sv, err := s.Get(ctx, p, id)
	if err != nil {
		return Results{}, err
	}
	rs, err := s.Store.Responses(ctx, id)
	if err != nil {
		return Results{}, err
	}
	return Tally(sv, rs), nil
}

// Export answers the responses as rows (a header, then one row per
// response: the day answered and each question's answer), written to the
// access log. No user ids: results are anonymous.
func (s *Service) Export(ctx context.Context, p permission.Principal, id int64, eng bool) ([][]string, error) {
	sv, err := s.Get(ctx, p, id)
	if err != nil {
		return nil, err
	}
	rs, err := s.Store.Responses(ctx, id)
	if err != nil {
		return nil, err
	}
	head := []string{"answeredAt"}
	for _, q := range sv.Questions {
		head = append(head, q.Code+" "+pick(eng, q.KorText, q.EngText))
	}
	rows := [][]string{head}
	for _, r := range rs {
		row := []string{r.AnsweredAt.In(window.Seoul).Format("2006-01-02 15:04")}
		for _, q := range sv.Questions {
			var parts []string
			for _, a := range r.Answers {
				if a.QuestionCode != q.Code {
					continue
				}
				v := a.Answer
				for _, it := range q.Items {
					if it.Code.Code == a.ItemCode {
						v = pick(eng, it.KorValue, it.EngValue)
					}
				}
				if a.Comment != "" {
					v += " (" + a.Comment + ")"
				}
				parts = append(parts, v)
			}
			row = append(row, strings.Join(parts, "; "))
		}
		rows = append(rows, row)
	}
	err = s.Audit.Record(ctx, p.UserID, "survey.export", Target(id), map[string]any{"rows": strconv.Itoa(len(rs))})
	return rows, err
}

func pick(eng bool, ko, en string) string {
	if eng {
		return en
	}
	return ko
}
