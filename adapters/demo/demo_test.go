package demo_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/demo"
	"github.com/gradapply/gradapply/adapters/password"
	"github.com/gradapply/gradapply/adapters/postgres/pgtest"
)

// The demo rounds' year follows the clock (next year in Seoul) or DEMO_YEAR,
// and every round name carries that year: nothing in the demo data is
// written for one calendar year.
func TestDemoRoundsTakeTheirYear(t *testing.T) {
	t.Parallel()
	d, err := demo.Read("../../testdata/demo")
	if err != nil {
		t.Fatal(err)
	}
	hasher := password.Argon2{Memory: 64, Time: 1, Threads: 1}
	seoul, _ := time.LoadLocation("Asia/Seoul")
	for _, tc := range []struct {
		name string
		year int
		now  time.Time
		want int
	}{
		// 2030-12-31 15:30 UTC is already 2031-01-01 in Seoul.
		{"clock, across new year in Seoul", 0, time.Date(2030, 12, 31, 15, 30, 0, 0, time.UTC), 2032},
		{"clock", 0, time.Date(2030, 6, 1, 0, 0, 0, 0, seoul), 2031},
		{"DEMO_YEAR", 2041, time.Date(2030, 6, 1, 0, 0, 0, 0, seoul), 2041},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			db, _ := pgtest.New(t)
			d := d
			d.Year = tc.year
			if ok, err := demo.Load(context.Background(), db, d, hasher, tc.now); err != nil || !ok {
				t.Fatalf("load: %v %v", ok, err)
			}
			rows, err := db.Pool.Query(context.Background(), "SELECT enter_year, kor_name, eng_name FROM recruit_part")
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			n := 0
			for rows.Next() {
				var year int
				var kor, eng string
				if err := rows.Scan(&year, &kor, &eng); err != nil {
					t.Fatal(err)
				}
				y := strings.TrimSpace(strings.Split(strings.TrimSpace(kor), "학년도")[0])
				if year != tc.want || y != itoa(tc.want) || !strings.Contains(eng, itoa(tc.want)) || strings.Contains(kor+eng, "{year}") {
					t.Errorf("round %d %q / %q, want year %d in both names", year, kor, eng, tc.want)
				}
				n++
			}
			if n != len(d.Schools) {
				t.Fatalf("%d rounds, want %d", n, len(d.Schools))
			}
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
