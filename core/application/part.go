package application

import (
	"context"
	"slices"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// PartChoice is one entry of applPartRequestList.
type PartChoice struct {
	Round         RoundKey
	MajorCode     string
	IsMaster      bool
	IsGeneralType bool
	StayTypeCode  string
	CategoryCode  string
}

// PartRequest is POST /appl/part: create an application (ApplNo 0) or
// change the part of one.
type PartRequest struct {
	ApplNo   int64
	Choices  []PartChoice
	Consents map[string]string // item code -> version shown
	Survey   *SurveyData       // answers to the round's part survey
}

// PartView is the application-part response with the consents and part
// survey answers stored.
type PartView struct {
	Record   Record
	Consents []school.Acceptance
	Survey   SurveyData
}

const choicePrefix = "applPartRequestList[0]."

// checkChoice validates the choice against the round and returns the part.
func checkChoice(r Round, c PartChoice, f *apperr.Fields) Part {
	i := slices.IndexFunc(r.Parts, func(o Offer) bool { return o.MajorCode == c.MajorCode && o.IsMaster == c.IsMaster })
	var o Offer
	switch {
	case strings.TrimSpace(c.MajorCode) == "":
		f.Add(choicePrefix+"majorCode", form.CodeRequired)
	case i < 0:
		f.Add(choicePrefix+"majorCode", CodePartNotOffered)
	default:
		o = r.Parts[i]
	}
	hasCode := func(list []Code, v string) bool {
		return slices.ContainsFunc(list, func(x Code) bool { return x.Code == v })
	}
	switch {
	case c.CategoryCode == "":
		f.Add(choicePrefix+"categoryCode", form.CodeRequired)
	case !hasCode(r.Categories, c.CategoryCode):
		f.Add(choicePrefix+"categoryCode", form.CodeCode)
	}
	switch {
	case c.StayTypeCode == "" && len(r.StayTypes) > 0:
		f.Add(choicePrefix+"stayTypeCode", form.CodeRequired)
	case c.StayTypeCode != "" && !hasCode(r.StayTypes, c.StayTypeCode):
		f.Add(choicePrefix+"stayTypeCode", form.CodeCode)
	}
	return Part{ApplPartNo: o.ApplPartNo, MajorCode: c.MajorCode, IsMaster: c.IsMaster, IsGeneralType: c.IsGeneralType,
		StayTypeCode: c.StayTypeCode, CategoryCode: c.CategoryCode, RemkKor: o.RemkKor, RemkEng: o.RemkEng,
		AddCertificateCount: o.AddCertificateCount}
}

// SavePart creates an application for a round, or changes its part.
func (s *Service) SavePart(ctx context.Context, p permission.Principal, req PartRequest) (PartView, bool, error) {
	if req.ApplNo == 0 && !permission.Can(p, permission.ApplicationOwn, "") {
		return PartView{}, false, apperr.Forbidden(CodeNotApplicant)
	}
	var f apperr.Fields
	var h Header
	if req.ApplNo != 0 {
		var err error
		if h, err = s.guard().Change(ctx, p, req.ApplNo); err != nil {
			return PartView{}, false, err
		}
	}
	switch {
	case len(req.Choices) == 0:
		f.Add("applPartRequestList", form.CodeRequired)
		return PartView{}, false, f.Err()
	case len(req.Choices) > 1:
		f.AddParam("applPartRequestList", form.CodeTooMany, "max", 1)
		return PartView{}, false, f.Err()
	}
	c := req.Choices[0]
	if req.ApplNo != 0 {
		if h.Round != c.Round {
			f.Add(choicePrefix+"recruitPartSeq", CodeRoundFixed)
			return PartView{}, false, f.Err()
		}
	}
	r, err := LoadRound(ctx, s.Ref, c.Round)
	if err != nil {
		return PartView{}, false, err
	}
	now := s.now()
	if err := s.guard().Allow(p, r, window.ActEdit, now); err != nil {
		return PartView{}, false, err
	}
	if req.ApplNo != 0 {
		if err := h.State.CheckEditable(); err != nil {
			return PartView{}, false, err
		}
	}
	part := checkChoice(r, c, &f)
	var accepted []school.Acceptance
	if req.ApplNo == 0 {
		acc, err := school.CheckConsents(r.Rules.Consents, req.Consents, now)
		if e, ok := apperr.As(err); ok {
			f = append(f, e.Fields...)
		}
		accepted = acc
	}
	if req.Survey != nil || len(r.PartSurvey) > 0 {
		var d SurveyData
		if req.Survey != nil {
			d = *req.Survey
		}
		f.Merge("surveyRequest", validateSurvey(d, r.PartSurvey, r.Rules))
	}
	if err := f.Err(); err != nil {
		return PartView{}, false, err
	}

	created := req.ApplNo == 0
	applNo := req.ApplNo
	saved := func(ctx context.Context) error {
		if err := s.Forms.MarkSaved(ctx, applNo, PartSave, now); err != nil {
			return err
		}
		return s.Forms.DeleteDraft(ctx, applNo, PartSave)
	}
	if created {
		var app *Application
		if app, err = NewApplication(p.UserID, c.Round, now); err != nil {
			return PartView{}, false, err
		}
		err = s.Tx.InTx(ctx, func(ctx context.Context) error {
			var err error
			applNo, err = s.Apps.Create(ctx, Creation{App: app, Part: part, Consents: accepted, Survey: req.Survey})
			if err != nil {
				return err
			}
			return saved(ctx)
		})
	} else {
		err = s.Apps.Update(ctx, applNo, func(ctx context.Context, a *Application) error {
			if err := a.ChangePart(now); err != nil {
				return err
			}
			if err := s.Apps.SetPart(ctx, applNo, part); err != nil {
				return err
			}
			if req.Survey != nil {
				if err := s.Forms.SaveSurvey(ctx, applNo, StagePart, *req.Survey); err != nil {
					return err
				}
			}
			return saved(ctx)
		})
	}
	if err != nil {
		return PartView{}, false, err
	}
	v, err := s.Part(ctx, p, applNo)
	return v, created, err
}

// Part answers the application-part response.
func (s *Service) Part(ctx context.Context, p permission.Principal, applNo int64) (PartView, error) {
	rec, err := s.Get(ctx, p, applNo)
	if err != nil {
		return PartView{}, err
	}
	cons, err := s.Apps.Consents(ctx, applNo)
	if err != nil {
		return PartView{}, err
	}
	sv, err := s.Forms.Survey(ctx, applNo, StagePart)
	if err != nil {
		return PartView{}, err
	}
	return PartView{Record: rec, Consents: cons, Survey: sv}, nil
}
