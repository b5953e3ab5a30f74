import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { AdminRouterProvider, routes } from '../router';
import { resetAuthState } from '../authProvider';
import { mockFetch, setCookie } from '../test/fetchMock';

/** react-admin's own texts and the field labels as staff read them (issue 23 item 5). */
const sysadmin = (locale: string) => ({
    userId: 'sysadmin', email: 's@example.com', roles: ['ROLE_SYS_ADMIN'], schoolCode: null, locale, adminArea: true,
    adminPages: ['auth/list', 'survey/list', 'user/management'],
});
const member = { id: 'kim01', userId: 'kim01', email: 'kim01@example.com', status: 'ACTIVE', roles: ['ROLE_USER'], schoolCode: null,
    createdAt: '2026-03-01T00:00:00Z', lastLoginAt: '2026-03-03T01:02:00Z' };

const serve = (locale: string) => {
    setCookie('locale', locale);
    return mockFetch(({ url }) => {
        const path = url.split('?')[0];
        if (path === '/user/api/me') return { body: sysadmin(locale) };
        if (path === '/apply/api-auth/admin/roles') return { body: [member], headers: { 'Content-Range': 'roles 0-0/1' } };
        if (path === '/apply/api-auth/admin/surveys') return { body: [], headers: { 'Content-Range': 'surveys 0-0/0' } };
        if (path === '/apply/api-auth/admin/schools') return { body: [], headers: { 'Content-Range': 'schools 0-0/0' } };
        return undefined;
    });
};

const renderAt = (path: string) => render(<AdminRouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);

vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => {
    // the language a test picked stays in react-admin's store otherwise
    localStorage.clear();
    resetAuthState();
    setCookie('XSRF-TOKEN', 'csrf-1');
});

// Korean first: a page's locale, once English, stays for the module (locale.ts).
describe.each([
    ['ko', '최근 로그인', '새로 만드시겠습니까?', /초대/],
    ['en', 'Last sign-in', 'Do you want to add one?', /invite/i],
])('react-admin texts in %s', (locale, lastLogin, ask, wrong) => {
    it('the roles list heads every column in the language (no "Last login at")', async () => {
        serve(locale);
        renderAt('/roles');
        await screen.findByText('kim01@example.com', {}, { timeout: 20_000 });
        const heads = screen.getAllByRole('columnheader').map(h => h.textContent?.trim() ?? '');
        expect(heads).toContain(lastLogin);
        expect(heads.join(' ')).not.toMatch(/Last login at|Created at|School code/);
    });

    it('an empty list asks whether to add one (not to invite users)', async () => {
        serve(locale);
        renderAt('/surveys');
        await waitFor(() => expect(document.body.textContent).toContain(ask), { timeout: 40_000 });
        expect(document.body.textContent).not.toMatch(wrong);
    });
});
