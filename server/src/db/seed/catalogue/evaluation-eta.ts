import type { QuestionDef } from '../../../../../shared/rules/catalogue';

/** Chapter ETA – Adgang til boligen: elevator og trapper (docs/domain.md 3.2). */
export const ETA_QUESTIONS: QuestionDef[] = [
  {
    uniqueId: 'ETA-01',
    chapterId: 'ETA',
    title: 'Elevatorkabinens bredde',
    text: 'Hvad er elevatorkabinens indvendige bredde?',
    type: 'numeric',
    isOptional: true,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'cm',
    rangeStart: 60,
    rangeEnd: 250,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 110, outcome: 1 }, { outcome: 0 }],
      mobility: [{ min: 100, outcome: 1 }, { min: 80, outcome: 0.5 }, { outcome: 0 }],
    },
    criticalFor: ['wheelchair'],
    source: 'BR18 § 246/249; DS/EN 81-70 type 2',
    help: {
      header: 'Mål kabinens bredde',
      bodyText:
        '<p>Mål kabinens indvendige bredde vandret fra sidevæg til sidevæg, set fra døren, mellem væggene og ikke fra en håndliste. Spring spørgsmålet over, hvis der ikke er elevator.</p>' +
        '<p>En type 2-elevator efter DS/EN 81-70 er mindst 110 cm bred og 140 cm dyb og kan rumme en kørestolsbruger og en ledsager; det kræves i nyt byggeri med elevator (BR18). Grænsen på 100 cm for rollatorbrugere (størrelsen på en type 1-elevator) er vores forslag.</p>',
      caption: 'Type 2-elevator: mindst 110 cm bred.',
    },
  },
  {
    uniqueId: 'ETA-02',
    chapterId: 'ETA',
    title: 'Elevatorkabinens dybde',
    text: 'Hvad er elevatorkabinens indvendige dybde?',
    type: 'numeric',
    isOptional: true,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'cm',
    rangeStart: 80,
    rangeEnd: 300,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 140, outcome: 1 }, { outcome: 0 }],
      mobility: [{ min: 125, outcome: 1 }, { min: 100, outcome: 0.5 }, { outcome: 0 }],
    },
    criticalFor: ['wheelchair'],
    source: 'BR18 § 246/249; DS/EN 81-70 type 2',
    help: {
      header: 'Mål kabinens dybde',
      bodyText:
        '<p>Mål kabinens indvendige dybde vandret fra den lukkede dør til bagvæggen. Har kabinen døre i begge ender, så mål mellem de to lukkede døre.</p>' +
        '<p>En type 2-elevator efter DS/EN 81-70 er mindst 140 cm dyb, så en kørestol kan stå helt inde i kabinen. Grænsen på 125 cm for rollatorbrugere (en type 1-elevator) er vores forslag.</p>',
      caption: 'Type 2-elevator: mindst 140 cm dyb.',
    },
  },
  {
    uniqueId: 'ETA-03',
    chapterId: 'ETA',
    title: 'Elevatordørens fri bredde',
    text: 'Hvad er elevatordørens fri passagebredde?',
    type: 'numeric',
    isOptional: true,
    relevantTo: ['wheelchair'],
    measurementUnits: 'cm',
    rangeStart: 60,
    rangeEnd: 150,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 80, outcome: 1 }, { min: 77, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'DS/EN 81-70 (ikke kontrolleret); Tilgængelighedsbasen',
    help: {
      header: 'Mål den åbne elevatordør',
      bodyText:
        '<p>Hold elevatordøren helt åben, og mål den fri åbning vandret mellem dørkanterne eller fra dørkant til karm. Er kabinedøren smallere end døren i opgangen, så mål den smalleste.</p>' +
        '<p>Den almindelige sammenfatning af DS/EN 81-70 er mindst 80 cm og gerne 90 cm ved type 2; tallene er endnu ikke kontrolleret mod standarden. Under 77 cm, som er BR18’s mindstemål for yderdøre, kan en almindelig kørestol ikke komme ind.</p>',
    },
  },
  {
    uniqueId: 'ETA-04',
    chapterId: 'ETA',
    title: 'Højde på elevatorens knapper',
    text: 'I hvilken højde sidder elevatorens betjeningsknapper (tilkaldeknap og knapper i kabinen)?',
    type: 'numeric',
    isOptional: true,
    relevantTo: ['wheelchair', 'vision'],
    measurementUnits: 'cm',
    rangeStart: 60,
    rangeEnd: 160,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 90, max: 110, outcome: 1 }, { min: 80, max: 120, outcome: 0.5 }, { outcome: 0 }],
      vision: [{ min: 90, max: 110, outcome: 1 }, { min: 80, max: 120, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'TIBS 6.2.9; DS/EN 81-70',
    help: {
      header: 'Mål til den øverste knap',
      bodyText:
        '<p>Mål fra gulvet op til midten af den øverste knap, som en beboer skal bruge: tilkaldeknappen uden for elevatoren og etageknapperne i kabinen. Angiv den højeste værdi.</p>' +
        '<p>TIBS 6.2.9 og sammenfatninger af DS/EN 81-70 anbefaler 90–110 cm, så knapperne kan nås siddende og findes samme sted i alle elevatorer.</p>',
      caption: 'Anbefaling: 90–110 cm.',
    },
  },
  {
    uniqueId: 'ETA-05',
    chapterId: 'ETA',
    title: 'Elevatorens signaler og markeringer',
    text: 'Hvilke signaler og markeringer har elevatoren?',
    type: 'multiple',
    isOptional: true,
    relevantTo: ['vision', 'hearing'],
    options: [
      { answerId: 'ETA-05-a', label: 'Etagen meddeles med tale' },
      { answerId: 'ETA-05-b', label: 'Lydsignal ved stop' },
      { answerId: 'ETA-05-c', label: 'Etagevisning i kabinen' },
      { answerId: 'ETA-05-d', label: 'Knapper med følbare tal (relief)' },
      { answerId: 'ETA-05-e', label: 'Nødkald med lyssignal, når opkaldet er modtaget' },
      { answerId: 'ETA-05-f', label: 'Ingen af delene', exclusive: true },
    ],
    multiScoring: {
      vision: {
        accessible: { allOf: ['ETA-05-d'], anyOf: ['ETA-05-a', 'ETA-05-b'] },
        partly: { anyOf: ['ETA-05-a', 'ETA-05-b', 'ETA-05-d'] },
      },
      hearing: {
        accessible: { allOf: ['ETA-05-c', 'ETA-05-e'] },
        partly: { anyOf: ['ETA-05-c', 'ETA-05-e'] },
      },
    },
    source: 'TIBS 6.2.9; DS/EN 81-70; God Adgang (hørehandicap)',
    help: {
      header: 'Kør en tur med elevatoren',
      bodyText:
        '<p>Kør en tur med elevatoren, og sæt kryds ved alt, hvad den har. Lyt efter tale eller en lyd, når den stopper; se efter en etagevisning i kabinen; mærk, om knapperne har tal i relief; og se, om nødkaldsknappen har lys-piktogrammer for »kald sendt« (gul) og »kald modtaget« (grøn). Tryk ikke på nødkaldet.</p>' +
        '<p>Synshandicappede har brug for tale eller lyd og følbare knapper (TIBS 6.2.9). Hørehandicappede har brug for etagevisningen og en synlig bekræftelse af nødkaldet, fordi de ikke kan høre svaret i højttaleren (God Adgang).</p>',
    },
  },
  {
    uniqueId: 'ETA-07',
    chapterId: 'ETA',
    title: 'Trappens trinhøjde',
    text: 'Hvad er trappens stigning (trinhøjde) på vejen til boligen?',
    type: 'numeric',
    isOptional: true,
    relevantTo: ['mobility', 'vision'],
    measurementUnits: 'cm',
    rangeStart: 10,
    rangeEnd: 25,
    isDecimal: true,
    numericScoring: {
      mobility: [{ max: 18, outcome: 1 }, { max: 20, outcome: 0.5 }, { outcome: 0 }],
      vision: [{ max: 18, outcome: 1 }, { max: 20, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'BR18 § 57 (Version 1)',
    help: {
      header: 'Mål trinhøjden',
      bodyText:
        '<p>Mål stigningen lodret fra overkanten af ét trin til overkanten af det næste på trappen op til boligen. Mål et par trin midt på trappen, og angiv det højeste med decimal, fx 17,5.</p>' +
        '<p>BR18 § 57 tillader højst 18 cm i trapper i fælles adgangsveje. Høje trin er hårde for gangbesværede og øger risikoen for fald. Spring spørgsmålet over, hvis der ikke er trapper på vejen til boligen.</p>',
      caption: 'Krav: højst 18 cm (BR18 § 57).',
    },
  },
  {
    uniqueId: 'ETA-08',
    chapterId: 'ETA',
    title: 'Trappens grund (trindybde)',
    text: 'Hvad er trappens grund (trindybde)?',
    type: 'numeric',
    isOptional: true,
    relevantTo: ['mobility', 'vision'],
    measurementUnits: 'cm',
    rangeStart: 15,
    rangeEnd: 40,
    isDecimal: true,
    numericScoring: {
      mobility: [{ min: 25, outcome: 1 }, { min: 22, outcome: 0.5 }, { outcome: 0 }],
      vision: [{ min: 25, outcome: 1 }, { min: 22, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'BR18 § 57 (Version 1)',
    help: {
      header: 'Mål grunden fra forkant til forkant',
      bodyText:
        '<p>Mål grunden vandret fra forkanten af ét trin til forkanten af det næste, set ovenfra; et fremspring på trinnet tæller ikke med. Mål et par trin midt på trappen, og angiv den mindste værdi med decimal, fx 26,5.</p>' +
        '<p>BR18 § 57 kræver mindst 25 cm i boligbyggeri (28 cm i andre bygninger). En kort grund giver for lidt plads til foden, især på vej ned ad trappen.</p>',
      caption: 'Krav: mindst 25 cm i boligbyggeri.',
    },
  },
  {
    uniqueId: 'ETA-09',
    chapterId: 'ETA',
    title: 'Håndlister på trappen',
    text: 'Er der håndlister på trappen?',
    type: 'single',
    isOptional: true,
    relevantTo: ['mobility', 'vision'],
    options: [
      { answerId: 'ETA-09-a', label: 'I begge sider hele vejen', outcomes: { mobility: 1, vision: 1 } },
      { answerId: 'ETA-09-b', label: 'Kun i den ene side', outcomes: { mobility: 0.5, vision: 0.5 } },
      { answerId: 'ETA-09-c', label: 'Ingen', outcomes: { mobility: 0, vision: 0 } },
    ],
    criticalFor: ['mobility'],
    source: 'BR10 3.2.2; BR18 § 49 stk. 2 nr. 5',
    help: {
      header: 'Følg håndlisterne hele vejen',
      bodyText:
        '<p>Se, om trappen har håndlister i begge sider, og om de går hele vejen fra nederste til øverste trin, også forbi reposerne. Håndlisterne skal være lette at gribe om.</p>' +
        '<p>Bygningsreglementet kræver gribevenlige håndlister på trapper i fælles adgangsveje (BR10 3.2.2) og i begge sider udendørs (BR18 § 49). To håndlister giver støtte, uanset hvilken arm der er den stærke, og hjælper synshandicappede med at holde retningen.</p>',
    },
  },
  {
    uniqueId: 'ETA-10',
    chapterId: 'ETA',
    title: 'Kontrastmarkering af trinforkanter',
    text: 'Er trinforkanterne på trappen kontrastmarkeret?',
    type: 'single',
    isOptional: true,
    relevantTo: ['vision'],
    options: [
      {
        answerId: 'ETA-10-a',
        label: 'Ja, alle trin (ca. 5 cm på både trinflade og stødtrin)',
        outcomes: { vision: 1 },
      },
      { answerId: 'ETA-10-b', label: 'Kun første og sidste trin', outcomes: { vision: 0.5 } },
      { answerId: 'ETA-10-c', label: 'Nej', outcomes: { vision: 0 } },
    ],
    criticalFor: ['vision'],
    source: 'TIBS 6.2.6',
    help: {
      header: 'Se på trinforkanterne',
      bodyText:
        '<p>Se på trinforkanterne både oppefra og nedefra: har hvert trin en kontrastmarkering på ca. 5 cm på både trinflade og stødtrin? Er kun første og sidste trin markeret, så vælg den midterste mulighed.</p>' +
        '<p>TIBS 6.2.6 anbefaler markering af alle trin. Uden markering er det svært for svagsynede at se, hvor trinene begynder, og risikoen for fald er stor.</p>',
    },
  },
  {
    uniqueId: 'ETA-11',
    chapterId: 'ETA',
    title: 'Belysning i opgang og på trappe',
    text: 'Hvordan er belysningen i opgangen og på trappen?',
    type: 'single',
    isOptional: false,
    relevantTo: ['vision', 'mobility', 'cognitive'],
    options: [
      {
        answerId: 'ETA-11-a',
        label: 'God og blændfri, trinene står tydeligt frem',
        outcomes: { vision: 1, mobility: 1, cognitive: 1 },
      },
      { answerId: 'ETA-11-b', label: 'Middel', outcomes: { vision: 0.5, mobility: 0.5, cognitive: 0.5 } },
      {
        answerId: 'ETA-11-c',
        label: 'Dårlig eller ujævn',
        outcomes: { vision: 0, mobility: 0, cognitive: 0 },
      },
    ],
    source: 'IRFA; SBi lys, farver og kontraster; TIBS 6.2.3',
    help: {
      header: 'Vurdér lyset i opgangen',
      bodyText:
        '<p>Tænd lyset i opgangen, og se på trappen oppefra: står hvert trin tydeligt frem, og er lyset jævnt uden blænding og mørke områder? Tjek også, om et tidsstyret lys slukker, før man kan nå op.</p>' +
        '<p>IRFA og SBi anbefaler 300–500 lux i indgange, gange og på trapper. Kontrast mellem trinflade og stødtrin hjælper ofte mere end mere lys.</p>',
    },
  },
];
