import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { AdminRouterProvider, routes } from '../router';
import { resetAuthState } from '../authProvider';
import { mockFetch, setCookie } from '../test/fetchMock';
import { consecutiveRanks, orderRows, type DecisionRow } from './decisions/DecisionsPage';
import { toBody, toValues } from './notices/Notices';
import { dayAfterStart, fromSeoulInput, lastDayBefore, toSeoulInput } from './time';
import type { NoticeRecord } from './notices/methods';

const schoolAdmin = { userId: 'schooladmin', email: 's@example.com', roles: ['ROLE_SCHL_ADMIN'], schoolCode: '236', locale: 'ko', adminArea: true,
    adminPages: ['decision', 'notice', 'bulk-mail'] };
const ROUND = { id: '236-2027-1', schoolCode: '236', enterYear: 2027, recruitPartSeq: 1, korName: '전기 일반전형', engName: 'Spring', schoolKorName: '국제대학원', schoolEngName: 'GSIS' };
const APPS = [
    { id: 11, applNo: 11, applId: '202701-0001', applicantName: '김합격', status: 'COMPLETE' },
    { id: 12, applNo: 12, applId: '202701-0002', applicantName: '이예비', status: 'COMPLETE' },
    { id: 13, applNo: 13, applId: '202701-0003', applicantName: '박예비', status: 'COMPLETE' },
];
const label = (ko: string, en: string) => ({ ko, en });
const decided = (applNo: number, decision: string, rank: number, l: { ko: string; en: string }) => ({
    id: applNo, applNo, roundId: ROUND.id, userId: 'u', decision, rank, label: l, decidedBy: 'schooladmin', decidedAt: '2026-11-20T01:00:00Z', mailedAt: null,
});

const renderAt = (path: string) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(<AdminRouterProvider router={router} />);
    return router;
};

beforeEach(() => {
    resetAuthState();
    setCookie('XSRF-TOKEN', 'csrf-1');
});

describe('the officers pages\' rules', () => {
    it('orders by mean (none last) when there are scores, and gives consecutive waitlist ranks in that order', () => {
        const row = (applNo: number, mean: number | null): DecisionRow => ({ applNo, applId: null, name: `n${applNo}`, mean, decision: null });
        const rows = orderRows([row(3, 70), row(1, null), row(2, 90.5), row(4, 70)]);
        expect(rows.map(r => r.applNo)).toEqual([2, 3, 4, 1]);
        expect(orderRows([row(3, null), row(1, null)]).map(r => r.applNo)).toEqual([1, 3]);
        expect(consecutiveRanks(rows.slice(0, 2), 4)).toEqual([
            { applNo: 2, decision: 'waitlist', rank: 4 },
            { applNo: 3, decision: 'waitlist', rank: 5 },
        ]);
    });

    it('reads and writes times in Seoul time, and a notice\'s last day as the day before its (exclusive) end', () => {
        expect(fromSeoulInput('2026-12-01T10:00')).toBe('2026-12-01T10:00:00+09:00');
        expect(fromSeoulInput('')).toBe('');
        expect(toSeoulInput('2026-12-01T01:00:00Z')).toBe('2026-12-01T10:00');
        expect(dayAfterStart('2026-12-31')).toBe('2027-01-01T00:00:00+09:00');
        expect(lastDayBefore('2027-01-01T00:00:00+09:00')).toBe('2026-12-31');
        const n: NoticeRecord = { id: 1, schoolCode: '236', roundId: '236-2027-1', title: label('제목', 'Title'), body: label('내용', 'Text'),
            starts: '2026-12-01T00:00:00+09:00', ends: '2027-01-01T00:00:00+09:00', createdBy: 'a', createdAt: '', updatedAt: '' };
        expect(toValues(n)).toMatchObject({ round: '236-2027-1', starts: '2026-12-01', ends: '2026-12-31' });
        expect(toBody(toValues(n))).toEqual({ schoolCode: '236', roundId: '236-2027-1', title: n.title, body: n.body, starts: n.starts, ends: n.ends });
        expect(toBody({ ...toValues(n), schoolCode: '' }).roundId).toBe('');
    });
});

