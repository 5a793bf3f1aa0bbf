import type { QuestionDef } from '../../../../../shared/rules/catalogue';

/** Chapter BAD – Bad og toilet (docs/domain.md 3.2). */
export const BAD_QUESTIONS: QuestionDef[] = [
  {
    uniqueId: 'BAD-01',
    chapterId: 'BAD',
    title: 'Fri plads foran wc og håndvask',
    text: 'Hvor stor er den fri afstand foran wc og håndvask?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['mobility', 'wheelchair'],
    measurementUnits: 'cm',
    rangeStart: 50,
    rangeEnd: 250,
    isDecimal: false,
    numericScoring: {
      mobility: [{ min: 110, outcome: 1 }, { min: 90, outcome: 0.5 }, { outcome: 0 }],
      wheelchair: [{ min: 150, outcome: 1 }, { min: 130, outcome: 0.5 }, { outcome: 0 }],
    },
    criticalFor: ['mobility'],
    source: 'BR18 § 204; BR-vejledning (1,1 m); SBi tjekliste baderum',
    help: {
      header: 'Mål foran wc og håndvask',
      bodyText:
        '<p>Mål vandret fra forkanten af wc’et og fra forkanten af håndvasken til nærmeste væg eller faste genstand overfor, fx en fast brusevæg eller et skab. Angiv den mindste af de to afstande.</p>' +
        '<p>BR’s vejledning angiver 1,1 m som tilstrækkelig fri plads foran wc og håndvask. En kørestolsbruger har brug for ca. 1,5 m for at kunne vende (SBi).</p>',
      caption: 'Vejledning: mindst 110 cm.',
    },
  },
  {
    uniqueId: 'BAD-02',
    chapterId: 'BAD',
    title: 'Vendeplads i bade- og wc-rum',
    text: 'Hvor stor er den største frie cirkel, der kan rummes i bade- og wc-rummet (uden for dørens slagområde)?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['wheelchair'],
    measurementUnits: 'cm',
    rangeStart: 80,
    rangeEnd: 250,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 150, outcome: 1 }, { min: 130, outcome: 0.5 }, { outcome: 0 }],
    },
    criticalFor: ['wheelchair'],
    source: 'SBi tjekliste baderum (1,5 × 1,5 m)',
    help: {
      header: 'Find den største frie cirkel',
      bodyText:
        '<p>Find det største område i bade- og wc-rummet, hvor en cirkel kan ligge uden at ramme wc, håndvask, faste brusevægge, skabe eller dørens slagområde. Mål den mindste afstand på tværs af området; det er cirklens diameter. Et opklappeligt brusesæde regnes som klappet op.</p>' +
        '<p>SBi anbefaler et frit manøvreareal på 1,5 × 1,5 m, så en kørestolsbruger kan vende og komme til wc og bruseplads.</p>',
      caption: 'Anbefaling: Ø 150 cm.',
      imageUrl: '/help/turning-circle.svg',
      mobileImageUrl: '/help/turning-circle-mobile.svg',
    },
  },
  {
    uniqueId: 'BAD-03',
    chapterId: 'BAD',
    title: 'Fri plads ved siden af wc',
    text: 'Hvor meget fri gulvplads er der ved siden af wc’et på den mest rummelige side?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['wheelchair'],
    measurementUnits: 'cm',
    rangeStart: 0,
    rangeEnd: 150,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 90, outcome: 1 }, { min: 70, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'Odense; SBi (0,9 m)',
    help: {
      header: 'Mål pladsen ved siden af wc’et',
      bodyText:
        '<p>Mål vandret fra wc-kummens yderside til væggen eller nærmeste faste genstand på den side, hvor der er mest plads. Skabe, håndvaske og rør i pladsen tæller ikke som fri plads.</p>' +
        '<p>Odense Kommune og SBi anbefaler mindst 90 cm på den ene side, så en kørestolsbruger kan køre ind ved siden af wc’et og flytte sig over fra siden.</p>',
      caption: 'Anbefaling: mindst 90 cm.',
    },
  },
  {
    uniqueId: 'BAD-04',
    chapterId: 'BAD',
    title: 'Wc’ets siddehøjde',
    text: 'Hvad er wc’ets siddehøjde (til overkant af sædet)?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['mobility', 'wheelchair'],
    measurementUnits: 'cm',
    rangeStart: 35,
    rangeEnd: 60,
    isDecimal: false,
    numericScoring: {
      mobility: [{ min: 45, max: 50, outcome: 1 }, { min: 42, max: 53, outcome: 0.5 }, { outcome: 0 }],
      wheelchair: [{ min: 45, max: 50, outcome: 1 }, { min: 42, max: 53, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'Odense (ca. 42 cm uden sæde); 45–50 cm er vores forslag',
    help: {
      header: 'Mål til overkanten af sædet',
      bodyText:
        '<p>Mål lodret fra gulvet op til overkanten af toiletsædet, når sædet er slået ned.</p>' +
        '<p>Odense Kommune anbefaler en wc-højde på ca. 42 cm uden sæde, dvs. ca. 45–50 cm med sæde. Den højde gør det lettere at sætte sig og rejse sig og at flytte over fra en kørestol. Grænserne er vores forslag og er endnu ikke kontrolleret mod SBi-anvisning 249.</p>',
    },
  },
  {
    uniqueId: 'BAD-05',
    chapterId: 'BAD',
    title: 'Armstøtter ved wc',
    text: 'Er der armstøtter eller greb ved wc’et?',
    type: 'single',
    isOptional: false,
    relevantTo: ['mobility', 'wheelchair'],
    options: [
      {
        answerId: 'BAD-05-a',
        label: 'Opklappelige armstøtter i begge sider',
        outcomes: { mobility: 1, wheelchair: 1 },
      },
      {
        answerId: 'BAD-05-b',
        label: 'Armstøtte eller greb i den ene side',
        outcomes: { mobility: 0.5, wheelchair: 0.5 },
      },
      {
        answerId: 'BAD-05-c',
        label: 'Ingen, men væggen kan bære armstøtter',
        outcomes: { mobility: 0.5, wheelchair: 0.5 },
      },
      {
        answerId: 'BAD-05-d',
        label: 'Ingen, og væggen kan ikke bære armstøtter',
        outcomes: { mobility: 0, wheelchair: 0 },
      },
    ],
    source: 'Odense; SBi tjekliste baderum',
    help: {
      header: 'Se efter armstøtter – eller en stærk væg',
      bodyText:
        '<p>Se, om der sidder armstøtter eller greb ved wc’et, og om de kan klappes op. Er der ingen, så spørg boligorganisationen, om væggen kan bære armstøtter: en mur- eller betonvæg eller en let væg med indbygget forstærkning kan.</p>' +
        '<p>Odense Kommune anbefaler, at væggen ved wc’et kan bære toiletstøtter. Opklappelige armstøtter i begge sider giver støtte, når man sætter sig og rejser sig, og kan klappes væk ved forflytning fra kørestol.</p>',
    },
  },
  {
    uniqueId: 'BAD-06',
    chapterId: 'BAD',
    title: 'Niveaufri bruseplads',
    text: 'Hvordan er brusepladsen udformet?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility', 'vision'],
    options: [
      {
        answerId: 'BAD-06-a',
        label: 'Niveaufri bruseplads uden kant',
        outcomes: { wheelchair: 1, mobility: 1, vision: 1 },
      },
      {
        answerId: 'BAD-06-b',
        label: 'Lav kant (højst 25 mm)',
        outcomes: { wheelchair: 0.5, mobility: 1, vision: 0.5 },
      },
      {
        answerId: 'BAD-06-c',
        label: 'Brusekabine med høj kant eller badekar',
        outcomes: { wheelchair: 0, mobility: 0, vision: 0.5 },
      },
    ],
    source: 'Odense; SBi tjekliste baderum',
    help: {
      header: 'Kan man gå eller køre direkte ind?',
      bodyText:
        '<p>Se på brusepladsen: ligger gulvet i niveau med resten af badeværelset, så man kan gå eller køre direkte ind? Er der en kant, så mål den i millimeter.</p>' +
        '<p>Odense Kommune og SBi anbefaler en niveaufri bruseplads uden kant, med fald mod afløbet på ca. 1:40 (25 mm pr. m). En høj kant eller et badekar er en barriere for kørestols- og rollatorbrugere, og en lav kant er let at snuble over for synshandicappede.</p>',
    },
  },
  {
    uniqueId: 'BAD-07',
    chapterId: 'BAD',
    title: 'Faste brusevægge eller -døre',
    text: 'Er der faste brusevægge eller brusedøre, der begrænser pladsen?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair'],
    options: [
      {
        answerId: 'BAD-07-a',
        label: 'Nej, kun forhæng eller vægge, der kan foldes væk',
        outcomes: { wheelchair: 1 },
      },
      { answerId: 'BAD-07-b', label: 'Ja, faste vægge eller døre', outcomes: { wheelchair: 0 } },
    ],
    source: 'Odense',
    help: {
      header: 'Kan brusevæggene fjernes?',
      bodyText:
        '<p>Se, om brusepladsen er afgrænset af faste glasvægge eller brusedøre, eller af et forhæng eller vægge, der kan foldes helt ind mod væggen.</p>' +
        '<p>Odense Kommune anbefaler ingen faste brusevægge, fordi de tager den fri plads, som en kørestol og en eventuel hjælper skal bruge.</p>',
    },
  },
  {
    uniqueId: 'BAD-08',
    chapterId: 'BAD',
    title: 'Udstyr ved brusepladsen',
    text: 'Hvilket udstyr er der ved brusepladsen?',
    type: 'multiple',
    isOptional: false,
    relevantTo: ['mobility', 'wheelchair', 'vision'],
    options: [
      { answerId: 'BAD-08-a', label: 'Termostatarmatur' },
      { answerId: 'BAD-08-b', label: 'Etgrebsbetjening' },
      { answerId: 'BAD-08-c', label: 'Håndbruser på glidestang (kan højdejusteres)' },
      { answerId: 'BAD-08-d', label: 'Brusesæde, eller væg forberedt til opklappeligt sæde' },
      { answerId: 'BAD-08-e', label: 'Vandret greb ca. 80 cm over gulv' },
      { answerId: 'BAD-08-f', label: 'Ingen af delene', exclusive: true },
    ],
    multiScoring: {
      mobility: {
        accessible: { allOf: ['BAD-08-c', 'BAD-08-d'], minCount: 4 },
        partly: { minCount: 2 },
      },
      wheelchair: {
        accessible: { allOf: ['BAD-08-c', 'BAD-08-d'], minCount: 4 },
        partly: { minCount: 2 },
      },
      // The hint is silent for vision: a thermostat mixer protects against scalding.
      vision: {
        accessible: { allOf: ['BAD-08-a'] },
        partly: { anyOf: ['BAD-08-b'] },
      },
    },
    source: 'SBi tjekliste baderum',
    help: {
      header: 'Sæt kryds ved alt udstyret',
      bodyText:
        '<p>Sæt kryds ved alt det udstyr, der findes ved brusepladsen. »Forberedt væg« betyder, at væggen kan bære et opklappeligt brusesæde; spørg boligorganisationen, hvis du er i tvivl.</p>' +
        '<p>SBi’s tjekliste anbefaler termostatarmatur, betjening med én hånd og lille kraft, en højdejusterbar håndbruser, et sæde i ca. 48 cm højde og et vandret greb ca. 80 cm over gulvet. Fuld score kræver mindst fire ting, heriblandt sæde og håndbruser. For synshandicappede er termostatarmaturet vigtigst, fordi det beskytter mod skoldning.</p>',
    },
  },
  {
    uniqueId: 'BAD-09',
    chapterId: 'BAD',
    title: 'Håndvaskens udformning',
    text: 'Hvordan er håndvasken udformet?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    options: [
      {
        answerId: 'BAD-09-a',
        label: 'Underkørbar (intet skab under), overkant ca. 80 cm',
        outcomes: { wheelchair: 1, mobility: 1 },
      },
      {
        answerId: 'BAD-09-b',
        label: 'Med skab eller søjle under',
        outcomes: { wheelchair: 0, mobility: 0.5 },
      },
      {
        answerId: 'BAD-09-c',
        label: 'Placeret i et hjørne eller uden fri plads ved siden af',
        outcomes: { wheelchair: 0, mobility: 0 },
      },
    ],
    source: 'Odense',
    help: {
      header: 'Kan man køre ind under håndvasken?',
      bodyText:
        '<p>Se, om der er fri plads under håndvasken (uden skab eller søjle), og mål højden til overkanten; ca. 80 cm anbefales. Se også, om der er fri plads på begge sider af vasken.</p>' +
        '<p>Odense Kommune anbefaler en underkørbar håndvask med overkant ca. 80 cm, fri plads på begge sider, ikke i et hjørne og med etgrebsarmatur. Så kan den bruges siddende fra en kørestol.</p>',
    },
  },
  {
    uniqueId: 'BAD-10',
    chapterId: 'BAD',
    title: 'Spejlets underkant',
    text: 'I hvilken højde sidder spejlets underkant?',
    type: 'numeric',
    isOptional: true,
    relevantTo: ['wheelchair'],
    measurementUnits: 'cm',
    rangeStart: 60,
    rangeEnd: 160,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ max: 100, outcome: 1 }, { max: 120, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'Vores forslag (intet dansk mål fundet)',
    help: {
      header: 'Mål til spejlets underkant',
      bodyText:
        '<p>Mål lodret fra gulvet op til spejlets underkant. Spring spørgsmålet over, hvis der ikke er noget spejl.</p>' +
        '<p>Der er ikke fundet et dansk mål. Vores forslag er, at underkanten sidder højst 100 cm over gulvet (eller går ned til håndvasken), så spejlet kan bruges siddende. Grænsen er endnu ikke kontrolleret.</p>',
    },
  },
  {
    uniqueId: 'BAD-12',
    chapterId: 'BAD',
    title: 'Mekanisk udsugning i badeværelset',
    text: 'Er der mekanisk udsugning i bade- og wc-rummet?',
    type: 'single',
    isOptional: true,
    relevantTo: ['allergy'],
    options: [
      { answerId: 'BAD-12-a', label: 'Ja', outcomes: { allergy: 1 } },
      {
        answerId: 'BAD-12-b',
        label: 'Nej, kun vindue eller naturlig ventilation',
        outcomes: { allergy: 0.5 },
      },
    ],
    source: 'God Adgang, astma og allergi',
    help: {
      header: 'Suger udsugningen?',
      bodyText:
        '<p>Se efter en udsugningsventil eller en ventilator i loftet eller på væggen, og hold et stykke papir op mod den for at mærke, om den suger. Et vindue eller en rist i døren er kun naturlig ventilation.</p>' +
        '<p>God udsugning fjerner fugt og forebygger skimmelsvamp, som er et stort problem for personer med astma og allergi (God Adgang). Spørgsmålet er frivilligt, fordi gruppen altid er valgfri.</p>',
    },
  },
];
