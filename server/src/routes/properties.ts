import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Department,
  DepartmentsQuery,
  GetPropertyQuery,
  PropertiesByDepartmentQuery,
  PropertyDetail,
  PropertyRow,
} from '../../../shared/contract/properties';
import { compareNames } from '../../../shared/rules/location';
import { toLegacyStatus } from '../../../shared/rules/statuses';
import { assertMember, requireUser, type AuthUser } from '../auth/guard';
import { findResidence } from '../domain/access';
import { DEPARTMENT_LIST_CACHE_BYTES, departmentListVersion } from '../domain/department-list-cache';
import { departmentPropertyRows, residenceLocation } from '../domain/residences';
import { createJsonListCache, sendVersionedJson } from '../http/versioned-body-cache';
import type { RouteDeps } from './deps';

/**
 * The property calls of docs/product.md 7: departments, a department's property list and the
 * property detail (v2, and v1 with legacy status names); the searches are in property-search.ts.
 * Every id must belong to one of the user's organizations (403 otherwise, 404 when unknown).
 */
export const propertyRoutes: FastifyPluginAsyncTypebox<Pick<RouteDeps, 'db'>> = async (app, { db }) => {
  app.get(
    '/api/v2/properties/availabledepartments',
    {
      schema: { querystring: DepartmentsQuery, response: { 200: Type.Array(Department) } },
    },
    async (request) => {
      // uuids compare in lower case (the database answers them so).
      const organizationId = request.query.organizationId.toLowerCase();
      assertMember(requireUser(request), organizationId);
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

  const departmentLists = createJsonListCache(DEPARTMENT_LIST_CACHE_BYTES);
  app.get(
    '/api/v2/properties/propertiesbydepartment',
    {
      // Compressed once per version of the list (domain/department-list-cache.ts).
      compress: false,
      schema: { querystring: PropertiesByDepartmentQuery, response: { 200: Type.Array(PropertyRow) } },
    },
    async (request, reply) => {
      const { locationId } = request.query;
      if (!locationId) return [];
      const department = await departmentListVersion(db, requireUser(request), locationId);
      return sendVersionedJson(
        request,
        reply,
        departmentLists,
        department.id,
        String(department.version),
        () => departmentPropertyRows(db, department.id),
      );
    },
  );

  const propertyDetail = async (
    user: AuthUser,
    propertyId: string,
    legacy: boolean,
  ): Promise<PropertyDetail> => {
    const residence = await findResidence(db, user, propertyId);
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
    app.get(
      `/api/${version}/properties/getproperty`,
      {
        schema: { querystring: GetPropertyQuery, response: { 200: PropertyDetail } },
      },
      async (request) => propertyDetail(requireUser(request), request.query.propertyId, version === 'v1'),
    );
  }
};
