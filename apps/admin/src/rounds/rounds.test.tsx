import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { AdminRouterProvider, routes } from '../router';
import { resetAuthState } from '../authProvider';
import { mockFetch, setCookie } from '../test/fetchMock';
import { nestFieldErrors } from '../apiErrors';
import { fromForm, toForm, type RoundRecord } from './types';

const schoolAdmin = { userId: 'ewha', email: 'e@example.com', roles: ['ROLE_SCHL_ADMIN'], schoolCode: '236', locale: 'ko',
    adminArea: true, adminPages: ['info-inquiry', 'recruit-part/list', 'applId/check', 'school/settings'] };

const round: RoundRecord = {
    id: '236-2027-3', schoolCode: '236', enterYear: 2027, recruitPartSeq: 3, korName: '후기 특별전형', engName: 'Fall special',
    feeKrw: 80000, feeUsd: 7000, payTypes: ['card'], lettersAsked: 1, applIdRule: 'S{YY}-{SEQ:3}',
    windows: [{ type: 'SUBMIT', startDay: '2026-12-01', endDay: '2026-12-20' }],
    documents: [], consents: [],
    effectiveDocuments: [{ itemCode: '00001', grpCode: 'basic', grpKorName: '기본', grpEngName: 'Basic', korName: '사진', engName: 'Photo',
        required: true, extensions: ['jpg', 'png'], maxSize: 0 }],
    effectiveConsents: [{ code: 'c1', titleKo: '동의', titleEn: 'Consent', bodyKo: '본문', bodyEn: 'Body', version: '2024-09-10' }],
    majors: [{ Code: 'IS01', KorName: '국제학', EngName: 'International Studies', VideoEssay: false }],
    parts: [{ applPartNo: 5, majorCode: 'IS01', isMaster: true }],
};

const renderAt = (path: string) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(<AdminRouterProvider router={router} />);
    return router;
};

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
    resetAuthState();
    setCookie('XSRF-TOKEN', 'csrf-1');
});

