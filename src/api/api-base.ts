/**
 * Where the API lives: this origin by default, or VITE_API_BASE_URL at build time for an
 * API on another host (it must then allow this origin and expose Set-Authorization).
 */
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');

/** The sign-in page: the demo SSO of the reference API unless VITE_LOGIN_URL names another. */
export function loginUrl(returnPath: string): string {
  const base = import.meta.env.VITE_LOGIN_URL || `${API_BASE_URL}/auth/login`;
  const url = new URL(base, location.origin);
  url.searchParams.set('returnPath', returnPath);
  return url.toString();
}
