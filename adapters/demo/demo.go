// Package demo loads the demo tenants of testdata/demo into an empty
// database (development only): schools with an open round and one account
// per role.
package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/feeschedule"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/recommendation"
	"github.com/gradapply/gradapply/core/window"
)

// Data is the demo file.
type Data struct {
	Password string   `json:"password"`
	Schools  []School `json:"schools"`
	Users    []User   `json:"users"`
	// Apply is each school's form reference data (apply.json).
	Apply map[string]postgres.DemoApply `json:"-"`
	// RefundRules are the schools' refund rule texts (refund-rules.json).
	RefundRules map[string]RefundRule `json:"-"`
	// Year is the rounds' entrance year; 0 means next year in Seoul.
	// Round names say "{year}" where it goes.
	Year int `json:"-"`
}

// School is one demo tenant.
type School struct {
	SchoolCode string `json:"schoolCode"`
	KorName    string `json:"korName"`
	EngName    string `json:"engName"`
	Slug       string `json:"slug"`
	Color      string `json:"color"`
	Round      struct {
		KorName string `json:"korName"`
		EngName string `json:"engName"`
		FeeKrw  int64  `json:"feeKrw"`
		FeeUsd  int64  `json:"feeUsd"`
		// The admission slip's notice (issue 8, defect 5).
		SlipNoticeKor string `json:"slipNoticeKor"`
		SlipNoticeEng string `json:"slipNoticeEng"`
		// The recommendation template (issue 11): the default questions,
		// this many letters (0: the default's) and whether a file is required.
		RecommendLetters int  `json:"recommendLetters"`
		RecommendFile    bool `json:"recommendFile"`
	} `json:"round"`
	// Pay is what the school offers (pay types, and the PortOne channel of
	// each); none: every pay type its fees allow (issue 9).
	Pay *struct {
		PayTypes []payment.PayType           `json:"payTypes"`
		Channels map[payment.PayType]Channel `json:"channels"`
	} `json:"pay"`
	// FeeRules are what the providers charge the school (issue 18): a
	// school without any shows "no fee rule is set" on its settlement.
	FeeRules []FeeRule `json:"feeRules"`
}

// Channel is a pay type's PortOne channel (payment.Channel).
type Channel struct {
	StoreID    string `json:"storeId"`
	ChannelKey string `json:"channelKey"`
}

func channels(m map[payment.PayType]Channel) map[payment.PayType]payment.Channel {
	if m == nil {
		return nil
	}
	out := make(map[payment.PayType]payment.Channel, len(m))
	for t, c := range m {
		out[t] = payment.Channel{StoreID: c.StoreID, ChannelKey: c.ChannelKey}
	}
	return out
}

// FeeRule is a demo fee rule as the admin form enters it.
type FeeRule struct {
	Method        string `json:"method"`
	EffectiveFrom string `json:"effectiveFrom"`
	Rate          string `json:"rate"`
	Fixed         string `json:"fixed"`
}

// User is one demo account.
type User struct {
	UserID     string   `json:"userId"`
	Email      string   `json:"email"`
	Roles      []string `json:"roles"`
	SchoolCode string   `json:"schoolCode"`
}

// Read parses dir/demo.json.
func Read(dir string) (Data, error) {
	var d Data
	b, err := os.ReadFile(filepath.Join(dir, "demo.json"))
	if err != nil {
		return d, fmt.Errorf("demo: %w", err)
	}
	if err := json.Unmarshal(b, &d); err != nil {
		return d, fmt.Errorf("demo: %w", err)
	}
	if d.Apply, err = readApply(dir); err != nil {
		return d, err
	}
	d.RefundRules, err = readRefundRules(dir)
	return d, err
}

// Window is the demo rounds' period: open since 09:00 KST a month ago,
// closing at 17:00 KST three months ahead, so deadlines read as a school
// would set them (issue 8, defect 7) whatever the time of loading.
func Window(now time.Time) (opens, closes time.Time) {
	d := now.In(window.Seoul)
	opens = time.Date(d.Year(), d.Month()-1, d.Day(), 9, 0, 0, 0, window.Seoul)
	closes = time.Date(d.Year(), d.Month()+3, d.Day(), 17, 0, 0, 0, window.Seoul)
	return opens, closes
}

