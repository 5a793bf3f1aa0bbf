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
import { assertMember, requireUser } from '../auth/guard';
import {
  createDepartmentListVersions,
  DEPARTMENT_LIST_CACHE_BYTES,
  departmentListVersion,
} from '../domain/department-list-cache';
import { departmentsOf } from '../domain/departments';
import { propertyDetail } from '../domain/property-detail';
import { departmentPropertyRows } from '../domain/residences';
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
      return departmentsOf(db, organizationId);
    },
  );

  const departmentLists = createJsonListCache(DEPARTMENT_LIST_CACHE_BYTES);
  const listVersions = createDepartmentListVersions(db);
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
      const department = await departmentListVersion(listVersions, requireUser(request), locationId);
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

  for (const version of ['v1', 'v2'] as const) {
    app.get(
      `/api/${version}/properties/getproperty`,
      {
        schema: { querystring: GetPropertyQuery, response: { 200: PropertyDetail } },
      },
      async (request) => propertyDetail(db, requireUser(request), request.query.propertyId, version === 'v1'),
    );
  }
};
