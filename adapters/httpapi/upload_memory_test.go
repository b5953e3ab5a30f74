package httpapi_test

import (
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/config"
	"github.com/gradapply/gradapply/adapters/filestore"
)

// pdfStream is a PDF of n bytes produced on the fly, so the client side
// of the test holds nothing.
type pdfStream struct{ left int64 }

func (p *pdfStream) Read(b []byte) (int, error) {
	if p.left <= 0 {
		return 0, io.EOF
	}
	n := min(int64(len(b)), p.left)
	for i := range b[:n] {
		b[i] = 'x'
	}
	if p.left == 30<<20 && n >= 5 {
		copy(b, "%PDF-")
	}
	p.left -= n
	return int(n), nil
}

func rssKB() int64 {
	b, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmRSS:") {
			n, _ := strconv.ParseInt(strings.Fields(l)[1], 10, 64)
			return n
		}
	}
	return 0
}

// TestUploadMemory sends 10 uploads of 30 MB at once and measures the
// process's memory above idle (heap in use and RSS), on the disk store and
// on S3 (versitygw), one after the other. Run it with
//
//	MEMTEST=1 go test -run TestUploadMemory -v ./adapters/httpapi
//
// On S3 each upload in flight holds one part (filestore.PartSize) of its
// file, never the file: 10 parts live, and as much again of garbage the
// collector has not yet reclaimed (GOGC=100 lets the heap reach twice what
// is live), far below the 300 MB sent.
func TestUploadMemory(t *testing.T) {
	if os.Getenv("MEMTEST") != "1" {
		t.Skip("MEMTEST=1 runs the 10 x 30 MB upload measurement")
	}
	t.Run("disk", func(t *testing.T) { uploadMemory(t, envWith(t, func(*config.Config) {}), 20) })
	t.Run("s3", func(t *testing.T) {
		e, _ := newS3Env(t)
		uploadMemory(t, e, 2*10*filestore.PartSize>>20+20)
	})
}

// uploadMemory fails when the heap in use grows by maxHeapMB or more.
func uploadMemory(t *testing.T, e *applyEnv, maxHeapMB float64) {
	type target struct {
		c   *clientWithNo
		seq int
	}
	var targets []target
	for _, u := range []string{"applicant1", "applicant2"} {
		c := e.as(u)
		n := e.create(c, "236", "DC01", true)
		e.setStatus(n, "ADD_INFO_SAVE")
		for seq := 1; seq <= 5; seq++ {
			targets = append(targets, target{&clientWithNo{c.Cookie, n}, seq})
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	idleHeap, idleRSS := ms.HeapInuse, rssKB()
	var peakHeap uint64
	var peakRSS int64
	done := make(chan struct{})
	var sampler sync.WaitGroup
	sampler.Add(1)
	go func() {
		defer sampler.Done()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			peakHeap = max(peakHeap, m.HeapInuse)
			peakRSS = max(peakRSS, rssKB())
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	start := time.Now()
	var ok atomic.Int32
	var wg sync.WaitGroup
	for _, tg := range targets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pr, pw := io.Pipe()
			mw := multipart.NewWriter(pw)
			go func() {
				rw, _ := mw.CreateFormField("request")
				fmt.Fprintf(rw, `{"itemCode":"00099","seq":%d}`, tg.seq)
				fw, _ := mw.CreateFormFile("file", "big.pdf")
				_, err := io.Copy(fw, &pdfStream{left: 30 << 20})
				if err == nil {
					err = mw.Close()
				}
				pw.CloseWithError(err)
			}()
			req, _ := http.NewRequest("POST", fmt.Sprintf("%s/apply/api-auth/appl/doc/upload/%d", e.srv.URL, tg.c.applNo), pr)
			req.Header.Set("Content-Type", mw.FormDataContentType())
			for k, v := range tg.c.cookie {
				req.AddCookie(&http.Cookie{Name: k, Value: v})
			}
			req.Header.Set("X-XSRF-TOKEN", tg.c.cookie["XSRF-TOKEN"])
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				t.Errorf("upload: %d %s", res.StatusCode, b)
				return
			}
			ok.Add(1)
		}()
	}
	wg.Wait()
	close(done)
	sampler.Wait()
	heapMB := float64(peakHeap-min(peakHeap, idleHeap)) / (1 << 20)
	rssMB := float64(peakRSS-idleRSS) / 1024
	t.Logf("10 x 30 MB uploads in %v: %d ok; peak heap in use %.1f MB above idle, peak RSS %.1f MB above idle (%d MB idle RSS)",
		time.Since(start).Round(time.Millisecond), ok.Load(), heapMB, rssMB, idleRSS/1024)
	if ok.Load() != 10 {
		t.Fatalf("%d uploads succeeded", ok.Load())
	}
	if heapMB >= maxHeapMB {
		t.Fatalf("heap grew %.1f MB (target < %.0f MB)", heapMB, maxHeapMB)
	}
}

type clientWithNo struct {
	cookie map[string]string
	applNo int64
}
