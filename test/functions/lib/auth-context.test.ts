import { callerFromEvent, parseGroupsClaim, roleOf } from '../../../functions/lib/auth-context';
import { claimsFor, httpEvent } from '../../support/http-events';

describe('parseGroupsClaim', () => {
  it.each([
    ['[admin]', ['admin']],
    ['[admin trader]', ['admin', 'trader']],
    ['admin,trader', ['admin', 'trader']],
    [['admin'], ['admin']],
    ['[]', []],
    [undefined, []],
    [42, []],
  ])('reads %p as %p', (claim, groups) => {
    expect(parseGroupsClaim(claim)).toEqual(groups);
  });
});

describe('roleOf', () => {
  it('is admin only for members of group admin', () => {
    expect(roleOf(['trader', 'admin'])).toBe('admin');
    expect(roleOf(['trader'])).toBe('trader');
    expect(roleOf([])).toBe('trader');
  });
});

describe('callerFromEvent', () => {
  const route = { method: 'GET', path: '/api/programs' } as const;

  it('builds the caller from the authorizer claims', () => {
    expect(callerFromEvent(httpEvent(route, { claims: claimsFor('admin', 'sub-1') }))).toEqual({
      userId: 'sub-1',
      email: 'admin@example.com',
      groups: ['admin'],
      role: 'admin',
    });
  });

  it('has no caller without claims or without a subject', () => {
    expect(callerFromEvent(httpEvent(route))).toBeUndefined();
    expect(
      callerFromEvent(httpEvent(route, { claims: { email: 'x@example.com' } })),
    ).toBeUndefined();
  });
});
