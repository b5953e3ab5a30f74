package fieldcrypt

import (
	"bytes"
	"testing"
)

func key(b byte) []byte { return bytes.Repeat([]byte{b}, 32) }

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	c, err := New(key(1))
	if err != nil {
		t.Fatal(err)
	}
	s1 := c.SealString("1234567", "appl_basis.resident_no:41")
	s2 := c.SealString("1234567", "appl_basis.resident_no:41")
	if bytes.Equal(s1, s2) {
		t.Fatal("same ciphertext twice: nonce reused")
	}
	if bytes.Contains(s1, []byte("1234567")) {
		t.Fatal("plain text visible")
	}
	got, err := c.OpenString(s1, "appl_basis.resident_no:41")
	if err != nil || got != "1234567" {
		t.Fatalf("open: %q %v", got, err)
	}
}

func TestRefusals(t *testing.T) {
	t.Parallel()
	c, _ := New(key(1))
	other, _ := New(key(2))
	s := c.SealString("M12345678", "appl_basis.passport_no:1")
	if _, err := c.OpenString(s, "appl_basis.passport_no:2"); err == nil {
		t.Fatal("opened in another row")
	}
	if _, err := other.OpenString(s, "appl_basis.passport_no:1"); err == nil {
		t.Fatal("opened with another key")
	}
	bad := bytes.Clone(s)
	bad[len(bad)-1] ^= 1
	if _, err := c.OpenString(bad, "appl_basis.passport_no:1"); err == nil {
		t.Fatal("tampered value opened")
	}
	if _, err := c.Open([]byte{9, 1, 2}, "x"); err == nil {
		t.Fatal("garbage opened")
	}
	if c.SealString("", "x") != nil {
		t.Fatal("empty value sealed")
	}
	if v, err := c.OpenString(nil, "x"); v != "" || err != nil {
		t.Fatal("nil")
	}
	if _, err := New([]byte("short")); err == nil {
		t.Fatal("short key accepted")
	}
}
