import { Type, type Static } from 'typebox';
import { HANDICAP_TYPES } from '../rules/handicaps';
import { DISPLAY_STATUSES } from '../rules/statuses';
import { Uuid } from './common';

/**
 * GET /api/v2/ext/overview: where each department of an organization stands (docs/api.md
 * "Extensions"). Not part of the spec's API: a server announces it in staticcontent's
 * `extensions`, and the app shows the overview only then.
 */

/** The name staticcontent's `extensions` lists when the server answers the overview. */
export const OVERVIEW_EXTENSION = 'overview';

export const OverviewQuery = Type.Object({ organizationId: Uuid });
export type OverviewQuery = Static<typeof OverviewQuery>;

const Count = Type.Integer({ minimum: 0 });

/** Residences per display status of the assessment each shows (the duplicate rule's winner). */
export const StatusCounts = Type.Object(
  Object.fromEntries(DISPLAY_STATUSES.map((status) => [status, Count])) as Record<
    (typeof DISPLAY_STATUSES)[number],
    typeof Count
  >,
);
export type StatusCounts = Static<typeof StatusCounts>;

/** How many approvals take effect on one later day (YYYY-MM-DD in Copenhagen). */
export const LaterApprovals = Type.Object({
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  count: Count,
});
export type LaterApprovals = Static<typeof LaterApprovals>;

/** Of the residences whose approval is in effect: how one handicap group fares. */
export const GroupSuitability = Type.Object({
  handicapTypeId: Type.Enum([...HANDICAP_TYPES], { type: 'string' }),
  suitable: Count,
  partly: Count,
  /** Not suitable, left out at screening included ("Ikke egnet (screening)"). */
  unsuitable: Count,
  /** Nothing scored for the group. */
  notAssessed: Count,
});
export type GroupSuitability = Static<typeof GroupSuitability>;

export const DepartmentOverview = Type.Object({
  departmentId: Uuid,
  departmentName: Type.String(),
  residences: Count,
  statuses: StatusCounts,
  /** The approvals that take effect later, by day, earliest first. */
  laterApprovals: Type.Array(LaterApprovals),
  /** Approved residences (in effect or from a later day) as a share of all, 0 to 1. */
  assessedShare: Type.Number({ minimum: 0, maximum: 1 }),
  /** One entry per handicap type, in HANDICAP_TYPES order. */
  suitability: Type.Array(GroupSuitability),
});
export type DepartmentOverview = Static<typeof DepartmentOverview>;

export const OrganizationOverview = Type.Object({
  organizationId: Uuid,
  /** The departments by name, as availabledepartments lists them. */
  departments: Type.Array(DepartmentOverview),
});
export type OrganizationOverview = Static<typeof OrganizationOverview>;

/** Every status at 0: where a count of residences by status starts (server and app). */
export const noStatusCounts = (): StatusCounts =>
  Object.fromEntries(DISPLAY_STATUSES.map((status) => [status, 0])) as StatusCounts;

/** Every handicap group at 0, in HANDICAP_TYPES order, by type: where a suitability count starts. */
export const noSuitability = (): Map<string, GroupSuitability> =>
  new Map(
    HANDICAP_TYPES.map((type) => [
      type,
      { handicapTypeId: type, suitable: 0, partly: 0, unsuitable: 0, notAssessed: 0 },
    ]),
  );
