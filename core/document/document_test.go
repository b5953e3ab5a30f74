package document

import (
	"slices"
	"strings"
	"testing"

	"github.com/gradapply/gradapply/core/apperr"
)

var (
	pdfHead  = []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	jpgHead  = []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 'J', 'F', 'I', 'F'}
	pngHead  = []byte{0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D}
	gifHead  = []byte("GIF89a\x01\x00")
	bmpHead  = append([]byte("BM\x00\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00"), 40, 0, 0, 0)
	tifHead  = []byte{'I', 'I', 0x2A, 0, 8, 0, 0, 0}
	oleHead  = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0}
	zipHead  = []byte{'P', 'K', 3, 4, 20, 0}
	mp4Head  = []byte{0, 0, 0, 0x20, 'f', 't', 'y', 'p', 'i', 's', 'o', 'm'}
	textHead = []byte("이름,점수\nKim,4.0\n")
	exeHead  = []byte{'M', 'Z', 0x90, 0}
)

// Spec section 5 "Files": "Extension must be in the allowed list (jpeg is
// treated as jpg)"; "Size greater than 0 and within the limit"; "Name
// without extension at most 40 characters, without special characters";
// section 9: images 3145728 bytes, other files 31457280 bytes.
func TestCheck(t *testing.T) {
	t.Parallel()
	photo := Item{Code: "PHOTO", Required: true, Extensions: []string{"jpg", "png"}}
	transcript := Item{Code: "TRANSCRIPT", Extensions: []string{"pdf", "jpg"}}
	small := Item{Code: "SMALL", Extensions: []string{"pdf"}, MaxSize: 1000}
	office := Item{Code: "CV", Extensions: []string{"doc", "docx", "hwp", "hwpx", "txt"}}
	cases := []struct {
		name string
		item Item
		up   Upload
		ext  string
		code string
	}{
		{"jpg accepted", photo, Upload{"photo.jpg", 1000, jpgHead}, "jpg", ""},
		{"jpeg counts as jpg", photo, Upload{"photo.JPEG", 1000, jpgHead}, "jpg", ""},
		{"extension not allowed", photo, Upload{"photo.gif", 1000, gifHead}, "gif", CodeExtension},
		{"no extension", photo, Upload{"photo", 1000, jpgHead}, "", CodeExtension},
		{"size 0 refused", photo, Upload{"photo.jpg", 0, nil}, "jpg", CodeEmpty},
		{"image at 3145728 accepted", photo, Upload{"photo.png", 3145728, pngHead}, "png", ""},
		{"image above 3145728 refused", photo, Upload{"photo.png", 3145729, pngHead}, "png", CodeTooLarge},
		{"pdf at 31457280 accepted", transcript, Upload{"t.pdf", 31457280, pdfHead}, "pdf", ""},
		{"pdf above 31457280 refused", transcript, Upload{"t.pdf", 31457281, pdfHead}, "pdf", CodeTooLarge},
		{"jpg in a pdf item keeps image limit", transcript, Upload{"t.jpg", 3145729, jpgHead}, "jpg", CodeTooLarge},
		{"item override", small, Upload{"t.pdf", 1001, pdfHead}, "pdf", CodeTooLarge},
		{"40 characters accepted", transcript, Upload{strings.Repeat("가", 40) + ".pdf", 10, pdfHead}, "pdf", ""},
		{"41 characters refused", transcript, Upload{strings.Repeat("a", 41) + ".pdf", 10, pdfHead}, "pdf", CodeNameTooLong},
		{"special characters refused", transcript, Upload{"my#file.pdf", 10, pdfHead}, "pdf", CodeNameCharacters},
		{"dots inside allowed", transcript, Upload{"2026.03.01 transcript.pdf", 10, pdfHead}, "pdf", ""},
		{"Korean with brackets allowed", transcript, Upload{"성적증명서(최종).pdf", 10, pdfHead}, "pdf", ""},
		{"only dots refused", transcript, Upload{"...pdf", 10, pdfHead}, "pdf", CodeNameCharacters},
		{"empty base refused", transcript, Upload{".pdf", 10, pdfHead}, "pdf", CodeNameCharacters},
		{"space, underscore, hyphen allowed", transcript, Upload{"성적 증명서_2024-1.pdf", 10, pdfHead}, "pdf", ""},
		{"windows path removed", transcript, Upload{`C:\Users\kim\t.pdf`, 10, pdfHead}, "pdf", ""},
		{"pdf named jpg refused", transcript, Upload{"t.jpg", 10, pdfHead}, "jpg", CodeContentMismatch},
		{"exe named pdf refused", transcript, Upload{"t.pdf", 10, exeHead}, "pdf", CodeContentMismatch},
		{"hwp is OLE", office, Upload{"cv.hwp", 10, oleHead}, "hwp", ""},
		{"docx is ZIP", office, Upload{"cv.docx", 10, zipHead}, "docx", ""},
		{"doc must not be ZIP", office, Upload{"cv.doc", 10, zipHead}, "doc", CodeContentMismatch},
		{"txt is UTF-8", office, Upload{"cv.txt", 10, textHead}, "txt", ""},
		{"txt with NUL refused", office, Upload{"cv.txt", 10, []byte("a\x00b")}, "txt", CodeContentMismatch},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ext, err := c.item.Check(c.up)
			if ext != c.ext {
				t.Errorf("ext %q want %q", ext, c.ext)
			}
			e, _ := apperr.As(err)
			got := ""
			if e != nil {
				got = e.Fields[0].Code
				if e.Fields[0].Field != "file" {
					t.Errorf("field %q", e.Fields[0].Field)
				}
			}
			if got != c.code {
				t.Fatalf("code %q want %q (%v)", got, c.code, err)
			}
		})
	}
}

