// Package s3test starts a real S3 server for tests: versitygw (posix
// backend) on a free local port over a temporary directory, stopped when
// the test ends. The binary is $VERSITYGW, else versitygw on PATH, else
// the one .ci/run installs under ~/.cache/gradapply/bin; without it the
// test fails with the install command (package testenv's opt-out applies).
package s3test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/filestore"
	"github.com/gradapply/gradapply/adapters/testenv"
)

// Version is the versitygw release the tests are written against.
const Version = "v1.8.0"

// InstallCommand installs the binary where Binary looks last.
const InstallCommand = "GOBIN=$HOME/.cache/gradapply/bin go install github.com/versity/versitygw/cmd/versitygw@" + Version

const (
	accessKey = "gradapply-test"
	secretKey = "gradapply-test-secret"
)

// Binary finds versitygw: $VERSITYGW, PATH, then the cache .ci/run fills.
func Binary() (string, error) {
	if p := os.Getenv("VERSITYGW"); p != "" {
		// LookPath of a path with a slash checks that very file is executable.
		if !strings.ContainsRune(p, filepath.Separator) {
			p = "." + string(filepath.Separator) + p
		}
		p, err := exec.LookPath(p)
		if err != nil {
			return "", fmt.Errorf("VERSITYGW: %w; install it with: %s", err, InstallCommand)
		}
		return p, nil
	}
	if p, err := exec.LookPath("versitygw"); err == nil {
		return p, nil
	}
	if home, err := os.UserHomeDir(); err == nil {
		if p, err := exec.LookPath(filepath.Join(home, ".cache", "gradapply", "bin", "versitygw")); err == nil {
			return p, nil
		}
	}
	return "", errors.New("versitygw not found ($VERSITYGW, PATH, ~/.cache/gradapply/bin); install it with: " + InstallCommand)
}

// Server is a running versitygw.
type Server struct {
	Endpoint string // 127.0.0.1:port
	buckets  atomic.Int32
}

// Start runs versitygw for the test (and its subtests); it is stopped and
// its directory removed at the test's cleanup.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		testenv.Missing(t, "s3test: versitygw "+Version, err)
		return nil
	}
	root := t.TempDir()
	var last error
	for range 3 { // the free port may be taken between asking and binding
		addr, err := freePort()
		if err != nil {
			t.Fatalf("s3test: %v", err)
		}
		if last = run(t, bin, addr, root); last == nil {
			return &Server{Endpoint: addr}
		}
	}
	t.Fatalf("s3test: %v", last)
	return nil
}

func freePort() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return "127.0.0.1:" + strconv.Itoa(l.Addr().(*net.TCPAddr).Port), nil
}

// run starts the server on addr and waits until it answers.
func run(t testing.TB, bin, addr, root string) error {
	cmd := exec.Command(bin, "--port", addr, "--quiet", "posix", root)
	cmd.Env = append(os.Environ(), "ROOT_ACCESS_KEY="+accessKey, "ROOT_SECRET_KEY="+secretKey)
	dieWithParent(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", bin, err)
	}
	exited := make(chan struct{})
	var log []string
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if len(log) < 50 {
				log = append(log, sc.Text())
			}
		}
		_, _ = io.Copy(io.Discard, out)
		_ = cmd.Wait()
		close(exited)
	}()
	stop := func() {
		_ = cmd.Process.Kill()
		<-exited
	}
	deadline := time.Now().Add(15 * time.Second)
	for {
		select {
		case <-exited:
			return fmt.Errorf("versitygw on %s exited: %v %q", addr, cmd.ProcessState, log)
		default:
		}
		if answers(addr) {
			t.Cleanup(stop)
			return nil
		}
		if time.Now().After(deadline) {
			stop()
			return fmt.Errorf("versitygw on %s did not answer within 15 s: %q", addr, log)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// answers reports whether an S3 server answers on addr (any HTTP status:
// an anonymous request is refused, which is enough to know it is up).
func answers(addr string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	_ = res.Body.Close()
	return true
}

// Config answers the settings of a bucket of its own on the server (the
// store creates it on first use).
func (s *Server) Config() filestore.S3Config {
	n := s.buckets.Add(1)
	return filestore.S3Config{
		Endpoint: s.Endpoint, Bucket: fmt.Sprintf("gradapply-test-%d", n), Region: "us-east-1",
		AccessKey: accessKey, SecretKey: secretKey,
	}
}

// Store starts nothing: it connects a store to a fresh bucket of s.
func (s *Server) Store(t testing.TB) *filestore.S3 {
	t.Helper()
	st, err := filestore.NewS3(context.Background(), s.Config())
	if err != nil {
		t.Fatalf("s3test: %v", err)
	}
	return st
}
