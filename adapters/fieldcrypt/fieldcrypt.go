// Package fieldcrypt encrypts single fields at rest with AES-256-GCM
// (decisions.md: unique identification information). Each ciphertext is
// bound to where it is stored (the associated data, e.g. the column and the
// application number), so a value copied to another row or column does not
// decrypt.
package fieldcrypt

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"errors"
	"fmt"
)

// version is the first byte of every ciphertext, so the scheme or key can
// change later without guessing.
const version = 1

// Cipher seals and opens field values.
type Cipher struct{ aead cipher.AEAD }

// New builds a cipher from a 32-byte key.
func New(key []byte) (*Cipher, error) {
	if len(key) != 32 {
		return nil, errors.New("fieldcrypt: the key must be 32 bytes")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("fieldcrypt: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("fieldcrypt: %w", err)
	}
	return &Cipher{aead: aead}, nil
}

// Seal encrypts plain for the place named by ad. An empty value is stored
// as nil (SQL NULL): there is nothing to protect.
func (c *Cipher) Seal(plain []byte, ad string) []byte {
	if len(plain) == 0 {
		return nil
	}
	nonce := make([]byte, c.aead.NonceSize(), 1+c.aead.NonceSize()+len(plain)+c.aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		panic("fieldcrypt: no randomness: " + err.Error())
	}
	out := append([]byte{version}, nonce...)
	return c.aead.Seal(out, nonce, plain, []byte(ad))
}

// Open decrypts what Seal produced for the same ad; nil gives nil.
func (c *Cipher) Open(sealed []byte, ad string) ([]byte, error) {
	if len(sealed) == 0 {
		return nil, nil
	}
	n := c.aead.NonceSize()
	if len(sealed) < 1+n+c.aead.Overhead() || sealed[0] != version {
		return nil, errors.New("fieldcrypt: not a sealed value")
	}
	plain, err := c.aead.Open(nil, sealed[1:1+n], sealed[1+n:], []byte(ad))
	if err != nil {
		return nil, errors.New("fieldcrypt: cannot open the value (wrong key or place)")
	}
	return plain, nil
}

// SealString is Seal for text.
func (c *Cipher) SealString(s, ad string) []byte { return c.Seal([]byte(s), ad) }

// OpenString is Open for text.
func (c *Cipher) OpenString(sealed []byte, ad string) (string, error) {
	b, err := c.Open(sealed, ad)
	return string(b), err
}
