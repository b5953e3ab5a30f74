import { useTranslate, type RaRecord } from 'react-admin';

/** An application's statuses, in the order of the form. */
export const APPL_STATUSES = [
    'APPL_PART_SAVE', 'BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'CAREER_SAVE', 'ADD_INFO_SAVE', 'FILE_SAVE', 'SURVEY',
    'SUBMIT', 'VBANK_ISSUE', 'COMPLETE', 'CANCEL',
] as const;

/** The status a person should read: the review status while under review. */
export const StatusText = ({ record }: { record: RaRecord }) => {
    const translate = useTranslate();
    const st = translate(`backoffice.status.${record.status}`, { _: record.status });
    if (!record.isApplReviewing) return <>{st}</>;
    const rv = translate(`backoffice.status.${record.reviewStatus}`, { _: record.reviewStatus ?? '' });
    return <>{`${st} · ${translate('backoffice.under_review')}: ${rv}`}</>;
};
