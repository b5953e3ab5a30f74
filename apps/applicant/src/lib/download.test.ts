import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it('prefers the UTF-8 name', () => {
    expect(
      filenameFromDisposition(`attachment; filename="___.pdf"; filename*=UTF-8''%EC%84%B1%EC%A0%81%EC%A6%9D%EB%AA%85%EC%84%9C.pdf`),
    ).toBe('성적증명서.pdf');
  });
  it('reads a plain name, quoted or not', () => {
    expect(filenameFromDisposition('attachment; filename="slip.pdf"')).toBe('slip.pdf');
    expect(filenameFromDisposition('attachment; filename=slip.pdf')).toBe('slip.pdf');
  });
  it('falls back', () => {
    expect(filenameFromDisposition(null, 'x.pdf')).toBe('x.pdf');
    expect(filenameFromDisposition('inline', 'x.pdf')).toBe('x.pdf');
  });
});
