import { describe, expect, it } from 'vitest';
import { composeAddress } from './postcode';

describe('postcode widget result → address', () => {
  it('appends the district and building name to a road address', () => {
    expect(
      composeAddress({ zonecode: '03760', address: 'x', roadAddress: '서울 서대문구 이화여대길 52', userSelectedType: 'R', bname: '대현동', buildingName: '이화여자대학교' }),
    ).toEqual({ postCode: '03760', address: '서울 서대문구 이화여대길 52 (대현동, 이화여자대학교)' });
  });

  it('leaves out a district that is not a dong/ro/ga and empty parts', () => {
    expect(composeAddress({ zonecode: '1', address: 'x', roadAddress: 'A로 1', userSelectedType: 'R', bname: '읍내리', buildingName: '' })).toEqual({ postCode: '1', address: 'A로 1' });
  });

  it('uses the lot-number address as is', () => {
    expect(composeAddress({ zonecode: '2', address: 'x', jibunAddress: '서울 서대문구 대현동 11-1', userSelectedType: 'J', bname: '대현동' })).toEqual({ postCode: '2', address: '서울 서대문구 대현동 11-1' });
  });
});
