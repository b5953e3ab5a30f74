import type { Criterion, ScoreRow } from './methods';

/**
 * A sheet's total as the server computes it (core/evaluation Rubric.Total):
 * the weighted mean of the scores, each scaled to 0..100 within its
 * criterion's range, to two decimals; null until every criterion is scored.
 * The reviewer sees it before saving; the server's total is what counts.
 */
export const sheetTotal = (criteria: Criterion[], scores: Record<string, number | null | undefined>): number | null => {
    let sum = 0;
    let weights = 0;
    for (const c of criteria) {
        const s = scores[c.key];
        if (s === null || s === undefined || Number.isNaN(s) || c.max <= c.min) return null;
        sum += (c.weight * (s - c.min)) / (c.max - c.min);
        weights += c.weight;
    }
    if (weights === 0) return null;
    return Math.round(((sum * 100) / weights) * 100) / 100;
};

/** Why a score the reviewer typed is not accepted ('' when it is, or is left empty). */
export const scoreProblem = (c: Criterion, raw: string): '' | 'whole' | 'range' => {
    if (raw.trim() === '') return '';
    const n = Number(raw);
    if (!Number.isInteger(n)) return 'whole';
    return n < c.min || n > c.max ? 'range' : '';
};

/** The scores typed, as the server takes them: whole numbers only, empty ones left out. */
export const scoresToSend = (typed: Record<string, string>): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const [k, v] of Object.entries(typed)) {
        if (v.trim() !== '' && Number.isInteger(Number(v))) out[k] = Number(v);
    }
    return out;
};

/** The reviewers of the score rows, each once, in name order: the table's columns. */
export const reviewerColumns = (rows: ScoreRow[]): string[] => [...new Set(rows.flatMap(r => r.reviews.map(v => v.reviewer)))].sort();

/** The reviewers of a row who have not submitted. */
export const notSubmitted = (row: ScoreRow): string[] => row.reviews.filter(v => !v.submitted).map(v => v.reviewer);

/** A score or total for reading: two decimals, a dash for none. */
export const scoreText = (v: number | null | undefined, locale: string) =>
    v === null || v === undefined ? '–' : v.toLocaleString(locale === 'en' ? 'en-US' : 'ko-KR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A new criterion: the next free key, a 0..10 range of weight 1. */
export const blankCriterion = (taken: string[]): Criterion => {
    let i = taken.length + 1;
    while (taken.includes(`c${i}`)) i++;
    return { key: `c${i}`, nameKo: '', nameEn: '', weight: 1, min: 0, max: 10 };
};
