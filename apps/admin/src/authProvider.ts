import { HttpError, type AuthProvider, type UserIdentity } from 'react-admin';
import type { ApiErrorBody } from './apiErrors';
import { httpClient } from './httpClient';

/** Translation keys the login page shows for a refused or ended session. */
export const NOT_ADMIN = 'app.auth.not_admin';
export const SESSION_ENDED = 'app.auth.login_again';

/** Why checkAuth refused: drives the message on the login page. */
export type RefusalReason = 'none' | 'not_admin' | 'expired';

export interface Me {
    userId: string;
    email?: string;
    roles: string[];
    schoolCode?: string | null;
    locale?: string;
    /** May enter the back office at all (server: core/permission AdminArea). */
    adminArea?: boolean;
    /** Back-office pages (paths under /sysadmin) this person may open, from the server. */
    adminPages?: string[];
}

/** What react-admin's usePermissions answers: the server's say, never a local role table. */
export interface Permissions {
    roles: string[];
    pages: string[];
}

/** Resources whose page the server lists under the spec's path (core/permission adminPages). */
const RESOURCE_PAGES: Record<string, string> = {
    'recruit-parts': 'recruit-part/list',
    'pay/attempts': 'pay/info',
    'pay/cancels': 'pay/cancel/history',
    'pay/failures': 'pay-failure/history',
    'pay/check': 'pay-check',
    'fee-rules': 'settlement/fee-rules',
    inquiries: 'inquiry/manage',
    surveys: 'survey/list',
    members: 'user/management',
    roles: 'auth/list',
    'round-closures': 'round/close',
    'pay/refund-requests': 'refund-requests',
    'pay/refund-rules': 'refund-rules',
    notices: 'notice',
};

const isAdmin = (me: Me | null | undefined): boolean => !!me?.adminArea;

/** A refused login, carrying the server's code (e.g. captcha.required). */
export class LoginError extends Error {
    constructor(
        message: string,
        readonly code?: string,
        readonly status?: number,
    ) {
        super(message);
        this.name = 'LoginError';
    }
}

const API = '/user/api';
// react-admin asks checkAuth, getPermissions and getIdentity on every page;
// one /me answer serves them for a short while.
const ME_TTL_MS = 10_000;

let cached: { me: Me | null; at: number } | undefined;
let pending: Promise<Me | null> | undefined;
/** The last session seen in this tab: decides whether logout revokes it. */
let lastMe: Me | null | undefined;
/** An admin session of this tab ended (401) without the admin logging out. */
let sessionEnded = false;

const remember = (me: Me | null) => {
    if (lastMe && isAdmin(lastMe) && !me) sessionEnded = true;
    cached = { me, at: Date.now() };
    lastMe = me;
    return me;
};

const forget = () => {
    cached = undefined;
    pending = undefined;
};

/** GET /user/api/me; null when nobody is signed in. */
const fetchMe = async (): Promise<Me | null> => {
    if (cached && Date.now() - cached.at < ME_TTL_MS) return cached.me;
    if (!pending) {
        pending = httpClient(`${API}/me`)
            .then(({ json }) => remember(json as Me))
            .catch(error => {
                if (error instanceof HttpError && error.status === 401) return remember(null);
                throw error;
            })
            .finally(() => {
                pending = undefined;
            });
    }
    return pending;
};

const revoke = async () => {
    try {
        await httpClient(`${API}/logout`, { method: 'POST' });
    } catch {
        // Already signed out or unreachable: the local state is cleared anyway.
    }
};

export const authProvider = {
    /**
     * react-admin's form field is "username"; the API calls it userId.
     * A correct password on a non-admin account is still refused here, and
     * the session the server just opened for it is closed again.
     */
    login: async (params: { userId?: string; username?: string; password?: string }) => {
        const userId = (params.userId ?? params.username ?? '').trim();
        const password = params.password ?? '';
        forget();
        let user: Me | null;
        try {
            await httpClient(`${API}/login`, {
                method: 'POST',
                body: JSON.stringify({ userId, password }),
            });
            // Whether this account may enter, and which pages it gets, is the server's say.
            user = await fetchMe();
        } catch (error) {
            if (error instanceof HttpError) {
                const body = error.body as ApiErrorBody | null;
                const code = body?.captchaRequired ? 'captcha.required' : body?.code;
                throw new LoginError(error.message, code, error.status);
            }
            throw error;
        }
        if (!isAdmin(user)) {
            await revoke();
            remember(null);
            forget();
            throw new LoginError(NOT_ADMIN, 'not_admin', 403);
        }
        sessionEnded = false;
    },

    /**
     * Ends the admin session. A signed-in applicant who was merely refused
     * entry keeps their session for the applicant app: nothing to revoke here.
     */
    logout: async () => {
        const shouldRevoke = lastMe === undefined || (lastMe !== null && isAdmin(lastMe));
        forget();
        lastMe = null;
        if (shouldRevoke) await revoke();
    },

    checkAuth: async () => {
        const me = await fetchMe();
        if (me && isAdmin(me)) return;
        // message: false -> no toast; the login page explains the reason itself.
        const reason: RefusalReason = me ? 'not_admin' : sessionEnded ? 'expired' : 'none';
        throw { message: false, reason };
    },

    checkError: async (error: { status?: number; message?: string }) => {
        if (error?.status === 401) {
            if (lastMe && isAdmin(lastMe)) sessionEnded = true;
            forget();
            throw { message: false, reason: 'expired' satisfies RefusalReason };
        }
        // 403 and the rest: stay signed in; the failed call shows its own message.
    },

    getPermissions: async (): Promise<Permissions> => {
        const me = await fetchMe();
        return { roles: me?.roles ?? [], pages: me?.adminPages ?? [] };
    },

    getIdentity: async (): Promise<UserIdentity> => {
        const me = await fetchMe();
        if (!me) throw new Error(SESSION_ENDED);
        return { id: me.userId, fullName: me.userId, schoolCode: me.schoolCode ?? null };
    },

    /** A resource is a back-office page: open when the server lists it for this person. */
    canAccess: async ({ resource }: { resource?: string }) => {
        if (!resource) return true;
        return (await fetchMe())?.adminPages?.includes(RESOURCE_PAGES[resource] ?? resource) ?? false;
    },
} satisfies AuthProvider;

/** Test hook: forget everything this module remembers between tests. */
export const resetAuthState = () => {
    forget();
    lastMe = undefined;
    sessionEnded = false;
};
