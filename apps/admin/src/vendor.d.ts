declare module '@spectrum/ra-language-korean' {
    import type { TranslationMessages } from 'react-admin';
    const messages: TranslationMessages;
    export default messages;
}
