/**
 * An application's money as every staff read carries it (the server's one
 * read model, adapters/httpapi/staff_money.go): the same words in the list,
 * the application page and, on the server, the workbook.
 */
export interface MoneyAmount {
    amount: number;
    currency: 'KRW' | 'USD' | '';
    /** grouped in the currency's major units: "80,000", "62.94" */
    text: string;
}

export type MoneyState = '' | 'in_flight' | 'paid' | 'partially_refunded' | 'refunded';

export interface StaffMoney {
    paid: boolean;
    state: MoneyState;
    method: string;
    currency: string;
    amount: MoneyAmount;
    refunded: MoneyAmount;
    net: MoneyAmount;
    paidAt: string;
    providerCancelled: boolean;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "80,000원" in Korean, "KRW 80,000" in English, "USD 62.94" in both (as the applicant's pages write it). */
export const moneyAmountText = (m: MoneyAmount | null | undefined, locale: string): string => {
    if (!m) return '';
    const currency = m.currency || 'KRW';
    const text = m.text || m.amount.toLocaleString('en-US');
    if (currency === 'KRW' && locale !== 'en') return `${text}원`;
    return `${currency} ${text}`;
};

/** The state in words; a fully paid free application reads as free. */
export const moneyStateText = (translate: Translate, m: StaffMoney | null | undefined): string =>
    translate(`backoffice.money.state.${m?.state || 'none'}`);

/** A method in words, never its code (card -> 신용카드 / Credit card), named as the money pages name it. */
export const methodText = (translate: Translate, method: string): string =>
    method ? translate(`app.money.pay_type.${method}`, { _: method }) : '';

/**
 * One line for a list row: what a school officer needs at a glance.
 * "결제 완료 80,000원", "부분 환불 · 순액 50,000원", "환불됨 80,000원",
 * "결제 진행 중", "미결제"; a free completion "결제 완료 · 무료".
 */
export const moneySummary = (translate: Translate, m: StaffMoney | null | undefined, locale: string): string => {
    const state = moneyStateText(translate, m);
    if (!m) return state;
    switch (m.state) {
        case 'paid':
            if (m.method === 'free' || m.amount.amount === 0) return `${state} · ${methodText(translate, 'free')}`;
            return `${state} ${moneyAmountText(m.amount, locale)}`;
        case 'partially_refunded':
            return `${state} · ${translate('backoffice.money.net_short', { amount: moneyAmountText(m.net, locale) })}`;
        case 'refunded':
            return `${state} ${moneyAmountText(m.refunded, locale)}`;
        default:
            return state;
    }
};
