package edge

import (
	"net"
	"net/http/httptest"
	"testing"
)

// The client address is believed from headers only when the socket peer is
// a trusted proxy, and then only as far as trusted proxies vouch for it.
func TestClientAddressBehindProxies(t *testing.T) {
	_, proxies, _ := net.ParseCIDR("10.0.0.0/8")
	nets := []*net.IPNet{proxies}
	cases := []struct {
		name, peer, xff, xri, want string
		nets                       []*net.IPNet
	}{
		{"no proxies configured: the socket, whatever the headers", "203.0.113.7:5000", "1.2.3.4", "5.6.7.8", "203.0.113.7", nil},
		{"untrusted peer spoofing X-Forwarded-For", "203.0.113.7:5000", "1.2.3.4", "", "203.0.113.7", nets},
		{"untrusted peer spoofing X-Real-IP", "203.0.113.7:5000", "", "10.1.1.1", "203.0.113.7", nets},
		{"trusted proxy: the client it appended", "10.0.0.2:443", "198.51.100.9", "", "198.51.100.9", nets},
		{"trusted proxy: what the client wrote to the left is not believed", "10.0.0.2:443", "1.2.3.4, 198.51.100.9", "", "198.51.100.9", nets},
		{"two trusted proxies: the first untrusted from the right", "10.0.0.2:443", "1.2.3.4, 198.51.100.9, 10.0.0.5", "", "198.51.100.9", nets},
		{"a client claiming to be a trusted proxy is still the leftmost hop", "10.0.0.2:443", "10.9.9.9", "", "10.9.9.9", nets},
		{"trusted proxy with X-Real-IP only", "10.0.0.2:443", "", "198.51.100.9", "198.51.100.9", nets},
		{"trusted proxy with a broken chain: the socket", "10.0.0.2:443", "junk, 198.51.100.9x", "", "10.0.0.2", nets},
		{"trusted proxy, no header: the proxy itself", "10.0.0.2:443", "", "", "10.0.0.2", nets},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.peer
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if c.xri != "" {
			r.Header.Set("X-Real-IP", c.xri)
		}
		if got := IPExtractor(c.nets)(r); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
