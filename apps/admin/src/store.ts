import { localStorageStore, type Store } from 'react-admin';
import { currentLocale, isLocale, saveLocale } from './locale';

/**
 * react-admin's preferences store, except that the locale lives in the
 * `locale` cookie shared with the applicant app: a language picked there is
 * the language here, and the other way round.
 */
export const createStore = (inner: Store = localStorageStore(undefined, 'gradapply-admin')): Store => ({
    ...inner,
    getItem: <T = unknown>(key: string, defaultValue?: T) =>
        key === 'locale' ? (currentLocale() as T) : inner.getItem<T>(key, defaultValue),
    setItem: <T = unknown>(key: string, value: T) => {
        if (key === 'locale' && isLocale(value)) saveLocale(value);
        inner.setItem(key, value);
    },
});
