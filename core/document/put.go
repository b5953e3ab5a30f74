package document

import (
	"bufio"
	"context"
	"errors"
	"io"

	"github.com/gradapply/gradapply/core/apperr"
)

// Stored is a file PutChecked has put in the file store.
type Stored struct {
	Name   string // the file name as given, with its extension normalised
	Ext    string
	Stored string // the file store's name
	Size   int64
}

// PutChecked checks a file against an item's rules (name, extension,
// leading bytes), then streams it (decoding an image as it goes, see
// CheckImage) to the file store within the item's
// limit for that extension. Nothing is left in the store when it fails;
// the caller deletes Stored.Stored if what follows fails. A malformed body
// answers badBody.
func PutChecked(ctx context.Context, files FileStore, it Item, fileName string, body io.Reader, badBody string) (Stored, error) {
	br := bufio.NewReaderSize(body, headSize)
	head, err := br.Peek(headSize)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return Stored{}, apperr.Wrap(apperr.KindInvalid, badBody, err)
	}
	// A short head is the whole file; a full one is a lower bound that is
	// enough for every rule but the limit, which the store enforces.
	ext, err := it.Check(Upload{FileName: fileName, Size: int64(len(head)), Head: head})
	if err != nil {
		return Stored{}, err
	}
	limit := it.Limit(ext)
	var name string
	var size int64
	if Decoded(ext) {
		name, size, err = putDecoding(ctx, files, ext, br, limit)
	} else {
		name, size, err = files.Put(ctx, br, limit)
	}
	if errors.Is(err, ErrTooLarge) {
		var f apperr.Fields
		f.AddParam("file", CodeTooLarge, "max", FormatSize(limit))
		return Stored{}, f.Err()
	}
	if err != nil {
		return Stored{}, err
	}
	base, _ := SplitName(fileName)
	return Stored{Name: base + "." + ext, Ext: ext, Stored: name, Size: size}, nil
}
