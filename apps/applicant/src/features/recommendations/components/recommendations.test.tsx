import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderRoutes, renderWithProviders } from '@/testing/test-utils';
import { RequestList } from './request-list';
import { LetterFormPage } from './letter-form';

const req = (over: Record<string, unknown>) => ({
  reqNo: 1, profName: 'Lee', email: 'lee@example.com', phone: '', institution: 'KU', position: 'Professor', locale: 'ko',
  status: '00010', createdAt: '2027-01-01T00:00:00Z', mailSentAt: null, mailRefusedAt: null, submittedAt: null,
  cancellable: true, emailEditable: true, ...over,
});

describe('RequestList', () => {
  it('shows each status and mail result, offers cancel only while sent, and names the refused field', async () => {
    const list = {
      applNo: 7, letters: 2, canRequest: true, windowOpen: true, windowMessage: null, deadline: '2027-02-24T08:00:00Z',
      list: [
        req({ reqNo: 1, mailRefusedAt: '2027-01-02T00:00:00Z', mailError: '550 no such user' }),
        req({ reqNo: 2, email: 'park@example.com', status: '00030', cancellable: false, emailEditable: false, mailSentAt: '2027-01-02T00:00:00Z' }),
      ],
    };
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return jsonResponse({ status: 400, code: 'validation.failed', message: '확인', fields: { email: '이메일 형식을 확인해 주세요.' } }, 400);
      return jsonResponse(list);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<RequestList applNo={7} />);
    const cards = await screen.findAllByTestId('recommend-request');
    expect(screen.getByTestId('recommend-letters').textContent).toContain('2통');
    expect(cards[0].textContent).toContain('거부');
    expect(cards[0].querySelector('[data-testid="recommend-cancel"]')).not.toBeNull();
    expect(cards[1].querySelector('[data-testid="recommend-cancel"]')).toBeNull();
    expect(cards[1].querySelector('[data-testid="recommend-email-edit"]')).toBeNull();
    expect(cards[1].textContent).toContain('고객센터');
    fireEvent.change(screen.getByTestId('recommend-field-email'), { target: { value: 'bad@' } });
    fireEvent.click(screen.getByTestId('recommend-send'));
    expect(await screen.findByText('이메일 형식을 확인해 주세요.')).toBeTruthy();
  });
});

describe('LetterFormPage', () => {
  it('keeps paragraphs, shows the server field errors, and locks after submission', async () => {
    const form = {
      reqNo: 3, applicantName: '김하늘', schoolKorName: '국제대학원', schoolEngName: 'GSIS', roundKorName: '전기', roundEngName: 'Spring',
      deadline: '2027-02-24T08:00:00Z', status: '00020', editable: true,
      template: { version: 1, letters: 2, fileRequired: false, questions: [
        { code: 'rec_form_q1', kind: 'long', kor: '강점', eng: 'Strengths', max: 100 },
        { code: 'rec_form_q2', kind: 'choice', kor: '종합', eng: 'Summary', options: ['1', '2'], labels: [{ code: '1', kor: '적극 추천', eng: 'Strongly' }, { code: '2', kor: '추천', eng: 'Recommend' }] },
      ] },
      answers: {}, profSign: '', profile: { name: 'Lee', institution: 'KU', position: 'Professor', phone: '' },
      file: null, fileRule: { extensions: ['pdf'], maxSize: 31457280, required: false }, savedAt: null, submittedAt: null,
    };
    const bodies: unknown[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse({ ...form, status: '00030', answers: (bodies[0] as { answers: Record<string, string> }).answers });
      }
      if (init?.method === 'POST' && bodies.length === 1) {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse({ status: 400, code: 'recommend.check_input', message: '확인', fields: { 'answers.rec_form_q2': '필수 항목입니다.', profSign: '필수 항목입니다.' } }, 400);
      }
      if (init?.method === 'POST') return jsonResponse({ ...form, status: '00040', editable: false, submittedAt: '2027-02-01T00:00:00Z' });
      expect(url).toContain('/apply/api/recommend/KEY/form');
      return jsonResponse(form);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <LetterFormPage recKey="KEY" /> }]);
    const q1 = (await screen.findByTestId('answer-rec_form_q1')) as HTMLTextAreaElement;
    fireEvent.change(q1, { target: { value: 'one\n\ntwo' } });
    fireEvent.click(screen.getByTestId('letter-save'));
    await waitFor(() => expect(bodies.length).toBe(1));
    expect((bodies[0] as { answers: Record<string, string> }).answers.rec_form_q1).toBe('one\n\ntwo');
    fireEvent.click(screen.getByTestId('letter-submit'));
    fireEvent.click(await screen.findByTestId('letter-submit-confirm'));
    expect(await screen.findByTestId('letter-errors')).toBeTruthy();
    expect(screen.getAllByText('필수 항목입니다.').length).toBe(2);
    fireEvent.click(screen.getByTestId('letter-submit'));
    fireEvent.click(await screen.findByTestId('letter-submit-confirm'));
    expect(await screen.findByTestId('letter-locked')).toBeTruthy();
    expect(screen.queryByTestId('letter-save')).toBeNull();
  });
});
