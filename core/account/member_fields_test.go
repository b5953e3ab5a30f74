package account

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"strings"
	"testing"
)

// aggregateFiles are the Member aggregate's own files: the only ones that
// build a Member or its read view field by field.
var aggregateFiles = map[string]bool{"member.go": true, "member_view.go": true}

// TestMemberChangesOnlyInItsMethods fails when a file of the package other
// than the aggregate's assigns to a field of Member or of its read view
// User (or takes the address of one, or builds either field by field): a
// member changes only through its methods, and no use case patches a copy
// of what it read.
func TestMemberChangesOnlyInItsMethods(t *testing.T) {
	t.Parallel()
	fields := map[string]bool{}
	for _, typ := range []reflect.Type{reflect.TypeFor[Member](), reflect.TypeFor[User]()} {
		for f := range typ.Fields() {
			fields[f.Name] = true
		}
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || aggregateFiles[name] {
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
						t.Errorf("%s: assigns to a member's field outside its methods", fset.Position(v.Pos()))
					}
				}
			case *ast.IncDecStmt:
				if touches(v.X) {
					t.Errorf("%s: changes a member's field outside its methods", fset.Position(v.Pos()))
				}
			case *ast.UnaryExpr:
				if v.Op == token.AND && touches(v.X) {
					t.Errorf("%s: takes the address of a member's field outside its methods", fset.Position(v.Pos()))
				}
			case *ast.CompositeLit:
				if id, ok := v.Type.(*ast.Ident); ok && (id.Name == "Member" || id.Name == "User") && len(v.Elts) > 0 {
					t.Errorf("%s: builds a %s outside the aggregate", fset.Position(v.Pos()), id.Name)
				}
			}
			return true
		})
	}
	if checked < 10 {
		t.Fatalf("only %d files checked: is the test in the package's folder?", checked)
	}
}
