import { createHash } from 'node:crypto';
import type { OidcClaimMapping } from '../config';
import type { Role } from '../db/schema';
import { isUuid } from '../../../shared/contract/common';

/**
 * Who an OpenID Connect provider's ID token says the user is, in our terms (docs/sign-in.md
 * "Claims"): pure, so that every provider's shape is tested without one.
 */
export interface MappedUser {
  /** The stable id at the provider (the subject claim). */
  subject: string;
  displayName: string;
  /** write, read, or none when no configured value is among the user's roles. */
  role: Role;
  /** Organization ids named by the claims; which of them exist is for the database to say. */
  organizationIds: string[];
}

/** A claim by name, or by a dotted path into nested claims (`realm_access.roles`). */
export function claimAt(claims: Readonly<Record<string, unknown>>, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A claim's values as strings: one string, or the strings of a list (anything else is ignored). */
export function claimValues(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return [];
}

/** The user, or null when the token has no usable subject (then nobody can be signed in). */
export function mapClaims(
  claims: Readonly<Record<string, unknown>>,
  mapping: OidcClaimMapping,
): MappedUser | null {
  const subject = claimAt(claims, mapping.subject);
  if (typeof subject !== 'string' || subject === '' || subject.length > 255) return null;

  const roles = new Set(claimValues(claimAt(claims, mapping.roles)));
  const role: Role = mapping.writeRoles.some((r) => roles.has(r))
    ? 'write'
    : mapping.readRoles.some((r) => roles.has(r))
      ? 'read'
      : 'none';

  const values = claimValues(claimAt(claims, mapping.organizations));
  const named =
    mapping.organizationMap.size > 0
      ? values.flatMap((v) => mapping.organizationMap.get(v) ?? [])
      : values.filter(isUuid).map((v) => v.toLowerCase());

  const displayName = [claimAt(claims, mapping.name), claims.preferred_username, claims.email, subject].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  )!;
  return {
    subject,
    displayName: displayName.trim().slice(0, 200),
    role,
    organizationIds: [...new Set(named)],
  };
}

/**
 * The user's sign-on id (`sso_uuid`, a UUID the app keys its per-user storage by) for a
 * subject of a provider: the same every time, and different for the same subject at
 * another provider. A name-based UUID (RFC 9562 version 8) from SHA-256 of both.
 */
export function ssoUuidFor(issuer: string, subject: string): string {
  const bytes = createHash('sha256').update(`${issuer}\n${subject}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
