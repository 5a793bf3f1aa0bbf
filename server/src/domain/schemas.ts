import { AssessmentStatus, Uuid } from '../../../shared/contract/common';
import { PropertyRow } from '../../../shared/contract/properties';

/**
 * JSON schemas of the endpoints not yet in the contract (shared/contract, docs/api.md "The
 * contract"): their query strings, bodies and responses (docs/architecture.md 4). Query strings
 * are coerced (server/src/validation.ts); a missing, malformed or oversized parameter is a 400
 * before any handler runs. The contract's schemas that these endpoints still use (copytargets'
 * rows are property rows) are re-exported here under their old names, until they move too.
 */

export { Uuid as uuid, AssessmentStatus as assessmentStatus, PropertyRow as propertyRow };

/** The path of a job's routes: `/api/v2/jobs/{jobId}…`. */
export const jobIdParams = { type: 'object', required: ['jobId'], properties: { jobId: Uuid } } as const;

/** The same rule outside a schema (a token's ids, a claim's values, a setting). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

const nullableString = { type: ['string', 'null'] } as const;

export const assessmentIds = {
  type: 'object',
  required: ['assessments'],
  properties: { assessments: { type: 'array', items: { type: 'string' } } },
} as const;

export const assessmentListEntry = {
  type: 'object',
  required: [
    'assessmentId',
    'propertyId',
    'departmentId',
    'assessmentStatus',
    'isCalculated',
    'converted',
    'location',
    'validFrom',
    'futureApprovedDate',
    'createdAt',
    'progress',
  ],
  properties: {
    assessmentId: { type: 'string' },
    propertyId: { type: 'string' },
    departmentId: { type: 'string' },
    assessmentStatus: AssessmentStatus,
    isCalculated: { type: 'boolean' },
    converted: { type: 'boolean' },
    location: { type: 'string' },
    validFrom: nullableString,
    futureApprovedDate: { type: 'string' },
    createdAt: { type: 'string' },
    progress: { type: 'number', minimum: 0, maximum: 1 },
  },
} as const;

export const handicapScore = {
  type: 'object',
  required: ['handicapTypeId', 'scoreText'],
  properties: { handicapTypeId: { type: 'string' }, scoreText: { type: 'string' } },
} as const;

/** `{ "message": "ok" }` */
export const message = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

export const arrayOf = <T extends object>(items: T) => ({ type: 'array', items }) as const;
