package msgcode

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var codeShape = regexp.MustCompile(`^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$`)

// ctorArg tells which argument of an apperr function or Fields method is a
// message code.
var ctorArg = map[string]int{
	"Invalid": 0, "NotFound": 0, "Conflict": 0, "Forbidden": 0, "Unauthenticated": 0, "TooMany": 0,
	"New": 1, "Wrap": 1, "Add": 1, "AddParam": 1,
}

// usedCodes reads every non-test Go file of core (but this package and the
// permission table, whose action names look like codes) and collects the
// string values of constants named Code*, and string literals passed as
// the code of an apperr constructor or a Fields method.
func usedCodes(t *testing.T) map[string]string {
	t.Helper()
	used := map[string]string{}
	fset := token.NewFileSet()
	root := ".."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if base := d.Name(); base == "msgcode" || base == "permission" || base == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		add := func(lit ast.Expr) {
			bl, ok := lit.(*ast.BasicLit)
			if !ok || bl.Kind != token.STRING {
				return
			}
			s, _ := strconv.Unquote(bl.Value)
			if codeShape.MatchString(s) {
				used[s] = fset.Position(bl.Pos()).String()
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if strings.HasPrefix(name.Name, "Code") && i < len(n.Values) {
						add(n.Values[i])
					}
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Code" {
					add(n.Value)
				}
			case *ast.CallExpr:
				var name string
				switch fn := n.Fun.(type) {
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				case *ast.Ident:
					name = fn.Name
				}
				if i, ok := ctorArg[name]; ok && i < len(n.Args) {
					add(n.Args[i])
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return used
}

// Every code core uses is listed in All, and All lists nothing else.
func TestAllIsComplete(t *testing.T) {
	t.Parallel()
	used := usedCodes(t)
	var missing []string
	for c, where := range used {
		if !slices.Contains(All, c) {
			missing = append(missing, c+"  // "+where)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("codes used in core but missing from msgcode.All:\n\t%s", strings.Join(missing, "\n\t"))
	}
	for _, c := range All {
		if _, ok := used[c]; !ok {
			t.Errorf("msgcode.All lists %q, which core no longer uses", c)
		}
	}
}

func TestAllIsWellFormed(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, c := range All {
		if !codeShape.MatchString(c) {
			t.Errorf("%q is not a message code", c)
		}
		if seen[c] {
			t.Errorf("%q listed twice", c)
		}
		seen[c] = true
	}
}
