import type { Country } from '../types';

/**
 * The names people type for a country that its reference name does not hold
 * (issue 21: "South Korea" found nothing, since the list says "Republic of
 * Korea" and "대한민국"): common English and Korean names, short forms and
 * abbreviations, by ISO 3166-1 numeric code (the codes of
 * migrations/00003_reference.sql). Searching also matches the reference
 * names themselves, so only what they lack is here.
 */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  '410': ['South Korea', 'Korea', 'Korea, Republic of', 'ROK', 'KR', 'KOR', '한국', '남한', '대한민국'],
  '408': ['North Korea', 'DPRK', 'Korea, Democratic People\'s Republic of', 'KP', 'PRK', '북한', '조선'],
  '840': ['USA', 'US', 'U.S.', 'U.S.A.', 'United States of America', 'America', '미국', '미합중국'],
  '826': ['UK', 'U.K.', 'GB', 'Great Britain', 'Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland', '영국', '잉글랜드'],
  '156': ['PRC', 'People\'s Republic of China', 'CN', 'CHN', '중국', '중화인민공화국'],
  '158': ['ROC', 'Republic of China', 'TW', 'TWN', 'Chinese Taipei', '대만', '타이완', '중화민국'],
  '392': ['JP', 'JPN', 'Nippon', '일본'],
  '344': ['HK', 'HKG', '홍콩'],
  '446': ['Macau', 'MO', '마카오'],
  '704': ['Viet Nam', 'VN', 'VNM', '베트남', '월남'],
  '643': ['Russia', 'RU', 'RUS', '러시아'],
  '364': ['Persia', 'IR', '이란'],
  '418': ['Lao PDR', 'LA', '라오스'],
  '760': ['SY', '시리아'],
  '068': ['BO', '볼리비아'],
  '862': ['VE', '베네수엘라'],
  '834': ['TZ', '탄자니아'],
  '498': ['MD', '몰도바'],
  '203': ['Czech Republic', 'CZ', '체코 공화국'],
  '528': ['Holland', 'NL', '네덜란드', '홀랜드'],
  '792': ['Turkey', 'Turkiye', 'TR', '터키', '튀르키예'],
  '784': ['UAE', 'U.A.E.', 'Emirates', '아랍에미레이트', '아랍 에미리트', '아랍에미리트 연합'],
  '682': ['KSA', 'SA', '사우디'],
  '608': ['PH', 'PHL', '필리핀'],
  '104': ['Burma', 'MM', '버마'],
  '180': ['DR Congo', 'DRC', 'Congo-Kinshasa', '콩고민주공화국'],
  '178': ['Congo-Brazzaville', 'Republic of the Congo', '콩고 공화국'],
  '276': ['Deutschland', 'DE', 'DEU', '독일'],
  '250': ['FR', 'FRA', '프랑스'],
  '356': ['IN', 'IND', 'Bharat', '인도'],
  '360': ['ID', 'IDN', '인도네시아', '인니'],
  '458': ['MY', 'MYS', '말레이시아'],
  '764': ['Siam', 'TH', 'THA', '태국', '타이'],
  '702': ['SG', 'SGP', '싱가포르', '싱가폴'],
  '496': ['MN', 'MNG', '몽골'],
  '860': ['UZ', 'UZB', '우즈벡', '우즈베키스탄'],
  '398': ['KZ', 'KAZ', '카자흐', '카자흐스탄'],
  '036': ['AU', 'AUS', 'Oz', '호주', '오스트레일리아'],
  '554': ['NZ', 'NZL', '뉴질랜드'],
  '124': ['CA', 'CAN', '캐나다'],
  '484': ['MX', 'MEX', '멕시코'],
  '076': ['BR', 'BRA', 'Brasil', '브라질'],
  '032': ['AR', 'ARG', '아르헨티나'],
  '710': ['RSA', 'ZA', '남아공', '남아프리카'],
  '380': ['IT', 'ITA', 'Italia', '이탈리아'],
  '724': ['ES', 'ESP', 'España', '스페인'],
};

const fold = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[\s.'’,-]+/g, '');

/** How well a country answers a query: 3 a name or alias exactly, 2 one that
 * starts with it, 1 one that contains it, 0 none. */
export function countryMatch(c: Country, query: string): number {
  const q = fold(query);
  if (!q) return 1;
  if (c.code === query.trim()) return 3;
  let best = 0;
  for (const name of [c.korName, c.engName, ...(COUNTRY_ALIASES[c.code] ?? [])]) {
    const n = fold(name ?? '');
    if (!n) continue;
    if (n === q) return 3;
    if (n.startsWith(q)) best = Math.max(best, 2);
    else if (n.includes(q)) best = Math.max(best, 1);
  }
  return best;
}

/** The countries a query finds, the best matches first, else in the list's order. */
export function searchCountries(options: readonly Country[], query: string): Country[] {
  if (!fold(query)) return [...options];
  return options
    .map((c, i) => ({ c, i, score: countryMatch(c, query) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((x) => x.c);
}
