package app

import (
	"context"

	"github.com/gradapply/gradapply/adapters/jobs"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/mydata"
	"github.com/gradapply/gradapply/core/privacy"
)

// Retention is the retention job on this app's database and file store.
func (a *App) Retention() (privacy.Job, error) {
	files := a.Files
	return privacy.Job{Policy: privacy.DefaultPolicy(), Store: postgres.Retention{DB: a.DB}, Files: files,
		Audit: postgres.JobAudit{DB: a.DB}, Clock: a.Accounts.Clock}, nil
}

// Periodic lists the scheduled jobs of the worker (issues 11 and 14).
func (a *App) Periodic() ([]jobs.Periodic, error) {
	ret, err := a.Retention()
	if err != nil {
		return nil, err
	}
	return append([]jobs.Periodic{
		{Type: jobs.TypeDormancy, Cron: jobs.DefaultPeriodic[jobs.TypeDormancy], Run: func(ctx context.Context) error {
			_, err := a.Accounts.RunDormancy(ctx)
			return err
		}},
		{Type: jobs.TypeRetention, Cron: jobs.DefaultPeriodic[jobs.TypeRetention], Run: func(ctx context.Context) error {
			_, err := ret.Run(ctx)
			return err
		}},
		{Type: jobs.TypeRecommendRemind, Cron: jobs.DefaultPeriodic[jobs.TypeRecommendRemind], Run: func(ctx context.Context) error {
			_, err := a.Recommend.Remind(ctx, a.Config.RecommendRemindDays)
			return err
		}},
		{Type: jobs.TypeRefunds, Cron: jobs.DefaultPeriodic[jobs.TypeRefunds], Run: func(ctx context.Context) error {
			_, err := a.Pay.FollowRefunds(ctx, 500)
			return err
		}},
		{Type: jobs.TypeFixPeriod, Cron: jobs.DefaultPeriodic[jobs.TypeFixPeriod], Run: func(ctx context.Context) error {
			_, err := a.Accounts.RunFixPeriod(ctx)
			return err
		}},
	}, a.officerJobs()...), nil
}

// myData is the My Info data export over this app's stores.
func (a *App) myData() (*mydata.Service, error) {
	files := a.Files
	return &mydata.Service{Apps: postgres.Applications{DB: a.DB}, Forms: a.Apply.Forms, Docs: postgres.Documents{DB: a.DB},
		Payments: postgres.PayAttempts{DB: a.DB}, Files: files}, nil
}
