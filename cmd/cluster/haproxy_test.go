//go:build cluster && linux

package cluster

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The proxy in front of the replicas, as a deployment has it: round robin
// over the servers whose readiness says yes, X-Forwarded-For set, a
// connection to the servers from an address of its own (127.0.0.2, which
// the servers trust through TRUSTED_PROXIES, the clients being 127.0.0.1),
// a refused connection
// tried again on the other server. A request with "X-Replica: a" (or b)
// goes to that server while it is up, and every answer says which server
// gave it (X-Served-By), so the run can upload through one replica and
// download through the other.
const haproxyConfig = `global
    maxconn 4000
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    option forwardfor
    option redispatch
    retries 3
frontend web
    bind %s
    default_backend app
backend app
    balance roundrobin
    source %s
    option httpchk GET /actuator/health/readiness
    http-check expect status 200
    default-server inter 300ms fall 2 rise 1
    use-server a if { req.hdr(x-replica) -m str a }
    use-server b if { req.hdr(x-replica) -m str b }
    http-response set-header X-Served-By %%[srv_name]
    server a %s check
    server b %s check
`

// haproxyBinary is Debian's haproxy (.ci/run installs it).
func haproxyBinary(t testing.TB) string {
	t.Helper()
	for _, p := range []string{"haproxy", "/usr/sbin/haproxy"} {
		if b, err := exec.LookPath(p); err == nil {
			return b
		}
	}
	t.Fatal("haproxy is required by the cluster run and is not installed: apt-get install -y haproxy")
	return ""
}

// proxyAddr is the address the proxy connects to the servers from.
const proxyAddr = "127.0.0.2"

func startHAProxy(t testing.TB, logDir, listen, a, b string) *proc {
	t.Helper()
	cfg := filepath.Join(logDir, "haproxy.cfg")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf(haproxyConfig, listen, proxyAddr, a, b)), 0o600); err != nil {
		t.Fatal(err)
	}
	p := newProc(t, logDir, "haproxy", logDir, os.Environ(), haproxyBinary(t), "-db", "-f", cfg)
	p.start()
	t.Cleanup(p.stop)
	p.waitTCP(listen, 10e9)
	return p
}
