import { describe, expect, it } from 'vitest';
import { clearError, firstPath, mapServerFields, splitErrors, toFieldPath } from './field-errors';

describe('server field errors → form paths', () => {
  it('turns JSON paths with indices into dotted paths', () => {
    expect(toFieldPath('applicantInfo.korName')).toBe('applicantInfo.korName');
    expect(toFieldPath('acadList[1].gpa')).toBe('acadList.1.gpa');
    expect(toFieldPath('applicantInfo.familyList[0].name')).toBe('applicantInfo.familyList.0.name');
    expect(toFieldPath('answers[2].comment')).toBe('answers.2.comment');
    expect(toFieldPath('acadList')).toBe('acadList');
    expect(toFieldPath('consents.consent.personal_info')).toBe('consents.consent.personal_info');
    expect(toFieldPath('a[1][2].b')).toBe('a.1.2.b');
  });

  it('maps every field, keeps the first message of a path and lets a page rename paths', () => {
    const mapped = mapServerFields(
      { 'acadList[1].gpa': '소수점 둘째 자리까지 입력해 주세요.', 'answers[0].comment': 'too long', 'acadList.1.gpa': 'second' },
      (p) => (p === 'answers.0.comment' ? 'answers.q1' : p),
    );
    expect(mapped).toEqual({ 'acadList.1.gpa': '소수점 둘째 자리까지 입력해 주세요.', 'answers.q1': 'too long' });
    expect(mapServerFields(undefined)).toEqual({});
    expect(mapServerFields({ x: 3 as unknown as string })).toEqual({});
  });

  it('splits the errors shown at fields from the rest (summary)', () => {
    const { atFields, rest } = splitErrors({ a: '1', 'acadList': 'final', 'applicantInfo.spouse.name': 'hidden' }, new Set(['a', 'acadList']));
    expect(atFields).toEqual({ a: '1', acadList: 'final' });
    expect(rest).toEqual({ 'applicantInfo.spouse.name': 'hidden' });
  });

  it('editing a field clears its error only', () => {
    const errors = { a: '1', b: '2' };
    expect(clearError(errors, 'a')).toEqual({ b: '2' });
    expect(clearError(errors, 'c')).toBe(errors);
  });

  it('finds the first path in page order', () => {
    expect(firstPath(['b', 'a'], ['a', 'b'])).toBe('a');
    expect(firstPath(['x', 'b'], ['a', 'b'])).toBe('b');
    expect(firstPath(['x'], [])).toBe('x');
  });
});