describe('decision', () => {
    it('lists the completed applications with their decision by name; a row shows the server\'s error; bulk sends the chosen rows', async () => {
        let decisions = [decided(11, 'admit', 0, label('합격', 'Admitted'))];
        const { calls } = mockFetch(({ url, method, body }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: schoolAdmin };
            if (path === '/apply/api-auth/admin/schools') return { body: [{ id: '236', korName: '국제대학원', engName: 'GSIS' }], headers: { 'Content-Range': 'schools 0-0/1' } };
            if (path === '/apply/api-auth/admin/recruit-parts') return { body: [ROUND], headers: { 'Content-Range': 'recruit-parts 0-0/1' } };
            if (path === '/apply/api-auth/admin/applications') return { body: APPS, headers: { 'Content-Range': 'applications 0-2/3' } };
            if (path === '/apply/api-auth/admin/eval-rounds/236-2027-1/scores') return { status: 404, body: { status: 404, message: '평가표가 없습니다.' } };
            if (path === '/apply/api-auth/admin/eval-rounds/236-2027-1/decisions' && method === 'GET') return { body: decisions };
            if (path === '/apply/api-auth/admin/eval-rounds/236-2027-1/release')
                return { body: { id: ROUND.id, release: null, released: false, total: decisions.length, mailed: 0, byDecision: { admit: 1, waitlist: 0, reject: 0 } } };
            if (path === '/apply/api-auth/admin/decisions/12')
                return { status: 400, body: { status: 400, code: 'validation.failed', message: '입력을 확인해 주세요.', fields: { rank: '예비 순위는 예비 합격에만 1 이상으로 입력합니다.' } } };
            if (path === '/apply/api-auth/admin/eval-rounds/236-2027-1/decisions' && method === 'POST') {
                const items = (body as { items: { applNo: number; rank: number }[] }).items;
                decisions = [...decisions, ...items.map(it => decided(it.applNo, 'waitlist', it.rank, label(`예비 합격 (${it.rank}번)`, `Waitlisted (No. ${it.rank})`)))];
                return { body: { count: items.length } };
            }
            return undefined;
        });
        renderAt('/decision');
        const table = await screen.findByTestId('decisions-table', {}, { timeout: 20_000 });
        expect(within(table).getByTestId('decision-label-11').textContent).toBe('합격');
        expect(within(table).getByTestId('decision-label-12').textContent).toBe('미결정');
        expect(within(table).getByText('김합격')).toBeTruthy();
        expect(screen.queryByText('평균 점수')).toBeNull(); // no rubric: no score column
        expect(screen.getByTestId('decisions-schedule').textContent).toBe('발표 일정이 아직 없습니다.');

        // One by one: waitlist without a rank is the server's error, on the row.
        fireEvent.change(screen.getByTestId('decision-kind-12'), { target: { value: 'waitlist' } });
        fireEvent.click(screen.getByTestId('decision-save-12'));
        expect((await screen.findByTestId('decision-error-12')).textContent).toBe('예비 순위는 예비 합격에만 1 이상으로 입력합니다.');
        expect(calls.find(c => c.url.endsWith('/decisions/12'))?.body).toEqual({ decision: 'waitlist', rank: 0 });

        // In bulk: two rows waitlisted with consecutive ranks from the one asked.
        fireEvent.click(within(screen.getByTestId('decision-select-12')).getByRole('checkbox'));
        fireEvent.click(within(screen.getByTestId('decision-select-13')).getByRole('checkbox'));
        fireEvent.click(screen.getByTestId('bulk-waitlist'));
        const dialog = await screen.findByTestId('waitlist-dialog');
        fireEvent.change(within(dialog).getByTestId('waitlist-first'), { target: { value: '3' } });
        expect(within(dialog).getByTestId('waitlist-preview').textContent).toBe('이예비: 3번박예비: 4번');
        fireEvent.click(within(dialog).getByTestId('waitlist-confirm'));
        await waitFor(() => expect(screen.getByTestId('decision-label-13').textContent).toBe('예비 합격 (4번)'), { timeout: 10_000 });
        const post = calls.find(c => c.method === 'POST');
        expect(post?.body).toEqual({ items: [{ applNo: 12, decision: 'waitlist', rank: 3 }, { applNo: 13, decision: 'waitlist', rank: 4 }] });
        expect(post?.headers.get('X-XSRF-TOKEN')).toBe('csrf-1');
        // the application list is read for the round's completed ones
        const list = calls.find(c => c.url.startsWith('/apply/api-auth/admin/applications'));
        expect(decodeURIComponent(list?.url ?? '')).toContain('"status":"COMPLETE"');
    });

    it('is locked once released, saying when, and shows the result mails sent so far', async () => {
        mockFetch(({ url }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: schoolAdmin };
            if (path === '/apply/api-auth/admin/schools') return { body: [{ id: '236', korName: '국제대학원', engName: 'GSIS' }], headers: { 'Content-Range': 'schools 0-0/1' } };
            if (path === '/apply/api-auth/admin/recruit-parts') return { body: [ROUND], headers: { 'Content-Range': 'recruit-parts 0-0/1' } };
            if (path === '/apply/api-auth/admin/applications') return { body: APPS.slice(0, 1), headers: { 'Content-Range': 'applications 0-0/1' } };
            if (path === '/apply/api-auth/admin/eval-rounds/236-2027-1/scores') return { body: [{ applNo: 11, mean: 87.5 }] };
            if (path === '/apply/api-auth/admin/eval-rounds/236-2027-1/decisions') return { body: [decided(11, 'admit', 0, label('합격', 'Admitted'))] };
            if (path === '/apply/api-auth/admin/eval-rounds/236-2027-1/release') {
                const msg = { ko: '축하합니다', en: 'Congratulations' };
                return { body: { id: ROUND.id, released: true, total: 4, mailed: 1, byDecision: { admit: 2, waitlist: 1, reject: 1 },
                    release: { id: ROUND.id, at: '2026-11-30T01:00:00Z', messages: { admit: msg, waitlist: msg, reject: msg }, setBy: 'schooladmin', setAt: '2026-11-29T01:00:00Z' } } };
            }
            return undefined;
        });
        renderAt('/decision');
        expect((await screen.findByTestId('decisions-locked', {}, { timeout: 20_000 })).textContent).toBe(
            '결과가 2026-11-30 10:00(서울 시간)에 발표되어 결정과 발표 내용을 바꿀 수 없습니다.',
        );
        expect(screen.getByText('87.50')).toBeTruthy();
        expect(screen.queryByTestId('bulk-bar')).toBeNull();
        expect(screen.queryByTestId('decision-save-11')).toBeNull();
        const progress = screen.getByTestId('release-progress');
        expect(progress.textContent).toContain('결과 메일 1 / 4건 발송');
        expect(progress.textContent).toContain('발송 중입니다');
        expect((screen.getByLabelText('발표 일시 (서울 시간)') as HTMLInputElement).value).toBe('2026-11-30T10:00');
        expect(screen.queryByTestId('release-save')).toBeNull();
    });
});

