import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fetchHealth, healthColor, HEALTH_COLORS, HEALTH_REFRESH_MS, normalizeStatus, parseHealth } from './health';
import { useHealth } from './useHealth';
import { mockFetch, setCookie } from '../test/fetchMock';

const contrast = (a: string, b: string) => {
    const lum = (hex: string) => {
        const [r, g, b] = [1, 3, 5].map(i => parseInt(hex.slice(i, i + 2), 16) / 255).map(c => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
};
const hue = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map(i => parseInt(hex.slice(i, i + 2), 16));
    return { r, g, b };
};

describe('health colours (spec: UP green, DOWN red, OUT_OF_SERVICE orange, UNKNOWN gray)', () => {
    it('maps each status to its colour family', () => {
        const up = hue(healthColor('UP').background);
        expect(up.g).toBeGreaterThan(up.r);
        expect(up.g).toBeGreaterThan(up.b);
        const down = hue(healthColor('DOWN').background);
        expect(down.r).toBeGreaterThan(2 * down.g);
        expect(down.g).toBe(down.b); // pure red, no orange cast
        const oos = hue(healthColor('OUT_OF_SERVICE').background);
        expect(oos.r).toBeGreaterThan(oos.g);
        expect(oos.g).toBeGreaterThan(oos.b + 60); // orange, not red
        const unknown = hue(healthColor('UNKNOWN').background);
        expect(unknown.r).toBe(unknown.g);
        expect(unknown.g).toBe(unknown.b);
    });

    it('treats anything else (or nothing) as UNKNOWN gray', () => {
        for (const v of ['up', 'Up']) expect(normalizeStatus(v)).toBe('UP');
        for (const v of ['', 'WARN', null, undefined, 3, {}]) {
            expect(normalizeStatus(v)).toBe('UNKNOWN');
            expect(healthColor(v)).toBe(HEALTH_COLORS.UNKNOWN);
        }
    });

    it('keeps text readable on each colour (WCAG AA 4.5:1)', () => {
        for (const { background, text } of Object.values(HEALTH_COLORS)) expect(contrast(background, text)).toBeGreaterThanOrEqual(4.5);
    });
});

describe('reading /actuator/health', () => {
    it('parses the overall status and each component', () => {
        const h = parseHealth({ status: 'UP', components: { db: { status: 'UP' }, redis: { status: 'DOWN' } } });
        expect(h).toMatchObject({ status: 'UP', components: { db: 'UP', redis: 'DOWN' }, reachable: true });
        expect(parseHealth({ status: 'DOWN' }).components).toEqual({});
    });

    it('reads the body of a 503 (DOWN) answer and sends the locale', async () => {
        setCookie('locale', 'en');
        const { calls } = mockFetch(() => ({ status: 503, body: { status: 'DOWN', components: { db: { status: 'DOWN' }, redis: { status: 'UP' } } } }));
        const h = await fetchHealth();
        expect(calls[0].url).toBe('/actuator/health');
        expect(calls[0].headers.get('Accept-Language')).toBe('en');
        expect(h).toMatchObject({ status: 'DOWN', components: { db: 'DOWN', redis: 'UP' } });
    });

    it('is UNKNOWN and unreachable when the server does not answer', async () => {
        mockFetch(() => new TypeError('Failed to fetch'));
        expect(await fetchHealth()).toMatchObject({ status: 'UNKNOWN', reachable: false });
    });
});

describe('useHealth', () => {
    afterEach(() => {
        vi.useRealTimers();
    });

    it('checks on mount and again every 30 seconds', async () => {
        vi.useFakeTimers();
        let status = 'UP';
        const { calls } = mockFetch(() => ({ body: { status, components: {} } }));
        const client = new QueryClient();
        const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
        const { result, unmount } = renderHook(() => useHealth(), { wrapper });
        await act(async () => {
            await vi.advanceTimersByTimeAsync(0);
        });
        expect(calls).toHaveLength(1);
        expect(result.current.health?.status).toBe('UP');
        status = 'OUT_OF_SERVICE';
        await act(async () => {
            await vi.advanceTimersByTimeAsync(HEALTH_REFRESH_MS - 1);
        });
        expect(calls).toHaveLength(1);
        await act(async () => {
            await vi.advanceTimersByTimeAsync(1);
        });
        expect(calls).toHaveLength(2);
        // the answer is read and handed over a few ticks later
        await vi.waitFor(() => expect(result.current.health?.status).toBe('OUT_OF_SERVICE'));
        unmount();
        await act(async () => {
            await vi.advanceTimersByTimeAsync(HEALTH_REFRESH_MS * 3);
        });
        expect(calls).toHaveLength(2);
    });
});
