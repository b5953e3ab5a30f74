import { describe, expect, it } from 'vitest';
import { searchCountries } from './country-search';

// Names as the reference data holds them (migrations/00003_reference.sql), in its Korean order.
const countries = [
  { code: '408', korName: '북한', engName: 'North Korea' },
  { code: '410', korName: '대한민국', engName: 'Republic of Korea' },
  { code: '826', korName: '영국', engName: 'United Kingdom' },
  { code: '092', korName: '영국령 버진아일랜드', engName: 'British Virgin Islands' },
  { code: '840', korName: '미국', engName: 'United States' },
  { code: '804', korName: '우크라이나', engName: 'Ukraine' },
  { code: '156', korName: '중국', engName: 'China' },
  { code: '792', korName: '튀르키예', engName: 'Türkiye' },
];
const codes = (q: string) => searchCountries(countries, q).map((c) => c.code);

describe('nationality search (issue 21)', () => {
  it.each([
    ['South Korea', '410'],
    ['south korea', '410'],
    ['한국', '410'],
    ['Korea', '410'],
    ['USA', '840'],
    ['U.S.A.', '840'],
    ['America', '840'],
    ['미국', '840'],
    ['UK', '826'],
    ['Great Britain', '826'],
    ['영국', '826'],
    ['Turkey', '792'],
    ['터키', '792'],
  ])('%s finds it first', (query, code) => {
    expect(codes(query)[0]).toBe(code);
  });

  it('still finds by the reference names, the code, and keeps the list order otherwise', () => {
    expect(codes('대한민국')).toEqual(['410']);
    expect(codes('Republic of')[0]).toBe('410');
    expect(codes('410')).toEqual(['410']);
    expect(codes('')).toEqual(countries.map((c) => c.code));
    expect(codes('영국')).toEqual(['826', '092']);
    expect(codes('North Korea')).toEqual(['408']);
    expect(codes('zzz')).toEqual([]);
  });
});
