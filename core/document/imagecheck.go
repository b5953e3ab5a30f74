package document

import (
	"bytes"
	"context"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"

	"github.com/gradapply/gradapply/core/apperr"
	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
)

// Limits of an image the service decodes at upload.
const (
	// MaxImagePixels bounds width x height: a photo or a scanned page is far
	// below it, and decoding more would cost the server hundreds of MB.
	MaxImagePixels = 40_000_000
	// MaxImagePixelsText is how the limit reads in messages.
	MaxImagePixelsText = "40,000,000"
)

// Message codes of image checks.
const (
	CodeImageUnreadable = "file.image_unreadable" // the header says image, the body does not decode
	CodeImagePixels     = "file.image_pixels"     // more pixels than MaxImagePixels (param: max)
)

type imageCodec struct {
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) (image.Image, error)
}

// imageCodecs decode the image families an item may allow. The file's
// extension picks the codec (the leading bytes were already matched to it).
var imageCodecs = map[Family]imageCodec{
	FamilyJPG: {jpeg.DecodeConfig, jpeg.Decode},
	FamilyPNG: {png.DecodeConfig, png.Decode},
	FamilyGIF: {gif.DecodeConfig, gif.Decode},
	FamilyBMP: {bmp.DecodeConfig, bmp.Decode},
	FamilyTIF: {tiff.DecodeConfig, tiff.Decode},
}

// Decoded reports whether files with this extension are decoded at upload.
func Decoded(ext string) bool {
	_, ok := imageCodecs[familyOf[NormalizeExt(ext)]]
	return ok
}

// CheckImage decodes the image in r as ext says it is, reading r to its
// end. A body that does not decode whole (a valid header over garbage, a
// cut file) answers CodeImageUnreadable; an image of more than
// MaxImagePixels answers CodeImagePixels before its pixels are decoded.
// Any other extension is not checked (nil).
func CheckImage(ext string, r io.Reader) error {
	defer func() { _, _ = io.Copy(io.Discard, r) }()
	c, ok := imageCodecs[familyOf[NormalizeExt(ext)]]
	if !ok {
		return nil
	}
	// The header is read once into memory and read again by the decoder.
	var head bytes.Buffer
	cfg, err := c.config(io.TeeReader(r, &head))
	if err != nil {
		return imageUnreadable()
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return imageUnreadable()
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxImagePixels {
		return imagePixels()
	}
	if _, err := c.decode(io.MultiReader(&head, r)); err != nil {
		return imageUnreadable()
	}
	return nil
}

func imageUnreadable() error {
	var f apperr.Fields
	f.Add("file", CodeImageUnreadable)
	return f.Err()
}

func imagePixels() error {
	var f apperr.Fields
	f.AddParam("file", CodeImagePixels, "max", MaxImagePixelsText)
	return f.Err()
}

// putDecoding streams body to the store while CheckImage decodes the same
// bytes beside it, so an image is checked whole without being held in
// memory twice or read twice. When the image does not decode, the stored
// file is deleted and the image's error answered.
func putDecoding(ctx context.Context, files FileStore, ext string, body io.Reader, limit int64) (string, int64, error) {
	pr, pw := io.Pipe()
	checked := make(chan error, 1)
	go func() {
		err := CheckImage(ext, pr) // reads pr to its end, so the writes below never block for good
		_ = pr.CloseWithError(err)
		checked <- err
	}()
	name, size, err := files.Put(ctx, io.TeeReader(body, pw), limit)
	_ = pw.Close()
	imgErr := <-checked
	if err != nil {
		return "", 0, err
	}
	if imgErr != nil {
		_ = files.Delete(context.WithoutCancel(ctx), name)
		return "", 0, imgErr
	}
	return name, size, nil
}
