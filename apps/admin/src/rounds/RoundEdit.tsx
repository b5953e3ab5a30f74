import { Create, Edit, useTranslate } from 'react-admin';
import { RoundForm } from './RoundForm';
import { MANDATORY_STEPS } from '../schools';
import { fromForm, toForm, type RoundRecord } from './types';
import { PageHeading } from '../components/PageHeading';

const thisYear = () => Number(new Date().toLocaleString('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric' }));

/** recruit-part/create: a new round, every rule checked by the server. */
export const RoundCreate = () => {
    const translate = useTranslate();
    return (
        <Create
            title={translate('resources.recruit-parts.create_title')}
            transform={fromForm}
            mutationMode="pessimistic"
            redirect={(_resource, id) => `recruit-parts/${encodeURIComponent(String(id))}`}
            record={{
                enterYear: thisYear() + 1,
                recruitPartSeq: 1,
                applIdRule: '{YYYY}{ROUND:2}-{SEQ:4}',
                payTypes: ['card', 'vbank', 'visa_master'],
                lettersAsked: 0,
                feeKrw: 0,
                feeUsd: 0,
                parts: [{ isMaster: true }],
                documents: [],
                consents: [],
                windows: {},
                ownSteps: false,
                steps: [...MANDATORY_STEPS],
            }}
        >
            <PageHeading title="resources.recruit-parts.create_title" />
            <RoundForm create />
        </Create>
    );
};

/** recruit-part/detail: one round, read and changed. */
export const RoundEdit = () => (
    <Edit
        transform={fromForm}
        mutationMode="pessimistic"
        queryOptions={{ select: (r: RoundRecord) => toForm(r) as unknown as RoundRecord }}
        redirect={false}
    >
        <PageHeading title="resources.recruit-parts.name" />
        <RoundForm />
    </Edit>
);
