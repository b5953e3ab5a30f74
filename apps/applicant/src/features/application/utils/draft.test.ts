import { describe, expect, it } from 'vitest';
import { draftToRestore, mergeDraft, snapshot } from './draft';

const career = () => ({ companyName: '', currentYn: false, joinDay: '' });

describe('restoring a draft over the saved values', () => {
  it('takes the draft scalars of the same type, keeps the base shape', () => {
    const base = { a: '', b: false, nested: { x: '', y: '' } };
    const out = mergeDraft(base, { a: 'typed', b: 'yes', nested: { x: 'X' }, extra: 'ignored' });
    expect(out).toEqual({ a: 'typed', b: false, nested: { x: 'X', y: '' } });
  });

  it('lists take the draft length, new items get the template shape', () => {
    const base = { careerList: [] as ReturnType<typeof career>[] };
    const out = mergeDraft(base, { careerList: [{ companyName: 'A' }, { companyName: 'B', currentYn: true, bogus: 1 }] }, (p) =>
      p === 'careerList' ? career() : undefined,
    );
    expect(out.careerList).toEqual([
      { companyName: 'A', currentYn: false, joinDay: '' },
      { companyName: 'B', currentYn: true, joinDay: '' },
    ]);
  });

  it('a list without a template takes the shape of a saved item, never its values; a draft that is not a list is ignored', () => {
    const base = { list: [{ a: '1', b: '', n: 3, on: true }] };
    expect(mergeDraft(base, { list: [{ a: 'x' }, { b: 'y' }] })).toEqual({
      list: [{ a: 'x', b: '', n: 0, on: false }, { a: '', b: 'y', n: 0, on: false }],
    });
    expect(mergeDraft(base, { list: 'nope' })).toEqual(base);
  });

  it('an empty base object is a map: the draft entries are kept (survey comments)', () => {
    const base = { answers: { q1: { itemCode: '', comments: {} as Record<string, string> } } };
    const out = mergeDraft(base, { answers: { q1: { itemCode: '99', comments: { '99': '교수님 추천', bad: { x: 1 } } } } });
    expect(out.answers.q1).toEqual({ itemCode: '99', comments: { '99': '교수님 추천' } });
  });

  it('string lists (G20 answers) come from the draft', () => {
    expect(mergeDraft({ g20Answers: [] as string[] }, { g20Answers: ['156', '840'] })).toEqual({ g20Answers: ['156', '840'] });
  });

  it('restores only a draft that differs from the saved values', () => {
    const saved = { a: 'saved', list: [] as string[] };
    expect(draftToRestore(saved, null)).toBeNull();
    expect(draftToRestore(saved, { data: null, savedAt: null })).toBeNull();
    expect(draftToRestore(saved, { data: { a: 'saved' }, savedAt: 'x' })).toBeNull();
    expect(draftToRestore(saved, { data: { a: 'typed' }, savedAt: 'x' })).toEqual({ a: 'typed', list: [] });
  });

  it('snapshots treat undefined as null so equal forms compare equal', () => {
    expect(snapshot({ a: undefined, b: 1 })).toBe(snapshot({ a: null, b: 1 }));
  });
});
