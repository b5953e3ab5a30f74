/** What the Korean postcode widget (Daum) reports for a chosen address. */
export type PostcodeResult = {
  zonecode: string;
  address: string;
  roadAddress?: string;
  jibunAddress?: string;
  userSelectedType?: 'R' | 'J';
  bname?: string;
  buildingName?: string;
  apartment?: 'Y' | 'N';
};

/**
 * The full address of spec section 2: for a road address the district (legal
 * dong name ending in 동/로/가) and the building name are appended in brackets.
 */
export function composeAddress(r: PostcodeResult): { postCode: string; address: string } {
  const road = r.userSelectedType !== 'J';
  const base = road ? r.roadAddress || r.address : r.jibunAddress || r.address;
  if (!road) return { postCode: r.zonecode, address: base };
  const extra: string[] = [];
  if (r.bname && /[동로가]$/.test(r.bname)) extra.push(r.bname);
  if (r.buildingName) extra.push(r.buildingName);
  return { postCode: r.zonecode, address: extra.length ? `${base} (${extra.join(', ')})` : base };
}
