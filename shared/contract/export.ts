import { Type, type Static } from 'typebox';
import { ACTIVE_DISPLAY_STATUSES, ACTIVE_SORTS } from '../rules/active-list-filters';
import { DISPLAY_STATUSES } from '../rules/statuses';
import { Uuid } from './common';

/**
 * GET /api/v2/ext/export/residences and /active: CSV for Danish Excel (docs/api.md
 * "Extensions"). Not part of the spec's API: announced in staticcontent's `extensions`.
 */

export const EXPORT_EXTENSION = 'export';

const Filter = Type.Optional(Type.String({ maxLength: 100 }));

/** A department's residences (or all the organization's), with the department list's filters. */
export const ResidencesExportQuery = Type.Object({
  organizationId: Uuid,
  departmentId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  streetName: Filter,
  streetNumber: Filter,
  floor: Filter,
  door: Filter,
  zipCode: Filter,
  status: Type.Optional(Type.Enum([...DISPLAY_STATUSES], { type: 'string' })),
});
export type ResidencesExportQuery = Static<typeof ResidencesExportQuery>;

/** The active list, with its filters and order as the screen's URL holds them. */
export const ActiveExportQuery = Type.Object({
  organizationId: Uuid,
  mine: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.Enum([...ACTIVE_DISPLAY_STATUSES], { type: 'string' })),
  department: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  sort: Type.Optional(Type.Enum([...ACTIVE_SORTS], { type: 'string' })),
});
export type ActiveExportQuery = Static<typeof ActiveExportQuery>;
