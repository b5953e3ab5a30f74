package document

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// UploadRequest names where a file goes: a document item, or the extra
// item with a slot from 1 to 5.
type UploadRequest struct {
	ItemCode string
	Seq      int
	FileName string // optional: overrides the multipart file name (e.g. a Korean name the browser mangled)
}

// UploadTarget is an upload's checked destination: call PrepareUpload first,
// then stream the file through Upload.
type UploadTarget struct {
	h     application.Header
	round application.Round
	item  DocItem
	slot  int
}

// Limit is the largest file the target accepts, for any extension.
func (t UploadTarget) Limit() int64 {
	if t.item.MaxSize > 0 {
		return t.item.MaxSize
	}
	for _, e := range t.item.Extensions {
		if !IsImage(e) {
			return OtherMaxSize
		}
	}
	return ImageMaxSize
}

// MaxUploadSize is the largest size any item may have; the HTTP edge
// allows this plus the form's overhead on the upload route.
func MaxUploadSize(items []DocItem) int64 {
	m := OtherMaxSize
	for _, it := range items {
		m = max(m, it.MaxSize)
	}
	return m
}

// PrepareUpload checks the caller, the window, the status and the item
// before any byte of the file is read.
func (s *Service) PrepareUpload(ctx context.Context, p permission.Principal, applNo int64, req UploadRequest) (UploadTarget, error) {
	h, err := s.access(ctx, p, applNo, true)
	if err != nil {
		return UploadTarget{}, err
	}
	r, err := application.LoadRound(ctx, s.Ref, h.Round)
	if err != nil {
		return UploadTarget{}, err
	}
	if err := s.checkEdit(p, r, h.State, s.now()); err != nil {
		return UploadTarget{}, err
	}
	items, err := RoundItems(ctx, s.Docs, h.Round)
	if err != nil {
		return UploadTarget{}, err
	}
	t := UploadTarget{h: h, round: r}
	if req.ItemCode == ExtraItemCode || req.Seq > 0 {
		if err := CheckExtraSlot(r.Rules.ExtraDocuments, req.Seq); err != nil {
			return UploadTarget{}, err
		}
		t.item, t.slot = extraItem(items), req.Seq
		return t, nil
	}
	i := slices.IndexFunc(items, func(it DocItem) bool { return it.Code == req.ItemCode })
	if i < 0 {
		var f apperr.Fields
		f.Add("itemCode", CodeItemUnknown)
		return UploadTarget{}, f.Err()
	}
	t.item = items[i]
	return t, nil
}

// headSize is how many leading bytes decide the content type.
const headSize = 512

func newKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Upload checks the file's name, extension and leading bytes, streams it to
// the file store within the item's limit and records it, replacing the
// item's (or slot's) previous file. A refused file leaves nothing behind.
func (s *Service) Upload(ctx context.Context, p permission.Principal, t UploadTarget, fileName string, body io.Reader) (DocView, Document, error) {
	st, err := PutChecked(ctx, s.Files, t.item.Item, fileName, body, CodeUploadMalformed)
	if err != nil {
		return DocView{}, Document{}, err
	}
	name, ext, size := st.Stored, st.Ext, st.Size
	d := Document{FileKey: newKey(), ApplNo: t.h.ApplNo, ItemCode: t.item.Code, Slot: t.slot, FileName: st.Name,
		StoredName: name, Ext: ext, Size: size, UploadedAt: s.now()}
	var old Document
	var replaced bool
	var h application.Header
	err = s.Apps.Update(ctx, t.h.ApplNo, func(ctx context.Context, a *application.Application) error {
		if err := a.CheckEditable(); err != nil {
			return err
		}
		h = a.Header()
		var err error
		old, replaced, err = s.Docs.Put(ctx, d)
		return err
	})
	if err != nil {
		_ = s.Files.Delete(context.WithoutCancel(ctx), name)
		return DocView{}, Document{}, err
	}
	if replaced {
		_ = s.Files.Delete(context.WithoutCancel(ctx), old.StoredName)
	}
	_, items, docs, err := s.load(ctx, h)
	if err != nil {
		return DocView{}, Document{}, err
	}
	return view(h, t.round, items, docs), d, nil
}

// Delete removes a  Removing a required one after FILE_SAVE moves
// the status back (application.Steps.DocumentRemoved); the answer carries
// the new status pair.
func (s *Service) Delete(ctx context.Context, p permission.Principal, applNo int64, fileKey string) (DocView, error) {
	h, err := s.access(ctx, p, applNo, true)
	if err != nil {
		return DocView{}, err
	}
	r, err := application.LoadRound(ctx, s.Ref, h.Round)
	if err != nil {
		return DocView{}, err
	}
	now := s.now()
	if err := s.checkEdit(p, r, h.State, now); err != nil {
		return DocView{}, err
	}
	items, err := RoundItems(ctx, s.Docs, h.Round)
	if err != nil {
		return DocView{}, err
	}
	var d Document
	err = s.Apps.Update(ctx, applNo, func(ctx context.Context, a *application.Application) error {
		var err error
		if d, err = s.Docs.Get(ctx, applNo, fileKey); err != nil {
			return err
		}
		required := d.Slot == 0 && slices.ContainsFunc(items, func(it DocItem) bool { return it.Code == d.ItemCode && it.Required })
		if err := a.RemoveDocument(r.Steps, required, now); err != nil {
			return err
		}
		h = a.Header()
		return s.Docs.Delete(ctx, applNo, fileKey)
	})
	if err != nil {
		return DocView{}, err
	}
	_ = s.Files.Delete(context.WithoutCancel(ctx), d.StoredName)
	docs, err := s.Docs.List(ctx, applNo)
	if err != nil {
		return DocView{}, err
	}
	return view(h, r, items, docs), nil
}

// Save is the FILE_SAVE step (GET /appl/doc/save/{applNo}): every required
// document must be there; the status advances as any step save does.
func (s *Service) Save(ctx context.Context, p permission.Principal, applNo int64) (DocView, error) {
	h, err := s.access(ctx, p, applNo, true)
	if err != nil {
		return DocView{}, err
	}
	r, items, _, err := s.load(ctx, h)
	if err != nil {
		return DocView{}, err
	}
	now := s.now()
	if err := s.checkEdit(p, r, h.State, now); err != nil {
		return DocView{}, err
	}
	var docs []Document
	err = s.Apps.Update(ctx, applNo, func(ctx context.Context, a *application.Application) error {
		if err := a.SaveStep(r.Steps, application.FileSave, now); err != nil {
			return err
		}
		var err error
		if docs, err = s.Docs.List(ctx, applNo); err != nil {
			return err
		}
		if err := CheckUploaded(items, docs); err != nil {
			return err
		}
		h = a.Header()
		return s.Forms.MarkSaved(ctx, applNo, application.FileSave, now)
	})
	if err != nil {
		return DocView{}, err
	}
	return view(h, r, items, docs), nil
}

// File opens a document for its owner (or staff allowed to read the
// application): the record and a reader the caller closes.
func (s *Service) File(ctx context.Context, p permission.Principal, applNo int64, fileKey string) (Document, io.ReadCloser, error) {
	if _, err := s.access(ctx, p, applNo, false); err != nil {
		return Document{}, nil, err
	}
	d, err := s.Docs.Get(ctx, applNo, fileKey)
	if err != nil {
		return Document{}, nil, err
	}
	rc, err := s.Files.Open(ctx, d.StoredName)
	if err != nil {
		return Document{}, nil, err
	}
	return d, rc, nil
}
