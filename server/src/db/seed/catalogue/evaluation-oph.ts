import type { QuestionDef } from '../../../../../shared/rules/catalogue';

/** Chapter OPH – Stue, soveværelse og indeklima (docs/domain.md 3.2). */
export const OPH_QUESTIONS: QuestionDef[] = [
  {
    uniqueId: 'OPH-01',
    chapterId: 'OPH',
    title: 'Vendeplads i et opholdsrum',
    text: 'Er der mindst ét opholdsrum, hvor der med almindelig møblering er plads til en fri cirkel med en diameter på 150 cm?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair'],
    options: [
      { answerId: 'OPH-01-a', label: 'Ja', outcomes: { wheelchair: 1 } },
      { answerId: 'OPH-01-b', label: 'Nej', outcomes: { wheelchair: 0 } },
    ],
    source: 'KAB gruppe A',
    help: {
      header: 'Tænk rummet møbleret',
      bodyText:
        '<p>Forestil dig stuen eller et andet opholdsrum med almindelig møblering: sofa, sofabord, spisebord med stole og en reol. Er der så stadig plads til en fri cirkel på 150 cm i diameter, hvor en kørestol kan vende? Brug boligens møbleringsplan, hvis der er en.</p>' +
        '<p>Det er et af kriterierne for KAB’s tilgængelighedsgruppe A (kørestolsboliger): mindst ét opholdsrum, der kan møbleres, så en kørestol stadig kan komme rundt.</p>',
    },
  },
  {
    uniqueId: 'OPH-02',
    chapterId: 'OPH',
    title: 'Plads ved sengens langside',
    text: 'Hvor meget fri plads er der langs sengens ene langside i soveværelset ved almindelig møblering?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'cm',
    rangeStart: 40,
    rangeEnd: 250,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 90, outcome: 1 }, { min: 70, outcome: 0.5 }, { outcome: 0 }],
      mobility: [{ min: 70, outcome: 1 }, { min: 50, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'Norsk vejledning (ikke kontrolleret mod SBi 249)',
    help: {
      header: 'Mål ved sengens langside',
      bodyText:
        '<p>Placér, eller forestil dig, en almindelig dobbeltseng i soveværelset som i møbleringsplanen. Mål den fri plads vandret fra sengens ene langside til væggen eller nærmeste møbel, på den side hvor der er mest plads.</p>' +
        '<p>Norsk vejledning angiver ca. 90 cm fri plads langs mindst én langside, gerne 150 cm, så en kørestolsbruger kan komme i og ud af sengen. For gangbesværede bruger vi 70 cm som forslag. Grænserne er endnu ikke kontrolleret mod SBi-anvisning 249.</p>',
    },
  },
  {
    uniqueId: 'OPH-04',
    chapterId: 'OPH',
    title: 'Gulvbelægning i opholdsrum',
    text: 'Hvilken gulvbelægning er der i opholdsrum og soveværelse?',
    type: 'single',
    isOptional: false,
    relevantTo: ['allergy', 'wheelchair'],
    options: [
      {
        answerId: 'OPH-04-a',
        label: 'Hårde, glatte gulve (fx træ, linoleum, vinyl eller klinker)',
        outcomes: { allergy: 1, wheelchair: 1 },
      },
      {
        answerId: 'OPH-04-b',
        label: 'Løse tæpper på hårdt gulv',
        outcomes: { allergy: 0.5, wheelchair: 0.5 },
      },
      { answerId: 'OPH-04-c', label: 'Væg-til-væg-tæpper', outcomes: { allergy: 0, wheelchair: 0.5 } },
    ],
    source: 'God Adgang, astma og allergi',
    help: {
      header: 'Hårde gulve eller tæpper?',
      bodyText:
        '<p>Se på gulvene i stue og soveværelse. Hårde, glatte gulve er fx træ, laminat, linoleum, vinyl og klinker. Vælg »Løse tæpper«, hvis der ligger tæpper, som kan fjernes, og »Væg-til-væg-tæpper«, hvis tæppet er limet eller lagt fast.</p>' +
        '<p>God Adgang anbefaler ingen gulvtæpper i rum, hvor man sover eller opholder sig længe, fordi de samler støv og allergener. Tæpper er også tunge at køre på, og løse tæpper kan folde, så kørestole og rollatorer sætter sig fast.</p>',
    },
  },
  {
    uniqueId: 'OPH-05',
    chapterId: 'OPH',
    title: 'Ventilation i boligen',
    text: 'Hvordan ventileres boligen?',
    type: 'single',
    isOptional: true,
    relevantTo: ['allergy'],
    options: [
      {
        answerId: 'OPH-05-a',
        label: 'Mekanisk ventilation med indblæsning og udsugning (fx med varmegenvinding)',
        outcomes: { allergy: 1 },
      },
      { answerId: 'OPH-05-b', label: 'Mekanisk udsugning fra køkken og bad', outcomes: { allergy: 0.5 } },
      {
        answerId: 'OPH-05-c',
        label: 'Kun naturlig ventilation (udluftning og ventiler)',
        outcomes: { allergy: 0 },
      },
    ],
    source: 'God Adgang, astma og allergi; pjecen om indeklima',
    help: {
      header: 'Se efter et ventilationsanlæg',
      bodyText:
        '<p>Se efter et ventilationsanlæg, typisk et aggregat i et skab, på loftet eller i bryggerset, med indblæsning i stuerne og udsugning i køkken og bad. Er der kun udsugning i køkken og bad, eller kun vinduer og ventiler, så vælg den tilsvarende mulighed.</p>' +
        '<p>Effektiv udluftning og god ventilation er vigtigt for personer med astma og allergi (God Adgang). Dug på indersiden af ruderne mere end 2 cm op i koldt vejr er et tegn på for lidt ventilation.</p>',
    },
  },
  {
    uniqueId: 'OPH-06',
    chapterId: 'OPH',
    title: 'Røgalarm med lys eller vibration',
    text: 'Har boligen røgalarm med lys- eller vibrationssignal?',
    type: 'single',
    isOptional: false,
    relevantTo: ['hearing'],
    options: [
      { answerId: 'OPH-06-a', label: 'Ja', outcomes: { hearing: 1 } },
      { answerId: 'OPH-06-b', label: 'Nej, kun almindelig røgalarm med lyd', outcomes: { hearing: 0.5 } },
      { answerId: 'OPH-06-c', label: 'Nej, ingen røgalarm', outcomes: { hearing: 0 } },
    ],
    source: 'Norsk vejledning (varslingsudstyr); Høreforeningen',
    help: {
      header: 'Kan røgalarmen ses eller mærkes?',
      bodyText:
        '<p>Find røgalarmerne i boligen, og se, hvilken type de er: nogle har en blitz, eller de kan kobles til en vibrationspude under hovedpuden. Spørg boligorganisationen, om alarmerne er koblet til et varslingssystem.</p>' +
        '<p>En hørehandicappet kan ikke høre en almindelig røgalarm, især ikke om natten uden høreapparat. En almindelig røgalarm kan suppleres med lys og vibration, derfor giver den delvis score.</p>',
    },
  },
  {
    uniqueId: 'OPH-07',
    chapterId: 'OPH',
    title: 'Dørklokke med lyssignal',
    text: 'Kan dørklokken give et lyssignal (blink) eller kobles til et varslingssystem?',
    type: 'single',
    isOptional: false,
    relevantTo: ['hearing'],
    options: [
      { answerId: 'OPH-07-a', label: 'Ja', outcomes: { hearing: 1 } },
      { answerId: 'OPH-07-b', label: 'Nej', outcomes: { hearing: 0.5 } },
    ],
    source: 'Høreforeningen; norsk vejledning (varslingsudstyr)',
    help: {
      header: 'Ses det, når nogen ringer på?',
      bodyText:
        '<p>Ring på dørklokken, og se, om der blinker et lys i boligen, eller spørg, om klokken er eller kan kobles til et varslingssystem med blitz eller vibration.</p>' +
        '<p>Hørehandicappede har brug for et synligt signal for at vide, at nogen ringer på. Et lyssignal kan som regel eftermonteres, derfor giver et Nej kun delvis score.</p>',
    },
  },
  {
    uniqueId: 'OPH-08',
    chapterId: 'OPH',
    title: 'Fast belysning og kontakt ved døren',
    text: 'Er der fast belysning i alle rum, og kan lyset tændes ved indgangen til hvert rum?',
    type: 'single',
    isOptional: false,
    relevantTo: ['vision', 'cognitive'],
    options: [
      { answerId: 'OPH-08-a', label: 'Ja', outcomes: { vision: 1, cognitive: 1 } },
      { answerId: 'OPH-08-b', label: 'Delvist', outcomes: { vision: 0.5, cognitive: 0.5 } },
      { answerId: 'OPH-08-c', label: 'Nej', outcomes: { vision: 0, cognitive: 0 } },
    ],
    source: 'TIBS 6.3.9 og 6.3.15',
    help: {
      header: 'Kan lyset tændes ved døren?',
      bodyText:
        '<p>Gå gennem alle rum: er der fast belysning eller et lampeudtag med kontakt, og sidder kontakten ved døren, så man kan tænde lyset, før man går ind i rummet?</p>' +
        '<p>TIBS 6.3.9 og 6.3.15 anbefaler jævn, blændfri belysning og kontakter på dørens grebsside, så man aldrig skal gå ind i et mørkt rum. Det hjælper synshandicappede og gør boligen lettere at forstå for udviklingshandicappede.</p>',
    },
  },
];
