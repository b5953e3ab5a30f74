package round

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// The rules of a round's lists: windows, parts, document items, the step
// list and consent items.

// checkWindows: each kind once, SUBMIT and COMPLETE required, days in
// order; a start must be after today unless it is the stored start (so a
// window that opened already may be extended).
func checkWindows(f *apperr.Fields, ws, stored []Window, now time.Time) {
	seen := map[window.Kind]bool{}
	for _, w := range ws {
		p := "windows." + string(w.Kind)
		if _, err := window.ParseKind(string(w.Kind)); err != nil {
			f.Add(p, window.CodeUnknownKind)
			continue
		}
		if seen[w.Kind] {
			f.Add(p, CodeWindowDuplicate)
			continue
		}
		seen[w.Kind] = true
		i := slices.IndexFunc(stored, func(o Window) bool { return o.Kind == w.Kind })
		var g apperr.Fields
		s, ok1 := window.CheckDate(&g, "startDay", w.StartDay)
		e, ok2 := window.CheckDate(&g, "endDay", w.EndDay)
		if ok1 && (i < 0 || stored[i].StartDay != w.StartDay) {
			window.StartAfterToday(&g, "startDay", s, now)
		}
		if ok1 && ok2 {
			window.EndAfterStart(&g, "endDay", s, e)
		}
		f.Merge(p, g)
	}
	for _, k := range []window.Kind{window.Submit, window.Complete} {
		if !seen[k] {
			f.Add("windows."+string(k), CodeWindowMissing)
		}
	}
}

// checkParts: at least one part, each a major of the school in a course
// once; a part applications chose stays.
func checkParts(f *apperr.Fields, parts, stored []Part, majors []Major, inUse map[int64]bool) {
	if len(parts) == 0 {
		f.Add("parts", CodePartsNone)
	}
	if len(parts) > MaxListItems {
		f.AddParam("parts", form.CodeTooLong, "max", MaxListItems)
		return
	}
	type key struct {
		major  string
		master bool
	}
	seen := map[key]bool{}
	kept := map[int64]bool{}
	for i, p := range parts {
		pre := "parts[" + strconv.Itoa(i) + "]"
		if !slices.ContainsFunc(majors, func(m Major) bool { return m.Code == p.MajorCode }) {
			f.Add(pre+".majorCode", CodeMajorUnknown)
		}
		k := key{p.MajorCode, p.IsMaster}
		if seen[k] {
			f.Add(pre+".majorCode", CodePartDuplicate)
		}
		seen[k] = true
		kept[p.ApplPartNo] = true
		text(f, pre+".detailRemkKor", p.RemkKor, false, MaxRemark)
		text(f, pre+".detailRemkEng", p.RemkEng, false, MaxRemark)
		if p.AddCertificateCount < 0 || p.AddCertificateCount > 20 {
			f.AddParam(pre+".addCertificateCount", form.CodeTooLong, "max", 20)
		}
		if p.Quota < 0 || p.Quota > MaxQuota {
			f.AddParam(pre+".quota", form.CodeTooLong, "max", MaxQuota)
		}
	}
	for _, p := range stored {
		if inUse[p.ApplPartNo] && !kept[p.ApplPartNo] {
			f.AddParam("parts", CodePartInUse, "majorCode", p.MajorCode)
		}
	}
}

// keepPartNumbers gives a part sent without its number the number of the
// stored part of the same major and course, so an edit keeps it (and the
// applications that chose it).
func keepPartNumbers(next, stored []Part) []Part {
	out := slices.Clone(next)
	for i := range out {
		if out[i].ApplPartNo != 0 {
			continue
		}
		for _, o := range stored {
			if o.MajorCode == out[i].MajorCode && o.IsMaster == out[i].IsMaster {
				out[i].ApplPartNo = o.ApplPartNo
			}
		}
	}
	return out
}

