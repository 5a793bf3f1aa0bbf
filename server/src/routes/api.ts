import type { FastifyPluginAsync } from 'fastify';
import type { JobEvents } from '../jobs/job-events';
import { abandonRoutes } from './abandon';
import { answerRoutes } from './answers';
import { assessmentRoutes } from './assessments';
import { copyTargetRoutes } from './copy-targets';
import type { RouteDeps } from './deps';
import { exportRoutes } from './export';
import { historyRoutes } from './history';
import { jobResultRoutes } from './job-results';
import { jobRoutes } from './jobs';
import { organizationRoutes } from './organizations';
import { overviewRoutes } from './overview';
import { photoRoutes } from './photos';
import { propertyRoutes } from './properties';
import { propertySearchRoutes } from './property-search';
import { sessionRoutes } from './session';

export interface ApiRoutesOptions extends RouteDeps {
  /** A new job was queued: the worker of this process may start at once. */
  onJobQueued: () => void;
  /** Job progress, where a Stop is announced (the hub listens). */
  jobEvents: JobEvents;
}

/**
 * Every API route that needs a token (docs/api.md "Endpoints at a glance": all but the public
 * ones, which app.ts registers outside this scope). One hook authenticates every request of the
 * scope; handlers read the user with requireUser, and the write routes add guards.requireWrite.
 *
 * A preHandler, not an onRequest hook: it runs after validation, so a malformed request is a 400
 * before the token is looked at (docs/api.md "Conventions"), and the route's own preHandler
 * (the write role) runs after it.
 *
 * Each route module is a plugin typed by the TypeBox type provider: the contract's schemas
 * (shared/contract) type its handlers' requests and answers (docs/api.md "The contract").
 */
export const apiRoutes: FastifyPluginAsync<ApiRoutesOptions> = async (app, options) => {
  const { guards, onJobQueued, jobEvents } = options;
  app.addHook('preHandler', guards.authenticate);

  await app.register(sessionRoutes);
  await app.register(organizationRoutes, options);
  await app.register(propertyRoutes, options);
  await app.register(propertySearchRoutes, options);
  await app.register(overviewRoutes, options);
  await app.register(historyRoutes, options);
  await app.register(exportRoutes, options);
  await app.register(photoRoutes, options);
  await app.register(assessmentRoutes, options);
  await app.register(abandonRoutes, options);
  await app.register(copyTargetRoutes, options);
  await app.register(answerRoutes, options);
  await app.register(jobRoutes, { ...options, onQueued: onJobQueued });
  await app.register(jobResultRoutes, { ...options, jobEvents });
};
