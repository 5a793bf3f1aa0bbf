import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CoordinateSearchQuery,
  PropertySearchQuery,
  PropertySearchResult,
} from '../../../shared/contract/properties';
import { SEARCH_DEFAULT_SIZE, SEARCH_MIN_LENGTH } from '../../../shared/contract/limits';
import { searchKey } from '../../../shared/rules/location';
import { formatTotalHeader, TOTAL_COUNT_HEADER, type SearchTotal } from '../../../shared/rules/search-total';
import { assertMember, requireUser } from '../auth/guard';
import { nearestResidences, refreshAddressOrder, searchPage } from '../domain/residence-search';
import { rememberedCount } from '../domain/search-counts';
import {
  createFirstAsks,
  createSearchPageVersions,
  pageExpiry,
  SEARCH_PAGE_CACHE_BYTES,
  searchPageKey,
} from '../domain/search-page-cache';
import { compareResidences, toSearchResult, winnerOf } from '../domain/residences';
import { badRequest } from '../errors';
import { createJsonListCache, sendVersionedAnswer } from '../http/versioned-body-cache';
import type { RouteDeps } from './deps';

/**
 * docs/api.md: the hits of a search are counted up to this many, more is "more than 10,000".
 * Counting stops there, so a common word costs the same in any organization (a few
 * milliseconds at national scale, docs/performance.md "National scale").
 */
export const SEARCH_COUNT_LIMIT = 10_000;
/** searchbycoordinates answers the nearest this many. */
export const NEARBY_LIMIT = 50;

/**
 * A coordinate to nine decimals of a degree (a tenth of a millimetre): finer adds nothing, and
 * a subnormal one (5e-324) would underflow PostgreSQL's radians() and fail as a 500.
 */
const toNineDecimals = (degrees: number) => Math.round(degrees * 1e9) / 1e9;

/**
 * The total that a page of hits tells by itself: a page with hits that is not full is the last,
 * and the first page empty means none. Otherwise (a full page, or one past the end) the hits
 * are counted; null.
 */
export function totalOfPage(page: number, size: number, found: number): SearchTotal | null {
  if (found > 0 && found < size) return { count: page * size + found, exact: true };
  if (found === 0 && page === 0) return { count: 0, exact: true };
  return null;
}

/** A count of at most SEARCH_COUNT_LIMIT + 1 hits: one past the limit means more than it. */
const countedTotal = (counted: number): SearchTotal =>
  counted > SEARCH_COUNT_LIMIT
    ? { count: SEARCH_COUNT_LIMIT, exact: false }
    : { count: counted, exact: true };

/**
 * The searches of docs/product.md 5 and 7: text search anywhere in a residence's location
 * text, and the residences nearest a point. Only the user's organizations (403 otherwise).
 */
export const propertySearchRoutes: FastifyPluginAsyncTypebox<Pick<RouteDeps, 'db'>> = async (app, { db }) => {
  const searchPages = createJsonListCache(SEARCH_PAGE_CACHE_BYTES);
  const pageVersions = createSearchPageVersions(db);
  const firstAsk = createFirstAsks();
  app.get(
    '/api/v2/properties/search',
    {
      // A kept page carries its own Content-Encoding, which the compression plugin leaves alone.
      schema: { querystring: PropertySearchQuery, response: { 200: Type.Array(PropertySearchResult) } },
    },
    async (request, reply) => {
      // The validator has filled in the defaults; the schema's type cannot say so.
      const { query, size = SEARCH_DEFAULT_SIZE, page = 0 } = request.query;
      const organizationId = request.query.organizationId.toLowerCase();
      if (query.trim().length < SEARCH_MIN_LENGTH) {
        throw badRequest(`query must have at least ${SEARCH_MIN_LENGTH} characters`);
      }
      assertMember(requireUser(request), organizationId);
      const key = searchKey(query);
      if (key === '') {
        reply.header(TOTAL_COUNT_HEADER, formatTotalHeader({ count: 0, exact: true }));
        return [];
      }
      // The query is found anywhere in the residence's full location text (town included);
      // this covers "street name + number" prefixes: "skovvej 1" finds Skovvej 1, 10, 12A...
      // An organization whose residences changed since they were numbered is numbered first
      // (the page says so), and the page asked again. Each hit comes with its assessments (one
      // statement): the winner is picked here.
      const build = async () => {
        let found = await searchPage(db, organizationId, key, page, size);
        if (found.stale) {
          await refreshAddressOrder(db, [organizationId]);
          found = await searchPage(db, organizationId, key, page, size);
        }
        const { hits, keysVersion } = found;
        const total =
          totalOfPage(page, size, hits.length) ??
          countedTotal(await rememberedCount(db, organizationId, key, SEARCH_COUNT_LIMIT + 1, keysVersion));
        const now = new Date();
        return {
          value: hits.map((r) => toSearchResult(r, winnerOf(r.assessments, now))),
          headers: { [TOTAL_COUNT_HEADER]: formatTotalHeader(total) },
          expiresAt: pageExpiry(hits, now),
        };
      };
      // A page asked for again is kept per version of what it shows (domain/search-page-cache.ts),
      // read before it is built: a write after the read moves the version, and the next request
      // builds again. A first ask is answered as it is, compressed by the plugin.
      const pageKey = searchPageKey(organizationId, page, size, key);
      if (firstAsk(pageKey)) {
        const { value, headers } = await build();
        reply.headers(headers);
        return value;
      }
      const version = (await pageVersions(organizationId)) ?? 'none';
      return sendVersionedAnswer(request, reply, searchPages, pageKey, version, build);
    },
  );

  app.get(
    '/api/v2/properties/searchbycoordinates',
    {
      schema: { querystring: CoordinateSearchQuery, response: { 200: Type.Array(PropertySearchResult) } },
    },
    async (request) => {
      const latitude = toNineDecimals(request.query.latitude);
      const longitude = toNineDecimals(request.query.longitude);
      const organizationId = request.query.organizationId.toLowerCase();
      assertMember(requireUser(request), organizationId);
      const nearest = await nearestResidences(db, organizationId, latitude, longitude, NEARBY_LIMIT);
      // Whole metres of the database's haversine (geo.ts in SQL), rounded as ever.
      const withDistance = nearest.map((r) => ({ residence: r, distance: Math.round(r.metres) }));
      // Nearest first; residences of one building (same distance) in address order.
      withDistance.sort((a, b) => a.distance - b.distance || compareResidences(a.residence, b.residence));
      const now = new Date();
      return withDistance.map(({ residence, distance }) => ({
        ...toSearchResult(residence, winnerOf(residence.assessments, now)),
        distance,
      }));
    },
  );
};
