package payment

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestAttemptStateChangesOnlyInItsMethods fails when a file of the
// package other than attempt.go assigns to a field of Attempt (or takes
// its address): an attempt's state changes only through its methods.
func TestAttemptStateChangesOnlyInItsMethods(t *testing.T) {
	t.Parallel()
	fields := map[string]bool{}
	for f := range reflect.TypeFor[Attempt]().Fields() {
		fields[f.Name] = true
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || name == "attempt.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
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
						t.Errorf("%s: assigns to an attempt's field outside its methods", fset.Position(v.Pos()))
					}
				}
			case *ast.IncDecStmt:
				if touches(v.X) {
					t.Errorf("%s: changes an attempt's field outside its methods", fset.Position(v.Pos()))
				}
			case *ast.UnaryExpr:
				if v.Op == token.AND && touches(v.X) {
					t.Errorf("%s: takes the address of an attempt's field outside its methods", fset.Position(v.Pos()))
				}
			case *ast.CompositeLit:
				if id, ok := v.Type.(*ast.Ident); ok && id.Name == "Attempt" && len(v.Elts) > 0 {
					t.Errorf("%s: builds an Attempt outside its constructors", fset.Position(v.Pos()))
				}
			}
			return true
		})
	}
}
