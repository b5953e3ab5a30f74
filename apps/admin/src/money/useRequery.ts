import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { errorOf } from '../apiErrors';
import type { MoneyDataProvider } from './methods';

/** Asks the provider again what became of a payment, then shows the page anew. */
export const useRequery = () => {
    const dataProvider = useDataProvider<MoneyDataProvider>();
    const notify = useNotify();
    const refresh = useRefresh();
    return useMutation({
        mutationFn: (id: string) => dataProvider.requeryPayment(id),
        onSuccess: () => {
            notify('app.money.requeried', { type: 'success' });
            refresh();
        },
        onError: e => notify(errorOf(e).message, { type: 'error' }),
    });
};
