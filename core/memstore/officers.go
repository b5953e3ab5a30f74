package memstore

import (
	"maps"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/decision"
	"github.com/gradapply/gradapply/core/evaluation"
	"github.com/gradapply/gradapply/core/notice"
)

type sheetKey struct {
	applNo   int64
	reviewer string
}

// officerData is the officers' console (issue 23): rubrics and sheets,
// decisions and releases, notices and bulk mails.
type officerData struct {
	rubrics map[application.RoundKey]evaluation.RubricData
	sheets  map[sheetKey]evaluation.SheetData
	// decisions by application, releases by round (decisions.go)
	decisions map[int64]decision.Data
	releases  map[application.RoundKey]decision.ReleaseData
	// notices, bulk mails and their recipients (notices.go)
	nextNotice, nextMail, nextRecipient int64
	notices                             map[int64]notice.NoticeData
	mails                               map[int64]notice.BulkMailData
	recipients                          map[recipientKey]recipientRow
}

func (o *officerData) clone() *officerData {
	if o == nil {
		return &officerData{rubrics: map[application.RoundKey]evaluation.RubricData{}, sheets: map[sheetKey]evaluation.SheetData{},
			decisions: map[int64]decision.Data{}, releases: map[application.RoundKey]decision.ReleaseData{},
			notices: map[int64]notice.NoticeData{}, mails: map[int64]notice.BulkMailData{}, recipients: map[recipientKey]recipientRow{}}
	}
	c := *o
	c.rubrics, c.sheets = maps.Clone(o.rubrics), maps.Clone(o.sheets)
	c.decisions, c.releases = maps.Clone(o.decisions), maps.Clone(o.releases)
	c.notices, c.mails, c.recipients = maps.Clone(o.notices), maps.Clone(o.mails), maps.Clone(o.recipients)
	return &c
}

func (d *data) officer() *officerData {
	if d.officers == nil {
		d.officers = (*officerData)(nil).clone()
	}
	return d.officers
}
