package document_test

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/memstore"
)

// Issue 21 item 5: an image whose header is right but whose body is garbage
// used to be accepted, and the admission slip then printed an empty photo
// box. Images are now decoded as they stream to the store.
func TestCheckImage(t *testing.T) {
	garbage := bytes.Repeat([]byte{0x22}, 200)
	// A GIF's logical screen says 65535 x 65535: refused from the header,
	// before any pixel is decoded.
	hugeGIF := append([]byte("GIF89a\xff\xff\xff\xff\x00\x00\x00"), garbage...)
	for _, tc := range []struct {
		name, ext string
		body      []byte
		want      string
	}{
		{"png", "png", pngBody, ""},
		{"jpeg", "JPEG", jpgBody, ""},
		{"png with bytes after its end", "png", append(append([]byte{}, pngBody...), garbage...), ""},
		{"png header over garbage", "png", append(append([]byte{}, pngBody[:16]...), garbage...), document.CodeImageUnreadable},
		{"jpeg header over garbage", "jpg", append([]byte{0xFF, 0xD8, 0xFF, 0xE0}, garbage...), document.CodeImageUnreadable},
		{"png cut short", "png", pngBody[:len(pngBody)-20], document.CodeImageUnreadable},
		{"gif of too many pixels", "gif", hugeGIF, document.CodeImagePixels},
		{"bmp header over garbage", "bmp", append([]byte("BM"), garbage...), document.CodeImageUnreadable},
		{"a pdf is not decoded", "pdf", pdfBody, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := bytes.NewReader(tc.body)
			err := document.CheckImage(tc.ext, r)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
			} else {
				wantField(t, err, "file", tc.want)
			}
			if r.Len() != 0 {
				t.Errorf("%d bytes left unread: the upload's stream would stall", r.Len())
			}
		})
	}
}

// Through PutChecked, as every upload goes: a photo that does not decode is
// refused at the file field and nothing is left in the store; one that
// decodes is stored whole.
func TestPutCheckedDecodesImages(t *testing.T) {
	files := memstore.Files{Store: memstore.New()}
	it := document.Item{Code: "00001", Extensions: []string{"jpg", "png"}, MaxSize: 1 << 20}
	ctx := context.Background()

	bad := append(append([]byte{}, pngBody[:16]...), bytes.Repeat([]byte{0x22}, 4096)...)
	if _, err := document.PutChecked(ctx, files, it, "photo.png", bytes.NewReader(bad), document.CodeUploadMalformed); err == nil {
		t.Fatal("a png header over garbage was stored")
	} else {
		wantField(t, err, "file", document.CodeImageUnreadable)
	}
	if n := len(files.FileNames()); n != 0 {
		t.Fatalf("%d files left in the store after a refused image", n)
	}

	st, err := document.PutChecked(ctx, files, it, "photo.png", bytes.NewReader(pngBody), document.CodeUploadMalformed)
	if err != nil {
		t.Fatal(err)
	}
	rc, err := files.Open(ctx, st.Stored)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(rc)
	if !bytes.Equal(got, pngBody) || st.Size != int64(len(pngBody)) {
		t.Fatalf("stored %d bytes (size %d), want the %d sent", len(got), st.Size, len(pngBody))
	}

	// Too large is still too large (the store stops reading; the decoder
	// beside it must not hang).
	small := it
	small.MaxSize = 40
	if _, err := document.PutChecked(ctx, files, small, "photo.png", bytes.NewReader(pngBody), document.CodeUploadMalformed); err == nil {
		t.Fatal("a file above the limit was stored")
	} else {
		wantField(t, err, "file", document.CodeTooLarge)
	}
}
