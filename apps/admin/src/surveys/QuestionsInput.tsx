import { Box, Typography } from '@mui/material';
import {
    ArrayInput,
    BooleanInput,
    FormDataConsumer,
    SelectInput,
    SimpleFormIterator,
    TextInput,
    required,
    useTranslate,
} from 'react-admin';

export const INPUT_TYPES = ['radio', 'checkbox', 'text', 'textarea'] as const;

export interface SurveyItem {
    itemCode: string;
    korValue: string;
    engValue: string;
    hasComment?: boolean;
}

export interface SurveyQuestion {
    questionCode: string;
    inputType: string;
    korText: string;
    engText: string;
    required?: boolean;
    items?: SurveyItem[];
}

/** Choice questions have items; text questions do not (the server checks both). */
export const hasItems = (inputType: string | undefined) => inputType === 'radio' || inputType === 'checkbox';

/** Drops the items of text questions before saving. */
export const cleanQuestions = (qs: SurveyQuestion[] | undefined): SurveyQuestion[] =>
    (qs ?? []).map(q => ({ ...q, required: !!q.required, items: hasItems(q.inputType) ? (q.items ?? []) : [] }));

/**
 * The questions of a survey, in order: code, input type, ko/en text,
 * required, and for choice questions the items (code, ko/en value, a
 * comment box). Used by the application survey questions of a school and by
 * the site surveys; the server's field errors show at each input.
 */
export const QuestionsInput = ({ disabled = false }: { disabled?: boolean }) => {
    const translate = useTranslate();
    const t = (k: string) => `app.survey.${k}`;
    return (
        <Box component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <ArrayInput source="questions" label={false}>
                <SimpleFormIterator
                    disableAdd={disabled}
                    disableRemove={disabled}
                    disableReordering={disabled}
                    sx={{ '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', pb: 1, mb: 1 } }}
                >
                    <TextInput source="questionCode" label={t('questionCode')} validate={required()} sx={{ maxWidth: 200 }} />
                    <SelectInput
                        source="inputType"
                        label={t('inputType')}
                        choices={INPUT_TYPES.map(id => ({ id, name: `app.survey.type.${id}` }))}
                        validate={required()}
                        sx={{ maxWidth: 200 }}
                    />
                    <TextInput source="korText" label={t('korText')} validate={required()} multiline fullWidth />
                    <TextInput source="engText" label={t('engText')} validate={required()} multiline fullWidth />
                    <BooleanInput source="required" label={t('required')} />
                    <FormDataConsumer>
                        {({ scopedFormData }) =>
                            hasItems((scopedFormData as SurveyQuestion | undefined)?.inputType) ? (
                                <>
                                    <Typography variant="subtitle2" component="p">
                                        {translate(t('items'))}
                                    </Typography>
                                    <ArrayInput source="items" label={false}>
                                        <SimpleFormIterator inline disableReordering={disabled}>
                                            <TextInput source="itemCode" label={t('itemCode')} validate={required()} sx={{ maxWidth: 140 }} />
                                            <TextInput source="korValue" label={t('korValue')} validate={required()} />
                                            <TextInput source="engValue" label={t('engValue')} validate={required()} />
                                            <BooleanInput source="hasComment" label={t('hasComment')} />
                                        </SimpleFormIterator>
                                    </ArrayInput>
                                </>
                            ) : null
                        }
                    </FormDataConsumer>
                </SimpleFormIterator>
            </ArrayInput>
        </Box>
    );
};
