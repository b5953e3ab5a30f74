package round_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// Fee rules: card, vbank and trans charge the KRW fee, visa_master the USD
// fee; free is the one type of a round without fees; a paid round offers a
// way to pay; channels name a pay type and hold letters, digits, - and _.
func TestFeeRules(t *testing.T) {
	t.Parallel()
	won, usd := int64(50000), int64(4000)
	ch := func(store, key string) map[payment.PayType]payment.Channel {
		return map[payment.PayType]payment.Channel{payment.Card: {StoreID: store, ChannelKey: key}}
	}
	for _, c := range []struct {
		name  string
		fees  round.Fees
		field string
		code  string
	}{
		{"both fees, both currencies", round.Fees{FeeKrw: won, FeeUsd: usd, PayTypes: []payment.PayType{payment.Card, payment.Trans, payment.VisaMaster}}, "", ""},
		{"free only", round.Fees{PayTypes: []payment.PayType{payment.Free}}, "", ""},
		{"free round without a type", round.Fees{}, "", ""},
		{"free on a paid round", round.Fees{FeeKrw: won, PayTypes: []payment.PayType{payment.Card, payment.Free}}, "payTypes", round.CodePayTypes},
		{"a KRW type without the KRW fee", round.Fees{FeeUsd: usd, PayTypes: []payment.PayType{payment.VisaMaster, payment.Vbank}}, "payTypes", round.CodePayTypes},
		{"an unknown type", round.Fees{FeeKrw: won, PayTypes: []payment.PayType{payment.Card, "cash"}}, "payTypes", round.CodePayTypes},
		{"a type twice", round.Fees{FeeKrw: won, PayTypes: []payment.PayType{payment.Card, payment.Card}}, "payTypes", round.CodePayTypes},
		{"a paid round without a way to pay", round.Fees{FeeUsd: usd, PayTypes: []payment.PayType{payment.Card}}, "payTypes", round.CodePayTypesNone},
		{"KRW fee too high", round.Fees{FeeKrw: round.MaxFeeKrw + 1, PayTypes: []payment.PayType{payment.Card}}, "feeKrw", round.CodeFee},
		{"USD fee negative", round.Fees{FeeKrw: won, FeeUsd: -1, PayTypes: []payment.PayType{payment.Card}}, "feeUsd", round.CodeFee},
		{"a channel", round.Fees{FeeKrw: won, PayTypes: []payment.PayType{payment.Card}, PayChannels: ch("store-1", "key_1")}, "", ""},
		{"a channel's store id", round.Fees{FeeKrw: won, PayTypes: []payment.PayType{payment.Card}, PayChannels: ch("store 1", "")}, "payChannels.card.storeId", round.CodeChannel},
		{"a channel's key", round.Fees{FeeKrw: won, PayTypes: []payment.PayType{payment.Card}, PayChannels: ch("", "<key>")}, "payChannels.card.channelKey", round.CodeChannel},
		{"a channel of free", round.Fees{PayTypes: []payment.PayType{payment.Free},
			PayChannels: map[payment.PayType]payment.Channel{payment.Free: {}}}, "payChannels.free", round.CodePayTypes},
	} {
		st := stored(t, valid())
		before := st.Fees()
		err := st.SetFees(c.fees)
		if c.field == "" {
			if err != nil || st.Fees().FeeKrw != c.fees.FeeKrw || !slices.Equal(st.Fees().PayTypes, c.fees.PayTypes) {
				t.Errorf("%s: %v %+v", c.name, err, st.Fees())
			}
			continue
		}
		if got := fieldCodes(err)[c.field]; got != c.code {
			t.Errorf("%s: %v, want %s at %s", c.name, err, c.code, c.field)
		}
		if after := st.Fees(); after.FeeKrw != before.FeeKrw || !slices.Equal(after.PayTypes, before.PayTypes) || st.Changed() {
			t.Errorf("%s: a refused change changed the fees: %+v", c.name, after)
		}
	}
}

