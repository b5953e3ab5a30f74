package round

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestSettingsChangeOnlyInTheirMethods fails when a file of the package
// other than settings.go assigns to a field of Settings (or takes its
// address, or builds one): a round's settings change only through the
// methods that check them.
func TestSettingsChangeOnlyInTheirMethods(t *testing.T) {
	t.Parallel()
	fields := map[string]bool{}
	for f := range reflect.TypeFor[Settings]().Fields() {
		fields[f.Name] = true
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || name == "settings.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		touches := func(x ast.Expr) bool {
			for {
				switch v := x.(type) {
				case *ast.SelectorExpr:
					if fields[v.Sel.Name] {
						return true
					}
					x = v.X
				case *ast.IndexExpr:
					x = v.X
				case *ast.ParenExpr:
					x = v.X
				case *ast.StarExpr:
					x = v.X
				default:
					return false
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch v := n.(type) {
			case *ast.AssignStmt:
				for _, l := range v.Lhs {
					if touches(l) {
						t.Errorf("%s: assigns to a field of the settings outside their methods", fset.Position(v.Pos()))
					}
				}
			case *ast.IncDecStmt:
				if touches(v.X) {
					t.Errorf("%s: changes a field of the settings outside their methods", fset.Position(v.Pos()))
				}
			case *ast.UnaryExpr:
				if v.Op == token.AND && touches(v.X) {
					t.Errorf("%s: takes the address of a field of the settings outside their methods", fset.Position(v.Pos()))
				}
			case *ast.CompositeLit:
				if id, ok := v.Type.(*ast.Ident); ok && id.Name == "Settings" {
					t.Errorf("%s: builds Settings outside their constructors", fset.Position(v.Pos()))
				}
			}
			return true
		})
	}
	if checked < 10 {
		t.Fatalf("only %d files checked: is the test in the package's folder?", checked)
	}
}
