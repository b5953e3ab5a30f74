import { describe, expect, it } from 'vitest';
import { progress, statusKey } from './application-list';

describe('my applications', () => {
  it('names statuses: the steps are "in progress"', () => {
    expect(statusKey('ACAD_SAVE')).toBe('status.IN_PROGRESS');
    expect(statusKey('COMPLETE')).toBe('status.COMPLETE');
    expect(statusKey('CANCEL')).toBe('status.CANCEL');
  });

  it('counts the saved steps of the school list', () => {
    expect(progress({ steps: ['APPL_PART_SAVE', 'BASIS_SAVE', 'ACAD_SAVE'], savedSteps: ['APPL_PART_SAVE', 'BASIS_SAVE'] })).toEqual({ saved: 2, total: 3 });
    expect(progress({ steps: [], savedSteps: ['X'] })).toEqual({ saved: 0, total: 0 });
  });
});
