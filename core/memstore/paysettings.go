package memstore

import (
	"context"
	"maps"
	"slices"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/printing"
)

// PaySettings is what a school or round offers to pay with
// (payment.Config): the round's own settings, else the school's.
type PaySettings struct{ *Store }

var _ payment.Config = PaySettings{}

func (d *data) paySettings(k application.RoundKey) (payment.Settings, bool) {
	rd := d.round()
	set, ok := rd.pay[k]
	if !ok {
		set, ok = rd.pay[application.RoundKey{SchoolCode: k.SchoolCode}]
	}
	if !ok {
		return payment.Settings{}, false
	}
	ch := maps.Clone(set.Channels)
	if ch == nil {
		ch = map[payment.PayType]payment.Channel{}
	}
	return payment.Settings{PayTypes: slices.Clone(set.PayTypes), Channels: ch}, true
}

// Settings answers the round's own settings, else the school's.
func (s PaySettings) Settings(ctx context.Context, k application.RoundKey) (payment.Settings, bool, error) {
	var set payment.Settings
	var ok bool
	err := s.do(ctx, func(d *data) error { set, ok = d.paySettings(k); return nil })
	return set, ok, err
}

// PutSettings stores a school's (enterYear 0) or a round's settings.
func (s PaySettings) PutSettings(ctx context.Context, school string, enterYear, seq int, set payment.Settings) error {
	return s.do(ctx, func(d *data) error {
		d.round().pay[application.RoundKey{SchoolCode: school, EnterYear: enterYear, RecruitPartSeq: seq}] =
			payment.Settings{PayTypes: slices.Clone(set.PayTypes), Channels: maps.Clone(set.Channels)}
		return nil
	})
}

// SlipNotices reads the notice a round prints on its admission slips
// (printing.Notices): the round's slip notice as staff set it.
type SlipNotices struct{ *Store }

var _ printing.Notices = SlipNotices{}

// SlipNotice answers the round's notice; ok is false when it has none.
func (s SlipNotices) SlipNotice(ctx context.Context, k application.RoundKey) (printing.Label, bool, error) {
	var n printing.Label
	err := s.do(ctx, func(d *data) error {
		if r, ok := d.round().rows[k]; ok {
			n = printing.Label{Ko: r.v.SlipNoticeKor, En: r.v.SlipNoticeEng}
		}
		return nil
	})
	return n, n != (printing.Label{}), err
}
