import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { ADMIN_API, type Api } from './api';
import { downloadFile, httpClient } from './httpClient';
import { backofficeMethods } from './backoffice/methods';
import { inquiryMethods } from './inquiry/methods';
import { moneyMethods } from './money/methods';
import { evaluationMethods } from './officers/evaluation/methods';
import { pageMethods } from './pages/methods';
import { pickerMethods } from './components/pickerMethods';
import { refundMethods } from './refunds/methods';
import { roundMethods } from './rounds/methods';
import { surveyMethods } from './surveys/methods';
import { decisionMethods } from './officers/decisions/methods';
import { noticeMethods } from './officers/notices/methods';


const send = async <T>(url: string, method: string, body?: unknown): Promise<T> =>
    (await httpClient(url, { method, body: body === undefined ? undefined : JSON.stringify(body) })).json as T;

/** The app's HTTP client as the features' custom methods get it. */
export const api: Api = {
    get: url => send(url, 'GET'),
    post: (url, body) => send(url, 'POST', body ?? {}),
    put: (url, body) => send(url, 'PUT', body),
    download: downloadFile,
};

type Joined<T extends object[]> = T extends [infer H, ...infer R extends object[]] ? H & Joined<R> : unknown;

/**
 * The REST provider with each feature's custom methods added. A method
 * name given twice would silently replace the other (the spread keeps the
 * last), so it is refused when the app starts, as a message key given twice
 * is refused by the i18n catalogue.
 */
export const withMethods = <B extends DataProvider, M extends object[]>(base: B, ...parts: M): B & Joined<M> => {
    const out: Record<string, unknown> = { ...base };
    for (const part of parts) {
        for (const [name, method] of Object.entries(part)) {
            if (name in out) throw new Error(`dataProvider: the method ${name} is given twice`);
            out[name] = method;
        }
    }
    return out as B & Joined<M>;
};

/**
 * REST for the resources (ra-data-simple-rest: paging by Content-Range),
 * plus each feature's calls that are not REST (react-admin's "custom
 * methods"), which pages call through useDataProvider with useQuery or
 * useMutation; no page calls the HTTP client itself.
 */
export const dataProvider = withMethods(
    simpleRestProvider(ADMIN_API, httpClient),
    backofficeMethods(api),
    inquiryMethods(api),
    moneyMethods(api),
    pageMethods(api),
    pickerMethods(api),
    refundMethods(api),
    roundMethods(api),
    surveyMethods(api),
    evaluationMethods(api),
    decisionMethods(api),
    noticeMethods(api),
);