// Windows are kept in kind order; each needs its days in order, and a new
// or moved start must be after today.
func TestSetWindows(t *testing.T) {
	t.Parallel()
	st := stored(t, valid())
	ws := []round.Window{{Kind: window.Submit, StartDay: "2030-03-11", EndDay: "2030-03-20"},
		{Kind: window.RecommendRequest, StartDay: "2030-03-12", EndDay: "2030-03-22"},
		{Kind: window.Complete, StartDay: "2030-03-11", EndDay: "2030-03-21"}}
	if err := st.SetWindows(ws, now); err != nil || !st.Changed() {
		t.Fatalf("three windows: %v", err)
	}
	var kinds []window.Kind
	for _, w := range st.Windows() {
		kinds = append(kinds, w.Kind)
	}
	if !slices.Equal(kinds, []window.Kind{window.Complete, window.RecommendRequest, window.Submit}) {
		t.Fatalf("kind order: %v", kinds)
	}
	if err := st.SetWindows(append(slices.Clone(ws), round.Window{Kind: "LATE", StartDay: "2030-03-12", EndDay: "2030-03-13"}), now); fieldCodes(err)["windows.LATE"] != window.CodeUnknownKind {
		t.Fatalf("an unknown kind: %v", err)
	}
	b, err := st.Windows()[0].Bounds()
	if err != nil || !b.Start.Equal(time.Date(2030, 3, 11, 0, 0, 0, 0, window.Seoul)) || !b.End.Equal(time.Date(2030, 3, 22, 0, 0, 0, 0, window.Seoul)) {
		t.Fatalf("bounds of the COMPLETE window: %+v %v", b, err)
	}
	if back := round.WindowFromStored(b); back != st.Windows()[0] {
		t.Fatalf("stored and back: %+v", back)
	}
}

func TestSetPartsDocumentsAndLetters(t *testing.T) {
	t.Parallel()
	st := stored(t, valid())
	long := strings.Repeat("가", round.MaxRemark+1)
	err := st.SetParts([]round.Part{{MajorCode: "M1", IsMaster: true}, {MajorCode: "M1", IsMaster: true, RemkKor: long, AddCertificateCount: 21}}, majors, nil)
	if got := fieldCodes(err); got["parts[1].majorCode"] != round.CodePartDuplicate || got["parts[1].detailRemkKor"] != "validation.too_long" ||
		got["parts[1].addCertificateCount"] != "validation.too_long" {
		t.Fatalf("parts: %v", err)
	}
	many := make([]round.Part, round.MaxListItems+1)
	if err := st.SetParts(many, majors, nil); fieldCodes(err)["parts"] != "validation.too_long" {
		t.Fatalf("too many parts: %v", err)
	}
	if err := st.SetParts([]round.Part{{MajorCode: "M2", IsMaster: false}}, majors, nil); err != nil || st.Parts()[0].MajorCode != "M2" {
		t.Fatalf("another part: %v %+v", err, st.Parts())
	}

	doc := valid().Documents[0]
	doc.Extensions = []string{" .PDF", "JPEG", "jpg"}
	if err := st.SetDocuments([]round.DocItem{doc}); err != nil || !slices.Equal(st.Documents()[0].Extensions, []string{"pdf", "jpg"}) || st.Documents()[0].Seq != 1 {
		t.Fatalf("normalised: %v %+v", err, st.Documents())
	}
	twice, big := doc, doc
	big.ItemCode, big.MaxSize, big.GrpCode = "D2", round.MaxDocSize+1, "bad code!"
	if got := fieldCodes(st.SetDocuments([]round.DocItem{doc, twice, big})); got["documents[1].itemCode"] != round.CodeDocDuplicate ||
		got["documents[2].maxSize"] != round.CodeMaxSize || got["documents[2].grpCode"] != "validation.required" {
		t.Fatalf("documents: %v", got)
	}
	none := doc
	none.Extensions, none.ItemCode = nil, ""
	if got := fieldCodes(st.SetDocuments([]round.DocItem{none})); got["documents[0].extensions"] != round.CodeExtension || got["documents[0].itemCode"] != "validation.required" {
		t.Fatalf("no extension, no code: %v", got)
	}
	if err := st.SetDocuments(make([]round.DocItem, round.MaxListItems+1)); fieldCodes(err)["documents"] != "validation.too_long" {
		t.Fatalf("too many documents: %v", err)
	}
	if err := st.SetDocuments(nil); err != nil || st.Documents() != nil {
		t.Fatalf("the school's documents: %v", err)
	}

	if err := st.AskLetters(-1); fieldCodes(err)["lettersAsked"] != round.CodeLetters || st.LettersAsked() != 0 {
		t.Fatalf("letters: %v", err)
	}
	if err := st.AskLetters(round.MaxLetters); err != nil || st.LettersAsked() != round.MaxLetters {
		t.Fatalf("five letters: %v", err)
	}
	if err := st.SetApplIDRule(" {YY}-{SEQ:3} "); err != nil || st.ApplIDRule() != "{YY}-{SEQ:3}" {
		t.Fatalf("rule: %v %q", err, st.ApplIDRule())
	}
	if err := st.SetApplIDRule("{YY}-{SEQ:3"); fieldCodes(err)["applIdRule"] != "examno.template_syntax" {
		t.Fatalf("a broken rule: %v", err)
	}
}

