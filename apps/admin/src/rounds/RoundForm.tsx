import { Box, Stack, Typography } from '@mui/material';
import {
    ArrayInput,
    BooleanInput,
    CheckboxGroupInput,
    FormDataConsumer,
    NumberInput,
    ReferenceInput,
    SelectInput,
    SaveButton,
    SimpleFormIterator,
    TabbedForm,
    TabbedFormTabs,
    TextInput,
    Toolbar,
    required,
    useLocale,
    useRecordContext,
    maxValue,
    minValue,
    useTranslate,
} from 'react-admin';
import { DayInput, DayLocalization } from '../components/DayInput';
import { MANDATORY_STEPS, STEPS, type Major } from '../schools';
import { PAY_TYPES, WINDOW_TYPES } from './types';

const FEE_HINT_KEY = 'resources.recruit-parts.hints.';
/** Pay types paid through the domestic gateway (PortOne): each has a store id and a channel key. */
const DOMESTIC_PAY_TYPES = ['card', 'vbank', 'trans'] as const;

/** The windows of a round: two days each, Asia/Seoul, both inclusive. */
const WindowsInputs = () => {
    const translate = useTranslate();
    return (
        <Stack spacing={1} sx={{ width: '100%' }}>
            <Typography variant="body2" color="text.secondary">
                {translate(`${FEE_HINT_KEY}windows`)}
            </Typography>
            {WINDOW_TYPES.map(type => (
                <Box key={type} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                    <Typography sx={{ width: 200, pt: 1 }} component="h2" variant="subtitle2">
                        {translate(`resources.recruit-parts.windows.${type}`)}
                    </Typography>
                    <DayInput source={`windows.${type}.startDay`} label={translate('resources.recruit-parts.fields.startDay')} />
                    <DayInput source={`windows.${type}.endDay`} label={translate('resources.recruit-parts.fields.endDay')} />
                </Box>
            ))}
        </Stack>
    );
};

/** The majors of the school: from the record when editing. */
const MajorInput = ({ source }: { source: string }) => {
    const record = useRecordContext();
    const locale = useLocale();
    const majors = (record?.majors as Major[] | undefined) ?? [];
    if (majors.length === 0) return <TextInput source={source} label="resources.recruit-parts.fields.majorCode" validate={required()} />;
    return (
        <SelectInput
            source={source}
            label="resources.recruit-parts.fields.majorCode"
            validate={required()}
            choices={majors.map(m => ({ id: m.Code, name: `${m.Code} · ${locale === 'en' ? m.EngName : m.KorName}` }))}
        />
    );
};

/**
 * The whole round in tabs: basic, windows, fees, parts, documents,
 * consents, numbering and slip. Every rule is the server's: its field
 * errors show at the fields (pessimistic save).
 */
