import {
  buildStreet,
  createRng,
  mixSeed,
  pickKind,
  type DemoResidence,
  type Rng,
  type StreetKind,
} from './demo-residences';
import {
  DEPARTMENT_SUFFIXES,
  NAME_STEMS,
  ORGANIZATION_PREFIXES,
  ORGANIZATION_SUFFIXES,
  STREET_SUFFIXES,
  TOWNS,
  type Town,
} from './national-places';

/**
 * The national data set of docs/performance.md ("National scale"): Denmark's social housing
 * in size, for load tests. Pure and deterministic like the demo seed: the same seed and scale
 * give the same rows (dates count from the seed day). Residences are produced one department
 * at a time so that a loader can stream them in batches. The assessments dealt out over them
 * are in national-assessments.ts.
 */

export { createAssessmentDealer, type NationalAssessment } from './national-assessments';

export interface NationalScale {
  organizations: number;
  departments: number;
  residences: number;
  assessments: number;
}

/** ~600,000 homes in ~7,000 departments of ~500 organizations. */
export const NATIONAL_SCALE: NationalScale = {
  organizations: 500,
  departments: 7000,
  residences: 600_000,
  assessments: 150_000,
};

export const NATIONAL_SEED = 20270601;

export interface NationalOrganization {
  id: string;
  name: string;
}

export interface NationalDepartment {
  id: string;
  organizationId: string;
  name: string;
  town: string;
  /** Index into the whole country's departments: seeds the department's own generator. */
  index: number;
  place: Town;
  size: number;
  lat: number;
  lon: number;
}

export interface NationalPlan {
  seed: number;
  scale: NationalScale;
  /** Largest first: index 0 is the organization the demo users belong to. */
  organizations: NationalOrganization[];
  departments: NationalDepartment[];
}

const hex12 = (n: number) => n.toString(16).padStart(12, '0');
export const nationalOrganizationId = (n: number) => `a0000000-0000-4000-8000-${hex12(n)}`;
const departmentId = (n: number) => `a1000000-0000-4000-8000-${hex12(n)}`;
const residenceId = (n: number) => `a2000000-0000-4000-8000-${hex12(n)}`;

/**
 * Splits `total` into integer parts proportional to `weights`, each at least `minimum`
 * (largest remainder, ties to the lower index).
 */
export function apportion(total: number, weights: readonly number[], minimum: number): number[] {
  const rest = total - minimum * weights.length;
  if (rest < 0) throw new Error(`Cannot split ${total} into ${weights.length} parts of at least ${minimum}`);
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (rest * w) / sum);
  const parts = exact.map((x) => minimum + Math.floor(x));
  let missing = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; missing > 0; k++, missing--) parts[order[k % order.length]!.i]!++;
  return parts;
}

function weightedPick<T extends { weight: number }>(items: readonly T[], rng: Rng): T {
  const sum = items.reduce((a, b) => a + b.weight, 0);
  let x = rng.next() * sum;
  for (const item of items) {
    x -= item.weight;
    if (x < 0) return item;
  }
  return items[items.length - 1]!;
}

/** Residences of a department at least; fewer makes no department. */
const MIN_DEPARTMENT_SIZE = 4;

/** Organizations, their departments and each department's size and place. */
export function nationalPlan(
  seed: number = NATIONAL_SEED,
  scale: NationalScale = NATIONAL_SCALE,
): NationalPlan {
  const rng = createRng(mixSeed(seed, 0x0a11));
  // A long tail: the largest organization holds ~5 % of the homes, the smallest a few hundred.
  const orgWeights = Array.from({ length: scale.organizations }, (_, i) => 1 / (i + 4));
  const departmentCounts = apportion(scale.departments, orgWeights, 1);
  const residenceCounts = apportion(
    scale.residences - MIN_DEPARTMENT_SIZE * scale.departments,
    orgWeights,
    0,
  ).map((extra, i) => extra + MIN_DEPARTMENT_SIZE * departmentCounts[i]!);

  const organizations: NationalOrganization[] = [];
  const departments: NationalDepartment[] = [];
  const usedNames = new Set<string>();
  for (let o = 0; o < scale.organizations; o++) {
    const home = weightedPick(TOWNS, rng);
    let name = `${rng.pick(ORGANIZATION_PREFIXES)} ${rng.pick(NAME_STEMS)}${rng.pick(ORGANIZATION_SUFFIXES)}`;
    if (usedNames.has(name)) name = `${name} ${home.town}`;
    if (usedNames.has(name)) name = `${name} ${o + 1}`;
    usedNames.add(name);
    const organization = { id: nationalOrganizationId(o + 1), name };
    organizations.push(organization);

    const count = departmentCounts[o]!;
    // Most departments are of 20-150 homes; a few estates of 1,000 or more.
    const weights = Array.from(
      { length: count },
      (_, d) => (0.3 + rng.next() ** 2 * 3) * (rng.chance(0.03) || (o === 0 && d === 0) ? 12 : 1),
    );
    const sizes = apportion(residenceCounts[o]!, weights, MIN_DEPARTMENT_SIZE);
    for (let d = 0; d < count; d++) {
      const place = rng.chance(0.6) ? home : weightedPick(TOWNS, rng);
      const name = `Afd. ${d + 1} ${rng.pick(NAME_STEMS)}${rng.pick(DEPARTMENT_SUFFIXES)}`;
      departments.push({
        id: departmentId(departments.length + 1),
        organizationId: organization.id,
        name,
        town: place.town,
        index: departments.length,
        place,
        size: sizes[d]!,
        // Somewhere in the postal district, up to ~3 km from its centre.
        lat: place.lat + (rng.next() - 0.5) * 0.05,
        lon: place.lon + (rng.next() - 0.5) * 0.08,
      });
    }
  }
  return { seed, scale, organizations, departments };
}

