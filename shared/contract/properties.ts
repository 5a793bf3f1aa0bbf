import { Type, type Static } from 'typebox';
import { AssessmentStatus, Nullable, Uuid } from './common';
import {
  MAX_LATITUDE,
  MAX_LONGITUDE,
  SEARCH_DEFAULT_SIZE,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_PAGE,
  SEARCH_MAX_SIZE,
  SEARCH_MIN_LENGTH,
} from './limits';

/**
 * The property calls (docs/api.md "Properties"): each query string and answer as a TypeBox
 * schema, its type by `Static<>`. The server validates the query strings (coerced: they are
 * text on the wire) and serializes the answers with these; the app reads the types through
 * dto.ts. A field added here goes on the wire: the answer holds exactly the fields listed.
 */

// ---- Query strings ----------------------------------------------------------------------

/** GET /api/v2/properties/availabledepartments */
export const DepartmentsQuery = Type.Object({ organizationId: Uuid });
export type DepartmentsQuery = Static<typeof DepartmentsQuery>;

/** GET /api/v2/properties/propertiesbydepartment */
export const PropertiesByDepartmentQuery = Type.Object({
  // docs/product.md 5: no location id gives an empty list; anything else must be a department id.
  locationId: Type.Optional(Type.Union([Type.String({ maxLength: 0 }), Uuid])),
});
export type PropertiesByDepartmentQuery = Static<typeof PropertiesByDepartmentQuery>;

/**
 * GET /api/v2/properties/search. `size` and `page` are optional on the wire; the server's
 * validator fills in their defaults.
 */
export const PropertySearchQuery = Type.Object({
  query: Type.String({ minLength: SEARCH_MIN_LENGTH, maxLength: SEARCH_MAX_LENGTH }),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: SEARCH_MAX_SIZE, default: SEARCH_DEFAULT_SIZE })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: SEARCH_MAX_PAGE, default: 0 })),
  organizationId: Uuid,
});
export type PropertySearchQuery = Static<typeof PropertySearchQuery>;

/** GET /api/v2/properties/searchbycoordinates */
export const CoordinateSearchQuery = Type.Object({
  latitude: Type.Number({ minimum: -MAX_LATITUDE, maximum: MAX_LATITUDE }),
  longitude: Type.Number({ minimum: -MAX_LONGITUDE, maximum: MAX_LONGITUDE }),
  organizationId: Uuid,
});
export type CoordinateSearchQuery = Static<typeof CoordinateSearchQuery>;

/** GET /api/v2/properties/getproperty and GET /api/v1/properties/getproperty */
export const GetPropertyQuery = Type.Object({ propertyId: Uuid });
export type GetPropertyQuery = Static<typeof GetPropertyQuery>;

// ---- Answers ----------------------------------------------------------------------------

/** availabledepartments: one of the organization's departments. */
export const Department = Type.Object({
  departmentId: Type.String(),
  departmentName: Type.String(),
  propertiesCount: Type.Integer(),
});
export type Department = Static<typeof Department>;

/** The address fields of a residence, as the list rows and the search hits carry them. */
const addressProperties = {
  residenceId: Type.String(),
  streetName: Type.String(),
  streetNumber: Type.String(),
  floorNumber: Nullable(Type.String()),
  doorCode: Nullable(Type.String()),
  zipCode: Type.String(),
};

/** search and searchbycoordinates: one residence found. */
export const PropertySearchResult = Type.Object({
  ...addressProperties,
  /** The status of the residence's winning assessment (duplicate rule, docs/product.md 4); notStarted without one. */
  assessmentStatus: AssessmentStatus,
  isCalculated: Type.Boolean(),
  /** ISO date; NO_DATE when there is none. */
  futureApprovedDate: Type.String(),
  location: Type.String(),
  /** searchbycoordinates only: whole metres from the given point. */
  distance: Type.Optional(Type.Integer()),
});
export type PropertySearchResult = Static<typeof PropertySearchResult>;

/** propertiesbydepartment: one row per assessment, or per residence without one. */
export const PropertyRow = Type.Object({
  ...addressProperties,
  departmentId: Type.String(),
  /** null when the residence has no (non-cancelled) assessment. */
  assessmentId: Nullable(Type.String()),
  assessmentStatus: AssessmentStatus,
  isCalculated: Type.Boolean(),
  isConverted: Type.Boolean(),
  futureApprovedDate: Type.String(),
  location: Type.String(),
  /** ISO timestamp of the assessment's creation; null without one (newest wins among equals). */
  createdAt: Nullable(Type.String()),
});
export type PropertyRow = Static<typeof PropertyRow>;

/** One assessment of a residence in getproperty (Danish field names, as the spec gives them). */
export const PropertyAssessmentRef = Type.Object({
  vurderingId: Type.String(),
  boligId: Type.String(),
  /** v2: the AssessmentStatus values; v1 writes draft and ready as the legacy "kladde" and "klar". */
  vurderingsStatus: Type.String(),
  konverteret: Type.Boolean(),
});
export type PropertyAssessmentRef = Static<typeof PropertyAssessmentRef>;

/** getproperty: one residence with its non-cancelled assessments, newest first. */
export const PropertyDetail = Type.Object({
  id: Type.String(),
  beliggenhed: Type.String(),
  departmentId: Type.String(),
  departmentName: Type.String(),
  isConverted: Type.Boolean(),
  vurderinger: Type.Array(PropertyAssessmentRef),
});
export type PropertyDetail = Static<typeof PropertyDetail>;
