import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UserInfo } from '../../../shared/contract/session';
import { requireUser } from '../auth/guard';

/** GET /api/v2/userinfo (docs/product.md 7); also the client's 5-minute keep-alive. */
export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/v2/userinfo', { schema: { response: { 200: UserInfo } } }, async (request) => {
    const user = requireUser(request);
    return { userName: user.displayName, logoutUrl: user.logoutUrl, role: user.role };
  });
};
