import type { PaymentRequest } from '@portone/browser-sdk/v2';

/** The pay API's shapes (docs/api-pay.md). Amounts are minor units with their currency. */
export type Money = { amount: number; currency: 'KRW' | 'USD'; text: string };

export type PayType = 'card' | 'vbank' | 'trans' | 'visa_master';

export type PayOption = { payType: PayType; provider: string; fee: Money; surcharge: Money; total: Money };

/** How a payment is booked: a pay type, or a deposit staff recorded (manual) or a waiver (free). */
export type BookedPayType = PayType | 'manual' | 'free';

export type Attempt = {
  paymentId: string;
  applNo: number;
  payType: BookedPayType;
  provider: string;
  result: 'PROCEEDING' | 'PAID' | 'VBANK_ISSUE' | 'TIMEOUT' | 'FAILED';
  fee: Money;
  surcharge: Money;
  total: Money;
  vbank: { bank: string; accountNo: string; holder: string; due: string } | null;
  failReason: string;
  createdAt: string;
  paidAt: string | null;
  testPageUrl?: string;
};

export type PayQuote = {
  applNo: number;
  applId: string | null;
  status: string;
  school: { kor: string; eng: string };
  round: { kor: string; eng: string };
  payOpen: boolean;
  deadline: string | null;
  options: PayOption[];
  current: Attempt | null;
  last: Attempt | null;
  paid: Attempt | null;
  testGateway: boolean;
};

export type Checkout = {
  provider: string;
  paymentId: string;
  providerOrderId?: string;
  amount: Money;
  orderName: string;
  channel: { storeId?: string; channelKey?: string };
  payMethod?: string;
  approveUrl?: string;
  extra?: Record<string, string>;
  /** PortOne: the whole PortOne.requestPayment call as the server computed it (amount, customer, noticeUrls, customData, the virtual account's dueDate...); passed on unchanged. */
  window?: PaymentRequest;
};
