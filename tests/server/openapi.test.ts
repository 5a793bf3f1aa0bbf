import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';

/**
 * The OpenAPI document (docs/api.md "OpenAPI"): valid OpenAPI 3.1 by the specification's own
 * schema, and the same calls as docs/api.md, each with its method and path, both ways: a route
 * added without its documentation, or documentation of a route that is gone, fails here.
 */

const METHODS = ['GET', 'POST', 'DELETE', 'PUT', 'PATCH'] as const;

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Partial<Record<Lowercase<(typeof METHODS)[number]>, unknown>>>;
}

/**
 * Every `METHOD /path` of docs/api.md's headings and its table of calls, as "GET /api/v2/x":
 * a path takes the methods written before it since the previous path (`GET` and `DELETE
 * /api/v2/photos/{photoId}`, `GET/POST/DELETE /messagehub?id=`). Query strings are dropped;
 * shortened paths (`/api/v1/…/getproperty`) name a heading's path and are skipped.
 */
function documentedCalls(markdown: string): Set<string> {
  const calls = new Set<string>();
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('###') && !line.startsWith('|')) continue;
    let methods: string[] = [];
    for (const token of line.matchAll(/\b(GET|POST|DELETE|PUT|PATCH)\b|(\/(?:api|messagehub)[^\s`?,)|]*)/g)) {
      if (token[1]) {
        methods.push(token[1]);
        continue;
      }
      const route = token[2]!;
      if (!route.includes('…')) for (const method of methods) calls.add(`${method} ${route}`);
      methods = [];
    }
  }
  return calls;
}

function describedCalls(document: OpenApiDocument): Set<string> {
  const calls = new Set<string>();
  for (const [route, operations] of Object.entries(document.paths)) {
    for (const method of METHODS)
      if (operations[method.toLowerCase() as Lowercase<typeof method>]) calls.add(`${method} ${route}`);
  }
  return calls;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await startTestApp(null);
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json<OpenApiDocument>();
  });
  afterAll(() => t?.close());

  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes the calls of docs/api.md, and no other', () => {
    const documented = documentedCalls(
      readFileSync(path.resolve(import.meta.dirname, '../../docs/api.md'), 'utf8'),
    );
    // The parser finds what it should (a guard against a reading that finds nothing).
    expect(documented).toContain('POST /api/v2/sync/syncanswer');
    expect(documented).toContain('DELETE /api/v2/photos/{photoId}');
    expect(documented).toContain('DELETE /messagehub');
    const described = describedCalls(document);
    expect(
      [...documented].filter((call) => !described.has(call)).sort(),
      'in docs/api.md, not in the document',
    ).toEqual([]);
    expect(
      [...described].filter((call) => !documented.has(call)).sort(),
      'in the document, not in docs/api.md',
    ).toEqual([]);
  });

  it('carries the contract: syncanswer takes its body schema and the bearer token', () => {
    const syncAnswer = document.paths['/api/v2/sync/syncanswer']?.post as {
      requestBody?: { content?: Record<string, { schema?: { required?: string[] } }> };
    };
    const schema = syncAnswer.requestBody?.content?.['application/json']?.schema;
    expect(schema?.required).toEqual(expect.arrayContaining(['assessmentId', 'questionUniqueId']));
  });
});
