package recommendation

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestReqChangesOnlyInItsMethods fails when a file of the package other
// than req.go assigns to a field of Req (or takes its address, or builds a
// Req from fields): a request changes only through its methods.
func TestReqChangesOnlyInItsMethods(t *testing.T) {
	t.Parallel()
	fields := map[string]bool{}
	for f := range reflect.TypeFor[Req]().Fields() {
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
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || name == "req.go" {
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
						t.Errorf("%s: assigns to a request's field outside its methods", fset.Position(v.Pos()))
					}
				}
			case *ast.IncDecStmt:
				if touches(v.X) {
					t.Errorf("%s: changes a request's field outside its methods", fset.Position(v.Pos()))
				}
			case *ast.UnaryExpr:
				if v.Op == token.AND && touches(v.X) {
					t.Errorf("%s: takes the address of a request's field outside its methods", fset.Position(v.Pos()))
				}
			case *ast.CompositeLit:
				if id, ok := v.Type.(*ast.Ident); ok && id.Name == "Req" && len(v.Elts) > 0 {
					t.Errorf("%s: builds a Req outside its constructors", fset.Position(v.Pos()))
				}
			}
			return true
		})
	}
	if checked < 10 {
		t.Fatalf("only %d files checked: the test does not see the package", checked)
	}
}
