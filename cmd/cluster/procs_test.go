//go:build cluster && linux

package cluster

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"
)

// proc is one process of the cluster, started again after a kill with
// the same command line and environment; its output goes to a log file.
type proc struct {
	t    testing.TB
	name string
	dir  string
	args []string
	env  []string
	log  string

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{}
}

func newProc(t testing.TB, logDir, name, dir string, env []string, args ...string) *proc {
	return &proc{t: t, name: name, dir: dir, args: args, env: env, log: filepath.Join(logDir, name+".log")}
}

func (p *proc) start() {
	p.t.Helper()
	f, err := os.OpenFile(p.log, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		p.t.Fatal(err)
	}
	fmt.Fprintf(f, "---- start %s\n", time.Now().Format(time.RFC3339Nano))
	cmd := exec.Command(p.args[0], p.args[1:]...)
	cmd.Dir = p.dir
	cmd.Env = p.env
	cmd.Stdout, cmd.Stderr = f, f
	// Killed with the test process, even by a panic that runs no cleanup.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		f.Close()
		p.t.Fatalf("%s: %v", p.name, err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); f.Close(); close(done) }()
	p.mu.Lock()
	p.cmd, p.done = cmd, done
	p.mu.Unlock()
}

// signal sends sig and waits for the process to end.
func (p *proc) signal(sig syscall.Signal) {
	p.mu.Lock()
	cmd, done := p.cmd, p.done
	p.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = cmd.Process.Signal(sig)
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
}

func (p *proc) stop() { p.signal(syscall.SIGTERM) }

// exited reports whether the process has ended by itself.
func (p *proc) exited() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done == nil {
		return false
	}
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// tail is the end of the process's log, for a failure message.
func (p *proc) tail(n int) string {
	b, _ := os.ReadFile(p.log)
	lines := bytes.Split(bytes.TrimRight(b, "\n"), []byte("\n"))
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return string(bytes.Join(lines, []byte("\n")))
}

// waitHTTP waits until url answers 200, failing the test after within.
func (p *proc) waitHTTP(url string, within time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(within)
	c := &http.Client{Timeout: time.Second}
	for {
		if res, err := c.Get(url); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return
			}
		}
		if p.exited() {
			p.t.Fatalf("%s exited:\n%s", p.name, p.tail(30))
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: %s not ready after %s:\n%s", p.name, url, within, p.tail(30))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// waitTCP waits until addr accepts connections.
func (p *proc) waitTCP(addr string, within time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(within)
	for {
		if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
			c.Close()
			return
		}
		if p.exited() {
			p.t.Fatalf("%s exited:\n%s", p.name, p.tail(30))
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: %s not listening after %s:\n%s", p.name, addr, within, p.tail(30))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// freePorts answers n distinct free ports of 127.0.0.1.
func freePorts(t testing.TB, n int) []int {
	t.Helper()
	var ls []net.Listener
	var out []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		out = append(out, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return out
}

func addr(port int) string { return "127.0.0.1:" + strconv.Itoa(port) }

// build compiles a command of the repository into dir.
func build(t testing.TB, root, dir, pkg string) string {
	t.Helper()
	out := filepath.Join(dir, filepath.Base(pkg))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", out, pkg)
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, b)
	}
	return out
}
