/** A recruitment round as the admin API answers it (docs/api-rounds.md). */
export const WINDOW_TYPES = ['SUBMIT', 'COMPLETE', 'RECOMMEND_REQUEST', 'RECOMMEND'] as const;
export type WindowType = (typeof WINDOW_TYPES)[number];
export const PAY_TYPES = ['card', 'vbank', 'trans', 'visa_master', 'free'] as const;

export interface RoundWindow {
    type: WindowType;
    startDay: string;
    endDay: string;
}
export interface ConsentItem {
    code: string;
    titleKo: string;
    titleEn: string;
    bodyKo: string;
    bodyEn: string;
    version?: string;
}
export interface DocItem {
    itemCode: string;
    grpCode: string;
    grpKorName: string;
    grpEngName: string;
    korName: string;
    engName: string;
    required: boolean;
    extensions: string[];
    maxSize: number;
    seq?: number;
}

/** The record as the API sends it. */
export interface RoundRecord {
    id: string;
    schoolCode: string;
    enterYear: number;
    recruitPartSeq: number;
    korName: string;
    engName: string;
    feeKrw: number;
    feeUsd: number;
    payTypes: string[];
    lettersAsked: number;
    applIdRule: string;
    windows: RoundWindow[];
    consents: ConsentItem[];
    documents: DocItem[];
    effectiveConsents?: ConsentItem[];
    effectiveDocuments?: DocItem[];
    /** the round's own step list; null: the school's applies */
    steps?: string[] | null;
    /** kept off the public competition page (경쟁률) */
    competitionHidden?: boolean;
    [key: string]: unknown;
}

type WindowsByType = Partial<Record<WindowType, { startDay?: string | null; endDay?: string | null }>>;

/**
 * The form keeps windows by type (windows.SUBMIT.startDay), the name the
 * server gives a field error, and the USD fee in dollars; documents and
 * consents start from what applies to the round when it has none of its own.
 */
export const toForm = (r: RoundRecord) => {
    const windows: WindowsByType = {};
    for (const w of r.windows ?? []) windows[w.type] = { startDay: w.startDay, endDay: w.endDay };
    return {
        ...r,
        windows,
        feeUsd: (r.feeUsd ?? 0) / 100,
        documents: (r.documents?.length ? r.documents : r.effectiveDocuments ?? []).map(d => ({ ...d, extensions: d.extensions.join(', ') })),
        consents: r.consents?.length ? r.consents : r.effectiveConsents ?? [],
        // the list in force (the preview's) is where an own list starts
        ownSteps: r.steps != null,
        steps: r.steps ?? ((r.preview as { steps?: string[] } | undefined)?.steps ?? []).filter(s => s !== 'APPL_PART_SAVE'),
    };
};

/** The body the API takes from the form's values. */
export const fromForm = (v: Record<string, unknown>) => {
    const byType = (v.windows ?? {}) as WindowsByType;
    const windows: RoundWindow[] = [];
    for (const type of WINDOW_TYPES) {
        const w = byType[type];
        if (w && (w.startDay || w.endDay)) windows.push({ type, startDay: w.startDay ?? '', endDay: w.endDay ?? '' });
    }
    // A channel with neither value is no channel.
    const channels: Record<string, { storeId: string; channelKey: string }> = {};
    for (const [type, ch] of Object.entries((v.payChannels ?? {}) as Record<string, { storeId?: string; channelKey?: string } | null>)) {
        if (ch && (ch.storeId || ch.channelKey)) channels[type] = { storeId: ch.storeId ?? '', channelKey: ch.channelKey ?? '' };
    }
    const docs = ((v.documents ?? []) as Array<DocItem & { extensions: string | string[] }>).map(d => ({
        ...d,
        extensions: Array.isArray(d.extensions) ? d.extensions : String(d.extensions ?? '').split(/[\s,]+/).filter(Boolean),
        maxSize: Number(d.maxSize ?? 0),
    }));
    const { ownSteps, ...rest } = v;
    return {
        ...rest,
        steps: ownSteps ? ((v.steps ?? []) as string[]) : null,
        windows,
        payChannels: channels,
        feeKrw: Math.round(Number(v.feeKrw ?? 0)),
        feeUsd: Math.round(Number(v.feeUsd ?? 0) * 100),
        lettersAsked: Number(v.lettersAsked ?? 0),
        enterYear: Number(v.enterYear),
        recruitPartSeq: Number(v.recruitPartSeq),
        documents: docs,
        // a quota left empty is 0: not announced on the competition page
        parts: ((v.parts ?? []) as Array<Record<string, unknown>>).map(p => ({ ...p, quota: Math.round(Number(p.quota ?? 0)) || 0 })),
        competitionHidden: !!v.competitionHidden,
    };
};
