import { Type, type Static } from 'typebox';

/**
 * The probes' answers (docs/api.md "Health"): `/healthz` `{ "status": "ok" }`; `/readyz`
 * `{ "status": "ready" }`, or a 503 whose status says why, with the pending migrations' names
 * when that is the reason.
 */
export const HealthStatus = Type.Object({ status: Type.String() });
export type HealthStatus = Static<typeof HealthStatus>;

export const NotReady = Type.Object({
  status: Type.String(),
  migrations: Type.Optional(Type.Array(Type.String())),
});
export type NotReady = Static<typeof NotReady>;
