import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { currentLocale, saveLocale } from '../locale';
import { enMessages, koMessages } from './catalogue';

const catalogues = { ko: koMessages, en: enMessages } as const;

const base = polyglotI18nProvider(
    locale => (locale === 'en' ? catalogues.en : catalogues.ko),
    currentLocale(),
    [
        { locale: 'ko', name: '한국어' },
        { locale: 'en', name: 'English' },
    ],
    // Server texts reach notify() as if they were keys: a missing key then
    // shows its `_` default or itself, without a console warning per message.
    { allowMissing: true },
);

/** Polyglot provider whose locale changes also go to the shared cookie. */
export const i18nProvider: I18nProvider = {
    ...base,
    changeLocale: async (locale, options) => {
        await base.changeLocale(locale, options);
        saveLocale(locale);
        document.title = base.translate('app.title');
    },
};
