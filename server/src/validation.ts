import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Two validators: query strings and params are text on the wire and are coerced to the
 * schema's types; JSON bodies are not, so a number where a string belongs is a 400
 * (malformed input is refused, never guessed at).
 */
function ajv(options: Options): Ajv {
  const instance = new Ajv({ allErrors: false, removeAdditional: true, useDefaults: true, ...options });
  addFormats.default(instance);
  return instance;
}

const lenient = ajv({ coerceTypes: 'array' });
const strict = ajv({ coerceTypes: false });

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strict : lenient).compile(schema as object);