export const RoundForm = ({ create = false }: { create?: boolean }) => {
    const translate = useTranslate();
    const t = (k: string) => translate(`resources.recruit-parts.${k}`);
    const locale = useLocale();
    return (
        <DayLocalization>
            {/* Rounds are not deleted (applications refer to them): only save. */}
            <TabbedForm
                warnWhenUnsavedChanges
                // On a phone the tabs scroll instead of widening the page.
                tabs={
                    <TabbedFormTabs
                        variant="scrollable"
                        scrollButtons="auto"
                        allowScrollButtonsMobile
                        sx={{ maxWidth: { xs: 'calc(100vw - 16px)', md: 'none' } }}
                    />
                }
                toolbar={
                    <Toolbar>
                        <SaveButton />
                    </Toolbar>
                }
            >
                <TabbedForm.Tab label={t('tabs.basic')}>
                    {create ? (
                        <ReferenceInput source="schoolCode" reference="schools">
                            <SelectInput
                                optionText={locale === 'en' ? 'engName' : 'korName'}
                                label="resources.recruit-parts.fields.schoolCode"
                                validate={required()}
                            />
                        </ReferenceInput>
                    ) : (
                        <TextInput source="schoolCode" disabled />
                    )}
                    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
                        <NumberInput source="enterYear" disabled={!create} validate={required()} />
                        <NumberInput source="recruitPartSeq" disabled={!create} validate={required()} min={1} max={99} />
                    </Stack>
                    <TextInput source="korName" validate={required()} fullWidth />
                    <TextInput source="engName" validate={required()} fullWidth />
                    <TextInput source="detailRemkKor" multiline fullWidth />
                    <TextInput source="detailRemkEng" multiline fullWidth />
                    <BooleanInput source="competitionHidden" helperText={t('hints.competitionHidden')} />
                </TabbedForm.Tab>
                <TabbedForm.Tab label={t('tabs.windows')} path="windows">
                    <WindowsInputs />
                </TabbedForm.Tab>
                <TabbedForm.Tab label={t('tabs.fees')} path="fees">
                    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
                        <NumberInput source="feeKrw" min={0} step={1000} helperText={t('hints.feeKrw')} />
                        <NumberInput source="feeUsd" min={0} step={1} helperText={t('hints.feeUsd')} />
                    </Stack>
                    <CheckboxGroupInput
                        source="payTypes"
                        choices={PAY_TYPES.map(p => ({ id: p, name: `resources.recruit-parts.payTypes.${p}` }))}
                    />
                    <NumberInput source="lettersAsked" min={0} max={5} />
                    <Typography component="h2" variant="subtitle1" sx={{ mt: 1 }}>
                        {t('channels')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                        {t('hints.channels')}
                    </Typography>
                    {DOMESTIC_PAY_TYPES.map(p => (
                        <Stack key={p} direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                            <Typography sx={{ width: 140 }}>{translate(`resources.recruit-parts.payTypes.${p}`)}</Typography>
                            <TextInput source={`payChannels.${p}.storeId`} label="resources.recruit-parts.fields.storeId" />
                            <TextInput source={`payChannels.${p}.channelKey`} label="resources.recruit-parts.fields.channelKey" />
                        </Stack>
                    ))}
                </TabbedForm.Tab>
                <TabbedForm.Tab label={t('tabs.parts')} path="parts">
                    <ArrayInput source="parts" label={false}>
                        <SimpleFormIterator inline disableReordering>
                            <MajorInput source="majorCode" />
                            <BooleanInput source="isMaster" label="resources.recruit-parts.fields.isMaster" />
                            <TextInput source="detailRemkKor" label="resources.recruit-parts.fields.detailRemkKor" />
                            <TextInput source="detailRemkEng" label="resources.recruit-parts.fields.detailRemkEng" />
                            <NumberInput source="addCertificateCount" label="resources.recruit-parts.fields.addCertificateCount" min={0} max={20} />
                            <NumberInput
                                source="quota"
                                label="resources.recruit-parts.fields.quota"
                                min={0}
                                max={9999}
                                step={1}
                                validate={[minValue(0), maxValue(9999)]}
                                helperText={t('hints.quota')}
                            />
                        </SimpleFormIterator>
                    </ArrayInput>
                </TabbedForm.Tab>
                <TabbedForm.Tab label={t('tabs.documents')} path="documents">
                    <Typography variant="body2" color="text.secondary">
                        {t('hints.documents')}
                    </Typography>
                    <ArrayInput source="documents" label={false}>
                        <SimpleFormIterator inline>
                            <TextInput source="itemCode" label="resources.recruit-parts.fields.itemCode" validate={required()} />
                            <TextInput source="grpCode" label="resources.recruit-parts.fields.grpCode" validate={required()} />
                            <TextInput source="grpKorName" label="resources.recruit-parts.fields.grpKorName" validate={required()} />
                            <TextInput source="grpEngName" label="resources.recruit-parts.fields.grpEngName" validate={required()} />
                            <TextInput source="korName" label="resources.recruit-parts.fields.docKorName" validate={required()} />
                            <TextInput source="engName" label="resources.recruit-parts.fields.docEngName" validate={required()} />
                            <BooleanInput source="required" label="resources.recruit-parts.fields.required" />
                            <TextInput source="extensions" label="resources.recruit-parts.fields.extensions" helperText={t('hints.extensions')} />
                            <NumberInput source="maxSize" label="resources.recruit-parts.fields.maxSize" min={0} helperText={t('hints.maxSize')} />
                        </SimpleFormIterator>
                    </ArrayInput>
                </TabbedForm.Tab>
                <TabbedForm.Tab label={t('tabs.consents')} path="consents">
                    <Typography variant="body2" color="text.secondary">
                        {t('hints.consents')}
                    </Typography>
                    <ArrayInput source="consents" label={false}>
                        <SimpleFormIterator>
                            <TextInput source="code" label="resources.recruit-parts.fields.consentCode" validate={required()} />
                            <TextInput source="titleKo" label="resources.recruit-parts.fields.titleKo" validate={required()} fullWidth />
                            <TextInput source="titleEn" label="resources.recruit-parts.fields.titleEn" validate={required()} fullWidth />
                            <TextInput source="bodyKo" label="resources.recruit-parts.fields.bodyKo" validate={required()} multiline fullWidth />
                            <TextInput source="bodyEn" label="resources.recruit-parts.fields.bodyEn" validate={required()} multiline fullWidth />
                            <FormDataConsumer>
                                {({ scopedFormData }) =>
                                    scopedFormData?.version ? (
                                        <Typography variant="caption" color="text.secondary">
                                            {translate('resources.recruit-parts.fields.version')}: {String(scopedFormData.version)}
                                        </Typography>
                                    ) : null
                                }
                            </FormDataConsumer>
                        </SimpleFormIterator>
                    </ArrayInput>
                </TabbedForm.Tab>
                <TabbedForm.Tab label={t('tabs.steps')} path="steps">
                    <Typography variant="body2" color="text.secondary">
                        {t('hints.steps')}
                    </Typography>
                    <BooleanInput source="ownSteps" label="resources.recruit-parts.fields.ownSteps" />
                    <FormDataConsumer>
                        {({ formData }) =>
                            formData.ownSteps ? (
                                <CheckboxGroupInput
                                    source="steps"
                                    label="resources.recruit-parts.fields.steps"
                                    choices={STEPS.map(s => ({ id: s, name: `resources.schools.step.${s}`, disabled: MANDATORY_STEPS.includes(s) }))}
                                />
                            ) : null
                        }
                    </FormDataConsumer>
                </TabbedForm.Tab>
                <TabbedForm.Tab label={t('tabs.numbering')} path="numbering">
                    <TextInput source="applIdRule" validate={required()} helperText={t('hints.applIdRule')} fullWidth />
                    <TextInput source="slipNoticeKor" multiline fullWidth helperText={t('hints.slipNotice')} />
                    <TextInput source="slipNoticeEng" multiline fullWidth />
                </TabbedForm.Tab>
            </TabbedForm>
        </DayLocalization>
    );
};
