// Package pdf renders the admission slip and the whole application (the
// print models of core/printing) as PDF with github.com/signintech/gopdf,
// embedding a subset of a TrueType font with Korean glyphs (NanumGothic by
// default, config FONT_PATH). Emphasis is by size and colour.
package pdf

import (
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"

	"github.com/signintech/gopdf"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/printing"
)

// family is the one embedded face: a second (bold) face would embed a
// second subset and double the time to render (measured: slip 24 -> 41 ms).
const family = "nanum"

// Page geometry (points, A4).
const (
	pageW, pageH = 595.28, 841.89
	margin       = 42.0
	contentW     = pageW - 2*margin
)

// Renderer renders PDFs; the fonts are parsed once and shared.
type Renderer struct {
	fonts *gopdf.FontContainer
	err   error
}

var _ printing.Renderer = (*Renderer)(nil)

// New loads the font. A missing font does not stop the server: every
// render then answers 503 pdf.unavailable and the error is kept in Err.
func New(fontPath string) *Renderer {
	b, err := os.ReadFile(fontPath)
	if err != nil {
		return &Renderer{err: fmt.Errorf("pdf: font: %w", err)}
	}
	fc := &gopdf.FontContainer{}
	if err := fc.AddTTFFontData(family, b); err != nil {
		return &Renderer{err: fmt.Errorf("pdf: font %s: %w", fontPath, err)}
	}
	return &Renderer{fonts: fc}
}

// Err reports why PDFs cannot be rendered (nil when they can).
func (r *Renderer) Err() error { return r.err }

// doc is one document being written; y is the top of the next thing.
type doc struct {
	pdf        *gopdf.GoPdf
	y          float64
	top, floor float64 // the content area of a page
	onPage     func()  // called after a new page starts (may move y)
	widths     map[fontKey]float64
	size       float64
}

type fontKey struct {
	size float64
	r    rune
}

func (r *Renderer) start(top, floor float64) (*doc, error) {
	if r.err != nil {
		return nil, apperr.Wrap(apperr.KindUnavailable, "pdf.unavailable", r.err)
	}
	p := &gopdf.GoPdf{}
	p.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4})
	if err := p.AddTTFFontFromFontContainer(family, r.fonts); err != nil {
		return nil, fmt.Errorf("pdf: font: %w", err)
	}
	d := &doc{pdf: p, top: top, floor: floor, widths: map[fontKey]float64{}}
	d.page()
	return d, nil
}

func (d *doc) page() {
	d.pdf.AddPage()
	d.y = d.top
	if d.onPage != nil {
		d.onPage()
	}
}

func (d *doc) font(size float64) {
	d.size = size
	_ = d.pdf.SetFont(family, "", size)
}

func (d *doc) color(g uint8) { d.pdf.SetTextColor(g, g, g) }

// fits reports whether h more points fit on this page.
func (d *doc) fits(h float64) bool { return d.y+h <= d.floor }

// need starts a new page when h more points do not fit.
func (d *doc) need(h float64) bool {
	if !d.fits(h) && d.y > d.top {
		d.page()
		return true
	}
	return false
}

// at writes one line of text with its top-left corner at (x, y), in a box
// of height h, vertically centred.
func (d *doc) at(x, y, w, h float64, s string, align int) {
	d.pdf.SetXY(x, y)
	_ = d.pdf.CellWithOption(&gopdf.Rect{W: w, H: h}, s, gopdf.CellOption{Align: align | gopdf.Middle})
}

func (d *doc) runeWidth(r rune) float64 {
	k := fontKey{d.size, r}
	if w, ok := d.widths[k]; ok {
		return w
	}
	w, err := d.pdf.MeasureTextWidth(string(r))
	if err != nil {
		w = d.size
	}
	d.widths[k] = w
	return w
}

func (d *doc) width(s string) float64 {
	w := 0.0
	for _, r := range s {
		w += d.runeWidth(r)
	}
	return w
}

// breaksAnywhere is text wrapped by character: Hangul and the CJK
// scripts, as Korean typesetting does.
func breaksAnywhere(r rune) bool {
	return unicode.In(r, unicode.Hangul, unicode.Han, unicode.Hiragana, unicode.Katakana)
}

// wrap splits s into lines no wider than w in the current font: at line
// breaks, between words of Latin text, and between any two characters of
// Korean text; a word wider than a line is cut.
func (d *doc) wrap(s string, w float64) []string {
	var out []string
	for _, para := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		line := []rune{}
		lw := 0.0
		lastSpace := -1 // index in line of the last space, for word wrap
		for _, r := range para {
			if r == '\t' {
				r = ' '
			}
			rw := d.runeWidth(r)
			if lw+rw > w && len(line) > 0 {
				if r == ' ' {
					out = append(out, strings.TrimRight(string(line), " "))
					line, lw, lastSpace = line[:0], 0, -1
					continue
				}
				cut := len(line)
				if !breaksAnywhere(r) && !breaksAnywhere(line[len(line)-1]) && lastSpace > 0 {
					cut = lastSpace + 1
				}
				out = append(out, strings.TrimRight(string(line[:cut]), " "))
				rest := append([]rune{}, line[cut:]...)
				line, lw, lastSpace = rest, d.width(string(rest)), -1
			}
			if r == ' ' {
				lastSpace = len(line)
			}
			line = append(line, r)
			lw += rw
		}
		out = append(out, strings.TrimRight(string(line), " "))
	}
	return out
}

func (d *doc) rect(x, y, w, h float64, style string) {
	d.pdf.RectFromUpperLeftWithStyle(x, y, w, h, style)
}

func (d *doc) line(x1, y1, x2, y2, width float64, g uint8) {
	d.pdf.SetLineWidth(width)
	d.pdf.SetStrokeColor(g, g, g)
	d.pdf.Line(x1, y1, x2, y2)
}

func (d *doc) writeTo(w io.Writer) error {
	if _, err := d.pdf.WriteTo(w); err != nil {
		return fmt.Errorf("pdf: write: %w", err)
	}
	return nil
}

func image(b []byte) gopdf.ImageHolder {
	if len(b) == 0 {
		return nil
	}
	img, err := gopdf.ImageHolderByBytes(b)
	if err != nil {
		return nil
	}
	return img
}
