/** Korean banks by their clearing code (금융결제원 은행 코드), for a refund account. */
export const BANKS: readonly { code: string; ko: string; en: string }[] = [
  { code: '004', ko: 'KB국민은행', en: 'KB Kookmin Bank' },
  { code: '088', ko: '신한은행', en: 'Shinhan Bank' },
  { code: '020', ko: '우리은행', en: 'Woori Bank' },
  { code: '081', ko: '하나은행', en: 'Hana Bank' },
  { code: '011', ko: 'NH농협은행', en: 'NH NongHyup Bank' },
  { code: '003', ko: 'IBK기업은행', en: 'IBK Industrial Bank' },
  { code: '023', ko: 'SC제일은행', en: 'SC First Bank' },
  { code: '027', ko: '한국씨티은행', en: 'Citibank Korea' },
  { code: '031', ko: 'iM뱅크(대구)', en: 'iM Bank (Daegu)' },
  { code: '032', ko: '부산은행', en: 'Busan Bank' },
  { code: '034', ko: '광주은행', en: 'Gwangju Bank' },
  { code: '035', ko: '제주은행', en: 'Jeju Bank' },
  { code: '037', ko: '전북은행', en: 'Jeonbuk Bank' },
  { code: '039', ko: '경남은행', en: 'Kyongnam Bank' },
  { code: '045', ko: '새마을금고', en: 'MG Community Credit Cooperatives' },
  { code: '048', ko: '신협', en: 'Shinhyup' },
  { code: '071', ko: '우체국', en: 'Korea Post' },
  { code: '089', ko: '케이뱅크', en: 'K Bank' },
  { code: '090', ko: '카카오뱅크', en: 'Kakao Bank' },
  { code: '092', ko: '토스뱅크', en: 'Toss Bank' },
];

export function bankName(code: string, lang: string): string {
  const b = BANKS.find((x) => x.code === code);
  if (!b) return code;
  return lang === 'en' ? b.en : b.ko;
}
