import type {
  BreakerAndResultScreenSettings,
  GuidanceSettings,
  RelevanceSetting,
} from '../../../shared/contract/static-content';
import type { HandicapType } from '../../../shared/rules/handicaps';

/**
 * Danish defaults for the configuration content of GET /api/v2/staticcontent (docs/product.md 3).
 * Texts that belong to the question catalogue (chapters, per-question help) live with the
 * catalogue in the database; these are the texts around it. The service message is the
 * deployment's, not the code's (service-message.ts).
 */

/** God Adgang's user groups (docs/architecture.md 3); icon keys are mapped to icons by the app. */
export const RELEVANCE_SETTINGS: Record<HandicapType, RelevanceSetting> = {
  wheelchair: {
    helpScreenLabel: 'Kørestolsbrugere',
    helpScreenIcon: 'wheelchair',
    shorthandLabel: 'Kørestol',
  },
  mobility: { helpScreenLabel: 'Gangbesværede', helpScreenIcon: 'walk', shorthandLabel: 'Gang' },
  vision: { helpScreenLabel: 'Synshandicappede', helpScreenIcon: 'eye', shorthandLabel: 'Syn' },
  hearing: { helpScreenLabel: 'Hørehandicappede', helpScreenIcon: 'ear', shorthandLabel: 'Hørelse' },
  cognitive: {
    helpScreenLabel: 'Udviklingshandicappede',
    helpScreenIcon: 'brain',
    shorthandLabel: 'Kognitiv',
  },
  allergy: { helpScreenLabel: 'Astma og allergi', helpScreenIcon: 'lungs', shorthandLabel: 'Allergi' },
  reading: { helpScreenLabel: 'Læsevanskeligheder', helpScreenIcon: 'book', shorthandLabel: 'Læsning' },
};

/**
 * Texts of the chapter interruption dialog and the result dialog (docs/product.md 2, "Other screens
 * and widgets"; outcomes in section 4 "Screening and answering"). Where the app lists handicap
 * types under a text, body introduces the included types and body2 the excluded ones.
 */
export const BREAKER_AND_RESULT_SCREEN_SETTINGS: BreakerAndResultScreenSettings = {
  screeningMissing: {
    header: 'Screeningen er ikke færdig',
    body: 'Du mangler at besvare nogle spørgsmål i screeningen. Besvar dem, før du går videre til vurderingen.',
    buttonLabel: 'Tilbage til screeningen',
  },
  screeningNone: {
    header: 'Boligen er ikke egnet',
    body: 'Screeningen viser, at boligen ikke er egnet for nogen af de fem brugergrupper: kørestolsbrugere, gangbesværede, synshandicappede, hørehandicappede og udviklingshandicappede.',
    body2:
      'Du kan se resultatet nu. Du kan også fortsætte og besvare de valgfrie spørgsmål om astma og allergi og om læsevanskeligheder.',
    buttonLabel: 'Se resultatet',
    buttonLabel2: 'Fortsæt alligevel',
  },
  screeningSome: {
    header: 'Screeningen er færdig',
    body: 'Boligen kan være egnet for disse brugergrupper. Dem vurderer du nu nærmere:',
    body2:
      'Boligen er ikke egnet for disse brugergrupper, så spørgsmål, der kun handler om dem, springes over:',
    buttonLabel: 'Fortsæt til vurderingen',
  },
  screeningAll: {
    header: 'Boligen kan være egnet for alle',
    body: 'Screeningen viser, at boligen kan være egnet for alle fem brugergrupper. Nu vurderer du boligen nærmere.',
    buttonLabel: 'Fortsæt til vurderingen',
  },
  globalMissing: {
    header: 'Der mangler svar',
    body: 'Du skal besvare disse spørgsmål, før du kan afslutte vurderingen. Vælg et spørgsmål for at gå til det.',
    buttonLabel: 'Tilbage til vurderingen',
  },
  globalReady: {
    header: 'Alle spørgsmål er besvaret',
    body: 'Du har besvaret alle de spørgsmål, der skal besvares. Se resultatet, og godkend vurderingen, når du er klar.',
    buttonLabel: 'Se resultatet',
  },
  automaticApproval: {
    header: 'Vurderingen kan godkendes',
    body: 'Alle svar er på plads, og resultatet er beregnet. Du kan godkende vurderingen nu eller vælge en senere startdato.',
    buttonLabel: 'Gå til godkendelse',
  },
};

/** Guidance tips in the order of docs/product.md 4 "Guidance tips". */
export const GUIDANCE_SETTINGS: GuidanceSettings = {
  firstListVisitGuidance: {
    title: 'Sådan bruger du boliglisten',
    body: 'Her ser du afdelingens boliger og status for deres vurdering. Brug felterne over kolonnerne til at filtrere, f.eks. husnumre som 1,3,5-10. Vælg en bolig for at se dens vurderinger, eller markér flere boliger for at arbejde med dem samlet.',
  },
  copyThenListGuidance: {
    title: 'Kopiér en vurdering',
    body: 'Er flere boliger ens, kan du kopiere en vurdering i stedet for at starte forfra. Markér boligen med den vurdering, du vil kopiere, og vælg Kopiér. Derefter vælger du de boliger, der skal have den samme vurdering.',
  },
  copyThenSelectThenListGuidance: {
    title: 'Vælg boligerne, du kopierer til',
    body: 'Markér de boliger, der skal have en kopi af vurderingen. Den bolig, du kopierer fra, og boliger med en vurdering, der venter på godkendelse, kan ikke vælges. Når du er klar, ser du boligerne samlet i en oversigt.',
  },
  summaryPageGuidance: {
    title: 'Tjek oversigten',
    body: 'Her ser du de boliger, vurderingen bliver kopieret til. Fjern de boliger, der ikke skal med, og vælg Indsæt for at starte kopieringen. Har en bolig allerede en vurdering, bliver den erstattet, så læs advarslen grundigt.',
  },
};

/** Shown on every help screen under the question's own help; {title} is the question title. */
export const HELP_SCREEN_ENTRY_GENERIC_TEMPLATE =
  'Svar ud fra, hvordan boligen ser ud i dag, ikke ud fra planlagte ændringer. Er du i tvivl om »{title}«, så vælg det svar, der passer bedst, og forklar i en kommentar, hvad du var usikker på.';
