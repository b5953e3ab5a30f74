package app

import (
	"time"

	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/fieldcrypt"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/application"
)

// ReferenceTTL is how long rounds and code sets are cached (windows are
// always read fresh).
const ReferenceTTL = 30 * time.Second

// buildApply wires the application form: reference data, stores with the
// field cipher and the service.
func (a *App) buildApply(cfg config.Config, clock account.Clock) error {
	sealer, err := fieldcrypt.New(cfg.FieldKey)
	if err != nil {
		return err
	}
	a.Reference = &postgres.Reference{DB: a.DB, TTL: ReferenceTTL}
	a.Apply = &application.Service{
		Ref:    a.Reference,
		Apps:   postgres.Applications{DB: a.DB},
		Forms:  postgres.Forms{DB: a.DB, Sealer: sealer},
		Emails: postgres.Emails{DB: a.DB},
		Log:    postgres.AccessLog{DB: a.DB},
		Tx:     a.DB,
		Clock:  clock,
	}
	return nil
}
