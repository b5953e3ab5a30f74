import { describe, expect, it } from 'vitest';
import { answersToForm, formToAnswers } from '@/components/survey/question-field';
import { majorKey, partSurveyAnswers, renamePartError } from './part-form';
import { acceptedVersions } from './consent-form';
import { essaysForQuestions } from './steps/additional-info-step';
import { acadToForm } from './steps/academic-step';
import { isReadOnly } from './application-form';
import { limitKey } from './form-context';
import type { SurveyQuestion } from '../types';

const q = (code: string, inputType: SurveyQuestion['inputType'], extra: Partial<SurveyQuestion> = {}): SurveyQuestion => ({
  questionCode: code, parentCode: '', depth: 1, isLeaf: true, inputType, korText: code, engText: code, required: true,
  items: [{ itemCode: '01', korValue: 'a', engValue: 'a', hasComment: false }, { itemCode: '99', korValue: 'b', engValue: 'b', hasComment: true }],
  ...extra,
});

describe('survey answers', () => {
  const questions = [q('q1', 'radio'), q('q2', 'checkbox'), q('h', 'radio', { isLeaf: false }), q('q4', 'textarea', { items: null })];

  it('server answers (one per ticked item) become one form answer per question', () => {
    const form = answersToForm(questions, [
      { questionCode: 'q1', itemCode: '99', answer: '', comment: 'friend' },
      { questionCode: 'q2', itemCode: '01', answer: '', comment: '' },
      { questionCode: 'q2', itemCode: '99', answer: '', comment: 'other' },
      { questionCode: 'q4', itemCode: '', answer: 'fine', comment: '' },
    ]);
    expect(form.q1).toEqual({ itemCode: '99', itemCodes: [], answer: '', comments: { '99': 'friend' } });
    expect(form.q2.itemCodes).toEqual(['01', '99']);
    expect(form.q4.answer).toBe('fine');
    expect(form.h).toBeUndefined();
  });

  it('the form becomes the answer list of spec section 7, with the question of each entry', () => {
    const form = answersToForm(questions, []);
    form.q1 = { itemCode: '99', itemCodes: [], answer: '', comments: { '99': 'friend', '01': 'stale' } };
    form.q2 = { itemCode: '', itemCodes: ['01', '99'], answer: '', comments: {} };
    form.q4 = { itemCode: '', itemCodes: [], answer: '  ', comments: {} };
    const { answers, index } = formToAnswers(questions, form);
    expect(index).toEqual(['q1', 'q2', 'q2']);
    expect(answers[0]).toMatchObject({ questionCode: 'q1', itemCode: '99', comment: 'friend', inputType: 'radio', isLeaf: true, depth: 1 });
    expect(answers.map((a) => a.itemCode)).toEqual(['99', '01', '99']);
  });
});

describe('part page', () => {
  it('maps the server paths of POST /appl/part to its fields', () => {
    expect(renamePartError('applPartRequestList.0.majorCode')).toBe('major');
    expect(renamePartError('applPartRequestList.0.categoryCode')).toBe('categoryCode');
    expect(renamePartError('surveyRequest.answers.p1')).toBe('survey.p1');
    expect(renamePartError('surveyRequest.answers.1.itemCode', [{ questionCode: 'p1' }, { questionCode: 'p3' }])).toBe('survey.p3');
    expect(renamePartError('surveyRequest.answers.4.itemCode', [])).toBe('surveyRequest.answers.4.itemCode');
    expect(renamePartError('consents.consent.unique_id')).toBe('consents.consent.unique_id');
  });

  it('keys a major by code and level, and sends only answered questions', () => {
    expect(majorKey('IS01', true)).toBe('IS01|M');
    expect(majorKey('IS01', false)).toBe('IS01|D');
    expect(partSurveyAnswers([q('p1', 'radio'), q('p2', 'text')], { p1: '01', p2: '' })).toEqual([
      { questionCode: 'p1', itemCode: '01', answer: '', comment: '', inputType: 'radio', isLeaf: true, depth: 1 },
    ]);
  });

  it('consents: every item must be ticked; the shown versions are sent', () => {
    const consents = [
      { code: 'consent.a', titleKo: '', titleEn: '', bodyKo: '', bodyEn: '', version: '2024-09-10' },
      { code: 'consent.b', titleKo: '', titleEn: '', bodyKo: '', bodyEn: '', version: '2022-03-29' },
    ];
    expect(acceptedVersions(consents, { 'consent.a': true })).toBeNull();
    expect(acceptedVersions(consents, { 'consent.a': true, 'consent.b': true })).toEqual({ 'consent.a': '2024-09-10', 'consent.b': '2022-03-29' });
  });
});

describe('step forms', () => {
  it('one essay per question in order, keeping what was written and its language', () => {
    const questions = [1, 2, 3].map((no) => ({ no, words: 400, chars: 400, korQuestion: '', engQuestion: '' }));
    expect(essaysForQuestions(questions, [{ no: 2, lang: 'en', text: 'hi' }], 'ko')).toEqual([
      { no: 1, lang: 'ko', text: '' },
      { no: 2, lang: 'en', text: 'hi' },
      { no: 3, lang: 'ko', text: '' },
    ]);
  });

  it('an empty academic history starts with one final record', () => {
    const form = acadToForm({ acadList: null } as never);
    expect(form.acadList).toHaveLength(1);
    expect(form.acadList[0].acadFinal).toBe(true);
  });

  it('text limits of list fields use the list key', () => {
    expect(limitKey('acadList.1.city')).toBe('acadList.city');
    expect(limitKey('applicantInfo.familyList.10.name')).toBe('applicantInfo.familyList.name');
    expect(limitKey('applicantInfo.korName')).toBe('applicantInfo.korName');
  });

  it('view mode is always read-only; edit needs the edit action', () => {
    expect(isReadOnly('view', { actions: ['edit', 'view'] })).toBe(true);
    expect(isReadOnly('edit', { actions: ['edit', 'view'] })).toBe(false);
    expect(isReadOnly('edit', { actions: ['view'] })).toBe(true);
    expect(isReadOnly('review', { actions: ['review', 'view'] })).toBe(false);
  });
});
