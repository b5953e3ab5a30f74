import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import type { SiteSurvey } from '../api/surveys';
import { SurveyCard } from './survey-card';

const survey: SiteSurvey = {
  id: 5, titleKo: '만족도 조사', titleEn: 'Satisfaction survey', startDay: '2026-01-01', endDay: '2026-12-31',
  completion: false, answered: false, open: true,
  questions: [
    { questionCode: 'q1', parentCode: '', depth: 1, isLeaf: true, inputType: 'radio', korText: '만족하십니까?', engText: 'Satisfied?', required: true,
      items: [{ itemCode: 'y', korValue: '예', engValue: 'Yes', hasComment: false }, { itemCode: 'n', korValue: '아니오', engValue: 'No', hasComment: true }] },
    { questionCode: 'q2', parentCode: '', depth: 1, isLeaf: true, inputType: 'textarea', korText: '의견', engText: 'Comments', required: false, items: [] },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('site survey form', () => {
  it('sends one entry per answer with the comment of the chosen item, then thanks the user', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return jsonResponse({ ...survey, answered: true });
    }));
    renderWithProviders(<SurveyCard survey={survey} />);
    fireEvent.click(screen.getByTestId('survey-open-5'));
    fireEvent.click(screen.getByTestId('answers.q1.n'));
    fireEvent.change(await screen.findByTestId('answers.q1.comment.n'), { target: { value: '느려요' } });
    fireEvent.change(screen.getByTestId('answers.q2'), { target: { value: '좋아요' } });
    fireEvent.click(screen.getByTestId('site-survey-submit'));
    expect(await screen.findByTestId('survey-answered')).toBeTruthy();
    expect(sent).toHaveLength(1);
    const answers = (sent[0] as { answers: Array<Record<string, string>> }).answers;
    expect(answers.map((a) => [a.questionCode, a.itemCode, a.answer, a.comment])).toEqual([
      ['q1', 'n', '', '느려요'],
      ['q2', '', '좋아요', ''],
    ]);
    expect(screen.queryByTestId('site-survey-submit')).toBeNull();
  });

  it('shows the server\'s message at the question it names and keeps what was typed', async () => {
    vi.stubGlobal('fetch', vi.fn(async () =>
      jsonResponse({ status: 400, code: 'validation.failed', message: '입력값을 확인해 주세요.', fields: { 'answers.q1': '필수 항목입니다.' } }, 400)));
    renderWithProviders(<SurveyCard survey={survey} startOpen />);
    fireEvent.change(screen.getByTestId('answers.q2'), { target: { value: '그냥' } });
    fireEvent.click(screen.getByTestId('site-survey-submit'));
    await waitFor(() => expect(screen.getByTestId('answers.q1-helper').textContent).toBe('필수 항목입니다.'));
    expect((screen.getByTestId('answers.q2') as HTMLTextAreaElement).value).toBe('그냥');
    expect(screen.queryByTestId('survey-answered')).toBeNull();
  });

  it('says a closed or answered survey takes no answer', () => {
    renderWithProviders(<SurveyCard survey={{ ...survey, id: 6, answered: true }} />);
    expect(screen.getByTestId('survey-answered')).toBeTruthy();
    expect(screen.queryByTestId('survey-open-6')).toBeNull();
  });
});