const METERS_PER_DEG_LAT = 111_320;
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export interface NationalResidence extends DemoResidence {
  organizationId: string;
}

/**
 * The residences of one department, as the demo seed builds its streets (demo-residences.ts):
 * blocks with stairwells, corridor buildings and row houses along a few streets.
 * `firstNumber` is the number of the department's first residence in the whole country.
 */
export function departmentResidences(
  plan: NationalPlan,
  department: NationalDepartment,
  firstNumber: number,
): NationalResidence[] {
  const rng = createRng(mixSeed(plan.seed, department.index));
  const big = department.size >= 600;
  const streetCount = Math.max(
    1,
    Math.min(14, department.size, Math.round(department.size / 70) + rng.int(-1, 1)),
  );
  const names = new Set<string>();
  while (names.size < streetCount) names.add(`${rng.pick(NAME_STEMS)}${rng.pick(STREET_SUFFIXES)}`);
  const kinds: StreetKind[] = [];
  const weights: number[] = [];
  for (let s = 0; s < streetCount; s++) {
    kinds.push(big ? (s === streetCount - 1 ? 'corridor' : 'block') : pickKind(rng));
    weights.push(big && s === 0 ? 8 : rng.int(2, 5));
  }
  const shares = apportion(department.size, weights, 1);
  const cosLat = Math.cos((department.lat * Math.PI) / 180);
  const maxAnchor = big ? 500 : 300;
  const residences: NationalResidence[] = [];
  [...names].forEach((name, s) => {
    const buildings = buildStreet(rng, { name, kind: kinds[s]!, share: shares[s]! }, big, big && s === 0);
    const anchorR = 40 + rng.next() * (maxAnchor - 40);
    const anchorA = rng.next() * 2 * Math.PI;
    const [ax, ay] = [anchorR * Math.cos(anchorA), anchorR * Math.sin(anchorA)];
    const dir = rng.next() * Math.PI;
    const length = Math.min(20 + buildings.length * 12, 400);
    buildings.forEach((b, i) => {
      const t = buildings.length === 1 ? 0 : (i / (buildings.length - 1) - 0.5) * length;
      const side = b.numeric % 2 === 1 ? 9 : -9;
      const east = ax + t * Math.cos(dir) - side * Math.sin(dir);
      const north = ay + t * Math.sin(dir) + side * Math.cos(dir);
      const latitude = round6(department.lat + north / METERS_PER_DEG_LAT);
      const longitude = round6(department.lon + east / (METERS_PER_DEG_LAT * cosLat));
      for (const u of b.units) {
        residences.push({
          id: residenceId(firstNumber + residences.length),
          organizationId: department.organizationId,
          departmentId: department.id,
          streetName: name,
          streetNumber: b.number,
          floorNumber: u.floor,
          doorCode: u.door,
          zipCode: department.place.zipCode,
          town: department.place.town,
          latitude,
          longitude,
          isConverted: rng.chance(0.04),
        });
      }
    });
  });
  return residences;
}

/** Every residence of the plan, department by department (a generator: memory stays small). */
export function* nationalResidences(plan: NationalPlan): Generator<NationalResidence> {
  let next = 1;
  for (const department of plan.departments) {
    const residences = departmentResidences(plan, department, next);
    next += residences.length;
    yield* residences;
  }
}
