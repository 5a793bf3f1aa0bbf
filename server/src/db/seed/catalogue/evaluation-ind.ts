import type { QuestionDef } from '../../../../../shared/rules/catalogue';

/**
 * Chapter IND – Indgang og hoveddør (docs/domain.md 3.2). Covers the building's entrance door
 * and the dwelling's own front door; the assessor answers for the narrowest or worst of the two.
 */
export const IND_QUESTIONS: QuestionDef[] = [
  {
    uniqueId: 'IND-01',
    chapterId: 'IND',
    title: 'Hoveddørens fri passagebredde',
    text: 'Hvad er den fri passagebredde i hoveddøren (målt mellem karm og åben dørplade)?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'cm',
    rangeStart: 60,
    rangeEnd: 200,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 77, outcome: 1 }, { outcome: 0 }],
      mobility: [{ min: 70, outcome: 1 }, { outcome: 0.5 }],
    },
    criticalFor: ['wheelchair'],
    source: 'BR18 § 52; Odense helhedsplan-guide (0,87 m)',
    help: {
      header: 'Mål den fri åbning, ikke dørbladet',
      bodyText:
        '<p>Mål både opgangsdøren og boligens egen hoveddør, og angiv den mindste værdi. Åbn døren helt (mindst 90 grader), og mål vandret fra dørbladets flade til karmens anslag på den modsatte side. Dørbladets bredde eller modulmålet (fx »9M«) er ikke det samme; en 9M-dør giver ofte under 77 cm fri bredde.</p>' +
        '<p>BR18 § 52 kræver mindst 0,77 m. Odense Kommunes guide anbefaler 0,87 m i nye tilgængelighedsboliger. Grænsen på 70 cm for gangbesværede er vores forslag.</p>',
      caption: 'Krav: mindst 77 cm (BR18 § 52).',
    },
  },
  {
    uniqueId: 'IND-02',
    chapterId: 'IND',
    title: 'Dørtrin ved hoveddøren',
    text: 'Hvor højt er dørtrinnet ved hoveddøren?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'mm',
    rangeStart: 0,
    rangeEnd: 150,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ max: 25, outcome: 1 }, { outcome: 0 }],
      mobility: [{ max: 25, outcome: 1 }, { max: 50, outcome: 0.5 }, { outcome: 0 }],
    },
    criticalFor: ['wheelchair'],
    source: 'BR18 § 51 stk. 2 nr. 3',
    help: {
      header: 'Mål dørtrinnet i millimeter',
      bodyText:
        '<p>Mål i millimeter fra gulvet eller belægningen på den laveste side af døren op til dørtrinnets overkant. Mål både ved opgangsdøren og ved boligens hoveddør, og angiv det højeste trin. Er der intet trin, så angiv 0.</p>' +
        '<p>BR18 § 51 stk. 2 nr. 3 tillader højst 25 mm. Det kan en kørestol eller rollator lige passere; højere trin er en reel barriere og en snublekant.</p>',
      caption: 'Krav: højst 25 mm (BR18 § 51).',
    },
  },
  {
    uniqueId: 'IND-03',
    chapterId: 'IND',
    title: 'Vandret areal foran døren',
    text: 'Er der et vandret, fast og plant areal på mindst 150 × 150 cm foran døren (målt fra hængselsiden, med 20 cm ekstra hvis døren åbner udad)?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    options: [
      { answerId: 'IND-03-a', label: 'Ja', outcomes: { wheelchair: 1, mobility: 1 } },
      {
        answerId: 'IND-03-b',
        label: 'Ja, men mindre end 150 × 150 cm',
        outcomes: { wheelchair: 0.5, mobility: 0.5 },
      },
      { answerId: 'IND-03-c', label: 'Nej', outcomes: { wheelchair: 0, mobility: 0.5 } },
    ],
    source: 'BR18 § 51 stk. 2 nr. 2 og 4; Tilgængelighedsbasen',
    help: {
      header: 'Mål pladsen foran døren',
      bodyText:
        '<p>Mål arealet foran døren: mindst 150 × 150 cm, målt fra hængselsiden. Åbner døren udad, skal arealet være 20 cm længere langs facaden. Arealet skal være vandret, fast og plant og ligge i samme niveau som gulvet indenfor.</p>' +
        '<p>Kravet står i BR18 § 51 stk. 2 nr. 2 og 4; pladsen skal til, for at en kørestolsbruger kan åbne døren og komme ind. Vælg den midterste mulighed, hvis der er et plant areal, men det er mindre (Tilgængelighedsbasens lavere klasse accepterer 120 × 120 cm).</p>',
    },
  },
  {
    uniqueId: 'IND-04',
    chapterId: 'IND',
    title: 'Fri plads ved dørens lukkeside',
    text: 'Hvor meget fri vægplads er der ved siden af døren på lukkesiden (den side, hvor døren åbner ind mod én)?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['wheelchair'],
    measurementUnits: 'cm',
    rangeStart: 0,
    rangeEnd: 150,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 50, outcome: 1 }, { outcome: 0 }],
    },
    source: 'BR18 § 52 stk. 2–3',
    help: {
      header: 'Mål pladsen ved dørens greb',
      bodyText:
        '<p>Stil dig på den side af døren, hvor døren åbner ind mod dig. Mål vandret fra karmen på lukkesiden (modsat hængslerne) hen til nærmeste væg, hjørne eller faste genstand. Mål ved både opgangsdøren og hoveddøren, og angiv den mindste værdi.</p>' +
        '<p>BR18 § 52 stk. 2–3 kræver mindst 0,50 m, så en kørestolsbruger kan komme tæt nok på til at nå grebet og trække døren op uden at køre ind i den.</p>',
      caption: 'Krav: mindst 50 cm (BR18 § 52).',
    },
  },
  {
    uniqueId: 'IND-05',
    chapterId: 'IND',
    title: 'Åbning af hoveddøren',
    text: 'Hvordan åbnes hoveddøren?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    options: [
      {
        answerId: 'IND-05-a',
        label: 'Automatisk døråbner med trykknap',
        outcomes: { wheelchair: 1, mobility: 1 },
      },
      { answerId: 'IND-05-b', label: 'Manuelt og let at åbne', outcomes: { wheelchair: 1, mobility: 1 } },
      {
        answerId: 'IND-05-c',
        label: 'Manuelt, men tung eller med kraftig dørpumpe',
        outcomes: { wheelchair: 0, mobility: 0.5 },
      },
    ],
    source: 'TIBS 6.2.2 (højst 25 N)',
    help: {
      header: 'Prøv selv at åbne døren',
      bodyText:
        '<p>Åbn både opgangsdøren og boligens hoveddør, og svar for den tungeste. En dør med dørpumpe bør kunne åbnes med en kraft på højst ca. 25 N, svarende til ca. 2,5 kg (TIBS 6.2.2); tjek evt. med en fjedervægt i grebet.</p>' +
        '<p>Er døren tung, bør der være en automatisk døråbner med en trykknap, der sidder uden for dørens slagområde.</p>',
    },
  },
  {
    uniqueId: 'IND-06',
    chapterId: 'IND',
    title: 'Markering af arealet foran indgangen',
    text: 'Er arealet foran indgangen markeret med en anden farve eller en følbar belægning end omgivelserne (fx en nedsænket rist)?',
    type: 'single',
    isOptional: false,
    relevantTo: ['vision'],
    options: [
      { answerId: 'IND-06-a', label: 'Ja', outcomes: { vision: 1 } },
      { answerId: 'IND-06-b', label: 'Nej', outcomes: { vision: 0 } },
    ],
    source: 'BR18 § 51 stk. 2 nr. 5; SBi tjekliste døre',
    help: {
      header: 'Skiller arealet foran døren sig ud?',
      bodyText:
        '<p>Se på belægningen lige foran indgangsdøren. Arealet skal skille sig ud fra omgivelserne med en tydeligt anden farve eller en følbar struktur, fx en nedsænket fodskraberist eller fliser med knopper.</p>' +
        '<p>BR18 § 51 stk. 2 nr. 5 kræver markeringen, så synshandicappede kan finde døren. SBi anbefaler en lyshedsforskel (LRV) på mindst 30 og riste med åbninger på højst 9 mm, så den hvide stok ikke sætter sig fast.</p>',
    },
  },
  {
    uniqueId: 'IND-08',
    chapterId: 'IND',
    title: 'Porttelefonens signaler',
    text: 'Hvad kan porttelefonen eller dørtelefonen?',
    type: 'multiple',
    isOptional: false,
    relevantTo: ['hearing', 'vision'],
    options: [
      { answerId: 'IND-08-a', label: 'Lydsignal, når opkaldet er sendt og forbindelsen oprettet' },
      {
        answerId: 'IND-08-b',
        label: 'Lys- eller skærmsignal, når opkaldet er sendt og forbindelsen oprettet',
      },
      { answerId: 'IND-08-c', label: 'Følbar markering af 5-tallet' },
      { answerId: 'IND-08-d', label: 'Teleslynge' },
      { answerId: 'IND-08-e', label: 'Videotelefon i boligen' },
      { answerId: 'IND-08-f', label: 'Der er ingen porttelefon', exclusive: true },
    ],
    multiScoring: {
      hearing: {
        notApplicableIf: ['IND-08-f'],
        accessible: { allOf: ['IND-08-b'] },
        partly: { anyOf: ['IND-08-d', 'IND-08-e'] },
      },
      vision: {
        notApplicableIf: ['IND-08-f'],
        accessible: { allOf: ['IND-08-a', 'IND-08-c'] },
        partly: { anyOf: ['IND-08-a', 'IND-08-c'] },
      },
    },
    criticalFor: ['hearing'],
    source: 'BR18 § 160; God Adgang (hørehandicap)',
    help: {
      header: 'Afprøv porttelefonen',
      bodyText:
        '<p>Prøv porttelefonen, gerne sammen med en kollega i boligen, og sæt kryds ved alt, hvad den kan. Giver den en lyd, når opkaldet er sendt, og når forbindelsen er oprettet? Viser den det samme med lys eller på en skærm? Har tasten 5 en følbar prik?</p>' +
        '<p>BR18 § 160 kræver, at porttelefoner viser både hørbart og synligt, at de er aktive, og at forbindelsen er oprettet, og at 5-tallet er følbart markeret. Hørehandicappede har brug for lyssignalet; synshandicappede for lydsignalet og det markerede 5-tal.</p>',
    },
  },
  {
    uniqueId: 'IND-09',
    chapterId: 'IND',
    title: 'Højde på porttelefon og dørklokke',
    text: 'I hvilken højde sidder midten af betjeningspanelet på porttelefonen eller dørklokken?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'cm',
    rangeStart: 50,
    rangeEnd: 200,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 80, max: 110, outcome: 1 }, { min: 60, max: 130, outcome: 0.5 }, { outcome: 0 }],
      mobility: [{ min: 80, max: 110, outcome: 1 }, { min: 60, max: 150, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'Norsk vejledning (0,8–1,1 m); TIBS 6.2.9',
    help: {
      header: 'Mål til midten af panelet',
      bodyText:
        '<p>Mål fra terræn eller gulv op til midten af betjeningspanelet (tastatur eller knapper). Er der flere paneler, så mål det, som beboeren skal bruge for at komme ind.</p>' +
        '<p>Norsk vejledning anbefaler 80–110 cm for ringe- og kaldetableauer, og TIBS 6.2.9 anbefaler 90–110 cm for kaldeknapper. Så kan panelet nås fra en kørestol og af personer med nedsat arm- eller håndfunktion.</p>',
      caption: 'Anbefaling: 80–110 cm.',
    },
  },
  {
    uniqueId: 'IND-10',
    chapterId: 'IND',
    title: 'Husnummer og navneskilte',
    text: 'Er husnummer, opgangsnummer og navneskilte store, i kontrastfarve og belyst?',
    type: 'single',
    isOptional: false,
    relevantTo: ['vision', 'cognitive', 'reading'],
    options: [
      { answerId: 'IND-10-a', label: 'Ja', outcomes: { vision: 1, cognitive: 1, reading: 1 } },
      { answerId: 'IND-10-b', label: 'Delvist', outcomes: { vision: 0.5, cognitive: 0.5, reading: 0.5 } },
      { answerId: 'IND-10-c', label: 'Nej', outcomes: { vision: 0, cognitive: 0, reading: 0 } },
    ],
    source: 'Norsk vejledning (16 pt); God Adgang',
    help: {
      header: 'Kan numre og navne læses?',
      bodyText:
        '<p>Se på husnummer, opgangsnummer og navneskilte ved indgangen og ved boligens dør. De skal være store, stå i kontrast til baggrunden og være belyst, så de kan læses i mørke; norsk vejledning anbefaler mindst 16 punkt til navne og lejlighedsnumre.</p>' +
        '<p>Tydelige skilte hjælper synshandicappede, og enkle numre og piktogrammer gør det lettere for udviklingshandicappede og personer med læsevanskeligheder at finde vej. Svar »Delvist«, hvis kun noget af det er i orden.</p>',
    },
  },
];