func TestSniff(t *testing.T) {
	t.Parallel()
	cases := []struct {
		head []byte
		want Family
	}{
		{pdfHead, FamilyPDF}, {jpgHead, FamilyJPG}, {pngHead, FamilyPNG}, {gifHead, FamilyGIF},
		{bmpHead, FamilyBMP}, {tifHead, FamilyTIF}, {[]byte{'M', 'M', 0, 0x2A}, FamilyTIF},
		{oleHead, FamilyOLE}, {zipHead, FamilyZIP}, {mp4Head, FamilyMP4}, {textHead, FamilyText},
		{[]byte("BMW cars"), FamilyText},
		{append([]byte("BM\x00\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00"), 41, 0, 0, 0), FamilyUnknown}, {exeHead, FamilyUnknown}, {[]byte{0, 1, 2}, FamilyUnknown},
		{nil, FamilyUnknown}, {[]byte{0xFF, 0xFE, 0x41}, FamilyUnknown},
		{[]byte("가나"[:5]), FamilyText}, // a character cut by the head limit
		{[]byte{'a', 0xE4, 0xFF}, FamilyUnknown},
	}
	for _, c := range cases {
		if got := Sniff(c.head); got != c.want {
			t.Errorf("Sniff(%q)=%q want %q", c.head, got, c.want)
		}
	}
	if !Matches("txt", []byte("GIF89a is an image format")) || Matches("exe", exeHead) || !Matches("MOV", mp4Head) || !Matches("tiff", tifHead) {
		t.Fatal("Matches")
	}
}

func TestNames(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, base, ext string }{
		{"a.JPEG", "a", "jpg"}, {"a.b.PDF", "a.b", "pdf"}, {"noext", "noext", ""},
		{"dir/x.Tiff", "x", "tif"}, {`d\x.png`, "x", "png"},
	}
	for _, c := range cases {
		if b, e := SplitName(c.in); b != c.base || e != c.ext {
			t.Errorf("SplitName(%q)=%q,%q", c.in, b, e)
		}
	}
	if !IsImage(".JPEG") || IsImage("pdf") || NormalizeExt(".PnG") != "png" {
		t.Fatal("IsImage/NormalizeExt")
	}
}

// Spec section 3: "Extra document slots ... 5 slots. The flag
// isEtcDocumentUploadable governs extra uploads."
func TestExtraSlots(t *testing.T) {
	t.Parallel()
	cases := []struct {
		ok   bool
		seq  int
		code string
	}{
		{true, 1, ""}, {true, 5, ""}, {true, 0, CodeExtraSlot}, {true, 6, CodeExtraSlot}, {false, 1, CodeExtraNotAllowed},
	}
	for _, c := range cases {
		if got := apperr.CodeOf(CheckExtraSlot(c.ok, c.seq)); got != c.code {
			t.Errorf("CheckExtraSlot(%v,%d)=%q", c.ok, c.seq, got)
		}
	}
}

// Spec section 5: "Please check the required submission".
func TestRequired(t *testing.T) {
	t.Parallel()
	items := []Item{{Code: "A", Required: true}, {Code: "B"}, {Code: "C", Required: true}}
	have := map[string]bool{"A": true}
	if got := Missing(items, func(c string) bool { return have[c] }); !slices.Equal(got, []string{"C"}) {
		t.Fatalf("Missing=%v", got)
	}
	e, _ := apperr.As(CheckRequired(items, func(c string) bool { return have[c] }))
	if e == nil || len(e.Fields) != 1 || e.Fields[0].Code != CodeRequiredMissing || e.Fields[0].Params["code"] != "C" {
		t.Fatalf("CheckRequired=%v", e)
	}
	have["C"] = true
	if CheckRequired(items, func(c string) bool { return have[c] }) != nil {
		t.Fatal("all uploaded")
	}
}

func FuzzCheck(f *testing.F) {
	f.Add("photo.jpg", int64(100), jpgHead)
	f.Add("a.txt", int64(5), textHead)
	f.Add("x#.pdf", int64(0), pdfHead)
	item := Item{Code: "X", Extensions: []string{"jpg", "pdf", "txt", "hwp", "docx"}}
	f.Fuzz(func(t *testing.T, name string, size int64, head []byte) {
		ext, err := item.Check(Upload{FileName: name, Size: size, Head: head})
		if err != nil {
			return
		}
		base, _ := SplitName(name)
		if !item.Allows(ext) || size <= 0 || size > item.Limit(ext) || !Matches(ext, head) ||
			len([]rune(base)) > NameMaxChars || strings.ContainsAny(base, `/\#%<>"'`) || strings.Trim(base, ". ") == "" {
			t.Fatalf("accepted %q size %d head %q", name, size, head)
		}
	})
}

func FuzzSniff(f *testing.F) {
	for _, h := range [][]byte{pdfHead, jpgHead, pngHead, bmpHead, mp4Head, textHead} {
		f.Add(h)
	}
	f.Fuzz(func(t *testing.T, head []byte) {
		fam := Sniff(head)
		if fam == FamilyText && (len(head) == 0 || slices.Contains(head, 0)) {
			t.Fatalf("text with NUL: %q", head)
		}
		if fam != FamilyUnknown && fam != FamilyText {
			// Every binary family is reachable from at least one extension.
			found := false
			for _, v := range familyOf {
				found = found || v == fam
			}
			if !found {
				t.Fatalf("family %q has no extension", fam)
			}
		}
	})
}
