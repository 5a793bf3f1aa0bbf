import { describe, expect, it } from 'vitest';
import { claimAt, claimValues, mapClaims, ssoUuidFor } from '../../server/src/auth/oidc-claims';
import type { OidcClaimMapping } from '../../server/src/config';

const ORGANIZATION_A = '7c2e4b1a-3f5d-4e8a-9b6c-1d2e3f4a5b01';
const ORGANIZATION_B = '0a9d8c7b-6e5f-4a3b-8c2d-1e0f9a8b7c02';

const mapping: OidcClaimMapping = {
  subject: 'sub',
  name: 'name',
  roles: 'roles',
  writeRoles: ['Bolig.Skriv'],
  readRoles: ['Bolig.Laes'],
  organizations: 'groups',
  organizationMap: new Map([
    ['g-a', ORGANIZATION_A],
    ['g-b', ORGANIZATION_B],
  ]),
};

describe('claims to a user (docs/sign-in.md "Claims")', () => {
  it('takes the subject, the name, the role and the mapped organizations', () => {
    expect(
      mapClaims(
        { sub: 'u1', name: ' Anna ', roles: ['Bolig.Laes'], groups: ['g-a', 'other', 'g-b', 'g-a'] },
        mapping,
      ),
    ).toEqual({
      subject: 'u1',
      displayName: 'Anna',
      role: 'read',
      organizationIds: [ORGANIZATION_A, ORGANIZATION_B],
    });
  });

  it('write wins over read; no configured value is the role none', () => {
    expect(mapClaims({ sub: 'u', roles: ['Bolig.Laes', 'Bolig.Skriv'] }, mapping)?.role).toBe('write');
    expect(mapClaims({ sub: 'u', roles: ['Admin'] }, mapping)?.role).toBe('none');
    expect(mapClaims({ sub: 'u' }, mapping)?.role).toBe('none');
    // One string instead of a list, as some providers send a single value.
    expect(mapClaims({ sub: 'u', roles: 'Bolig.Skriv' }, mapping)?.role).toBe('write');
  });

  it('without a map, organization ids are taken as they are, and anything else is left out', () => {
    const direct = { ...mapping, organizationMap: new Map<string, string>() };
    expect(
      mapClaims({ sub: 'u', groups: [ORGANIZATION_A.toUpperCase(), 'g-a', 42, ORGANIZATION_B] }, direct)
        ?.organizationIds,
    ).toEqual([ORGANIZATION_A, ORGANIZATION_B]);
  });

  it('reads nested claims by a dotted path (Keycloak realm roles)', () => {
    const keycloak = { ...mapping, roles: 'realm_access.roles' };
    expect(mapClaims({ sub: 'u', realm_access: { roles: ['Bolig.Skriv'] } }, keycloak)?.role).toBe('write');
    expect(claimAt({ 'a.b': 1, a: { b: 2 } }, 'a.b')).toBe(1);
    expect(claimAt({ a: [{ b: 2 }] }, 'a.b')).toBeUndefined();
    expect(claimValues({ not: 'a list' })).toEqual([]);
  });

  it('falls back for the name, and refuses a token without a usable subject', () => {
    expect(mapClaims({ sub: 'u', preferred_username: 'anna@x.dk' }, mapping)?.displayName).toBe('anna@x.dk');
    expect(mapClaims({ sub: 'u' }, mapping)?.displayName).toBe('u');
    expect(mapClaims({ name: 'Anna' }, mapping)).toBeNull();
    expect(mapClaims({ sub: '' }, mapping)).toBeNull();
    expect(mapClaims({ sub: 7 }, mapping)).toBeNull();
    expect(mapClaims({ oid: 'x', sub: 'y' }, { ...mapping, subject: 'oid' })?.subject).toBe('x');
  });

  it('the sign-on id is a UUID, the same for the same person, another at another provider', () => {
    const a = ssoUuidFor('https://login.example.dk', 'u1');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ssoUuidFor('https://login.example.dk', 'u1')).toBe(a);
    expect(ssoUuidFor('https://other.example.dk', 'u1')).not.toBe(a);
    expect(ssoUuidFor('https://login.example.dk', 'u2')).not.toBe(a);
  });
});
