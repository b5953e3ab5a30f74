// Package smtptest runs an in-process SMTP server (go-smtp) that keeps what it
// receives, for tests of the SMTP transport and of the whole mail path.
package smtptest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"errors"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Options shape the server.
type Options struct {
	// STARTTLS offers TLS with a throwaway certificate for 127.0.0.1; clients
	// trust it through Server.RootCAs.
	STARTTLS bool
	// Username and Password, when set, require AUTH PLAIN (over TLS only).
	Username, Password string
	// RejectRcpt refuses a recipient with a permanent 550.
	RejectRcpt func(addr string) bool
}

// Mail is one received message.
type Mail struct {
	From string
	To   []string
	Raw  []byte
	Auth string // the user that authenticated, if any
}

// Server is a running test server; it stops when the test ends.
type Server struct {
	Host    string
	Port    int
	RootCAs *x509.CertPool

	opts Options
	srv  *smtp.Server
	mu   sync.Mutex
	mail []Mail
	got  chan struct{}
}

// New starts a server on a free port of 127.0.0.1.
func New(t testing.TB, opts Options) *Server {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("smtptest: listen: %v", err)
	}
	s := &Server{opts: opts, got: make(chan struct{}, 1)}
	addr := l.Addr().(*net.TCPAddr)
	s.Host, s.Port = addr.IP.String(), addr.Port
	srv := smtp.NewServer(backend{s})
	srv.Domain = "localhost"
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	srv.EnableSMTPUTF8 = true
	if opts.STARTTLS {
		cert, pool, err := selfSigned()
		if err != nil {
			t.Fatalf("smtptest: certificate: %v", err)
		}
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
		s.RootCAs = pool
	}
	s.srv = srv
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return s
}

// Addr is host:port.
func (s *Server) Addr() string { return net.JoinHostPort(s.Host, strconv.Itoa(s.Port)) }

// Mails returns what arrived so far.
func (s *Server) Mails() []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Mail(nil), s.mail...)
}

// WaitFor waits until n mails have arrived, failing the test after timeout.
func (s *Server) WaitFor(t testing.TB, n int, timeout time.Duration) []Mail {
	t.Helper()
	deadline := time.After(timeout)
	for {
		if m := s.Mails(); len(m) >= n {
			return m
		}
		select {
		case <-s.got:
		case <-deadline:
			t.Fatalf("smtptest: %d mails after %v, want %d", len(s.Mails()), timeout, n)
		}
	}
}

type backend struct{ s *Server }

func (b backend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	return &session{s: b.s, tls: func() bool { _, ok := c.TLSConnectionState(); return ok }}, nil
}

type session struct {
	s    *Server
	tls  func() bool
	auth string
	cur  Mail
}

func (se *session) AuthMechanisms() []string {
	if se.s.opts.Username == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (se *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != se.s.opts.Username || pass != se.s.opts.Password {
			return errors.New("invalid credentials")
		}
		se.auth = user
		return nil
	}), nil
}

func (se *session) Mail(from string, _ *smtp.MailOptions) error {
	if se.s.opts.Username != "" && se.auth == "" {
		return smtp.ErrAuthRequired
	}
	se.cur = Mail{From: from, Auth: se.auth}
	return nil
}

func (se *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if se.s.opts.RejectRcpt != nil && se.s.opts.RejectRcpt(to) {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	se.cur.To = append(se.cur.To, to)
	return nil
}

func (se *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	se.cur.Raw = raw
	se.s.mu.Lock()
	se.s.mail = append(se.s.mail, se.cur)
	se.s.mu.Unlock()
	select {
	case se.s.got <- struct{}{}:
	default:
	}
	return nil
}

func (se *session) Reset()        { se.cur = Mail{} }
func (se *session) Logout() error { return nil }

// Decoded is a parsed message with its subject and bodies decoded.
type Decoded struct {
	Header  mail.Header
	Subject string
	Text    string // the text/plain part
	HTML    string // the text/html part of a multipart/alternative message
	// Parts lists the content types of the message's parts in order (one
	// entry for a single-part message).
	Parts []string
}

// Decode parses an RFC 5322 message with a single text part or a
// multipart/alternative of text and HTML, undoing RFC 2047 and the transfer
// encodings.
func Decode(raw []byte) (Decoded, error) {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Decoded{}, err
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		return Decoded{}, err
	}
	d := Decoded{Header: m.Header, Subject: subject}
	mediaType, params, err := mime.ParseMediaType(m.Header.Get("Content-Type"))
	if err != nil {
		return Decoded{}, err
	}
	if !strings.HasPrefix(mediaType, "multipart/") {
		body, err := decodePart(m.Body, m.Header.Get("Content-Transfer-Encoding"))
		if err != nil {
			return Decoded{}, err
		}
		d.Parts = []string{mediaType}
		d.Text = body
		return d, nil
	}
	mr := multipart.NewReader(m.Body, params["boundary"])
	for {
		p, err := mr.NextRawPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Decoded{}, err
		}
		pt, _, err := mime.ParseMediaType(p.Header.Get("Content-Type"))
		if err != nil {
			return Decoded{}, err
		}
		body, err := decodePart(p, p.Header.Get("Content-Transfer-Encoding"))
		if err != nil {
			return Decoded{}, err
		}
		d.Parts = append(d.Parts, pt)
		switch pt {
		case "text/plain":
			d.Text = body
		case "text/html":
			d.HTML = body
		}
	}
	return d, nil
}

func decodePart(r io.Reader, encoding string) (string, error) {
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		r = quotedprintable.NewReader(r)
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, r)
	}
	b, err := io.ReadAll(r)
	return string(b), err
}

func selfSigned() (tls.Certificate, *x509.CertPool, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "smtptest"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames:              []string{"localhost"},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool, nil
}
