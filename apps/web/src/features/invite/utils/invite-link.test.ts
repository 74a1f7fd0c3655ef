import { describe, expect, it } from 'vitest';
import { getInviteLink } from './invite-link.ts';

describe('getInviteLink', () => {
  it('is the register page of this app with the code, in the hash route', () => {
    expect(getInviteLink('KPCX7Q2M', { origin: 'https://kpc.example', pathname: '/' })).toBe(
      'https://kpc.example/#/pages/register/index?inviteCode=KPCX7Q2M',
    );
  });

  it('keeps the folder the app is served from and encodes the code', () => {
    expect(getInviteLink('A B&C', { origin: 'http://localhost:5173', pathname: '/app/index.html' })).toBe(
      'http://localhost:5173/app/index.html#/pages/register/index?inviteCode=A+B%26C',
    );
  });
});