describe('bulk-mail', () => {
    it('shows the server\'s field errors at their fields, then the preview in ko and en and the count before sending', async () => {
        const mail = { id: 7, roundId: ROUND.id, filter: { status: '', decision: '' }, subject: label('제목', 'Subject'), body: label('내용', 'Text'),
            state: 'draft', createdBy: 'schooladmin', createdAt: '2026-11-20T01:00:00Z', sentBy: '', sentAt: null, doneAt: null };
        let composed = false;
        const { calls } = mockFetch(({ url, method }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: schoolAdmin };
            if (path === '/apply/api-auth/admin/schools') return { body: [{ id: '236', korName: '국제대학원', engName: 'GSIS' }], headers: { 'Content-Range': 'schools 0-0/1' } };
            if (path === '/apply/api-auth/admin/recruit-parts') return { body: [ROUND], headers: { 'Content-Range': 'recruit-parts 0-0/1' } };
            if (path === '/apply/api-auth/admin/eval-rounds/236-2027-1/bulk-mails' && method === 'GET') return { body: composed ? [mail] : [] };
            if (path === '/apply/api-auth/admin/eval-rounds/236-2027-1/bulk-mails' && method === 'POST') {
                if (calls.filter(c => c.method === 'POST').length === 1)
                    return { status: 400, body: { status: 400, code: 'validation.failed', message: '입력을 확인해 주세요.', fields: { subjectKo: '제목을 200자 이내로 입력해 주세요.' } } };
                composed = true;
                return { status: 201, body: mail };
            }
            if (path === '/apply/api-auth/admin/bulk-mails/7') return { body: { ...mail, recipients: 0, sent: 0 } };
            if (path === '/apply/api-auth/admin/bulk-mails/7/preview')
                return { body: { ko: { subject: '[GradApply] 안내: 제목', text: '국제대학원에서 보내는 안내입니다.', html: '' }, en: { subject: '[GradApply] Notice: Subject', text: 'A notice from GSIS.', html: '' }, recipients: 5 } };
            return undefined;
        });
        renderAt('/bulk-mail');
        const compose = await screen.findByTestId('mail-compose', {}, { timeout: 20_000 });
        fireEvent.click(within(compose).getByTestId('mail-preview'));
        expect(await within(compose).findByText('제목을 200자 이내로 입력해 주세요.')).toBeTruthy();
        fireEvent.change(within(compose).getByLabelText('제목 (한국어)'), { target: { value: '제목' } });
        fireEvent.click(within(compose).getByTestId('mail-preview'));
        const panel = await screen.findByTestId('mail-preview-panel', {}, { timeout: 10_000 });
        expect(within(panel).getByTestId('mail-preview-ko').textContent).toContain('국제대학원에서 보내는 안내입니다.');
        expect(within(panel).getByTestId('mail-preview-en').textContent).toContain('A notice from GSIS.');
        expect(within(panel).getByTestId('mail-recipients').textContent).toBe('지금 조건에 맞는 받는 사람: 5명');
        fireEvent.click(within(panel).getByTestId('mail-send'));
        expect((await screen.findByTestId('mail-confirm-body')).textContent).toBe('5명에게 보냅니다. 보낸 메일은 고치거나 다시 보낼 수 없습니다.');
        const posted = calls.filter(c => c.method === 'POST').pop();
        expect(posted?.body).toEqual({ filter: { status: '', decision: '' }, subject: { ko: '제목', en: '' }, body: { ko: '', en: '' } });
        expect(calls.some(c => c.url.endsWith('/send'))).toBe(false);
    });
});
