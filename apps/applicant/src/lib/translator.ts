// The app's texts by key, in the current language: a small replacement for
// i18next with what the app uses of it (the same calls, so that tests and
// pages read alike).
// - t('section.key', { count, lng, ...values }): the text at that path of the
//   language's catalogue, its {{name}} filled with values[name] as they are
//   (no HTML escaping: React escapes what it renders). A placeholder without a
//   value (no such name in the options) stays as it is; undefined or null
//   given for it shows as empty text.
// - with a numeric count, key_zero (count 0), then key_<plural form>
//   (Intl.PluralRules: _one, _other...), then key itself.
// - a key missing from the language's catalogue is empty text, never the key
//   and never the other language's text (spec section 8).

/** Values for a text's {{placeholders}}, with count (plural forms) and lng (another language). */
export type TOptions = { count?: number; lng?: string; [name: string]: unknown };
export type TFunction = (key: string, options?: TOptions) => string;

type Texts = { [key: string]: unknown };
type Listener = (lng: string) => void;
/** languageChanged: after a switch; added/removed: a language's texts (removed for tests). */
export type TranslatorEvent = 'languageChanged' | 'added' | 'removed';

/** What a component reads: a new object on every change (language, texts). */
export type TranslatorState = { readonly language: string; readonly revision: number };

const isTexts = (value: unknown): value is Texts => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Copies source's texts into target (ours), never keeping source's objects. */
function mergeTexts(target: Texts, source: Texts, overwrite: boolean): void {
  for (const [key, value] of Object.entries(source)) {
    const current = Object.hasOwn(target, key) ? target[key] : undefined;
    if (isTexts(value)) {
      const branch = isTexts(current) ? current : {};
      if (!isTexts(current) && current !== undefined && !overwrite) continue;
      target[key] = branch;
      mergeTexts(branch, value, overwrite);
    } else if (overwrite || current === undefined) {
      target[key] = value;
    }
  }
}

function lookup(texts: Texts, key: string): string | undefined {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (!isTexts(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  // one pass: a value's own "{{...}}" is left as it is
  return text.replace(/\{\{(.+?)\}\}/g, (placeholder, inner: string) => {
    const name = inner.trim().replace(/^-\s*/, ''); // {{- name}}: unescaped in i18next; nothing is escaped here
    if (!Object.hasOwn(options, name)) return placeholder;
    const value = options[name];
    return value == null ? '' : String(value);
  });
}

export type Translator = ReturnType<typeof createTranslator>;

export function createTranslator(initialLanguage: string) {
  const bundles = new Map<string, Texts>();
  const listeners = new Map<TranslatorEvent, Set<Listener>>();
  const subscribers = new Set<() => void>();
  const pluralRules = new Map<string, Intl.PluralRules>();
  let state: TranslatorState = { language: initialLanguage, revision: 0 };

  const emit = (event: TranslatorEvent, lng: string) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(lng);
  };
  const changed = (language = state.language) => {
    state = { language, revision: state.revision + 1 };
    for (const notify of [...subscribers]) notify();
  };
  const pluralForm = (lng: string, count: number) => {
    let rules = pluralRules.get(lng);
    if (!rules) {
      rules = new Intl.PluralRules(lng);
      pluralRules.set(lng, rules);
    }
    return rules.select(count);
  };

  const t: TFunction = (key, options) => {
    const lng = options?.lng ?? state.language;
    const texts = bundles.get(lng);
    if (!texts) return '';
    const count = options?.count;
    let text: string | undefined;
    if (typeof count === 'number') {
      if (count === 0) text = lookup(texts, `${key}_zero`);
      text ??= lookup(texts, `${key}_${pluralForm(lng, count)}`);
    }
    text ??= lookup(texts, key);
    return text === undefined ? '' : interpolate(text, options);
  };

  const translator = {
    /** The current language's code. */
    get language(): string {
      return state.language;
    },
    /** Kept for code written against i18next: ready from the start. */
    isInitialized: true as const,
    t,
    /** A t in one language (useTranslation's, fixed to the rendered language). */
    getFixedT(lng: string): TFunction {
      return (key, options) => t(key, options?.lng ? options : { ...options, lng });
    },
    /** Switches the language (its texts should be added first) and tells the listeners and components. */
    changeLanguage(lng: string): Promise<TFunction> {
      changed(lng);
      emit('languageChanged', lng);
      return Promise.resolve(translator.getFixedT(lng));
    },
    on(event: TranslatorEvent, listener: Listener): void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
    },
    off(event: TranslatorEvent, listener: Listener): void {
      listeners.get(event)?.delete(listener);
    },
    /** Adds a language's texts (ns: one namespace only, "translation"), merged into those it has. */
    addResourceBundle(lng: string, _ns: string, texts: Texts, _deep = true, overwrite = true): void {
      let target = bundles.get(lng);
      if (!target) bundles.set(lng, (target = {}));
      mergeTexts(target, texts, overwrite);
      changed();
      emit('added', lng);
    },
    /** Adds one text at a key path ("section.key"). */
    addResource(lng: string, ns: string, key: string, value: string): void {
      const texts: Texts = {};
      const parts = key.split('.');
      let node = texts;
      for (const part of parts.slice(0, -1)) node = node[part] = {};
      node[parts[parts.length - 1]] = value;
      translator.addResourceBundle(lng, ns, texts);
    },
    hasResourceBundle(lng: string, _ns?: string): boolean {
      return bundles.has(lng);
    },
    removeResourceBundle(lng: string, _ns?: string): void {
      if (!bundles.delete(lng)) return;
      changed();
      emit('removed', lng);
    },
    /** For useSyncExternalStore: called on every change of language or texts. */
    subscribe(onChange: () => void): () => void {
      subscribers.add(onChange);
      return () => void subscribers.delete(onChange);
    },
    getState(): TranslatorState {
      return state;
    },
  };
  return translator;
}
