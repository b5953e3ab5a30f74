import { HttpError, useNotify } from 'react-admin';
import { httpClient, nestFieldErrors, type ApiErrorBody } from './httpClient';

/**
 * The submit of a custom page's react-admin Form that PUTs its body: says
 * "updated" and hands the server's answer to onSaved, or says why not and
 * answers the server's field errors for the form to show at the fields.
 */
export const useSaveForm = () => {
    const notify = useNotify();
    return async <T>(url: string, body: unknown, onSaved: (json: T) => void) => {
        try {
            const { json } = await httpClient(url, { method: 'PUT', body: JSON.stringify(body) });
            notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
            onSaved(json as T);
            return undefined;
        } catch (e) {
            const b = e instanceof HttpError ? (e.body as ApiErrorBody | null) : null;
            notify(e instanceof Error ? e.message : String(e), { type: 'error' });
            return b?.fields ? nestFieldErrors(b.fields) : undefined;
        }
    };
};
