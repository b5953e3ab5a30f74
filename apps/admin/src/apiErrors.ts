import { HttpError } from 'react-admin';

/** The server's error body (docs/api-platform.md, spec section 8). */
export interface ApiErrorBody {
    status?: number;
    code?: string;
    message?: string;
    warningMessage?: string;
    fields?: Record<string, string>;
    captchaRequired?: boolean;
}

/**
 * The server names fields as the JSON it was sent ("windows.SUBMIT.startDay",
 * "parts[0].majorCode"); react-admin shows server-side validation errors at
 * the fields from body.errors, an object of the form's shape.
 */
export const nestFieldErrors = (fields: Record<string, string>, root?: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [name, message] of Object.entries(fields)) {
        const path = name.replace(/\[(\d+)\]/g, '.$1').split('.');
        let node = out;
        path.forEach((key, i) => {
            if (i === path.length - 1) {
                if (typeof node[key] !== 'object') node[key] = message;
            } else {
                if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
                node = node[key] as Record<string, unknown>;
            }
        });
    }
    if (root) out.root = { serverError: root };
    return out;
};

/** What a person should read for a failed call: warningMessage, else message. */
export const errorText = (body: ApiErrorBody | null | undefined, fallback: string): string =>
    body?.warningMessage || body?.message || fallback;

/** The field errors of a failed call, keyed by field as the server names them. */
export const fieldErrors = (error: unknown): Record<string, string> =>
    error instanceof HttpError ? ((error.body as ApiErrorBody | null)?.fields ?? {}) : {};

/** The server's message and its field errors, for a form. */
export const errorOf = (e: unknown): { message: string; fields: Record<string, string> } => {
    if (e instanceof HttpError) {
        const body = e.body as ApiErrorBody | null;
        return { message: body?.message ?? e.message, fields: body?.fields ?? {} };
    }
    return { message: String(e), fields: {} };
};
