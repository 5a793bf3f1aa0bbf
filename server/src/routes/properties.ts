import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { compareNames, searchKey } from '../../../src/domain/location';
import { toLegacyStatus } from '../../../src/domain/statuses';
import { assertMember } from '../auth/guard';
import { findDepartment, findResidence } from '../domain/access';
import type { Department, PropertyDetail, PropertyRow, PropertySearchResult } from '../../../src/api/dto';
import { haversineMetres } from '../domain/geo';
import {
  compareResidences,
  departmentPropertyRows,
  distanceSql,
  RESIDENCE_COLUMNS,
  residenceLocation,
  residenceSearchKeySql,
  toSearchResult,
  winningAssessments,
  type ResidenceFields,
} from '../domain/residences';
import * as schemas from '../domain/schemas';
import { badRequest } from '../errors';
import type { RouteDeps } from './deps';

/** docs/product.md 9: the search box asks for 15; a page never holds more than 1000. */
export const SEARCH_DEFAULT_SIZE = 15;
export const SEARCH_MAX_SIZE = 1000;
/** docs/product.md 5 and 9: search runs with more than 2 characters. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 200;
/** searchbycoordinates answers the nearest this many. */
export const NEARBY_LIMIT = 50;

/**
 * The property calls of docs/product.md 7: departments, a department's property list, text
 * search, nearby search and the property detail (v2, and v1 with legacy status names).
 * Every id must belong to one of the user's organizations (403 otherwise, 404 when unknown).
 */