func TestRenameTrimsAndRefuses(t *testing.T) {
	t.Parallel()
	st := stored(t, valid())
	if err := st.Rename(round.Texts{KorName: " 전기 ", EngName: "Spring ", SlipNoticeKor: " 본관 "}); err != nil {
		t.Fatal(err)
	}
	if tx := st.Texts(); tx.KorName != "전기" || tx.EngName != "Spring" || tx.SlipNoticeKor != "본관" || !st.Changed() {
		t.Fatalf("trimmed: %+v", tx)
	}
	err := st.Rename(round.Texts{KorName: "전기", EngName: strings.Repeat("x", round.MaxName+1), SlipNoticeEng: strings.Repeat("x", round.MaxNotice+1)})
	if got := fieldCodes(err); got["engName"] != "validation.too_long" || got["slipNoticeEng"] != "validation.too_long" || st.Texts().EngName != "Spring" {
		t.Fatalf("too long: %v %+v", err, st.Texts())
	}
	if st2 := stored(t, valid()); st2.Rename(st2.Texts()) != nil || st2.Changed() {
		t.Fatal("the same names are no change")
	}
}

func TestSetStepsAndConsents(t *testing.T) {
	t.Parallel()
	st := stored(t, valid())
	steps := []application.Status{application.FileSave, application.BasisSave, application.AcadSave, application.LangSave}
	if err := st.SetSteps(steps, nil); err != nil || st.Steps()[0] != application.BasisSave {
		t.Fatalf("own steps: %v %v", err, st.Steps())
	}
	if err := st.SetSteps(nil, map[int64]bool{1: true}); fieldCodes(err)["steps"] != round.CodeStepsInUse || st.Steps() == nil {
		t.Fatalf("back to the school's with applications: %v", err)
	}
	items := []school.ConsentItem{{Code: "c1", TitleKo: "동의", TitleEn: "Consent", BodyKo: "하나", BodyEn: "One"}}
	if err := st.SetConsents(items, round.Facts{Now: now}); err != nil || st.Consents()[0].Version != "2030-03-10" {
		t.Fatalf("a new item is dated today: %v %+v", err, st.Consents())
	}
	items[0].BodyKo = "둘"
	boom := errors.New("look-up failed")
	err := st.SetConsents(items, round.Facts{Now: now, ConsentInUse: func(string, string) (bool, error) { return false, boom }})
	if !errors.Is(err, boom) || st.Consents()[0].BodyKo != "하나" {
		t.Fatalf("a failed look-up: %v", err)
	}
	if _, err := st.Edit(valid(), round.Facts{Now: now, Majors: majors, ConsentInUse: func(string, string) (bool, error) { return false, boom }}); err != nil {
		t.Fatalf("an edit dropping the round's items asks nothing: %v", err)
	}
	st = stored(t, valid())
	st.SetConsents(items, round.Facts{Now: now})
	used := func(string, string) (bool, error) { return true, nil }
	if _, err := st.Edit(func() round.Values {
		v := valid()
		v.Consents = []school.ConsentItem{{Code: "c1", TitleKo: "동의", TitleEn: "Consent", BodyKo: "셋", BodyEn: "Three"}}
		return v
	}(), round.Facts{Now: now, Majors: majors, ConsentInUse: func(string, string) (bool, error) { return false, boom }}); !errors.Is(err, boom) {
		t.Fatalf("an edit whose look-up fails: %v", err)
	}
	if err := st.SetConsents([]school.ConsentItem{{Code: "c1", TitleKo: "동의", TitleEn: "Consent", BodyKo: "셋", BodyEn: "Three"}},
		round.Facts{Now: now, ConsentInUse: used}); err != nil {
		t.Fatal(err)
	}
	if r := st.Retired(); len(r) != 1 || r[0].BodyKo != "둘" || st.Consents()[0].Version != "2030-03-11" {
		t.Fatalf("retired %+v, now %+v", r, st.Consents())
	}
	if err := st.SetConsents(make([]school.ConsentItem, round.MaxListItems+1), round.Facts{Now: now}); fieldCodes(err)["consents"] != "validation.too_long" {
		t.Fatalf("too many consents: %v", err)
	}
}

