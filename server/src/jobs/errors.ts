import type { JobItemFailureCode } from '../../../shared/contract/error-codes';

/** An item that cannot be done, with its reason for the user (Danish) and a code. */
export class ItemFailure extends Error {
  constructor(
    readonly code: JobItemFailureCode,
    message: string,
  ) {
    super(message);
  }
}

/** The job was taken over by another worker (its lease ran out): this worker stops. */
export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`Lost the lease of job ${jobId}`);
  }
}

/** The Danish reasons of failed items (docs/api.md "Jobs"). */
export const ITEM_MESSAGES = {
  assessmentGone: 'Vurderingen findes ikke længere.',
  alreadyApproved: 'Vurderingen er allerede godkendt.',
  notApprovable: 'Vurderingen kan kun godkendes, når den er en kladde eller afvist.',
  notCalculated: 'Vurderingen kan ikke godkendes, før alle påkrævede spørgsmål er besvaret.',
  propertyGone: 'Boligen findes ikke længere.',
  sourceGone: 'Vurderingen, der skulle kopieres, findes ikke længere.',
  targetReady: 'Boligen har en vurdering, der afventer godkendelse, og kan ikke overskrives.',
  jobAborted: 'Jobbet kunne ikke gennemføres. Prøv igen.',
  /** The job's user lost the right while it ran (job-rights.ts): every remaining item says so. */
  copyRefused: {
    writeAccessLost: 'Ikke kopieret: du har ikke længere skriveadgang.',
    membershipLost: 'Ikke kopieret: du er ikke længere tilknyttet organisationen.',
  },
  approvalRefused: {
    writeAccessLost: 'Ikke godkendt: du har ikke længere skriveadgang.',
    membershipLost: 'Ikke godkendt: du er ikke længere tilknyttet organisationen.',
  },
} as const;
