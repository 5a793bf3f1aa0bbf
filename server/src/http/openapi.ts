import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/**
 * The API described for machines (docs/api.md "OpenAPI"): an OpenAPI 3.1 document that
 * @fastify/swagger builds from the routes' own schemas, the TypeBox contract of
 * `shared/contract`, so it cannot drift from what the server checks. Served at
 * `/api/openapi.json` to anyone (it holds no data). Registered before any route: the plugin
 * collects the routes as they are added. Only the API: the app's files, the sign-on pages,
 * health and metrics are not part of it.
 */

export const OPENAPI_PATH = '/api/openapi.json';

/** The routes the document describes: the API's calls and the hub's negotiate and transports. */
const DESCRIBED = /^\/(api|messagehub)(\/|$)/;

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Boligtilgængelighed API',
        description:
          'The reference API of Boligtilgængelighed: the calls of the product spec and our own extensions, which the server announces in staticcontent (docs/api.md).',
        version: '2',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => ({
      schema: { ...schema, hide: schema?.hide || !DESCRIBED.test(url) || url === OPENAPI_PATH },
      url,
      route,
    }),
  });
}

/** GET /api/openapi.json, built once on the first request (the routes are all added by then). */
export function registerOpenApiRoute(app: FastifyInstance): void {
  let document: string | null = null;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });
}