describe('round form values', () => {
    it('keeps windows by type, the USD fee in dollars, and starts from what applies', () => {
        const f = toForm(round);
        expect(f.windows).toEqual({ SUBMIT: { startDay: '2026-12-01', endDay: '2026-12-20' } });
        expect(f.feeUsd).toBe(70);
        expect(f.documents[0].extensions).toBe('jpg, png');
        expect(f.consents[0].code).toBe('c1');
        const body = fromForm({ ...f, feeUsd: 70.5, windows: { ...f.windows, COMPLETE: { startDay: '2026-12-02', endDay: '' } } });
        expect(body.feeUsd).toBe(7050);
        expect(body.windows).toEqual([
            { type: 'SUBMIT', startDay: '2026-12-01', endDay: '2026-12-20' },
            { type: 'COMPLETE', startDay: '2026-12-02', endDay: '' },
        ]);
        expect(body.documents[0].extensions).toEqual(['jpg', 'png']);
        // a quota left empty is 0 (not announced); the round shows on the competition page unless hidden
        expect(body.parts).toEqual([{ applPartNo: 5, majorCode: 'IS01', isMaster: true, quota: 0 }]);
        expect(body.competitionHidden).toBe(false);
    });

    it('sends the round\'s own step list only when it has one, starting from the list in force', () => {
        const inherited = toForm({ ...round, steps: null, preview: { steps: ['APPL_PART_SAVE', 'BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'FILE_SAVE', 'SURVEY'] } });
        expect(inherited.ownSteps).toBe(false);
        expect(inherited.steps).toEqual(['BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'FILE_SAVE', 'SURVEY']);
        const school = fromForm(inherited);
        expect(school.steps).toBeNull();
        expect('ownSteps' in school).toBe(false);
        const own = toForm({ ...round, steps: ['BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'FILE_SAVE'] });
        expect(own.ownSteps).toBe(true);
        expect(fromForm({ ...own, steps: [...own.steps, 'CAREER_SAVE'] }).steps).toEqual(['BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'FILE_SAVE', 'CAREER_SAVE']);
    });

    it('turns the server field names into the form shape', () => {
        expect(nestFieldErrors({ 'windows.SUBMIT.startDay': 'a', 'parts[0].majorCode': 'b', feeKrw: 'c' }, 'top')).toEqual({
            windows: { SUBMIT: { startDay: 'a' } },
            parts: { 0: { majorCode: 'b' } },
            feeKrw: 'c',
            root: { serverError: 'top' },
        });
    });
});

describe('round pages', () => {
    it("shows the server's refusal of a window day at that field, in the windows tab", async () => {
        const { calls } = mockFetch(({ url, method }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: schoolAdmin };
            if (path === '/apply/api-auth/admin/recruit-parts/236-2027-3' && method === 'GET') return { body: round };
            if (path === '/apply/api-auth/admin/recruit-parts/236-2027-3' && method === 'PUT')
                return {
                    status: 400,
                    body: { status: 400, code: 'validation.failed', message: '필수 입력 항목을 모두 확인해 주세요.',
                        fields: { 'windows.SUBMIT.startDay': '시작일은 오늘 이후여야 합니다.' } },
                };
            return undefined;
        });
        const router = renderAt('/recruit-parts/236-2027-3');
        const name = (await screen.findByDisplayValue('후기 특별전형', {}, { timeout: 40_000 })) as HTMLInputElement;
        fireEvent.change(name, { target: { value: '후기 특별전형 2차' } });
        fireEvent.click(screen.getByRole('button', { name: /저장/ }));
        await waitFor(() => expect(calls.some(c => c.method === 'PUT')).toBe(true));
        fireEvent.click(await screen.findByRole('tab', { name: /기간/ }));
        await screen.findByText('시작일은 오늘 이후여야 합니다.', {}, { timeout: 40_000 });
        expect(router.state.location.pathname).toBe('/recruit-parts/236-2027-3/windows');
        const put = calls.find(c => c.method === 'PUT');
        expect(put?.headers.get('X-XSRF-TOKEN')).toBe('csrf-1');
        expect((put?.body as { windows: unknown }).windows).toEqual([{ type: 'SUBMIT', startDay: '2026-12-01', endDay: '2026-12-20' }]);
        expect((put?.body as { feeUsd: number }).feeUsd).toBe(7000);
    }, 90_000); // the whole tabbed form under jsdom is slow on a shared 2-core machine

    it('sends the quota of each part and the choice to hide the round from the competition page', async () => {
        const { calls } = mockFetch(({ url, method, body }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: schoolAdmin };
            if (path === '/apply/api-auth/admin/recruit-parts/236-2027-3' && method === 'GET') return { body: round };
            if (path === '/apply/api-auth/admin/recruit-parts/236-2027-3' && method === 'PUT') return { body: { ...round, ...(body as object) } };
            return undefined;
        });
        renderAt('/recruit-parts/236-2027-3');
        await screen.findByDisplayValue('후기 특별전형', {}, { timeout: 40_000 });
        const hide = screen.getByRole('switch', { name: '경쟁률 공개하지 않음' }) as HTMLInputElement;
        expect(hide.checked).toBe(false);
        fireEvent.click(hide);
        fireEvent.click(await screen.findByRole('tab', { name: /전공과 과정/ }));
        const quota = (await screen.findByRole('spinbutton', { name: '모집인원' }, { timeout: 40_000 })) as HTMLInputElement;
        expect(quota.value).toBe('');
        fireEvent.change(quota, { target: { value: '12' } });
        fireEvent.click(screen.getByRole('button', { name: /저장/ }));
        await waitFor(() => expect(calls.some(c => c.method === 'PUT')).toBe(true));
        const put = calls.find(c => c.method === 'PUT')?.body as { parts: Array<{ majorCode: string; quota: number }>; competitionHidden: boolean };
        expect(put.competitionHidden).toBe(true);
        expect(put.parts).toEqual([expect.objectContaining({ applPartNo: 5, majorCode: 'IS01', quota: 12 })]);
    }, 90_000);

    it('checks an exam-number rule and explains a refused one', async () => {
        mockFetch(({ url, body }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: schoolAdmin };
            if (path === '/apply/api-auth/admin/recruit-parts') return { body: [round], headers: { 'Content-Range': 'recruit-parts 0-0/1' } };
            if (path === '/apply/api-auth/admin/recruit-parts/236-2027-3') return { body: round };
            if (path.endsWith('/appl-id-check')) {
                const rule = (body as { rule: string }).rule;
                if (rule.includes('NOPE'))
                    return { status: 400, body: { status: 400, code: 'validation.failed', message: 'x', fields: { rule: '알 수 없는 항목입니다: NOPE' } } };
                return { body: { rule, samples: ['S27-001', 'S27-002'], capacity: 999, real: [{ applNo: 9, current: 'A-1', new: 'S27-001', completedAt: '2026-12-03 10:00' }] } };
            }
            return undefined;
        });
        renderAt('/applId/check');
        const input = (await screen.findByTestId('rule-input', {}, { timeout: 40_000 })) as HTMLInputElement;
        await waitFor(() => expect(input.value).toBe('S{YY}-{SEQ:3}'));
        fireEvent.click(screen.getByTestId('rule-check'));
        const result = await screen.findByTestId('rule-result');
        expect(result.textContent).toContain('S27-002');
        expect(within(result).getByText('A-1')).toBeTruthy();
        fireEvent.change(input, { target: { value: '{YYYY}{NOPE}' } });
        fireEvent.click(screen.getByTestId('rule-check'));
        await screen.findByText('알 수 없는 항목입니다: NOPE');
        expect(screen.queryByTestId('rule-result')).toBeNull();
    });

    it('lists the School Admin pages the server allows in the menu', async () => {
        mockFetch(({ url }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: schoolAdmin };
            if (path === '/actuator/health') return { body: { status: 'UP', components: {} } };
            return undefined;
        });
        renderAt('/');
        await screen.findByTestId('menu-applId-check', {}, { timeout: 40_000 });
        expect(screen.getByTestId('menu-school-settings')).toBeTruthy();
        expect(screen.queryByTestId('menu-remake-applid')).toBeNull();
        expect((await screen.findAllByText('모집 전형')).length).toBeGreaterThan(0);
    });
});
