import { Box, Divider, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { AssignedApplication, RoundOffer } from './methods';

const Line = ({ label, value }: { label: string; value?: string | null }) =>
    value ? (
        <Box sx={{ display: 'flex', gap: 1, py: 0.25 }}>
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
                {label}
            </Typography>
            <Typography variant="body2">{value}</Typography>
        </Box>
    ) : null;

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
    <Box sx={{ mt: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
            {title}
        </Typography>
        {children}
    </Box>
);

const period = (from?: string, to?: string) => (from || to ? `${from ?? ''} ~ ${to ?? ''}` : '');

/**
 * The application as its reviewer may read it (GET /reviews/{applNo}): the
 * staff read's steps without e-mail, consents or payments. A reviewer
 * cannot open the staff page of an application (no application.read).
 */
export const ApplicationSummary = ({ app, offer }: { app: AssignedApplication; offer?: RoundOffer }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const en = locale === 'en';
    const t = (k: string) => translate(`app.evaluation.summary.${k}`);
    const info = app.applicantInfo;
    const exam = (code: string) => {
        const e = offer?.languageExams?.find(x => x.code === code);
        return e ? (en ? e.engName : e.korName) : t('language_test');
    };
    const question = (no: number) => {
        const q = offer?.essays?.find(x => x.no === no);
        const text = q ? (en ? q.engQuestion : q.korQuestion) : '';
        return text ? `${no}. ${text}` : `${t('essay')} ${no}`;
    };
    return (
        <Box data-testid="review-application">
            <Line label={translate('app.evaluation.exam_number')} value={app.applId} />
            <Line label={translate('app.evaluation.applicant')} value={app.applicantName} />
            <Line label={t('eng_name')} value={info?.engName || [info?.firstName, info?.lastName].filter(Boolean).join(' ')} />
            <Line label={translate('app.evaluation.round')} value={en ? app.roundEngName : app.roundKorName} />
            <Line label={t('major')} value={`${en ? app.majorEngName : app.majorKorName} · ${t(app.isMaster ? 'master' : 'doctor')}`} />
            <Line label={t('status')} value={translate(`backoffice.status.${app.status}`, { _: app.status })} />
            {app.acadList.length > 0 && (
                <Section title={t('academic')}>
                    {app.acadList.map((a, i) => (
                        <Typography key={i} variant="body2">
                            {[a.searchSchoolName, a.college, a.major || a.department, period(a.enterDay, a.graduateDay), a.gpa && `${a.gpa} / ${a.fullScore}`]
                                .filter(Boolean)
                                .join(' · ')}
                        </Typography>
                    ))}
                </Section>
            )}
            {app.langList.length > 0 && (
                <Section title={t('languages')}>
                    {app.langList.map((l, i) => (
                        <Typography key={i} variant="body2">
                            {[exam(l.langExamCode), l.score || l.level, l.examDay].filter(Boolean).join(' · ')}
                        </Typography>
                    ))}
                </Section>
            )}
            {app.careerList.length > 0 && (
                <Section title={t('careers')}>
                    {app.careerList.map((c, i) => (
                        <Typography key={i} variant="body2">
                            {[c.companyName, c.department, c.position, period(c.joinDay, c.retireDay)].filter(Boolean).join(' · ')}
                        </Typography>
                    ))}
                </Section>
            )}
            {app.certificateList.length > 0 && (
                <Section title={t('certificates')}>
                    {app.certificateList.map((c, i) => (
                        <Typography key={i} variant="body2">
                            {[c.description, c.institution, c.issueDay].filter(Boolean).join(' · ')}
                        </Typography>
                    ))}
                </Section>
            )}
            {app.essayList.length > 0 && (
                <Section title={t('essays')}>
                    {app.essayList.map(e => (
                        <Box key={`${e.no}-${e.lang}`} sx={{ mb: 1 }}>
                            <Typography variant="body2" color="text.secondary">
                                {question(e.no)}
                            </Typography>
                            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                                {e.text}
                            </Typography>
                            <Divider sx={{ mt: 1 }} />
                        </Box>
                    ))}
                </Section>
            )}
        </Box>
    );
};
