package document

import (
	"bytes"
	"unicode/utf8"
)

// Family is a content family recognised by its leading bytes.
type Family string

const (
	FamilyUnknown Family = ""
	FamilyPDF     Family = "pdf"
	FamilyJPG     Family = "jpg"
	FamilyPNG     Family = "png"
	FamilyGIF     Family = "gif"
	FamilyBMP     Family = "bmp"
	FamilyTIF     Family = "tif"
	FamilyOLE     Family = "ole" // OLE compound file: doc, xls, ppt, hwp
	FamilyZIP     Family = "zip" // docx, xlsx, pptx, hwpx, zip
	FamilyMP4     Family = "mp4" // ISO media: mp4, mov, m4v
	FamilyText    Family = "text"
)

// familyOf maps an extension to the family its content must have.
var familyOf = map[string]Family{
	"pdf": FamilyPDF, "jpg": FamilyJPG, "png": FamilyPNG, "gif": FamilyGIF,
	"bmp": FamilyBMP, "tif": FamilyTIF,
	"doc": FamilyOLE, "xls": FamilyOLE, "ppt": FamilyOLE, "hwp": FamilyOLE,
	"docx": FamilyZIP, "xlsx": FamilyZIP, "pptx": FamilyZIP, "hwpx": FamilyZIP, "zip": FamilyZIP,
	"mp4": FamilyMP4, "mov": FamilyMP4, "m4v": FamilyMP4,
	"txt": FamilyText, "csv": FamilyText,
}

var signatures = []struct {
	prefix []byte
	family Family
}{
	{[]byte("%PDF-"), FamilyPDF},
	{[]byte{0xFF, 0xD8, 0xFF}, FamilyJPG},
	{[]byte{0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A}, FamilyPNG},
	{[]byte("GIF87a"), FamilyGIF},
	{[]byte("GIF89a"), FamilyGIF},
	{[]byte{'I', 'I', 0x2A, 0x00}, FamilyTIF},
	{[]byte{'M', 'M', 0x00, 0x2A}, FamilyTIF},
	{[]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, FamilyOLE},
	{[]byte{'P', 'K', 0x03, 0x04}, FamilyZIP},
}

// Sniff recognises the family of a file from its leading bytes. Text is
// reported for non-empty valid UTF-8 without NUL bytes (a cut multi-byte
// character at the end of head is tolerated).
func Sniff(head []byte) Family {
	for _, s := range signatures {
		if bytes.HasPrefix(head, s.prefix) {
			return s.family
		}
	}
	if len(head) >= 12 && bytes.Equal(head[4:8], []byte("ftyp")) {
		return FamilyMP4
	}
	if isBMP(head) {
		return FamilyBMP
	}
	if isText(head) {
		return FamilyText
	}
	return FamilyUnknown
}

// isBMP checks "BM" and a known DIB header size, as two letters alone would
// match many text files.
func isBMP(head []byte) bool {
	if len(head) < 18 || head[0] != 'B' || head[1] != 'M' {
		return false
	}
	switch uint32(head[14]) | uint32(head[15])<<8 | uint32(head[16])<<16 | uint32(head[17])<<24 {
	case 12, 40, 52, 56, 64, 108, 124:
		return true
	}
	return false
}

func isText(head []byte) bool {
	if len(head) == 0 || bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	// Allow up to 3 trailing bytes of a character cut by the head limit.
	for cut := 0; cut <= 3 && cut < len(head); cut++ {
		if utf8.Valid(head[:len(head)-cut]) {
			return cut == 0 || !utf8.FullRune(head[len(head)-cut:])
		}
	}
	return false
}

// Matches reports whether content with these leading bytes may carry the
// extension.
func Matches(ext string, head []byte) bool {
	want, ok := familyOf[NormalizeExt(ext)]
	if want == FamilyText {
		// A text file may start with any letters, even "GIF89a".
		return isText(head)
	}
	return ok && Sniff(head) == want
}
