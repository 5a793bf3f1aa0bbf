import type { QuestionDef } from '../../../../../shared/rules/catalogue';

/** Chapter ANK – Ankomst og adgangsvej (docs/domain.md 3.2). */
export const ANK_QUESTIONS: QuestionDef[] = [
  {
    uniqueId: 'ANK-01',
    chapterId: 'ANK',
    title: 'Adgangsvejens bredde',
    text: 'Hvad er adgangsvejens mindste frie bredde fra vej eller parkering frem til indgangen?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'cm',
    rangeStart: 50,
    rangeEnd: 400,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 130, outcome: 1 }, { min: 90, outcome: 0.5 }, { outcome: 0 }],
      mobility: [{ min: 130, outcome: 1 }, { min: 70, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'BR18 § 49 stk. 2 nr. 2',
    help: {
      header: 'Mål adgangsvejen på det smalleste sted',
      bodyText:
        '<p>Gå ruten fra vej eller parkering frem til bygningens indgang, og find det smalleste sted. Mål den fri bredde på tværs af ruten, dér hvor belægningen er fast; cykelstativer, affaldsbeholdere, skilte og beplantning, der rager ind, skal holdes uden for målet.</p>' +
        '<p>BR18 § 49 kræver mindst 1,3 m, så en kørestol kan komme frem og passere andre. Under 90 cm er ruten meget svær at bruge i kørestol.</p>',
      caption: 'Krav: mindst 130 cm (BR18 § 49 stk. 2 nr. 2).',
    },
  },
  {
    uniqueId: 'ANK-02',
    chapterId: 'ANK',
    title: 'Belægning på adgangsvejen',
    text: 'Hvilken belægning har adgangsvejen?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility', 'vision'],
    options: [
      {
        answerId: 'ANK-02-a',
        label: 'Fast og jævn (fx asfalt eller fliser)',
        outcomes: { wheelchair: 1, mobility: 1, vision: 1 },
      },
      {
        answerId: 'ANK-02-b',
        label: 'Fast, men ujævn (fx brosten eller chaussésten)',
        outcomes: { wheelchair: 0, mobility: 0.5, vision: 0.5 },
      },
      {
        answerId: 'ANK-02-c',
        label: 'Løs (fx grus eller græs)',
        outcomes: { wheelchair: 0, mobility: 0, vision: 0.5 },
      },
    ],
    source: 'BR18 § 49 stk. 2 nr. 2',
    help: {
      header: 'Vurdér belægningen på hele ruten',
      bodyText:
        '<p>Se på belægningen hele vejen fra vej eller parkering til indgangen, og vælg det svar, der passer på den dårligste del. Fast og jævn er fx asfalt, beton eller fliser uden brede fuger og løftede kanter; brosten, chaussésten og græsarmering er faste, men ujævne.</p>' +
        '<p>BR18 § 49 kræver en fast og jævn belægning. Grus og græs kan næsten ikke bruges med kørestol eller rollator, og ujævn belægning giver snublerisiko for synshandicappede og gangbesværede.</p>',
    },
  },
  {
    uniqueId: 'ANK-03',
    chapterId: 'ANK',
    title: 'Rampens hældning',
    text: 'Hvor mange centimeter stiger den stejleste rampe på adgangsvejen pr. meter (målt vandret)?',
    type: 'numeric',
    isOptional: true,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'cm',
    rangeStart: 0,
    rangeEnd: 25,
    isDecimal: true,
    numericScoring: {
      // 1:20 (5 cm per m) is the BR18 limit; the landings that 1:20–1:25 needs are scored in ANK-04.
      wheelchair: [{ max: 5, outcome: 1 }, { outcome: 0 }],
      mobility: [{ max: 5, outcome: 1 }, { max: 8, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'BR18 § 49 stk. 2 nr. 4',
    help: {
      header: 'Mål rampens stigning pr. meter',
      bodyText:
        '<p>Læg et vaterpas på rampens stejleste del med den ene ende på rampen, hold det vandret, og mål den lodrette afstand fra vaterpassets frie ende ned til rampen. Omregn til 1 m, hvis vaterpasset er kortere: 2,5 cm på et 50 cm vaterpas svarer til 5 cm pr. m.</p>' +
        '<p>5 cm pr. m svarer til 1:20, som er det stejleste, BR18 § 49 tillader; 4 cm pr. m svarer til 1:25. Er rampen stejlere end 1:25, skal der være vandrette reposer (næste spørgsmål). Spring spørgsmålet over, hvis der ikke er nogen rampe.</p>',
      caption: 'Krav: højst 5 cm pr. m (1:20).',
    },
  },
  {
    uniqueId: 'ANK-04',
    chapterId: 'ANK',
    title: 'Vandrette reposer ved rampen',
    text: 'Har rampen en vandret plads på mindst 130 × 130 cm i begge ender og en vandret repos for hver 12 m rampe?',
    type: 'single',
    isOptional: true,
    relevantTo: ['wheelchair'],
    options: [
      { answerId: 'ANK-04-a', label: 'Ja', outcomes: { wheelchair: 1 } },
      { answerId: 'ANK-04-b', label: 'Delvist', outcomes: { wheelchair: 0.5 } },
      { answerId: 'ANK-04-c', label: 'Nej', outcomes: { wheelchair: 0 } },
      { answerId: 'ANK-04-d', label: 'Ingen rampe', outcomes: { wheelchair: null } },
    ],
    source: 'BR18 § 49 stk. 2 nr. 3–4',
    help: {
      header: 'Se efter vandrette pladser ved rampen',
      bodyText:
        '<p>Se efter en vandret plads på mindst 130 × 130 cm både ved foden og på toppen af rampen, så en kørestolsbruger kan holde stille, vende og åbne en dør. Er rampen stejlere end 1:25, skal der også være en vandret repos for hver 12 m rampe.</p>' +
        '<p>Kravene står i BR18 § 49 stk. 2 nr. 3–4. Svar »Delvist«, hvis kun nogle af pladserne findes, eller hvis de er for små.</p>',
    },
  },
  {
    uniqueId: 'ANK-05',
    chapterId: 'ANK',
    title: 'Håndlister på ramper og trapper',
    text: 'Er der gribeegnede håndlister i ca. 80 cm højde på ramper og trapper på adgangsvejen?',
    type: 'single',
    isOptional: false,
    relevantTo: ['mobility', 'vision', 'wheelchair'],
    options: [
      {
        answerId: 'ANK-05-a',
        label: 'Ja, i begge sider',
        outcomes: { mobility: 1, vision: 1, wheelchair: 1 },
      },
      {
        answerId: 'ANK-05-b',
        label: 'Kun i den ene side',
        outcomes: { mobility: 0.5, vision: 0.5, wheelchair: 0.5 },
      },
      { answerId: 'ANK-05-c', label: 'Nej', outcomes: { mobility: 0, vision: 0, wheelchair: 0.5 } },
      {
        answerId: 'ANK-05-d',
        label: 'Der er ingen ramper eller trapper',
        outcomes: { mobility: null, vision: null, wheelchair: null },
      },
    ],
    source: 'BR18 § 49 stk. 2 nr. 5',
    help: {
      header: 'Tjek håndlisterne på ramper og trapper',
      bodyText:
        '<p>Tjek alle ramper og trapper på adgangsvejen. En håndliste skal være let at gribe om (rund eller oval, ikke en bred planke), sidde ca. 80 cm over rampen eller trinforkanten og gå hele vejen fra start til slut.</p>' +
        '<p>BR18 § 49 stk. 2 nr. 5 kræver håndlister i begge sider af ramper og trapper. De giver støtte til gangbesværede og viser vejen for synshandicappede. Er der hverken ramper eller trapper, så vælg den sidste mulighed.</p>',
    },
  },
  {
    uniqueId: 'ANK-06',
    chapterId: 'ANK',
    title: 'Højeste udvendige trin',
    text: 'Hvad er den største trinhøjde på de udvendige trin på adgangsvejen?',
    type: 'numeric',
    isOptional: true,
    relevantTo: ['mobility', 'vision'],
    measurementUnits: 'cm',
    rangeStart: 0,
    rangeEnd: 30,
    isDecimal: false,
    numericScoring: {
      mobility: [{ max: 15, outcome: 1 }, { max: 18, outcome: 0.5 }, { outcome: 0 }],
      vision: [{ max: 15, outcome: 1 }, { max: 18, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'BR18 § 49 stk. 2 nr. 3',
    help: {
      header: 'Mål det højeste trin udendørs',
      bodyText:
        '<p>Mål trinhøjden lodret fra overkanten af ét trin til overkanten af det næste. Angiv det højeste trin på hele adgangsvejen, også et enkelt trin op til indgangspartiet.</p>' +
        '<p>Trin, der supplerer en rampe, må efter BR18 § 49 stk. 2 nr. 3 højst være 15 cm høje med en grund på mindst 30 cm. Spring spørgsmålet over, hvis der ingen trin er.</p>',
      caption: 'Krav: højst 15 cm pr. trin.',
    },
  },
  {
    uniqueId: 'ANK-07',
    chapterId: 'ANK',
    title: 'Markering af udvendige trapper',
    text: 'Er trinforkanterne på udvendige trapper kontrastmarkeret, og skifter belægningen farve og struktur før trappen?',
    type: 'single',
    isOptional: false,
    relevantTo: ['vision'],
    options: [
      { answerId: 'ANK-07-a', label: 'Ja, begge dele', outcomes: { vision: 1 } },
      { answerId: 'ANK-07-b', label: 'Kun kontrastmarkering', outcomes: { vision: 0.5 } },
      { answerId: 'ANK-07-c', label: 'Nej', outcomes: { vision: 0 } },
      { answerId: 'ANK-07-d', label: 'Der er ingen udvendige trapper', outcomes: { vision: null } },
    ],
    source: 'BR18 § 49 stk. 2 nr. 7; TIBS 6.1.21 og 6.2.6',
    help: {
      header: 'Se på trinforkanter og opmærksomhedsfelt',
      bodyText:
        '<p>Se på trinforkanterne: hvert trin bør have en kontrastmarkering på ca. 5 cm på både trinflade og stødtrin, så den ses både op og ned ad trappen; udendørs fungerer gul godt. Se også, om belægningen skifter farve og struktur 90 cm før trappen (et opmærksomhedsfelt).</p>' +
        '<p>BR18 § 49 stk. 2 nr. 7 kræver begge dele; målene er fra TIBS 6.1.21 og 6.2.6. Vælg »Kun kontrastmarkering«, hvis trinene er markeret, men belægningen ikke skifter før trappen.</p>',
    },
  },
  {
    uniqueId: 'ANK-08',
    chapterId: 'ANK',
    title: 'Belysning af adgangsvejen',
    text: 'Hvordan er adgangsvejen belyst, når det er mørkt?',
    type: 'single',
    isOptional: false,
    relevantTo: ['vision', 'mobility', 'cognitive'],
    options: [
      {
        answerId: 'ANK-08-a',
        label: 'Godt og jævnt belyst hele vejen, trapper og ramper ekstra godt',
        outcomes: { vision: 1, mobility: 1, cognitive: 1 },
      },
      {
        answerId: 'ANK-08-b',
        label: 'Delvist belyst',
        outcomes: { vision: 0.5, mobility: 0.5, cognitive: 0.5 },
      },
      { answerId: 'ANK-08-c', label: 'Ikke belyst', outcomes: { vision: 0, mobility: 0, cognitive: 0 } },
    ],
    source: 'BR18 § 49 stk. 2 nr. 1',
    help: {
      header: 'Vurdér belysningen i mørke',
      bodyText:
        '<p>Vurdér belysningen i mørke, eller se efter lamper og spørg boligorganisationen, hvis du er der i dagslys. Er der lys langs hele vejen, og er trapper og ramper bedst belyst? Se efter mørke huller mellem lamperne og lamper, der blænder.</p>' +
        '<p>BR18 § 49 stk. 2 nr. 1 kræver, at adgangsarealer er belyst, og at trapper og ramper belyses kraftigst. Godt lys hjælper synshandicappede og gangbesværede og gør det lettere at finde vej.</p>',
    },
  },
  {
    uniqueId: 'ANK-09',
    chapterId: 'ANK',
    title: 'Parkering tættest på indgangen',
    text: 'Hvilken parkeringsmulighed er der tættest på indgangen?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    options: [
      {
        answerId: 'ANK-09-a',
        label: 'Reserveret handicapparkeringsplads (mindst 3,5 m bred)',
        outcomes: { wheelchair: 1, mobility: 1 },
      },
      {
        answerId: 'ANK-09-b',
        label: 'Almindelig parkeringsplads',
        outcomes: { wheelchair: 0.5, mobility: 1 },
      },
      {
        answerId: 'ANK-09-c',
        label: 'Ingen parkering på grunden',
        outcomes: { wheelchair: 0, mobility: 0.5 },
      },
    ],
    source: 'BR15 2.4.2 vejl.; SBi tjekliste parkering; vejafmærkning § 193',
    help: {
      header: 'Find den nærmeste parkeringsplads',
      bodyText:
        '<p>Find den parkeringsplads, der ligger nærmest indgangen. En handicapparkeringsplads er afmærket med handicapsymbolet og er mindst 3,5 m bred; mål bredden, hvis du er i tvivl.</p>' +
        '<p>BR’s vejledning anbefaler et anvendeligt areal på 3,5 × 5 m og mindst én plads på 4,5 × 8 m til biler med lift bagi. En almindelig plads er for smal til at komme ud af bilen med en kørestol.</p>',
    },
  },
  {
    uniqueId: 'ANK-10',
    chapterId: 'ANK',
    title: 'Afstand fra parkering til indgang',
    text: 'Hvor langt er der fra nærmeste parkeringsplads til indgangen?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    options: [
      { answerId: 'ANK-10-a', label: 'Højst 30 m', outcomes: { wheelchair: 1, mobility: 1 } },
      { answerId: 'ANK-10-b', label: '31–100 m', outcomes: { wheelchair: 0.5, mobility: 0.5 } },
      { answerId: 'ANK-10-c', label: 'Over 100 m', outcomes: { wheelchair: 0, mobility: 0 } },
    ],
    source: 'SBi tjekliste parkering (vejl. 30 m); Tilgængelighedsbasen (100 m)',
    help: {
      header: 'Mål vejen fra parkering til indgang',
      bodyText:
        '<p>Mål afstanden fra nærmeste parkeringsplads (helst handicappladsen) til bygningens indgang ad den vej, man faktisk skal gå eller køre, ikke i fugleflugt. Brug et målehjul, eller skridt afstanden af.</p>' +
        '<p>SBi’s tjekliste siger, at afstanden skal være så kort som muligt, vejledende højst 30 m. Over 100 m er for langt for de fleste kørestolsbrugere og gangbesværede.</p>',
    },
  },
];
