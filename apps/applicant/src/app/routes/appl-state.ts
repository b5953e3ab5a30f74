/** What the application-flow pages carry in router state (besides the access key). */
export type RoundRef = { schoolCode: string; enterYear: number; recruitPartSeq: number };

export type ApplState = {
  round?: RoundRef;
  consents?: Record<string, string>;
  applNo?: number;
  mode?: 'edit' | 'view' | 'review';
  reviewCompleted?: boolean;
};

export function readApplState(state: unknown): ApplState {
  if (!state || typeof state !== 'object') return {};
  const s = state as Record<string, unknown>;
  const out: ApplState = {};
  const r = s.round as Record<string, unknown> | undefined;
  if (r && typeof r.schoolCode === 'string' && Number(r.enterYear) > 0 && Number(r.recruitPartSeq) > 0) {
    out.round = { schoolCode: r.schoolCode, enterYear: Number(r.enterYear), recruitPartSeq: Number(r.recruitPartSeq) };
  }
  if (s.consents && typeof s.consents === 'object') out.consents = s.consents as Record<string, string>;
  if (typeof s.applNo === 'number' && s.applNo > 0) out.applNo = s.applNo;
  if (s.mode === 'edit' || s.mode === 'view' || s.mode === 'review') out.mode = s.mode;
  if (typeof s.reviewCompleted === 'boolean') out.reviewCompleted = s.reviewCompleted;
  return out;
}

export const roundOf = (r: RoundRef): RoundRef => ({ schoolCode: r.schoolCode, enterYear: r.enterYear, recruitPartSeq: r.recruitPartSeq });

/** The application a flow page names in its address (?applNo=, ?mode=): a
 * bookmark or a new tab carries no router state. */
export function readApplAddress(search: string): Pick<ApplState, 'applNo' | 'mode'> {
  const q = new URLSearchParams(search);
  const out: Pick<ApplState, 'applNo' | 'mode'> = {};
  const no = q.get('applNo') ?? '';
  if (/^[1-9]\d{0,15}$/.test(no)) out.applNo = Number(no);
  const mode = q.get('mode');
  if (mode === 'edit' || mode === 'view') out.mode = mode;
  return out;
}
