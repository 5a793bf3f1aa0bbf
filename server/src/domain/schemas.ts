/**
 * JSON schemas of the property and assessment endpoints: every query string, body and
 * response (docs/architecture.md 4). Query strings are coerced (server/src/validation.ts); a missing,
 * malformed or oversized parameter is a 400 before any handler runs.
 */

export const uuid = { type: 'string', format: 'uuid', maxLength: 36 } as const;

/** The path of a job's routes: `/api/v2/jobs/{jobId}…`. */
export const jobIdParams = { type: 'object', required: ['jobId'], properties: { jobId: uuid } } as const;

/** The same rule outside a schema (a token's ids, a claim's values, a setting). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Stored statuses plus notStarted (dto.ts AssessmentStatus). */
export const assessmentStatus = {
  type: 'string',
  enum: ['notStarted', 'draft', 'ready', 'approved', 'rejected', 'cancelled'],
} as const;

const nullableString = { type: ['string', 'null'] } as const;

export const department = {
  type: 'object',
  required: ['departmentId', 'departmentName', 'propertiesCount'],
  properties: {
    departmentId: { type: 'string' },
    departmentName: { type: 'string' },
    propertiesCount: { type: 'integer' },
  },
} as const;

const addressProperties = {
  residenceId: { type: 'string' },
  streetName: { type: 'string' },
  streetNumber: { type: 'string' },
  floorNumber: nullableString,
  doorCode: nullableString,
  zipCode: { type: 'string' },
} as const;

export const propertySearchResult = {
  type: 'object',
  required: [
    'residenceId',
    'streetName',
    'streetNumber',
    'floorNumber',
    'doorCode',
    'zipCode',
    'assessmentStatus',
    'isCalculated',
    'futureApprovedDate',
    'location',
  ],
  properties: {
    ...addressProperties,
    assessmentStatus,
    isCalculated: { type: 'boolean' },
    futureApprovedDate: { type: 'string' },
    location: { type: 'string' },
    distance: { type: 'integer' },
  },
} as const;

export const propertyRow = {
  type: 'object',
  required: [
    'residenceId',
    'streetName',
    'streetNumber',
    'floorNumber',
    'doorCode',
    'zipCode',
    'departmentId',
    'assessmentId',
    'assessmentStatus',
    'isCalculated',
    'isConverted',
    'futureApprovedDate',
    'location',
    'createdAt',
  ],
  properties: {
    ...addressProperties,
    departmentId: { type: 'string' },
    assessmentId: nullableString,
    assessmentStatus,
    isCalculated: { type: 'boolean' },
    isConverted: { type: 'boolean' },
    futureApprovedDate: { type: 'string' },
    location: { type: 'string' },
    createdAt: nullableString,
  },
} as const;

export const propertyDetail = {
  type: 'object',
  required: ['id', 'beliggenhed', 'departmentId', 'departmentName', 'isConverted', 'vurderinger'],
  properties: {
    id: { type: 'string' },
    beliggenhed: { type: 'string' },
    departmentId: { type: 'string' },
    departmentName: { type: 'string' },
    isConverted: { type: 'boolean' },
    vurderinger: {
      type: 'array',
      items: {
        type: 'object',
        required: ['vurderingId', 'boligId', 'vurderingsStatus', 'konverteret'],
        properties: {
          vurderingId: { type: 'string' },
          boligId: { type: 'string' },
          vurderingsStatus: { type: 'string' },
          konverteret: { type: 'boolean' },
        },
      },
    },
  },
} as const;

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
    assessmentStatus,
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
