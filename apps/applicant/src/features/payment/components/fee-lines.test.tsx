import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { renderWithProviders } from '@/testing/test-utils';
import { FeeLines } from './fee-lines';
import { formatMoney } from '../utils/money';
import type { PayOption } from '../types';

const usd = (amount: number, text: string) => ({ amount, currency: 'USD' as const, text });
const krw = (amount: number, text: string) => ({ amount, currency: 'KRW' as const, text });

describe('fee lines', () => {
  it('shows the PayPal surcharge as its own line between the fee and the total', async () => {
    await i18n.changeLanguage('en');
    const paypal: PayOption = { payType: 'visa_master', provider: 'testpg', fee: usd(6500, '65.00'), surcharge: usd(316, '3.16'), total: usd(6816, '68.16') };
    renderWithProviders(<FeeLines option={paypal} />);
    expect(screen.getByTestId('fee-line').textContent).toBe('Application feeUSD 65.00');
    expect(screen.getByTestId('surcharge-line').textContent).toBe('PayPal feeUSD 3.16');
    expect(screen.getByTestId('total-line').textContent).toBe('TotalUSD 68.16');
  });

  it('has no surcharge line for a card, and writes won as Koreans do', async () => {
    await i18n.changeLanguage('ko');
    const card: PayOption = { payType: 'card', provider: 'testpg', fee: krw(80000, '80,000'), surcharge: krw(0, '0'), total: krw(80000, '80,000') };
    renderWithProviders(<FeeLines option={card} />);
    expect(screen.queryByTestId('surcharge-line')).toBeNull();
    expect(screen.getByTestId('total-line').textContent).toBe('결제 금액80,000원');
    expect(formatMoney(krw(80000, '80,000'), 'en')).toBe('KRW 80,000');
  });
});
