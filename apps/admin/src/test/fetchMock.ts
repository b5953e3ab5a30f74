import { vi } from 'vitest';

export interface Call {
    url: string;
    method: string;
    headers: Headers;
    body: unknown;
    credentials?: RequestCredentials;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | Error;
type Route = (call: Call) => Reply | undefined;

/**
 * Replaces global fetch with a router of canned answers and records every
 * call (URL, method, headers, parsed body) for assertions.
 */
export const mockFetch = (route: Route) => {
    const calls: Call[] = [];
    const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        const call: Call = {
            url,
            method: (init.method ?? 'GET').toUpperCase(),
            headers: new Headers(init.headers),
            body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
            credentials: init.credentials,
        };
        calls.push(call);
        const reply = route(call) ?? { status: 404, body: { status: 404, message: 'no route in test' } };
        if (reply instanceof Error) throw reply;
        const status = reply.status ?? 200;
        const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
        return new Response(status === 204 ? null : text, {
            status,
            headers: { 'Content-Type': 'application/json', ...reply.headers },
        });
    });
    vi.stubGlobal('fetch', fn);
    return { calls, fn };
};

export const setCookie = (name: string, value: string) => {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
};
