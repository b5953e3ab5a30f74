import { describe, expect, it } from 'vitest';
import { countChars, countWords, essayCount, essayLimit, isOver } from './text-count';

describe('counters (as the server counts)', () => {
  it('counts characters as code points, CRLF once', () => {
    expect(countChars('')).toBe(0);
    expect(countChars('안녕하세요')).toBe(5);
    expect(countChars('a b')).toBe(3);
    expect(countChars('😀x')).toBe(2);
    expect(countChars('a\r\nb')).toBe(3);
    expect(countChars('a\nb')).toBe(3);
  });

  it('counts words separated by any white space', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   ')).toBe(0);
    expect(countWords('one')).toBe(1);
    expect(countWords('  one two\nthree\tfour  ')).toBe(4);
    expect(countWords('한국어 문장 세 단어')).toBe(4);
  });

  it('Korean essays count characters, English essays count words', () => {
    const rule = { words: 400, chars: 800 };
    expect(essayCount('ko', '가나 다')).toBe(4);
    expect(essayCount('en', 'I am here')).toBe(3);
    expect(essayLimit('ko', rule)).toBe(800);
    expect(essayLimit('en', rule)).toBe(400);
  });

  it('is over only above a positive limit', () => {
    expect(isOver(801, 800)).toBe(true);
    expect(isOver(800, 800)).toBe(false);
    expect(isOver(5, 0)).toBe(false);
    expect(isOver(5, undefined)).toBe(false);
  });
});
