import { Alert, Box, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ArrayInput, Form, NumberInput, ResourceContextProvider, SaveButton, SimpleFormIterator, TextInput, required, useDataProvider, useLocale, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSaveForm } from '../../useSaveForm';
import { blankCriterion } from './logic';
import type { Criterion, EvaluationDataProvider, Rubric } from './methods';

/** The rubric of a round, or null when it has none yet (the server's 404). */
export const useRubric = (roundId: string) => {
    const dataProvider = useDataProvider<EvaluationDataProvider>();
    return useQuery({
        queryKey: ['evaluation', roundId, 'rubric'],
        queryFn: async (): Promise<Rubric | null> => {
            try {
                return await dataProvider.getEvalRubric(roundId);
            } catch (e) {
                if ((e as { status?: number }).status === 404) return null;
                throw e;
            }
        },
        enabled: !!roundId,
        retry: false,
    });
};

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));

/**
 * The round's rubric: criteria with a key, names in ko and en, a weight and
 * a score range. Editable until the first sheet is submitted; the server's
 * errors show at the field they name (criteria[0].key ...).
 */
export const RubricEditor = ({ roundId }: { roundId: string }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const dataProvider = useDataProvider<EvaluationDataProvider>();
    const queryClient = useQueryClient();
    const { data: rubric, isPending, isError } = useRubric(roundId);
    const submit = useSaveForm(
        (values: { criteria?: Criterion[] }) =>
            dataProvider.setEvalRubric(
                roundId,
                (values.criteria ?? []).map(c => ({ key: (c.key ?? '').trim(), nameKo: c.nameKo ?? '', nameEn: c.nameEn ?? '', weight: num(c.weight), min: num(c.min), max: num(c.max) })),
            ),
        (saved: Rubric) => queryClient.setQueryData(['evaluation', roundId, 'rubric'], saved),
    );
    const t = (k: string, o?: object) => translate(`app.evaluation.rubric.${k}`, o);
    if (isError) return <Alert severity="error">{translate('app.evaluation.load_failed')}</Alert>;
    if (isPending) return <CircularProgress aria-label={translate('ra.page.loading')} />;
    if (rubric?.locked) {
        return (
            <Box data-testid="rubric-locked">
                <Alert severity="info" sx={{ mb: 2 }}>
                    {t('locked')}
                </Alert>
                <Table size="small" aria-label={t('title')}>
                    <TableHead>
                        <TableRow>
                            <TableCell>{t('name')}</TableCell>
                            <TableCell align="right">{t('weight')}</TableCell>
                            <TableCell align="right">{t('range')}</TableCell>
                        </TableRow>
                    </TableHead>
                    <TableBody>
                        {rubric.criteria.map(c => (
                            <TableRow key={c.key}>
                                <TableCell>{locale === 'en' ? c.nameEn : c.nameKo}</TableCell>
                                <TableCell align="right">{c.weight}</TableCell>
                                <TableCell align="right">{`${c.min} – ${c.max}`}</TableCell>
                            </TableRow>
                        ))}
                    </TableBody>
                </Table>
            </Box>
        );
    }
    const criteria = rubric?.criteria ?? [blankCriterion([])];
    return (
        <Box data-testid="rubric-editor">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {rubric ? t('intro') : t('none_yet')}
            </Typography>
            <ResourceContextProvider value="eval-rubric">
                <Form record={{ criteria }} onSubmit={submit} key={`${roundId}-${rubric?.updatedAt ?? 'new'}`}>
                    <ArrayInput source="criteria" label={false}>
                        <SimpleFormIterator
                            inline
                            disableReordering
                            getItemLabel={i => `${i + 1}`}
                            sx={{
                                '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', pb: 1, mb: 1 },
                                // a criterion's six fields wrap rather than widen the page
                                '& .RaSimpleFormIterator-form': { flexWrap: 'wrap', columnGap: 1, minWidth: 0 },
                            }}
                        >
                            <TextInput source="key" label={t('key')} validate={required()} helperText={t('key_hint')} sx={{ width: 160 }} />
                            <TextInput source="nameKo" label={t('nameKo')} validate={required()} sx={{ width: 220 }} />
                            <TextInput source="nameEn" label={t('nameEn')} validate={required()} sx={{ width: 220 }} />
                            <NumberInput source="weight" label={t('weight')} validate={required()} min={1} max={100} step={1} sx={{ width: 110 }} />
                            <NumberInput source="min" label={t('min')} validate={required()} min={0} max={1000} step={1} sx={{ width: 110 }} />
                            <NumberInput source="max" label={t('max')} validate={required()} min={1} max={1000} step={1} sx={{ width: 110 }} />
                        </SimpleFormIterator>
                    </ArrayInput>
                    <SaveButton sx={{ mt: 1 }} data-testid="rubric-save" />
                </Form>
            </ResourceContextProvider>
        </Box>
    );
};
