import { describe, expect, it } from 'vitest';
import { blankCriterion, notSubmitted, reviewerColumns, scoreProblem, scoresToSend, sheetTotal } from './logic';
import type { Criterion, ScoreRow } from './methods';

const criteria: Criterion[] = [
    { key: 'research', nameKo: '연구', nameEn: 'Research', weight: 3, min: 0, max: 10 },
    { key: 'fit', nameKo: '적합성', nameEn: 'Fit', weight: 1, min: 1, max: 5 },
];

describe('sheetTotal', () => {
    it('is the weighted mean of the scaled scores, as the server computes it', () => {
        // The server's own example (officers_test.go): 10/5 -> 100, 8/5 -> 85, 5/3 -> 50, 0/1 -> 0.
        expect(sheetTotal(criteria, { research: 10, fit: 5 })).toBe(100);
        expect(sheetTotal(criteria, { research: 8, fit: 5 })).toBe(85);
        expect(sheetTotal(criteria, { research: 5, fit: 3 })).toBe(50);
        expect(sheetTotal(criteria, { research: 0, fit: 1 })).toBe(0);
    });
    it('rounds to two decimals', () => {
        expect(sheetTotal([{ key: 'a', nameKo: '', nameEn: '', weight: 1, min: 0, max: 3 }], { a: 1 })).toBe(33.33);
    });
    it('is none until every criterion is scored', () => {
        expect(sheetTotal(criteria, { research: 10 })).toBeNull();
        expect(sheetTotal(criteria, { research: 10, fit: null })).toBeNull();
        expect(sheetTotal([], {})).toBeNull();
    });
});

describe('scores typed', () => {
    it('are whole numbers within the range', () => {
        expect(scoreProblem(criteria[1], '')).toBe('');
        expect(scoreProblem(criteria[1], '3')).toBe('');
        expect(scoreProblem(criteria[1], '0')).toBe('range');
        expect(scoreProblem(criteria[1], '6')).toBe('range');
        expect(scoreProblem(criteria[1], '2.5')).toBe('whole');
    });
    it('are sent without the empty ones', () => {
        expect(scoresToSend({ research: '7', fit: '', x: '1.5' })).toEqual({ research: 7 });
    });
});

describe('score rows', () => {
    const rows: ScoreRow[] = [
        { id: 1, applNo: 1, applId: 'A1', applicantName: '가', status: 'COMPLETE', submitted: 1, mean: 90, spread: 0,
            reviews: [{ reviewer: 'rb', submitted: true, total: 90 }, { reviewer: 'ra', submitted: false, total: null }] },
        { id: 2, applNo: 2, applId: 'A2', applicantName: '나', status: 'COMPLETE', submitted: 0, mean: null, spread: null,
            reviews: [{ reviewer: 'rc', submitted: false, total: null }] },
    ];
    it('give one column per reviewer, by name', () => {
        expect(reviewerColumns(rows)).toEqual(['ra', 'rb', 'rc']);
    });
    it('name who has not submitted', () => {
        expect(notSubmitted(rows[0])).toEqual(['ra']);
        expect(notSubmitted(rows[1])).toEqual(['rc']);
    });
});

it('a new criterion takes a key not yet used', () => {
    expect(blankCriterion([]).key).toBe('c1');
    expect(blankCriterion(['c2', 'x']).key).toBe('c3');
    expect(blankCriterion(['c1', 'c2']).key).toBe('c3');
});
