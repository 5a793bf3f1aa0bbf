/**
 * Deterministic Danish demo data for Boligtilgængelighed.
 *
 * Generates three fictional housing organizations (boligorganisationer), 14
 * departments (afdelinger) in real Danish towns with real postal codes and
 * approximate real centre coordinates, and ~3,300 residences (one big estate
 * of ~2,100+ residences plus 13 smaller departments).
 *
 * Pure: no I/O, no clock, no Math.random. The same seed always yields the
 * same output.
 */

// ---------------------------------------------------------------------------
// PRNG
// ---------------------------------------------------------------------------

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, maxInclusive]. */
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32 (Tommy Ettinger), a small 32-bit PRNG. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int(min: number, maxInclusive: number): number {
      return min + Math.floor(next() * (maxInclusive - min + 1));
    },
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick() from empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    chance(p: number): boolean {
      return next() < p;
    },
  };
}

/** Derives an independent 32-bit seed from a base seed and a salt (murmur3 finalizer). */
export function mixSeed(seed: number, salt: number): number {
  let h = ((seed >>> 0) ^ Math.imul(salt + 1, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// ---------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------

export interface DemoOrganization {
  id: string;
  name: string;
}

export interface DemoDepartment {
  id: string;
  organizationId: string;
  name: string;
  town: string;
}

export interface DemoResidence {
  id: string;
  departmentId: string;
  streetName: string;
  /** "12", "12A", "7B" */
  streetNumber: string;
  /** "kl", "st", "1", "2", ...; null for row houses. */
  floorNumber: string | null;
  /** "tv", "th", "mf" or "1".."12" (corridor buildings); null for row houses. */
  doorCode: string | null;
  zipCode: string;
  town: string;
  latitude: number;
  longitude: number;
  isConverted: boolean;
}

export interface DemoData {
  organizations: DemoOrganization[];
  departments: DemoDepartment[];
  residences: DemoResidence[];
}

export const DEFAULT_DEMO_SEED = 20261122;

// ---------------------------------------------------------------------------
// Static reference data
// ---------------------------------------------------------------------------

// Fictional organization names (deliberately not real companies; note that
// "Fjordbo" and "Almenbo" are real Danish housing organizations and are avoided).
const ORGANIZATIONS: readonly DemoOrganization[] = [
  { id: '7c2e4b1a-3f5d-4e8a-9b6c-1d2e3f4a5b01', name: 'Boligselskabet Lyngtoft Østjylland' },
  { id: '0a9d8c7b-6e5f-4a3b-8c2d-1e0f9a8b7c02', name: 'Boligforeningen Kløverhjem Syd' },
  { id: 'e4f5a6b7-c8d9-4e0f-a1b2-c3d4e5f6a703', name: 'Boligorganisationen Havtornbo' },
];

interface DepartmentSpec {
  id: string;
  orgIndex: number;
  name: string;
  zipCode: string;
  town: string;
  /** Approximate real centre of the postal district (WGS84). */
  lat: number;
  lon: number;
  /** Nominal number of residences (jittered by the seed). */
  baseSize: number;
  big?: boolean;
}

const DEPARTMENTS: readonly DepartmentSpec[] = [
  // Boligselskabet Lyngtoft Østjylland
  {
    id: '5e1d0000-0000-4000-8000-000000000101',
    orgIndex: 0,
    name: 'Afd. 4 Lyngbakkeparken',
    zipCode: '8220',
    town: 'Brabrand',
    lat: 56.155,
    lon: 10.12,
    baseSize: 2160,
    big: true,
  },
  {
    id: '5e1d0000-0000-4000-8000-000000000102',
    orgIndex: 0,
    name: 'Afd. 7 Solbakken',
    zipCode: '8210',
    town: 'Aarhus V',
    lat: 56.172,
    lon: 10.16,
    baseSize: 120,
  },
  {
    id: '5e1d0000-0000-4000-8000-000000000103',
    orgIndex: 0,
    name: 'Afd. 11 Engparken',
    zipCode: '8900',
    town: 'Randers C',
    lat: 56.461,
    lon: 10.036,
    baseSize: 95,
  },
  {
    id: '5e1d0000-0000-4000-8000-000000000104',
    orgIndex: 0,
    name: 'Afd. 15 Skovbrynet',
    zipCode: '8600',
    town: 'Silkeborg',
    lat: 56.17,
    lon: 9.545,
    baseSize: 60,
  },
  {
    id: '5e1d0000-0000-4000-8000-000000000105',
    orgIndex: 0,
    name: 'Afd. 21 Møllehaven',
    zipCode: '8800',
    town: 'Viborg',
    lat: 56.453,
    lon: 9.402,
    baseSize: 80,
  },
  // Boligforeningen Kløverhjem Syd
  {
    id: '5e1d0000-0000-4000-8000-000000000201',
    orgIndex: 1,
    name: 'Afd. 3 Kastanjegården',
    zipCode: '5220',
    town: 'Odense SØ',
    lat: 55.379,
    lon: 10.433,
    baseSize: 150,
  },
  {
    id: '5e1d0000-0000-4000-8000-000000000202',
    orgIndex: 1,
    name: 'Afd. 6 Æblehaven',
    zipCode: '7000',
    town: 'Fredericia',
    lat: 55.566,
    lon: 9.752,
    baseSize: 70,
  },
  {
    id: '5e1d0000-0000-4000-8000-000000000203',
    orgIndex: 1,
    name: 'Afd. 9 Bøgeparken',
    zipCode: '6000',
    town: 'Kolding',
    lat: 55.491,
    lon: 9.472,
    baseSize: 110,
  },
  {
    id: '5e1d0000-0000-4000-8000-000000000204',
    orgIndex: 1,
    name: 'Afd. 12 Fuglebakken',
    zipCode: '7100',
    town: 'Vejle',
    lat: 55.709,
    lon: 9.535,
    baseSize: 85,
  },
  {
    id: '5e1d0000-0000-4000-8000-000000000205',
    orgIndex: 1,
    name: 'Afd. 14 Klitrosen',
    zipCode: '6700',
    town: 'Esbjerg',
    lat: 55.47,
    lon: 8.455,
    baseSize: 65,
  },
  // Boligorganisationen Havtornbo
  {
    id: '5e1d0000-0000-4000-8000-000000000301',
    orgIndex: 2,
    name: 'Afd. 2 Lindegården',
    zipCode: '2400',
    town: 'København NV',
    lat: 55.708,
    lon: 12.537,
    baseSize: 130,
  },
  {
    id: '5e1d0000-0000-4000-8000-000000000302',
    orgIndex: 2,
    name: 'Afd. 5 Kærhusene',
    zipCode: '2700',
    town: 'Brønshøj',
    lat: 55.705,
    lon: 12.495,
    baseSize: 75,
  },
  {
    id: '5e1d0000-0000-4000-8000-000000000303',
    orgIndex: 2,
    name: 'Afd. 8 Tranehøj',
    zipCode: '4000',
    town: 'Roskilde',
    lat: 55.642,
    lon: 12.085,
    baseSize: 55,
  },
  {
    id: '5e1d0000-0000-4000-8000-000000000304',
    orgIndex: 2,
    name: 'Afd. 10 Rosenhaven',
    zipCode: '4700',
    town: 'Næstved',
    lat: 55.23,
    lon: 11.761,
    baseSize: 105,
  },
];

/** Street name pool (all distinct); shuffled per seed and handed out without replacement. */
const STREET_NAMES: readonly string[] = [
  'Skovvej',
  'Birkevænget',
  'Solsikkevej',
  'Engtoften',
  'Rosenhøj',
  'Hybenvej',
  'Kirkebakken',
  'Lærkevej',
  'Toftegårdsvej',
  'Bøgevej',
  'Egevænget',
  'Ahornvej',
  'Kastanjevej',
  'Pilevej',
  'Rønnebærvej',
  'Hasselvænget',
  'Lindeallé',
  'Granvænget',
  'Fyrrebakken',
  'Æblevej',
  'Ærtebjergvej',
  'Østergårdsvej',
  'Østervang',
  'Søndervang',
  'Nørrevang',
  'Vestervang',
  'Møllevej',
  'Mølleparken',
  'Kløvervej',
  'Kornblomstvej',
  'Valmuevej',
  'Anemonevej',
  'Syrenvej',
  'Tjørnevej',
  'Bøgebakken',
  'Egebakken',
  'Hyldevej',
  'Gåsebakken',
  'Åbakken',
  'Åvænget',
  'Ådalen',
  'Åløkken',
  'Fælledvej',
  'Mågevej',
  'Svanevej',
  'Stærevej',
  'Drosselvej',
  'Vibevej',
  'Spurvevej',
  'Mejsevej',
  'Tranevej',
  'Hejrevej',
  'Højvangen',
  'Højtoften',
  'Bakkedraget',
  'Lyngbakken',
  'Lyngvej',
  'Kærvej',
  'Kærgårdsvej',
  'Mosevej',
  'Mosegårdsvej',
  'Nøddevej',
  'Nøddelunden',
  'Bøgelunden',
  'Kirsebærvej',
  'Blommevej',
  'Pærevænget',
  'Solbærvej',
  'Hindbærvej',
  'Brombærvej',
  'Jordbærvænget',
  'Græsmarken',
  'Agerhønevej',
  'Rævebakken',
  'Harevænget',
  'Fasanvej',
  'Tofteparken',
  'Smedegårdsvej',
  'Præstegårdsvej',
  'Skolevænget',
  'Havrevej',
  'Rugvej',
  'Hvedevej',
  'Humlevej',
  'Lupinvej',
  'Liljevej',
  'Tulipanvej',
  'Violvej',
  'Margueritvej',
  'Krokusvej',
  'Vintergækvej',
  'Blåbærvej',
  'Tyttebærvej',
  'Musvågevej',
  'Glentevej',
  'Ørnevej',
  'Ørnebakken',
  'Rørsangervej',
  'Engblommevej',
  'Kildevænget',
  'Sølyst',
  'Strandengen',
  'Dådyrvej',
  'Hjortevænget',
];

// ---------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------

export type StreetKind = 'block' | 'corridor' | 'rowhouse';
type Unit = { floor: string | null; door: string | null };
type Building = { number: string; numeric: number; units: Unit[] };

const METERS_PER_DEG_LAT = 111_320;

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

function floorRank(floor: string | null): number {
  if (floor === null) return 0;
  if (floor === 'kl') return -1;
  if (floor === 'st') return 0;
  return Number(floor);
}

function doorRank(door: string | null): number {
  if (door === null) return 0;
  if (door === 'tv') return 0;
  if (door === 'mf') return 1;
  if (door === 'th') return 2;
  return Number(door);
}

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

/** Yields street-number groups: either ["12"] or ["12A", "12B", ...]. */
function numberGroups(rng: Rng, start: number, step: number, letterChance: number, maxLetters: number) {
  let n = start;
  return (): { numeric: number; labels: string[] } => {
    const numeric = n;
    n += step;
    if (rng.chance(letterChance)) {
      const count = rng.int(2, maxLetters);
      const labels: string[] = [];
      for (let i = 0; i < count; i++) labels.push(`${numeric}${String.fromCharCode(65 + i)}`);
      return { numeric, labels };
    }
    return { numeric, labels: [String(numeric)] };
  };
}

export interface StreetPlan {
  name: string;
  kind: StreetKind;
  share: number;
}

/** Builds the buildings of one street, with exactly `share` units in total. */
export function buildStreet(rng: Rng, plan: StreetPlan, big: boolean, isMain: boolean): Building[] {
  const buildings: Building[] = [];
  let remaining = plan.share;

  if (plan.kind === 'rowhouse') {
    const next = numberGroups(rng, rng.int(1, 2), rng.pick([1, 2, 2]), 0.55, 4);
    while (remaining > 0) {
      const group = next();
      for (const label of group.labels) {
        if (remaining <= 0) break;
        buildings.push({ number: label, numeric: group.numeric, units: [{ floor: null, door: null }] });
        remaining--;
      }
    }
    return buildings;
  }

  if (plan.kind === 'corridor') {
    const topFloor = big ? rng.int(2, 4) : rng.int(1, 3);
    const baseDoors = rng.int(6, 12);
    const next = numberGroups(rng, rng.int(1, 2), rng.pick([1, 2]), 0.08, 2);
    while (remaining > 0) {
      const group = next();
      for (const label of group.labels) {
        if (remaining <= 0) break;
        const doors = Math.max(4, Math.min(12, baseDoors + rng.int(-2, 2)));
        const all: Unit[] = [];
        for (let f = 0; f <= topFloor; f++) {
          for (let d = 1; d <= doors; d++) all.push({ floor: f === 0 ? 'st' : String(f), door: String(d) });
        }
        const units = all.slice(0, Math.min(all.length, remaining));
        remaining -= units.length;
        buildings.push({ number: label, numeric: group.numeric, units });
      }
    }
    return buildings;
  }

  // Block of flats with stairwells (opgange): floors st..top (some kl), doors tv/th or tv/mf/th.
  const topFloor = big ? (isMain ? 4 : rng.int(3, 4)) : rng.int(2, 4);
  const doorSet: readonly string[] =
    isMain || !rng.chance(big ? 0.4 : 0.3) ? ['tv', 'th'] : ['tv', 'mf', 'th'];
  const hasBasementFlats = rng.chance(big ? 0.5 : 0.2);
  const step = isMain ? 2 : rng.pick([1, 2]);
  const next = numberGroups(rng, rng.int(1, 2), step, big ? 0.1 : 0.08, 3);
  while (remaining > 0) {
    const group = next();
    for (const label of group.labels) {
      if (remaining <= 0) break;
      // Order: st..top, then kl, so that a truncated last stairwell keeps its lower floors.
      const all: Unit[] = [];
      for (let f = 0; f <= topFloor; f++) {
        for (const door of doorSet) all.push({ floor: f === 0 ? 'st' : String(f), door });
      }
      if (hasBasementFlats && rng.chance(0.5)) {
        all.push({ floor: 'kl', door: 'tv' }, { floor: 'kl', door: 'th' });
      }
      const units = all.slice(0, Math.min(all.length, remaining));
      units.sort((a, b) => floorRank(a.floor) - floorRank(b.floor) || doorRank(a.door) - doorRank(b.door));
      remaining -= units.length;
      buildings.push({ number: label, numeric: group.numeric, units });
    }
  }
  return buildings;
}

export function pickKind(rng: Rng): StreetKind {
  const x = rng.next();
  if (x < 0.5) return 'block';
  if (x < 0.8) return 'rowhouse';
  return 'corridor';
}

/**
 * Generates the demo organizations, departments and residences.
 * Deterministic for a given seed (default {@link DEFAULT_DEMO_SEED}).
 */
export function generateDemoResidences(seed: number = DEFAULT_DEMO_SEED): DemoData {
  const baseSeed = Math.trunc(seed) >>> 0;
  const streetPool = shuffled(STREET_NAMES, createRng(mixSeed(baseSeed, 0xffff)));
  let streetCursor = 0;
  let residenceCounter = 0;

  const organizations = ORGANIZATIONS.map((o) => ({ ...o }));
  const departments: DemoDepartment[] = [];
  const residences: DemoResidence[] = [];

  DEPARTMENTS.forEach((spec, deptIndex) => {
    const org = ORGANIZATIONS[spec.orgIndex];
    if (!org) throw new Error(`Unknown organization index ${spec.orgIndex}`);
    departments.push({ id: spec.id, organizationId: org.id, name: spec.name, town: spec.town });

    const rng = createRng(mixSeed(baseSeed, deptIndex));
    const big = spec.big === true;
    const target = big
      ? rng.int(2100, 2220)
      : Math.max(40, Math.min(180, Math.round(spec.baseSize * (0.85 + 0.3 * rng.next()))));

    // Streets, kinds and the share of residences per street.
    const streetCount = big ? 6 : Math.max(2, Math.min(5, Math.round(target / 35) + rng.int(-1, 1)));
    const kinds: StreetKind[] = [];
    const weights: number[] = [];
    for (let i = 0; i < streetCount; i++) {
      if (big) {
        kinds.push(i === streetCount - 1 ? 'corridor' : 'block');
        weights.push(i === 0 ? 8 : rng.int(2, 5));
      } else {
        kinds.push(pickKind(rng));
        weights.push(rng.int(2, 5));
      }
    }
    if (!big && kinds.every((k) => k === kinds[0]) && streetCount > 1) {
      // Make sure every small department mixes at least two building types.
      kinds[streetCount - 1] = kinds[0] === 'rowhouse' ? 'block' : 'rowhouse';
    }
    const weightSum = weights.reduce((a, b) => a + b, 0);
    const shares = weights.map((w) => Math.floor((target * w) / weightSum));
    shares[0] = (shares[0] ?? 0) + (target - shares.reduce((a, b) => a + b, 0));

    const cosLat = Math.cos((spec.lat * Math.PI) / 180);
    const maxAnchor = big ? 360 : 300;

    for (let s = 0; s < streetCount; s++) {
      const name = streetPool[streetCursor % streetPool.length] as string;
      streetCursor++;
      const plan: StreetPlan = { name, kind: kinds[s] as StreetKind, share: shares[s] as number };
      const buildings = buildStreet(rng, plan, big, big && s === 0);

      // Street geometry: an anchor point around the centre and a direction.
      const anchorR = 40 + rng.next() * (maxAnchor - 40);
      const anchorA = rng.next() * 2 * Math.PI;
      const ax = anchorR * Math.cos(anchorA);
      const ay = anchorR * Math.sin(anchorA);
      const dir = rng.next() * Math.PI;
      const length = Math.min(20 + buildings.length * 12, 320);
      const n = buildings.length;

      buildings.forEach((b, i) => {
        const t = n === 1 ? 0 : (i / (n - 1) - 0.5) * length;
        const side = b.numeric % 2 === 1 ? 9 : -9;
        const east = ax + t * Math.cos(dir) - side * Math.sin(dir);
        const north = ay + t * Math.sin(dir) + side * Math.cos(dir);
        const latitude = round6(spec.lat + north / METERS_PER_DEG_LAT);
        const longitude = round6(spec.lon + east / (METERS_PER_DEG_LAT * cosLat));
        for (const u of b.units) {
          residenceCounter++;
          residences.push({
            id: `00000000-0000-4000-8000-${residenceCounter.toString(16).padStart(12, '0')}`,
            departmentId: spec.id,
            streetName: plan.name,
            streetNumber: b.number,
            floorNumber: u.floor,
            doorCode: u.door,
            zipCode: spec.zipCode,
            town: spec.town,
            latitude,
            longitude,
            isConverted: rng.chance(0.04),
          });
        }
      });
    }
  });

  return { organizations, departments, residences };
}
