package audit

import (
	"context"
	"reflect"
	"testing"
)

func TestRequestDetail(t *testing.T) {
	t.Parallel()
	ctx := WithRequest(context.Background(), Request{Address: "203.0.113.7", Route: "GET /apply/api-auth/appl/basis/:applNo",
		Params: map[string]string{"applNo": "12"}})
	got := RequestOf(ctx).Detail()
	want := map[string]any{"route": "GET /apply/api-auth/appl/basis/:applNo", "applNo": "12", "section": "basis"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%v", got)
	}
	for route, sec := range map[string]string{
		"GET /apply/api-auth/appl/doc/file/:applNo/:fileKey": "doc",
		"GET /apply/api-auth/survey/:applNo":                 "survey",
		"GET /apply/api-auth/admin/users":                    "",
	} {
		if s := section(route); s != sec {
			t.Errorf("%s: %q want %q", route, s, sec)
		}
	}
	if r := RequestOf(context.Background()); r.Address != "" || len(r.Detail()) != 0 {
		t.Fatalf("outside a request: %+v", r)
	}
}
