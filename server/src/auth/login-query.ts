/**
 * `GET /auth/login?returnPath=` as every sign-in takes it (docs/api.md): where in the app to
 * continue afterwards, kept only as a path on this site (`safeReturnPath`).
 */
export const LOGIN_QUERY = {
  schema: {
    querystring: { type: 'object', properties: { returnPath: { type: 'string', maxLength: 2000 } } },
  },
} as const;

export type LoginQuery = { returnPath?: string };
