import type { ChapterDef } from '../../../../../shared/rules/catalogue';

/**
 * The chapters of the question catalogue in display order: screening first, then the eight
 * evaluation chapters of docs/domain.md 3.2 (ASCII ids: KOK, not KØK).
 */
export const CHAPTERS: ChapterDef[] = [
  {
    id: 'screening',
    kind: 'screening',
    label: 'Screening',
    description:
      'Korte spørgsmål, der afgør, om boligen overhovedet kan komme på tale for de enkelte handicapgrupper. Et svar kan udelukke en gruppe, så dens spørgsmål i evalueringen springes over.',
  },
  {
    id: 'ANK',
    kind: 'evaluation',
    label: 'Ankomst og adgangsvej',
    description:
      'Vejen fra vej eller parkering frem til bygningens indgang: bredde, belægning, ramper, trin, belysning og parkering.',
  },
  {
    id: 'IND',
    kind: 'evaluation',
    label: 'Indgang og hoveddør',
    description:
      'Bygningens indgangsdør og boligens egen hoveddør. Er de forskellige, så svar for den smalleste eller dårligste af de to.',
  },
  {
    id: 'ETA',
    kind: 'evaluation',
    label: 'Adgang til boligen: elevator og trapper',
    description:
      'Vejen op til boligen, når den ikke ligger i terrænniveau: elevatorens mål, betjening og signaler samt trapper og belysning i opgangen.',
  },
  {
    id: 'ENT',
    kind: 'evaluation',
    label: 'Entré, gange og døre',
    description:
      'Boligens indre adgangsveje: dørbredder, dørtrin, vendeplads i entréen, gange, kontakter og en overskuelig planløsning.',
  },
  {
    id: 'KOK',
    kind: 'evaluation',
    label: 'Køkken',
    description:
      'Køkkenets fri plads, mulighed for siddende arbejde, placering og betjening af hvidevarer samt emhætte.',
  },
  {
    id: 'BAD',
    kind: 'evaluation',
    label: 'Bad og toilet',
    description:
      'Bade- og wc-rummet i boligens adgangsetage: fri plads, wc, bruseplads, håndvask, spejl og udsugning.',
  },
  {
    id: 'OPH',
    kind: 'evaluation',
    label: 'Stue, soveværelse og indeklima',
    description:
      'Plads i stue og soveværelse, gulve og ventilation, varsling for hørehandicappede og belysning i boligens rum.',
  },
  {
    id: 'UDE',
    kind: 'evaluation',
    label: 'Altan og udearealer',
    description:
      'Altan- eller terrassedøren og vejen til fælles udearealer, affald og fællesrum, herunder skiltningen.',
  },
];
