// Package aggregatetest holds the check every aggregate's package runs in
// its tests: an aggregate's state changes only through its own methods.
package aggregatetest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"strings"
	"testing"
)

// OnlyOwnFilesChange fails t when a non-test file of the package in the
// current folder, other than the aggregate's own files, assigns to a field
// of one of types (or increments it, or takes its address) or builds one of
// them field by field. Field names are matched by name, so a field of
// another type that shares one is refused too: rename it.
func OnlyOwnFilesChange(t testing.TB, types []reflect.Type, own ...string) {
	t.Helper()
	fields, names := map[string]bool{}, map[string]bool{}
	for _, typ := range types {
		names[typ.Name()] = true
		for f := range typ.Fields() {
			fields[f.Name] = true
		}
	}
	owner := map[string]bool{}
	for _, f := range own {
		owner[f] = true
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || owner[name] {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			switch v := n.(type) {
			case *ast.AssignStmt:
				for _, l := range v.Lhs {
					if touches(l, fields) {
						t.Errorf("%s: assigns to an aggregate's field outside its methods", fset.Position(v.Pos()))
					}
				}
			case *ast.IncDecStmt:
				if touches(v.X, fields) {
					t.Errorf("%s: changes an aggregate's field outside its methods", fset.Position(v.Pos()))
				}
			case *ast.UnaryExpr:
				if v.Op == token.AND && touches(v.X, fields) {
					t.Errorf("%s: takes the address of an aggregate's field outside its methods", fset.Position(v.Pos()))
				}
			case *ast.CompositeLit:
				if id, ok := v.Type.(*ast.Ident); ok && names[id.Name] && len(v.Elts) > 0 {
					t.Errorf("%s: builds a %s outside its constructors", fset.Position(v.Pos()), id.Name)
				}
			}
			return true
		})
	}
	if checked == 0 {
		t.Fatal("no file checked: is the test in the package's folder?")
	}
}

// touches reports whether x reaches one of the fields.
func touches(x ast.Expr, fields map[string]bool) bool {
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
