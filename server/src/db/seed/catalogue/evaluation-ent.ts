import type { QuestionDef } from '../../../../../shared/rules/catalogue';

/** Chapter ENT – Entré, gange og døre (docs/domain.md 3.2). */
export const ENT_QUESTIONS: QuestionDef[] = [
  {
    uniqueId: 'ENT-01',
    chapterId: 'ENT',
    title: 'Smalleste dør inde i boligen',
    text: 'Hvad er den fri passagebredde i den smalleste dør inde i boligen (entré, gang, stue, soverum, køkken, bad/wc)?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'cm',
    rangeStart: 50,
    rangeEnd: 120,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 77, outcome: 1 }, { outcome: 0 }],
      mobility: [{ min: 70, outcome: 1 }, { min: 67, outcome: 0.5 }, { outcome: 0 }],
    },
    criticalFor: ['wheelchair'],
    source: 'BR18 § 208 (0,77 m ikke kontrolleret); Odense (0,87 m)',
    help: {
      header: 'Find den smalleste dør',
      bodyText:
        '<p>Mål den fri passagebredde i dørene til entré, gang, stue, soverum, køkken og bad/wc, og angiv den mindste. Åbn døren helt, og mål vandret fra dørbladets flade til karmens anslag på den modsatte side.</p>' +
        '<p>BR18 § 208 stiller krav om en fri bredde i boligens døre; 0,77 m er målet fra BR10 og almindelig praksis, men tallet er endnu ikke kontrolleret i den gældende tekst. Odense Kommune anbefaler 0,87 m. En 9M-dør giver ofte under 77 cm.</p>',
      imageUrl: '/help/door-width.svg',
      mobileImageUrl: '/help/door-width-mobile.svg',
      caption: 'Mål med døren helt åben, fra dørbladet til karmens anslag: mindst 77 cm.',
    },
  },
  {
    uniqueId: 'ENT-02',
    chapterId: 'ENT',
    title: 'Højeste dørtrin inde i boligen',
    text: 'Hvor højt er det højeste dørtrin eller niveauspring inde i boligen?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility', 'vision'],
    measurementUnits: 'mm',
    rangeStart: 0,
    rangeEnd: 100,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ max: 25, outcome: 1 }, { outcome: 0 }],
      mobility: [{ max: 25, outcome: 1 }, { max: 50, outcome: 0.5 }, { outcome: 0 }],
      vision: [{ max: 25, outcome: 1 }, { max: 50, outcome: 0.5 }, { outcome: 0 }],
    },
    criticalFor: ['wheelchair'],
    source: 'SBi tjekliste døre (25 mm); BR18 § 51',
    help: {
      header: 'Mål alle dørtrin i millimeter',
      bodyText:
        '<p>Mål alle dørtrin og niveauspring inde i boligen i millimeter, fra det laveste gulv op til trinnets overkant, og angiv det højeste. Tjek især døren til badeværelset, hvor trinnet ofte er højere. Er der ingen trin, så angiv 0.</p>' +
        '<p>Højst 25 mm svarer til reglerne for yderdøre (BR18 § 51); det bedste er helt trinfri overgange. Trin er en snublekant for synshandicappede og gangbesværede og en barriere for kørestole.</p>',
      caption: 'Højst 25 mm, helst 0 mm.',
      imageUrl: '/help/threshold.svg',
    },
  },
  {
    uniqueId: 'ENT-03',
    chapterId: 'ENT',
    title: 'Vendeplads i entréen',
    text: 'Hvor stor er den største frie cirkel, der kan rummes i entréen (uden for dørenes slagområde og møbler)?',
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
    source: 'Odense; SBi; IRFA (Ø 1,5 m)',
    help: {
      header: 'Find den største frie cirkel',
      bodyText:
        '<p>Find det største område i entréen, hvor en cirkel kan ligge uden at ramme vægge, faste skabe, garderobe eller dørenes slagområde. Mål den mindste afstand på tværs af området; det er cirklens diameter.</p>' +
        '<p>En fri cirkel på 150 cm er det anbefalede vendeareal for en kørestol (Odense, SBi, IRFA). Med mindre plads må en kørestolsbruger ofte bakke ud eller manøvrere flere gange.</p>',
      caption: 'Anbefaling: Ø 150 cm.',
      imageUrl: '/help/turning-circle.svg',
      mobileImageUrl: '/help/turning-circle-mobile.svg',
    },
  },
  {
    uniqueId: 'ENT-04',
    chapterId: 'ENT',
    title: 'Smalleste gang i boligen',
    text: 'Hvad er den mindste frie bredde i boligens gange?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'cm',
    rangeStart: 60,
    rangeEnd: 200,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 120, outcome: 1 }, { min: 90, outcome: 0.5 }, { outcome: 0 }],
      mobility: [{ min: 90, outcome: 1 }, { min: 70, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'Norsk vejledning (Husbanken; ikke kontrolleret mod SBi 249)',
    help: {
      header: 'Mål gangen på det smalleste sted',
      bodyText:
        '<p>Mål den fri bredde i boligens gange på det smalleste sted, fx ved en radiator, et fast skab eller et hjørne. Mål fra væg til væg eller til den faste genstand, der rager længst ud.</p>' +
        '<p>Der er ikke fundet et dansk mål for gange i boliger. Norsk vejledning angiver mindst 90 cm og anbefaler 120 cm; vi bruger de tal, indtil de er kontrolleret mod SBi-anvisning 249.</p>',
    },
  },
  {
    uniqueId: 'ENT-06',
    chapterId: 'ENT',
    title: 'Kontrast ved døre og karme',
    text: 'Står døre eller dørkarme i tydelig kontrast til væggene?',
    type: 'single',
    isOptional: false,
    relevantTo: ['vision', 'cognitive'],
    options: [
      { answerId: 'ENT-06-a', label: 'Ja', outcomes: { vision: 1, cognitive: 1 } },
      { answerId: 'ENT-06-b', label: 'Delvist', outcomes: { vision: 0.5, cognitive: 0.5 } },
      { answerId: 'ENT-06-c', label: 'Nej', outcomes: { vision: 0, cognitive: 0 } },
    ],
    source: 'TIBS 6.2.2 (LRV-forskel ≥ 30)',
    help: {
      header: 'Kan dørene ses tydeligt?',
      bodyText:
        '<p>Se på dørene inde i boligen i almindeligt lys og på lidt afstand: står dørblad eller dørkarm tydeligt i kontrast til væggen, fx en mørk karm på en lys væg? Hvide døre i hvide vægge er ikke i kontrast.</p>' +
        '<p>TIBS 6.2.2 anbefaler en lyshedsforskel (LRV) på mindst 30, svarende til ca. 0,4 på NCS-skalaen. Kontrast gør det lettere for synshandicappede at finde dørene og for udviklingshandicappede at orientere sig.</p>',
    },
  },
  {
    uniqueId: 'ENT-07',
    chapterId: 'ENT',
    title: 'Højde på lyskontakter',
    text: 'I hvilken højde sidder lyskontakterne?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'cm',
    rangeStart: 40,
    rangeEnd: 180,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 80, max: 120, outcome: 1 }, { min: 60, max: 135, outcome: 0.5 }, { outcome: 0 }],
      mobility: [{ min: 80, max: 120, outcome: 1 }, { min: 60, max: 135, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'IRFA (ca. 0,9 m); TIBS 6.3.15',
    help: {
      header: 'Mål til midten af kontakten',
      bodyText:
        '<p>Mål fra gulvet op til midten af lyskontakten. Tjek kontakterne i flere rum, og angiv den typiske højde; sidder nogle væsentligt højere, så angiv den højeste.</p>' +
        '<p>IRFA anbefaler ca. 90 cm, på grebssiden af døren og i kontrast til væggen, så kontakten kan nås fra en kørestol og af personer med nedsat armfunktion. Her regnes 80–120 cm som tilgængeligt.</p>',
      caption: 'Anbefaling: ca. 90 cm.',
    },
  },
  {
    uniqueId: 'ENT-09',
    chapterId: 'ENT',
    title: 'Enkel og overskuelig planløsning',
    text: 'Er boligens planløsning enkel og overskuelig (fx rummene ligger logisk ud fra entréen, der er få og korte gange og ingen forskudte plan)?',
    type: 'single',
    isOptional: false,
    relevantTo: ['cognitive', 'vision'],
    options: [
      { answerId: 'ENT-09-a', label: 'Ja', outcomes: { cognitive: 1, vision: 1 } },
      { answerId: 'ENT-09-b', label: 'Delvist', outcomes: { cognitive: 0.5, vision: 0.5 } },
      { answerId: 'ENT-09-c', label: 'Nej', outcomes: { cognitive: 0, vision: 0 } },
    ],
    source: 'Region Hovedstaden, God Adgang (udviklingshandicap)',
    help: {
      header: 'Er boligen let at finde rundt i?',
      bodyText:
        '<p>Gå gennem boligen fra entréen. Ligger rummene logisk ud fra entréen, er der få og korte gange, og er der ingen forskudte plan eller blinde hjørner? Det er en vurdering, ikke en måling.</p>' +
        '<p>En enkel og genkendelig planløsning gør det lettere for udviklingshandicappede at finde vej (Region Hovedstaden, God Adgang) og for synshandicappede at danne sig et overblik.</p>',
    },
  },
];