// An edit is all or nothing and answers what changed, named as the audit
// log names the fields.
func TestEditAnswersTheChanges(t *testing.T) {
	t.Parallel()
	created, err := round.NewSettings(key, valid(), round.Facts{Now: now, Majors: majors})
	if err != nil {
		t.Fatal(err)
	}
	st := stored(t, created.Values()) // normalised as a created round is stored
	next := valid()
	next.FeeKrw, next.LettersAsked = 60000, 1
	next.PayChannels = map[payment.PayType]payment.Channel{payment.Card: {StoreID: "s-1"}}
	next.Steps = []application.Status{application.BasisSave, application.AcadSave, application.LangSave, application.FileSave}
	changes, err := st.Edit(next, round.Facts{Now: now, Majors: majors})
	if err != nil || !st.Changed() {
		t.Fatal(err)
	}
	d := round.AuditDetail(changes)
	if !slices.Equal(d["changed"].([]string), []string{"feeKrw", "lettersAsked", "payChannels", "steps"}) {
		t.Fatalf("changed: %v", d["changed"])
	}
	before, after := d["before"].(map[string]any), d["after"].(map[string]any)
	if before["payChannels"] != nil || after["payChannels"].(map[string]any)["card"].(map[string]any)["storeId"] != "s-1" ||
		before["steps"] != nil || len(after["steps"].([]any)) != 4 || after["lettersAsked"] != 1 {
		t.Fatalf("before %v after %v", before, after)
	}
	if again, err := st.Edit(next, round.Facts{Now: now, Majors: majors}); err != nil || again != nil || round.AuditDetail(again) != nil {
		t.Fatalf("the same edit again: %v %v", again, err)
	}
	bad := next
	bad.FeeKrw, bad.KorName = -5, "새 이름"
	if _, err := st.Edit(bad, round.Facts{Now: now, Majors: majors}); fieldCodes(err)["feeKrw"] != round.CodeFee || st.Texts().KorName != "후기" {
		t.Fatalf("a refused edit: %v %+v", err, st.Texts())
	}
	// what Values answers is a copy
	v := st.Values()
	v.Documents[0].Extensions[0] = "exe"
	v.Windows[0].EndDay = "2099-01-01"
	if st.Documents()[0].Extensions[0] != "jpg" || st.Windows()[0].EndDay == "2099-01-01" || st.UpdatedAt() != now {
		t.Fatalf("the settings changed through a copy: %+v", st.Values())
	}
}

func TestUnmarshalRefusesBrokenRows(t *testing.T) {
	t.Parallel()
	if _, err := round.UnmarshalSettingsFromDatabase(application.RoundKey{SchoolCode: "S1"}, valid(), now); apperr.CodeOf(err) != application.CodeRoundInvalid {
		t.Fatalf("a row without its year and sequence: %v", err)
	}
	v := valid()
	v.Windows = append(v.Windows, round.Window{Kind: "LATE"})
	if _, err := round.UnmarshalSettingsFromDatabase(key, v, now); err == nil {
		t.Fatal("an unknown window kind was loaded")
	}
	st := stored(t, valid())
	if st.Changed() || st.Key() != key || st.Retired() != nil {
		t.Fatalf("loaded: %v %v", st.Changed(), st.Retired())
	}
}
