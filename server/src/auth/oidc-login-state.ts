import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as client from 'openid-client';
import { safeReturnPath } from '../../../shared/rules/session-rules';

/**
 * The browser's half of an OpenID Connect sign-in under way (docs/sign-in.md, step 1): the code
 * verifier, state, nonce and return path, sealed in a cookie only this server can read.
 */

export interface LoginState {
  codeVerifier: string;
  state: string;
  nonce: string;
  returnPath: string;
}

export const STATE_COOKIE = 'bt_oidc_login';
/** Long enough to type a password and answer a second factor; a sign-in left longer starts over. */
export const LOGIN_STATE_TTL_S = 10 * 60;

/** The key of the login-state cookie, derived from the server's token secret. */
export function loginStateKey(jwtSecret: string): Uint8Array {
  return createHash('sha256').update(`oidc-login-state\n${jwtSecret}`).digest();
}

/** A new sign-in's secrets, and where the app goes once it is done. */
export function newLoginState(returnPath: string | undefined): LoginState {
  return {
    codeVerifier: client.randomPKCECodeVerifier(),
    state: client.randomState(),
    nonce: client.randomNonce(),
    returnPath: safeReturnPath(returnPath),
  };
}

/** The login state encrypted for the cookie, expiring with it. */
export function sealLoginState(login: LoginState, key: Uint8Array): Promise<string> {
  return new EncryptJWT({ ...login })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${LOGIN_STATE_TTL_S}s`)
    .encrypt(key);
}

/** The login state of the cookie, or null when there is none or it is not ours, intact and fresh. */
export async function openLoginState(
  sealed: string | undefined,
  key: Uint8Array,
): Promise<LoginState | null> {
  if (!sealed) return null;
  try {
    const { payload } = await jwtDecrypt(sealed, key);
    const { codeVerifier, state, nonce, returnPath } = payload;
    if ([codeVerifier, state, nonce, returnPath].every((v) => typeof v === 'string'))
      return { codeVerifier, state, nonce, returnPath } as LoginState;
    return null;
  } catch {
    return null;
  }
}