// Load inserts the demo data when the database has no school yet. It
// reports whether it loaded anything.
func Load(ctx context.Context, db *postgres.DB, d Data, hasher account.Hasher, now time.Time) (bool, error) {
	var n int
	if err := db.Pool.QueryRow(ctx, "SELECT count(*) FROM school").Scan(&n); err != nil {
		return false, fmt.Errorf("demo: %w", err)
	}
	if n > 0 {
		if err := loadApply(ctx, db, d); err != nil {
			return false, err
		}
		return false, loadRefundRules(ctx, db, d, now)
	}
	hash, err := hasher.Hash(d.Password)
	if err != nil {
		return false, err
	}
	seoul, _ := time.LoadLocation("Asia/Seoul")
	year := d.Year
	if year == 0 {
		year = now.In(seoul).Year() + 1
	}
	named := func(s string) string { return strings.ReplaceAll(s, "{year}", strconv.Itoa(year)) }
	opens, closes := Window(now)
	err = db.InTx(ctx, func(ctx context.Context) error {
		for _, s := range d.Schools {
			if err := postgres.InsertDemoSchool(ctx, db, postgres.DemoSchool{
				SchoolCode: s.SchoolCode, KorName: s.KorName, EngName: s.EngName, Slug: s.Slug, Color: s.Color,
				EnterYear: year, RoundKor: named(s.Round.KorName), RoundEng: named(s.Round.EngName),
				FeeKrw: s.Round.FeeKrw, FeeUsd: s.Round.FeeUsd,
				SlipNoticeKor: s.Round.SlipNoticeKor, SlipNoticeEng: s.Round.SlipNoticeEng,
				Opens: opens, Closes: closes,
			}); err != nil {
				return err
			}
			if s.Pay != nil {
				if err := (postgres.PaySettings{DB: db}).PutSettings(ctx, s.SchoolCode, 0, 0,
					payment.Settings{PayTypes: s.Pay.PayTypes, Channels: channels(s.Pay.Channels)}); err != nil {
					return err
				}
			}
			if err := loadFeeRules(ctx, db, s); err != nil {
				return err
			}
			t := recommendation.DefaultTemplate(application.RoundKey{SchoolCode: s.SchoolCode, EnterYear: year, RecruitPartSeq: 1})
			t.Version, t.FileRequired = 1, s.Round.RecommendFile
			if s.Round.RecommendLetters > 0 {
				t.Letters = s.Round.RecommendLetters
			}
			if err := (postgres.Recommendations{DB: db}).PutTemplate(ctx, t); err != nil {
				return fmt.Errorf("demo: recommendation template of %s: %w", s.SchoolCode, err)
			}
		}
		users := postgres.Users{DB: db}
		for _, u := range d.Users {
			var roles []permission.Role
			for _, r := range u.Roles {
				role, ok := permission.ParseRole(r)
				if !ok {
					return fmt.Errorf("demo: unknown role %q", r)
				}
				roles = append(roles, role)
			}
			m, err := account.NewMember(account.NewUser{UserID: u.UserID, Email: u.Email, PasswordHash: hash,
				Roles: roles, SchoolCode: u.SchoolCode, Locale: "ko", AgreedAt: now})
			if err == nil {
				_, err = users.Create(ctx, m)
			}
			if err != nil {
				return fmt.Errorf("demo: user %s: %w", u.UserID, err)
			}
		}
		if err := loadInquiries(ctx, db, now); err != nil {
			return err
		}
		return loadSurveys(ctx, db, now, year)
	})
	if err != nil {
		return false, err
	}
	if err := loadApply(ctx, db, d); err != nil {
		return true, err
	}
	return true, loadRefundRules(ctx, db, d, now)
}

// loadFeeRules gives a demo school its fee rules.
func loadFeeRules(ctx context.Context, db *postgres.DB, s School) error {
	if len(s.FeeRules) == 0 {
		return nil
	}
	err := (postgres.FeeSchedules{DB: db}).Update(ctx, s.SchoolCode, func(sc *feeschedule.Schedule) error {
		for _, r := range s.FeeRules {
			if _, err := sc.Add(feeschedule.Draft{Method: r.Method, EffectiveFrom: r.EffectiveFrom, Rate: r.Rate, Fixed: r.Fixed}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("demo: fee rules of %s: %w", s.SchoolCode, err)
	}
	return nil
}
