import { HttpError, useNotify } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { nestFieldErrors, type ApiErrorBody } from './apiErrors';

/**
 * The submit of a custom page's react-admin Form: runs save (a data-provider
 * call), says "updated" and hands the server's answer to onSaved, or says
 * why not and answers the server's field errors for the form to show at
 * the fields.
 */
export const useSaveForm = <V, T>(save: (values: V) => Promise<T>, onSaved: (saved: T) => void = () => undefined) => {
    const notify = useNotify();
    const { mutateAsync } = useMutation({ mutationFn: save });
    return async (values: V) => {
        try {
            const saved = await mutateAsync(values);
            notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
            onSaved(saved);
            return undefined;
        } catch (e) {
            const b = e instanceof HttpError ? (e.body as ApiErrorBody | null) : null;
            notify(e instanceof Error ? e.message : String(e), { type: 'error' });
            return b?.fields ? nestFieldErrors(b.fields) : undefined;
        }
    };
};
