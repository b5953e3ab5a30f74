import { describe, expect, it } from 'vitest';
import { formSteps, initialStep, isEditableStatus, isLastStep, neighbours, openableSteps, orderedSteps } from './steps';

const ALL = ['APPL_PART_SAVE', 'BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'CAREER_SAVE', 'ADD_INFO_SAVE', 'FILE_SAVE', 'SURVEY'];
const NO_CAREER = ['APPL_PART_SAVE', 'BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'ADD_INFO_SAVE', 'FILE_SAVE', 'SURVEY'];

describe('step navigation', () => {
  it('orders the school list by the fixed order and drops unknown codes', () => {
    expect(orderedSteps(['SURVEY', 'BASIS_SAVE', 'NOPE', 'APPL_PART_SAVE'])).toEqual(['APPL_PART_SAVE', 'BASIS_SAVE', 'SURVEY']);
    expect(orderedSteps(null)).toEqual([]);
  });

  it('the form shows the list without the part choice', () => {
    expect(formSteps(NO_CAREER)).toEqual(['BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'ADD_INFO_SAVE', 'FILE_SAVE', 'SURVEY']);
  });

  it('opens the saved steps and the first unsaved one', () => {
    expect(openableSteps(ALL, ['APPL_PART_SAVE'])).toEqual(['BASIS_SAVE']);
    expect(openableSteps(ALL, ['APPL_PART_SAVE', 'BASIS_SAVE', 'ACAD_SAVE'])).toEqual(['BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE']);
  });

  it('documents (saved elsewhere) do not close the survey after them', () => {
    const saved = ['APPL_PART_SAVE', 'BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'CAREER_SAVE', 'ADD_INFO_SAVE'];
    expect(openableSteps(ALL, saved)).toEqual(['BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'CAREER_SAVE', 'ADD_INFO_SAVE', 'FILE_SAVE', 'SURVEY']);
  });

  it('view mode opens every step', () => {
    expect(openableSteps(ALL, ['APPL_PART_SAVE'], true)).toHaveLength(7);
  });

  it('starts at the requested step when it may be opened, else at the first unsaved one', () => {
    const saved = ['APPL_PART_SAVE', 'BASIS_SAVE', 'ACAD_SAVE'];
    expect(initialStep('BASIS_SAVE', ALL, saved)).toBe('BASIS_SAVE');
    expect(initialStep('CAREER_SAVE', ALL, saved)).toBe('LANG_SAVE');
    expect(initialStep(null, ALL, saved)).toBe('LANG_SAVE');
    expect(initialStep('bogus', ALL, saved)).toBe('LANG_SAVE');
  });

  it('after every savable step the survey is where one continues', () => {
    const saved = ['APPL_PART_SAVE', 'BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'CAREER_SAVE', 'ADD_INFO_SAVE'];
    expect(initialStep(null, ALL, saved)).toBe('SURVEY');
    expect(initialStep(null, ALL, [...saved, 'FILE_SAVE', 'SURVEY'])).toBe('SURVEY');
  });

  it('view mode starts at the first step unless asked otherwise', () => {
    expect(initialStep(null, ALL, ['APPL_PART_SAVE'], true)).toBe('BASIS_SAVE');
    expect(initialStep('SURVEY', ALL, ['APPL_PART_SAVE'], true)).toBe('SURVEY');
    expect(initialStep(null, ['APPL_PART_SAVE'], [])).toBeNull();
  });

  it('previous and next follow the school list', () => {
    expect(neighbours('LANG_SAVE', NO_CAREER)).toEqual({ prev: 'ACAD_SAVE', next: 'ADD_INFO_SAVE' });
    expect(neighbours('BASIS_SAVE', NO_CAREER)).toEqual({ prev: null, next: 'ACAD_SAVE' });
    expect(neighbours('SURVEY', NO_CAREER)).toEqual({ prev: 'FILE_SAVE', next: null });
    expect(neighbours('CAREER_SAVE', NO_CAREER)).toEqual({ prev: null, next: null });
    expect(isLastStep('SURVEY', NO_CAREER)).toBe(true);
    expect(isLastStep('FILE_SAVE', ['APPL_PART_SAVE', 'BASIS_SAVE', 'FILE_SAVE'])).toBe(true);
    expect(isLastStep('BASIS_SAVE', NO_CAREER)).toBe(false);
  });

  it('only the step statuses are editable', () => {
    expect(isEditableStatus('ACAD_SAVE')).toBe(true);
    expect(isEditableStatus('COMPLETE')).toBe(false);
    expect(isEditableStatus('CANCEL')).toBe(false);
  });
});
