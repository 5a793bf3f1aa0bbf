import {
  Type,
  type Static,
  type TBoolean,
  type TInteger,
  type TNumber,
  type TObject,
  type TString,
} from 'typebox';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from './limits';

/**
 * Building blocks of the contract's schemas (docs/api.md "The contract"). A schema is a TypeBox
 * value and plain JSON Schema at the same time: the server validates and serializes with it, and
 * its TypeScript type comes from `Static<>`.
 */

/** Ids are UUIDs (docs/api.md "Conventions"), so never longer than 36 characters. */
export const Uuid = Type.String({ format: 'uuid', maxLength: 36 });

/** The same rule outside a schema (a token's ids, a claim's values, a setting). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * A value or null, as JSON Schema's type list (`{ "type": ["string", "null"] }`), not as
 * `Type.Union([schema, Type.Null()])`: that is an `anyOf`, which fast-json-stringify serializes
 * by running a validator on each branch in turn (slower, and a value written as text by a type
 * list, e.g. a Date where a string belongs, matches no branch and fails the answer).
 */
export const Nullable = <T extends TString | TNumber | TInteger | TBoolean | TObject>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

/**
 * Stored statuses plus notStarted (no assessment); calculated is derived (draft + isCalculated).
 * `type: 'string'` beside the enum lets fast-json-stringify write it as a string directly.
 */
export const AssessmentStatus = Type.Enum(
  ['notStarted', 'draft', 'ready', 'approved', 'rejected', 'cancelled'],
  { type: 'string' },
);
export type AssessmentStatus = Static<typeof AssessmentStatus>;

/**
 * The optional Idempotency-Key header of syncanswer and the job calls (docs/api.md): 1 to 200
 * visible ASCII characters.
 */
export const IdempotencyKey = Type.String({
  minLength: 1,
  maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
  pattern: '^[\\x21-\\x7e]+$',
});
export const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(IdempotencyKey) });
export type IdempotencyHeaders = Static<typeof IdempotencyHeaders>;
