import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

type ValidationResult = ReturnType<FastifySchemaCompiler<unknown>>;
type DataContext = Parameters<ValidateFunction>[1];

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

/** Text a part of a request may not hold, and how its 400 says so. */
interface TextRule {
  refuses(text: string): boolean;
  message: string;
}

/** Ids, search text and return paths in a query string or a path never hold a control character. */
const NO_CONTROL_CHARACTERS: TextRule = {
  refuses: (text) => {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x20 || code === 0x7f) return true;
    }
    return false;
  },
  message: 'must not contain control characters',
};

/** A body's free text (a comment) may hold line breaks and tabs, but never NUL: PostgreSQL text cannot. */
const NO_NUL: TextRule = { refuses: (text) => text.includes('\u0000'), message: 'must not contain NUL' };

/**
 * What no schema says and every request must keep, checked after the schema: no text the
 * database cannot store or that no client sends (a control character in a query string or a
 * path, NUL anywhere), and only finite numbers (Ajv coerces "1e400" to Infinity and then skips
 * `minimum` and `maximum`). Either would otherwise reach a query and fail there as a 500.
 * Iterative: a body may be nested deeper than the call stack.
 */
function refusal(root: unknown, rule: TextRule): ErrorObject | null {
  const refused = (instancePath: string, message: string): ErrorObject => ({
    keyword: 'refused',
    instancePath,
    schemaPath: '#',
    params: {},
    message,
  });
  const pending: [unknown, string][] = [[root, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (rule.refuses(value)) return refused(path, rule.message);
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return refused(path, 'must be a finite number');
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) pending.push([item, `${path}/${key}`]);
    }
  }
  return null;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const validate = (httpPart === 'body' ? strict : lenient).compile(schema as object);
  // Headers are left alone: the one the API reads (Idempotency-Key) has a pattern of its own.
  if (httpPart === 'headers') return validate as ValidationResult;
  const rule = httpPart === 'body' ? NO_NUL : NO_CONTROL_CHARACTERS;
  const checked = (data: unknown, context?: DataContext): boolean => {
    if (!validate(data, context)) {
      checked.errors = validate.errors as ErrorObject[];
      return false;
    }
    // Ajv replaces a coerced root value in its parent (the request), not in `data`.
    const value = context?.parentData
      ? (context.parentData as Record<string | number, unknown>)[context.parentDataProperty]
      : data;
    const error = refusal(value, rule);
    checked.errors = error ? [error] : null;
    return error === null;
  };
  checked.errors = null as ErrorObject[] | null;
  // Fastify hands Ajv's validators their parent (for coercing a root value) by this property.
  return Object.assign(checked, { schemaEnv: validate.schemaEnv }) as ValidationResult;
};
