package httpapi_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/app/apptest"
	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/filestore"
)

// BenchmarkExportRound2000 exports a round of 2,000 generated completed
// applicants (basic info, a language score, two letters asked for, two 50 KB documents each) as the
// workbook and as the documents ZIP (an application PDF rendered per applicant), through the real
// router, PostgreSQL and file store. Besides time and allocations per export it reports the bytes
// sent and the peak Go heap in use while exporting (sampled every 5 ms), so a change that buffers
// the whole export shows up as a jump in peak-heap-MB.
//
//	go test ./adapters/httpapi/ -run '^$' -bench ExportRound2000 -benchtime 1x -benchmem
func BenchmarkExportRound2000(b *testing.B) {
	const n, fileSize = 2000, 50 << 10
	a := apptest.New(b, func(c *config.Config) { c.DemoData = true })
	srv := apptest.Serve(b, a)
	ctx := context.Background()
	var year int
	if err := a.DB.Pool.QueryRow(ctx, "SELECT enter_year FROM recruit_part WHERE school_code = '236' ORDER BY enter_year DESC LIMIT 1").Scan(&year); err != nil {
		b.Fatal(err)
	}
	_, err := a.DB.Pool.Exec(ctx, `
		WITH apps AS (
			INSERT INTO application (user_id, school_code, enter_year, recruit_part_seq, appl_id, status, applicant_name, completed_at)
			SELECT 'gen' || g, '236', $1, 1, 'G-' || lpad(g::text, 4, '0'), 'COMPLETE', '지원자' || g, now()
			FROM generate_series(1, $2) g RETURNING appl_no, user_id),
		basis AS (
			INSERT INTO appl_basis (appl_no, gend, kor_name, eng_name, nationality, birth_date, mobile, email)
			SELECT appl_no, 'F', '지원자' || user_id, 'APPLICANT ' || user_id, '410', '1998-03-01', '010-1234-5678', user_id || '@example.com' FROM apps)
		INSERT INTO application_part (appl_no, appl_part_no, major_code, is_master, is_general_type, category_code)
		SELECT appl_no, (SELECT appl_part_no FROM recruit_part_major WHERE school_code = '236' AND enter_year = $1 AND recruit_part_seq = 1 ORDER BY appl_part_no LIMIT 1),
			'DC01', true, true, '00001' FROM apps`, year, n)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := a.DB.Pool.Exec(ctx, `INSERT INTO appl_lang (appl_no, seq, node_id, lang_exam_code, score, exam_day)
		SELECT appl_no, 1, 'n' || appl_no, '00001', '100', '2025-01-01' FROM application WHERE user_id LIKE 'gen%'`); err != nil {
		b.Fatal(err)
	}
	// Two letters asked for each applicant, one submitted (the workbook's letters column).
	if _, err := a.DB.Pool.Exec(ctx, `INSERT INTO recommend_request (appl_no, school_code, enter_year, recruit_part_seq, applicant_user_id,
			prof_name, email, institution, position, locale, status, created_at)
		SELECT appl_no, school_code, enter_year, recruit_part_seq, user_id, 'Prof ' || k, user_id || '.' || k || '@example.com', 'KU', 'Professor', 'en',
			CASE WHEN k = 1 THEN '00040' ELSE '00010' END, now()
		FROM application, generate_series(1, 2) k WHERE user_id LIKE 'gen%'`); err != nil {
		b.Fatal(err)
	}
	files, err := filestore.New(a.Config.FileDir)
	if err != nil {
		b.Fatal(err)
	}
	content := make([]byte, fileSize)
	_, _ = rand.Read(content)
	rows, err := a.DB.Pool.Query(ctx, "SELECT appl_no FROM application WHERE user_id LIKE 'gen%'")
	if err != nil {
		b.Fatal(err)
	}
	var nos []int64
	for rows.Next() {
		var no int64
		_ = rows.Scan(&no)
		nos = append(nos, no)
	}
	rows.Close()
	var docBytes int64
	for _, no := range nos {
		for i, item := range []string{"00001", "00002"} {
			name, size, err := files.Put(ctx, bytes.NewReader(content), fileSize)
			if err != nil {
				b.Fatal(err)
			}
			docBytes += size
			if _, err := a.DB.Pool.Exec(ctx, `INSERT INTO appl_document (file_key, appl_no, item_code, file_name, stored_name, ext, size, uploaded_at)
				VALUES ($1, $2, $3, $4, $5, 'pdf', $6, now())`, fmt.Sprintf("%d-%d", no, i), no, item, "doc.pdf", name, size); err != nil {
				b.Fatal(err)
			}
		}
	}
	c := apptest.NewClient(b, srv)
	if r := c.Do("POST", "/user/api/login", map[string]any{"userId": "sysadmin", "password": demoPassword}); r.Status != 200 {
		b.Fatalf("login: %d", r.Status)
	}
	q := fmt.Sprintf("?schoolCode=236&enterYear=%d&recruitPartSeq=1", year)
	for _, kind := range []string{"applicants", "documents"} {
		b.Run(kind, func(b *testing.B) {
			var sent int64
			var peak atomic.Uint64
			stop := make(chan struct{})
			done := make(chan struct{})
			runtime.GC()
			go func() {
				defer close(done)
				var ms runtime.MemStats
				t := time.NewTicker(5 * time.Millisecond)
				defer t.Stop()
				for {
					runtime.ReadMemStats(&ms)
					if ms.HeapInuse > peak.Load() {
						peak.Store(ms.HeapInuse)
					}
					select {
					case <-stop:
						return
					case <-t.C:
					}
				}
			}()
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				req, _ := http.NewRequest("GET", srv.URL+"/apply/api-auth/admin/exports/"+kind+q, nil)
				for k, v := range c.Cookie {
					req.AddCookie(&http.Cookie{Name: k, Value: v})
				}
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				m, _ := io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != 200 {
					b.Fatalf("%s: %d", kind, res.StatusCode)
				}
				sent = m
			}
			b.StopTimer()
			close(stop)
			<-done
			b.ReportMetric(float64(sent)/(1<<20), "MB-sent")
			b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MB")
		})
	}
	b.Logf("%d applicants, %d documents (%d MB) in the round", n, 2*n, docBytes>>20)
}
