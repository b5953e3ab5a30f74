// Package web wires the HTTP edge onto the services package app built:
// cmd/server serves it; cmd/worker, which only runs jobs, never builds it.
package web

import (
	"context"

	"github.com/redis/go-redis/v9"

	"github.com/gradapply/gradapply/adapters/app"
	"github.com/gradapply/gradapply/adapters/httpapi"
	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/adapters/token"
)

type redisPinger struct{ c *redis.Client }

func (p redisPinger) Ping(ctx context.Context) error { return p.c.Ping(ctx).Err() }

// New builds the echo application on the wired services.
func New(a *app.App) *httpapi.Server {
	cfg := a.Config
	var testPG edge.TestPGPage
	if a.TestPG != nil {
		testPG = a.TestPG
	}
	return httpapi.New(edge.Deps{
		Services: edge.Services{Accounts: a.Accounts, Apply: a.Apply, Documents: a.Documents, Submission: a.Submission, Printer: a.Printer, Reader: a.Reader,
			Rounds: a.Rounds, Pay: a.Pay, TestPG: testPG, Receipts: a.PDF, MyData: a.MyData,
			Recommend: a.Recommend, Money: a.Money,
			FeeRules:  a.FeeRules,
			AccessLog: a.AccessLog, Helpdesk: a.Helpdesk, Inquiry: a.Inquiry, Surveys: a.Surveys,
			RefundRequests: a.RefundRequests, Competition: a.Competition,
			Officers: edge.Officers{Evaluation: a.Officers.Evaluation, Decisions: a.Officers.Decisions, Notices: a.Officers.Notices,
				Letters: a.PDF}},
		Tokens:  token.Issuer{Key: cfg.TokenKey, Issuer: "gradapply", Now: a.Clock.Now},
		Captcha: a.Captcha, DB: a.DB, Redis: redisPinger{a.Redis}, MaxUpload: a.MaxUpload, Counter: a.Counter,
		CookieDomain: cfg.CookieDomain, CookieSecure: cfg.CookieSecure,
		PublicURL: cfg.PublicURL, TrustedProxies: cfg.TrustedProxies, HSTS: cfg.HSTS,
		ApplicantDir: cfg.ApplicantDist, AdminDir: cfg.AdminDist,
		Draining: a.Draining,
		Observe:  a.Metrics.ObserveRequest,
	})
}
