package document

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/apperr"
)

// Limits of spec section 9.
const (
	ImageMaxSize int64 = 3145728
	OtherMaxSize int64 = 31457280
	NameMaxChars       = 40
	ExtraSlots         = 5
)

var imageExts = []string{"jpg", "png", "gif", "bmp", "tif"}

// NormalizeExt lower-cases an extension, drops a leading dot and maps the
// synonyms jpeg to jpg and tiff to tif.
func NormalizeExt(ext string) string {
	ext = strings.ToLower(strings.TrimPrefix(ext, "."))
	switch ext {
	case "jpeg":
		return "jpg"
	case "tiff":
		return "tif"
	}
	return ext
}

// IsImage reports whether an extension is an image (the 3 MB limit).
func IsImage(ext string) bool { return slices.Contains(imageExts, NormalizeExt(ext)) }

// SplitName splits a file name (any directory part removed, as browsers on
// Windows may send one) into the name without extension and the normalized
// extension.
func SplitName(fileName string) (base, ext string) {
	if i := strings.LastIndexAny(fileName, `/\`); i >= 0 {
		fileName = fileName[i+1:]
	}
	i := strings.LastIndexByte(fileName, '.')
	if i < 0 {
		return fileName, ""
	}
	return fileName[:i], NormalizeExt(fileName[i+1:])
}

// Item is a document item of a school's round: its code, whether it is
// required, the allowed extensions and an optional size limit (0 means the
// default for the file's kind).
type Item struct {
	Code       string
	Required   bool
	Extensions []string
	MaxSize    int64
}

// Allows reports whether the item accepts an extension.
func (it Item) Allows(ext string) bool {
	ext = NormalizeExt(ext)
	for _, e := range it.Extensions {
		if NormalizeExt(e) == ext {
			return true
		}
	}
	return false
}

// Limit is the size limit for a file of the given extension.
func (it Item) Limit(ext string) int64 {
	switch {
	case it.MaxSize > 0:
		return it.MaxSize
	case IsImage(ext):
		return ImageMaxSize
	}
	return OtherMaxSize
}

// Upload is what an adapter knows of an uploaded file before storing it:
// the name the browser sent, the size in bytes and the first bytes (512 are
// enough; fewer if the file is shorter).
type Upload struct {
	FileName string
	Size     int64
	Head     []byte
}

// CheckName applies the name rule to the name without its extension: 1 to
// 40 characters, at least one letter or digit, and only letters of any
// script, combining marks, digits, spaces and the punctuation people put in
// document names (NameSymbols), so "성적증명서(최종)" and "CV [2026]" pass.
// Path separators, control and format characters (such as the right-to-left
// override that disguises an extension), quotes, wildcards and other
// symbols (# % ' ; = ...) are refused. Field errors go to field.
func CheckName(f *apperr.Fields, field, base string) {
	if base == "" || !utf8.ValidString(base) {
		f.Add(field, CodeNameCharacters)
		return
	}
	if utf8.RuneCountInString(base) > NameMaxChars {
		f.AddParam(field, CodeNameTooLong, "max", NameMaxChars)
	}
	if !NameAllowed(base) {
		f.Add(field, CodeNameCharacters)
	}
}

// NameSymbols are the characters besides letters, marks, digits and the
// space that a file name may hold. None of them separates paths or means
// anything to a shell, a URL path segment we build or a header we quote:
// stored files get generated names and downloads encode the name.
const NameSymbols = "()[]{}_-.,+&\u00b7"

// NameAllowed reports whether a name without extension holds only allowed
// characters and at least one letter or digit (so no name is only dots).
func NameAllowed(base string) bool {
	if !utf8.ValidString(base) {
		return false
	}
	meaningful := false
	for _, r := range base {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			meaningful = true
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || r == ' ' || strings.ContainsRune(NameSymbols, r):
		default:
			return false
		}
	}
	return meaningful
}

// FormatSize writes a byte count as people read a limit: "3 MB", "30 MB",
// "1.5 MB", "500 KB" (1 KB = 1024 bytes). The units read the same in
// Korean and English.
func FormatSize(n int64) string {
	const kb, mb = 1024, 1024 * 1024
	unit, div := "bytes", int64(1)
	switch {
	case n >= mb:
		unit, div = "MB", mb
	case n >= kb:
		unit, div = "KB", kb
	}
	if n%div == 0 {
		return strconv.FormatInt(n/div, 10) + " " + unit
	}
	// one decimal, rounded down so the limit shown is never above the real one
	tenths := n * 10 / div
	return strconv.FormatInt(tenths/10, 10) + "." + strconv.FormatInt(tenths%10, 10) + " " + unit
}

// Check applies every file rule of the item to an upload and returns the
// normalized extension. Errors are field errors on "file".
func (it Item) Check(up Upload) (string, error) {
	var f apperr.Fields
	base, ext := SplitName(up.FileName)
	if !it.Allows(ext) {
		f.AddParam("file", CodeExtension, "allowed", strings.Join(it.Extensions, ", "))
		return ext, f.Err()
	}
	CheckName(&f, "file", base)
	switch limit := it.Limit(ext); {
	case up.Size <= 0:
		f.Add("file", CodeEmpty)
	case up.Size > limit:
		f.AddParam("file", CodeTooLarge, "max", FormatSize(limit))
	}
	if up.Size > 0 && !Matches(ext, up.Head) {
		f.Add("file", CodeContentMismatch)
	}
	return ext, f.Err()
}

// Missing returns the codes of required items that have no uploaded file.
func Missing(items []Item, uploaded func(code string) bool) []string {
	var out []string
	for _, it := range items {
		if it.Required && !uploaded(it.Code) {
			out = append(out, it.Code)
		}
	}
	return out
}

// CheckRequired returns a field error "documents" per missing required item
// ("Please check the required submission"), nil when all are there.
func CheckRequired(items []Item, uploaded func(code string) bool) error {
	var f apperr.Fields
	for _, c := range Missing(items, uploaded) {
		f.AddParam("documents", CodeRequiredMissing, "code", c)
	}
	return f.Err()
}

// CheckExtraSlot allows an upload into extra slot seq (1 to 5) only where the
// round allows extra documents (isEtcDocumentUploadable).
func CheckExtraSlot(uploadable bool, seq int) error {
	if !uploadable {
		return apperr.Forbidden(CodeExtraNotAllowed)
	}
	if seq < 1 || seq > ExtraSlots {
		return apperr.Invalid(CodeExtraSlot).With("max", ExtraSlots)
	}
	return nil
}
