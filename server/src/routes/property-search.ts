import type { FastifyInstance } from 'fastify';
import type { PropertySearchResult } from '../../../src/api/dto';
import { compareNames, searchKey } from '../../../src/domain/location';
import { assertMember } from '../auth/guard';
import { haversineMetres } from '../domain/geo';
import {
  nearestResidences,
  searchKeyContains,
  streetsForPage,
  type StreetCount,
} from '../domain/residence-search';
import {
  compareResidences,
  RESIDENCE_COLUMNS,
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
 * The searches of docs/product.md 5 and 7: text search anywhere in a residence's location
 * text, and the residences nearest a point. Only the user's organizations (403 otherwise).
 */
export function registerPropertySearchRoutes(app: FastifyInstance, { db, guards }: RouteDeps): void {
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
      const matchesKey = searchKeyContains(key);
      // Hits per street first: a page needs only the streets it falls in (streetsForPage),
      // not every hit of a short query in a big organization.
      const streets: StreetCount[] = await db
        .selectFrom('residences as r')
        .select(['r.street_name as streetName', (eb) => eb.fn.countAll<number>().as('count')])
        .where('r.organization_id', '=', organizationId)
        .where(matchesKey)
        .groupBy('r.street_name')
        .execute();
      const offset = page * size;
      const { streetNames, skipped } = streetsForPage(streets, offset, size, compareNames);
      if (streetNames.length === 0) return [];
      const matches: ResidenceFields[] = await db
        .selectFrom('residences as r')
        .select(RESIDENCE_COLUMNS)
        .where('r.organization_id', '=', organizationId)
        .where('r.street_name', 'in', streetNames)
        .where(matchesKey)
        .execute();
      // Danish alphabetical order is applied here, not by the database's collation.
      matches.sort(compareResidences);
      const hits = matches.slice(offset - skipped, offset - skipped + size);
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
      const nearest = await nearestResidences(db, organizationId, latitude, longitude, NEARBY_LIMIT);
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
}
