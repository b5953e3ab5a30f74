import { describe, expect, it } from 'vitest';
import { baseNameOf, charLength, extensionOf, formatBytes, preCheck } from './pre-check';

const rule = { extensions: ['pdf', 'jpg', 'png'], limits: { pdf: 30 * 1024 * 1024, jpg: 3 * 1024 * 1024, png: 3 * 1024 * 1024 } };

describe('preCheck', () => {
  it('passes a good file', () => {
    expect(preCheck({ name: '성적증명서.pdf', size: 100 }, rule)).toBeNull();
    expect(preCheck({ name: 'photo.JPEG', size: 100 }, rule)).toBeNull();
  });
  it('refuses a disallowed or missing extension', () => {
    expect(preCheck({ name: 'setup.exe', size: 100 }, rule)?.key).toBe('documents.error.extension');
    expect(preCheck({ name: 'noext', size: 100 }, rule)?.key).toBe('documents.error.extension');
    expect(preCheck({ name: 'x.exe', size: 1 }, rule)?.values).toEqual({ allowed: 'pdf, jpg, png' });
  });
  it('refuses an empty file', () => {
    expect(preCheck({ name: 'empty.pdf', size: 0 }, rule)?.key).toBe('documents.error.empty');
  });
  it('refuses a file over the limit of its extension', () => {
    expect(preCheck({ name: 'big.png', size: 3 * 1024 * 1024 + 1 }, rule)).toEqual({ key: 'documents.error.tooLarge', values: { max: '3 MB' } });
    expect(preCheck({ name: 'big.png', size: 3 * 1024 * 1024 }, rule)).toBeNull();
    expect(preCheck({ name: 'big.pdf', size: 3 * 1024 * 1024 + 1 }, rule)).toBeNull();
  });
  it('counts the name without its extension, 40 characters at most', () => {
    expect(preCheck({ name: `${'a'.repeat(40)}.pdf`, size: 1 }, rule)).toBeNull();
    expect(preCheck({ name: `${'a'.repeat(41)}.pdf`, size: 1 }, rule)?.key).toBe('documents.error.nameTooLong');
    expect(preCheck({ name: `${'가'.repeat(40)}.pdf`, size: 1 }, rule)).toBeNull();
  });
  it('does not decide what only the server can see', () => {
    // a renamed executable passes the client: the server reads its leading bytes
    expect(preCheck({ name: 'setup.pdf', size: 600 }, rule)).toBeNull();
  });
});

describe('helpers', () => {
  it('reads extensions and names', () => {
    expect(extensionOf('a.b.PDF')).toBe('pdf');
    expect(extensionOf('a.jpeg')).toBe('jpg');
    expect(extensionOf('a.')).toBe('');
    expect(baseNameOf('a.b.pdf')).toBe('a.b');
    expect(charLength('한글')).toBe(2);
    expect(formatBytes(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5)).toBe('5 B');
  });
});