func checkDocs(f *apperr.Fields, docs []DocItem) {
	if len(docs) > MaxListItems {
		f.AddParam("documents", form.CodeTooLong, "max", MaxListItems)
		return
	}
	seen := map[string]bool{}
	for i, d := range docs {
		p := "documents[" + strconv.Itoa(i) + "]"
		if !codeRE.MatchString(d.ItemCode) {
			f.Add(p+".itemCode", form.CodeRequired)
		} else if seen[d.ItemCode] {
			f.Add(p+".itemCode", CodeDocDuplicate)
		}
		seen[d.ItemCode] = true
		if !codeRE.MatchString(d.GrpCode) {
			f.Add(p+".grpCode", form.CodeRequired)
		}
		text(f, p+".grpKorName", d.GrpKorName, true, MaxName)
		text(f, p+".grpEngName", d.GrpEngName, true, MaxName)
		text(f, p+".korName", d.KorName, true, MaxName)
		text(f, p+".engName", d.EngName, true, MaxName)
		if len(d.Extensions) == 0 || len(d.Extensions) > 20 {
			f.Add(p+".extensions", CodeExtension)
		}
		for _, x := range d.Extensions {
			if !extRE.MatchString(x) {
				f.Add(p+".extensions", CodeExtension)
				break
			}
		}
		if d.MaxSize < 0 || d.MaxSize > MaxDocSize {
			f.AddParam(p+".maxSize", CodeMaxSize, "max", MaxDocSize)
		}
	}
}

// normaliseDocs lower-cases extensions (jpeg is jpg, spec section 5) and
// numbers items in order, so equal settings compare equal.
func normaliseDocs(docs []DocItem) []DocItem {
	out := cloneDocs(docs)
	for i := range out {
		d := &out[i]
		exts := make([]string, 0, len(d.Extensions))
		for _, x := range d.Extensions {
			x = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(x), "."))
			if x == "jpeg" {
				x = "jpg"
			}
			if !slices.Contains(exts, x) {
				exts = append(exts, x)
			}
		}
		d.Extensions = exts
		if d.Seq == 0 {
			d.Seq = i + 1
		}
	}
	return out
}

// checkSteps: a round's own list names known steps once each and keeps the
// mandatory ones; once applications exist (they are somewhere on the list)
// the list no longer changes.
func checkSteps(f *apperr.Fields, steps, stored []application.Status, inUse map[int64]bool) {
	changed := !slices.Equal(stored, steps) || (stored == nil) != (steps == nil)
	if changed && len(inUse) > 0 {
		f.Add("steps", CodeStepsInUse)
		return
	}
	if steps == nil {
		return
	}
	for _, st := range steps {
		if !slices.Contains(application.OptionalSteps, st) {
			f.AddParam("steps", CodeStepUnknown, "step", string(st))
			return
		}
	}
	if _, err := application.NewSteps(steps...); err != nil {
		f.Add("steps", CodeStepUnknown)
		return
	}
	for _, st := range application.RoundMandatorySteps {
		if !slices.Contains(steps, st) {
			f.AddParam("steps", CodeStepsMandatory, "step", string(st))
			return
		}
	}
}

// normaliseSteps puts a list in the fixed order of the steps, whatever
// order the form sent; nil (the school's list) stays nil.
func normaliseSteps(steps []application.Status) []application.Status {
	if steps == nil {
		return nil
	}
	out := slices.Clone(steps)
	slices.SortStableFunc(out, func(a, b application.Status) int {
		return slices.Index(application.OptionalSteps, a) - slices.Index(application.OptionalSteps, b)
	})
	return out
}

func checkConsents(f *apperr.Fields, items []school.ConsentItem) {
	if len(items) > MaxListItems {
		f.AddParam("consents", form.CodeTooLong, "max", MaxListItems)
	} else if err := school.ValidateConsentItems(items); err != nil {
		e, _ := apperr.As(err)
		*f = append(*f, e.Fields...)
	}
}