export function registerPropertyRoutes(app: FastifyInstance, { db, guards }: RouteDeps): void {
  app.get<{ Querystring: { organizationId: string } }>(
    '/api/v2/properties/availabledepartments',
    {
      preHandler: guards.authenticate,
      schema: {
        querystring: {
          type: 'object',
          required: ['organizationId'],
          properties: { organizationId: schemas.uuid },
        },
        response: { 200: schemas.arrayOf(schemas.department) },
      },
    },
    async (request): Promise<Department[]> => {
      // uuids compare in lower case (the database answers them so).
      const organizationId = request.query.organizationId.toLowerCase();
      assertMember(request.user!, organizationId);
      const rows = await db
        .selectFrom('departments as d')
        .leftJoin('residences as r', 'r.department_id', 'd.id')
        .select(['d.id', 'd.name', (eb) => eb.fn.count<number>('r.id').as('count')])
        .where('d.organization_id', '=', organizationId)
        .groupBy(['d.id', 'd.name'])
        .execute();
      return rows
        .map((d) => ({ departmentId: d.id, departmentName: d.name, propertiesCount: Number(d.count) }))
        .sort((a, b) => compareNames(a.departmentName, b.departmentName));
    },
  );

  app.get<{ Querystring: { locationId?: string } }>(
    '/api/v2/properties/propertiesbydepartment',
    {
      preHandler: guards.authenticate,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            // docs/product.md 5: no location id gives an empty list; anything else must be a department id.
            locationId: { anyOf: [{ type: 'string', maxLength: 0 }, schemas.uuid] },
          },
        },
        response: { 200: schemas.arrayOf(schemas.propertyRow) },
      },
    },
    async (request): Promise<PropertyRow[]> => {
      const { locationId } = request.query;
      if (!locationId) return [];
      const department = await findDepartment(db, request.user!, locationId);
      return departmentPropertyRows(db, department.id);
    },
  );

  app.get<{ Querystring: { query: string; size: number; page: number; organizationId: string } }>(
    '/api/v2/properties/search',
    {
      preHandler: guards.authenticate,
      schema: {
        querystring: {
          type: 'object',
          required: ['query', 'organizationId'],
          properties: {
            query: { type: 'string', minLength: SEARCH_MIN_LENGTH, maxLength: SEARCH_MAX_LENGTH },
            size: { type: 'integer', minimum: 1, maximum: SEARCH_MAX_SIZE, default: SEARCH_DEFAULT_SIZE },
            page: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
            organizationId: schemas.uuid,
          },
        },
        response: { 200: schemas.arrayOf(schemas.propertySearchResult) },
      },
    },
    async (request): Promise<PropertySearchResult[]> => {
      const { query, size, page } = request.query;
      const organizationId = request.query.organizationId.toLowerCase();
      if (query.trim().length < SEARCH_MIN_LENGTH) {
        throw badRequest(`query must have at least ${SEARCH_MIN_LENGTH} characters`);
      }
      assertMember(request.user!, organizationId);
      const key = searchKey(query);
      if (key === '') return [];
      // The query is found anywhere in the residence's full location text (town included);
      // this covers "street name + number" prefixes: "skovvej 1" finds Skovvej 1, 10, 12A...
      const matches: ResidenceFields[] = await db
        .selectFrom('residences as r')
        .select(RESIDENCE_COLUMNS)
        .where('r.organization_id', '=', organizationId)
        .where(sql<boolean>`strpos(${residenceSearchKeySql}, ${key}) > 0`)
        .execute();
      // Danish alphabetical order is applied here, not by the database's collation.
      matches.sort(compareResidences);
      const hits = matches.slice(page * size, page * size + size);
      const winners = await winningAssessments(
        db,
        hits.map((r) => r.residenceId),
        new Date(),
      );
      return hits.map((r) => toSearchResult(r, winners.get(r.residenceId)));
    },
  );

  app.get<{ Querystring: { latitude: number; longitude: number; organizationId: string } }>(
    '/api/v2/properties/searchbycoordinates',
    {
      preHandler: guards.authenticate,
      schema: {
        querystring: {
          type: 'object',
          required: ['latitude', 'longitude', 'organizationId'],
          properties: {
            latitude: { type: 'number', minimum: -90, maximum: 90 },
            longitude: { type: 'number', minimum: -180, maximum: 180 },
            organizationId: schemas.uuid,
          },
        },
        response: { 200: schemas.arrayOf(schemas.propertySearchResult) },
      },
    },
    async (request): Promise<PropertySearchResult[]> => {
      const { latitude, longitude } = request.query;
      const organizationId = request.query.organizationId.toLowerCase();
      assertMember(request.user!, organizationId);
      const nearest = await db
        .selectFrom('residences as r')
        .select([...RESIDENCE_COLUMNS, 'r.latitude', 'r.longitude'])
        .where('r.organization_id', '=', organizationId)
        .orderBy(distanceSql(latitude, longitude))
        .orderBy('r.id')
        .limit(NEARBY_LIMIT)
        .execute();
      const withDistance = nearest.map((r) => ({
        residence: r,
        distance: Math.round(haversineMetres(latitude, longitude, r.latitude, r.longitude)),
      }));
      // Nearest first; residences of one building (same distance) in address order.
      withDistance.sort((a, b) => a.distance - b.distance || compareResidences(a.residence, b.residence));
      const winners = await winningAssessments(
        db,
        nearest.map((r) => r.residenceId),
        new Date(),
      );
      return withDistance.map(({ residence, distance }) => ({
        ...toSearchResult(residence, winners.get(residence.residenceId)),
        distance,
      }));
    },
  );

  const getProperty =
    (legacy: boolean) =>
    async (request: FastifyRequest<{ Querystring: { propertyId: string } }>): Promise<PropertyDetail> => {
      const residence = await findResidence(db, request.user!, request.query.propertyId);
      const assessments = await db
        .selectFrom('assessments')
        .select(['id', 'status', 'converted'])
        .where('residence_id', '=', residence.id)
        .where('status', '!=', 'cancelled')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return {
        id: residence.id,
        beliggenhed: residenceLocation({
          streetName: residence.street_name,
          streetNumber: residence.street_number,
          floorNumber: residence.floor_number,
          doorCode: residence.door_code,
          zipCode: residence.zip_code,
        }),
        departmentId: residence.department_id,
        departmentName: residence.department_name,
        isConverted: residence.is_converted,
        vurderinger: assessments.map((a) => ({
          vurderingId: a.id,
          boligId: residence.id,
          vurderingsStatus: legacy ? toLegacyStatus(a.status) : a.status,
          konverteret: a.converted,
        })),
      };
    };
  for (const version of ['v1', 'v2'] as const) {
    app.get<{ Querystring: { propertyId: string } }>(
      `/api/${version}/properties/getproperty`,
      {
        preHandler: guards.authenticate,
        schema: {
          querystring: {
            type: 'object',
            required: ['propertyId'],
            properties: { propertyId: schemas.uuid },
          },
          response: { 200: schemas.propertyDetail },
        },
      },
      getProperty(version === 'v1'),
    );
  }
}
