import type { QuestionDef } from '../../../../../shared/rules/catalogue';
import { CHAPTERS } from './chapters';
import { SCREENING_QUESTIONS } from './screening';
import { ANK_QUESTIONS } from './evaluation-ank';
import { IND_QUESTIONS } from './evaluation-ind';
import { ETA_QUESTIONS } from './evaluation-eta';
import { ENT_QUESTIONS } from './evaluation-ent';
import { KOK_QUESTIONS } from './evaluation-kok';
import { BAD_QUESTIONS } from './evaluation-bad';
import { OPH_QUESTIONS } from './evaluation-oph';
import { UDE_QUESTIONS } from './evaluation-ude';

export { CHAPTERS };

/** The whole catalogue in display order: screening first, then the chapters in CHAPTERS order. */
export const QUESTIONS: QuestionDef[] = [
  ...SCREENING_QUESTIONS,
  ...ANK_QUESTIONS,
  ...IND_QUESTIONS,
  ...ETA_QUESTIONS,
  ...ENT_QUESTIONS,
  ...KOK_QUESTIONS,
  ...BAD_QUESTIONS,
  ...OPH_QUESTIONS,
  ...UDE_QUESTIONS,
];
