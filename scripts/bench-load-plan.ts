import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/src/db/schema';
import { QUESTIONS } from '../server/src/db/seed/catalogue';

/**
 * What the users of bench:load work on, read from its copy of the national database before each
 * number of assessors: every draft the bench makes goes on a residence that has none, so an
 * earlier run's drafts and copies are never met again.
 */

export interface Residence {
  id: string;
  streetName: string;
  streetNumber: string;
}

/** One assessor's department and the residences it assesses there, one a round. */
export interface AssessorPlan {
  organizationId: string;
  departmentId: string;
  residences: Residence[];
}

/** The office's copy: an approved source and the residences that get its copies. */
export interface OfficePlan {
  sourceAssessmentId: string;
  propertyIds: string[];
  departmentIds: string[];
}

/** One answer as the form queues it: the question and the fields typed. */
export interface Answer {
  questionUniqueId: string;
  payload: { numericValue?: number; values?: string[] };
}

/**
 * No assessment but cancelled ones, and not converted: a converted assessment skips screening,
 * and the answer plan starts with it.
 */
const FREE = sql`not r.is_converted and not exists (
  select 1 from assessments a where a.residence_id = r.id and a.status <> 'cancelled')`;

/** The items by a key of theirs, in order (Map.groupBy is Node 21's). */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** A department an assessor gets has at least this many residences to assess. */
const MIN_FREE = 8;

export async function planOffice(
  db: Kysely<Database>,
  organizationId: string,
  items: number,
): Promise<OfficePlan> {
  // Approved and calculated, so that every copy is calculated too and can be approved.
  const { rows: sources } = await sql<{ id: string }>`
    select a.id from assessments a join residences r on r.id = a.residence_id
    where a.organization_id = ${organizationId} and a.status = 'approved' and a.is_calculated
      and not a.converted and not r.is_converted and a.future_approved_date is null
    order by a.id limit 1`.execute(db);
  const { rows: targets } = await sql<{ id: string; department_id: string }>`
    select r.id, r.department_id from residences r
    where r.organization_id = ${organizationId} and ${FREE}
    order by r.department_id, r.address_order limit ${items}`.execute(db);
  if (!sources[0] || targets.length < items)
    throw new Error(`The office's organization has ${targets.length} residences to copy to, or no source.`);
  return {
    sourceAssessmentId: sources[0].id,
    propertyIds: targets.map((t) => t.id),
    departmentIds: [...new Set(targets.map((t) => t.department_id))],
  };
}

/**
 * A department each for `count` assessors, taken in turns across organizations (the first
 * department of every organization, then the second …), as assessors are spread over the
 * country; none of `excluded` (the office's copy must not overwrite an assessor's draft).
 */
export async function planAssessors(
  db: Kysely<Database>,
  count: number,
  excluded: readonly string[],
  perAssessor: number,
): Promise<AssessorPlan[]> {
  const { rows: departments } = await sql<{ id: string; organization_id: string }>`
    select r.department_id as id, r.organization_id from residences r
    where ${FREE} and r.department_id <> all(${[...excluded]}::uuid[])
    group by r.department_id, r.organization_id having count(*) >= ${MIN_FREE}
    order by r.organization_id, r.department_id`.execute(db);
  const byOrganization = groupBy(departments, (d) => d.organization_id);
  const chosen: { id: string; organization_id: string }[] = [];
  for (let turn = 0; chosen.length < count; turn++) {
    const before = chosen.length;
    for (const list of byOrganization.values()) {
      if (list[turn] && chosen.length < count) chosen.push(list[turn]);
    }
    if (chosen.length === before) throw new Error(`Only ${chosen.length} departments to give assessors.`);
  }
  const { rows } = await sql<{
    id: string;
    department_id: string;
    street_name: string;
    street_number: string;
  }>`
    select id, department_id, street_name, street_number from (
      select r.id, r.department_id, r.street_name, r.street_number,
        row_number() over (partition by r.department_id order by r.address_order) as k
      from residences r where r.department_id = any(${chosen.map((d) => d.id)}::uuid[]) and ${FREE}) x
    where k <= ${perAssessor} order by department_id, k`.execute(db);
  const residences = groupBy(rows, (r) => r.department_id);
  return chosen.map((d) => ({
    organizationId: d.organization_id,
    departmentId: d.id,
    residences: residences.get(d.id)!.map((r) => ({
      id: r.id,
      streetName: r.street_name,
      streetNumber: r.street_number,
    })),
  }));
}

/** A residence of the organization for the answer plan's own draft. */
export async function freeResidence(db: Kysely<Database>, organizationId: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    select r.id from residences r where r.organization_id = ${organizationId} and ${FREE}
    order by r.id desc limit 1`.execute(db);
  return rows[0]!.id;
}

interface QuestionWire {
  uniqueId: string;
  type: string;
  chapterKind: string;
  isHidden: boolean;
  numericQuestionSettings: { rangeStart: number | null; rangeEnd: number | null } | null;
  options: { answerId: string; exclusive: boolean }[];
}

const CATALOGUE = new Map(QUESTIONS.map((q) => [q.uniqueId, q]));

/**
 * A value the question allows that excludes no handicap type at screening, so that every
 * evaluation question stays visible: the middle of a numeric range (moved past the question's
 * exclusions), else the first option that neither excludes nor stands alone.
 */
function answerTo(q: QuestionWire): Answer {
  const definition = CATALOGUE.get(q.uniqueId);
  if (q.type === 'numeric') {
    const settings = q.numericQuestionSettings;
    let value = Math.round(((settings?.rangeStart ?? 0) + (settings?.rangeEnd ?? 100)) / 2);
    for (const rule of definition?.numericExclusions ?? []) {
      if (rule.below !== undefined) value = Math.max(value, rule.below);
      if (rule.above !== undefined) value = Math.min(value, rule.above);
    }
    return { questionUniqueId: q.uniqueId, payload: { numericValue: value } };
  }
  const excluding = new Set(definition?.options?.filter((o) => o.excludes?.length).map((o) => o.answerId));
  const option =
    q.options.find((o) => !o.exclusive && !excluding.has(o.answerId)) ??
    q.options.find((o) => !o.exclusive) ??
    q.options[0]!;
  return { questionUniqueId: q.uniqueId, payload: { values: [option.answerId] } };
}

/**
 * The answers every assessor sends, in order, found once by answering a draft of its own:
 * screening first (the server refuses evaluation answers before it is complete), then the
 * evaluation questions that screening leaves visible, up to `count` in all. Throws on any
 * refusal, so that the load sends only answers the server takes.
 */
export async function answerPlan(
  base: string,
  token: string,
  propertyId: string,
  count: number,
): Promise<Answer[]> {
  const call = async <T>(path: string, body?: object): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body && { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
      },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const assessmentId = await call<string>(
    `/api/v2/assessment/createnewassessment?propertyId=${propertyId}&assessmentId=${randomUUID()}`,
  );
  let questions = await call<QuestionWire[]>(`/api/v2/questions?assessmentId=${assessmentId}`);
  const plan: Answer[] = [];
  const send = async (answer: Answer) => {
    plan.push(answer);
    questions = await call<QuestionWire[]>('/api/v2/sync/syncanswer', {
      assessmentId,
      questionUniqueId: answer.questionUniqueId,
      ...answer.payload,
    });
  };
  for (const q of questions.filter((q) => q.chapterKind === 'screening')) await send(answerTo(q));
  const visible = questions.filter((q) => q.chapterKind === 'evaluation' && !q.isHidden);
  for (const q of visible.slice(0, Math.max(0, count - plan.length))) await send(answerTo(q));
  return plan;
}
