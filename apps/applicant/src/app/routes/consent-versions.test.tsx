import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderRoutes, jsonResponse } from '@/testing/test-utils';
import i18n from '@/lib/i18n';
import { ConsentVersionsPage, roundFromQuery } from './consent-versions';

const item = (version: string, bodyKo: string, bodyEn: string) => ({ code: 'consent.personal_info', titleKo: '개인정보 수집·이용 동의', titleEn: 'Personal information', bodyKo, bodyEn, version });
const answer = [
  { code: 'consent.personal_info', versions: [item('2023-08-23', '현행 본문', 'Current text'), item('2021-09-01', '이전 본문', 'Earlier text')] },
  { code: 'consent.unique_id', versions: [{ ...item('2023-08-23', '고유식별', 'Unique'), code: 'consent.unique_id' }] },
];

afterEach(() => {
  vi.unstubAllGlobals();
  void i18n.changeLanguage('ko');
});

describe('/consent/versions', () => {
  it('reads the round from the query and refuses a malformed one', () => {
    expect(roundFromQuery(new URLSearchParams('schoolCode=236&enterYear=2027&partSeq=1'))).toEqual({ schoolCode: '236', enterYear: 2027, recruitPartSeq: 1 });
    expect(roundFromQuery(new URLSearchParams('schoolCode=236&enterYear=x&partSeq=1'))).toBeNull();
    expect(roundFromQuery(new URLSearchParams('enterYear=2027&partSeq=1'))).toBeNull();
  });

  it('shows the text in force and an earlier version by its date, in the interface language', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(answer));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/consent/versions', element: <ConsentVersionsPage /> }], ['/consent/versions?schoolCode=SCL00001&enterYear=2027&partSeq=1']);
    const text = await screen.findByTestId('consent-text-consent.personal_info');
    expect(text.textContent).toBe('현행 본문');
    expect(String(fetchMock.mock.calls[0][0 as never])).toContain('/apply/api/recruit/consents?schoolCode=SCL00001&enterYear=2027&partSeq=1');
    // an item without earlier versions says so
    expect(within(screen.getByTestId('consent-versions-consent.unique_id')).getByText(/이전 버전이 없습니다/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('consent-version-consent.personal_info'), { target: { value: '2021-09-01' } });
    expect(screen.getByTestId('consent-text-consent.personal_info').textContent).toBe('이전 본문');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('consent-text-consent.personal_info').textContent).toBe('Earlier text');
  });
});
