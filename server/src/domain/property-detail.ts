import type { Kysely } from 'kysely';
import type { PropertyDetail } from '../../../shared/contract/properties';
import { toLegacyStatus } from '../../../shared/rules/statuses';
import type { AuthUser } from '../auth/guard';
import type { Database } from '../db/schema';
import { findResidence } from './access';
import { residenceAssessments } from './assessment-list';
import { residenceLocation } from './residences';

/**
 * getproperty: the residence (404 when unknown, 403 for another organization's) with its
 * assessments that are not cancelled, newest first; `legacy` (v1) gives the old status names.
 */
export async function propertyDetail(
  db: Kysely<Database>,
  user: AuthUser,
  propertyId: string,
  legacy: boolean,
): Promise<PropertyDetail> {
  const residence = await findResidence(db, user, propertyId);
  const assessments = await residenceAssessments(db, residence.id);
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
}
