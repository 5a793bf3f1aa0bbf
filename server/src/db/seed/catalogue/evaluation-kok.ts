import type { QuestionDef } from '../../../../../shared/rules/catalogue';

/** Chapter KOK – Køkken (docs/domain.md 3.2; working ids KØK-01… become KOK-01…). */
export const KOK_QUESTIONS: QuestionDef[] = [
  {
    uniqueId: 'KOK-01',
    chapterId: 'KOK',
    title: 'Fri plads foran køkkenet',
    text: 'Hvor stor er den fri afstand foran køkkenets arbejds- og opbevaringspladser?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'cm',
    rangeStart: 60,
    rangeEnd: 250,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 150, outcome: 1 }, { min: 130, outcome: 0.5 }, { outcome: 0 }],
      mobility: [{ min: 110, outcome: 1 }, { min: 90, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'BR18 § 202 (1,10 m); svensk vejledning (1,5 m)',
    help: {
      header: 'Mål fra bordplade til modstående skab',
      bodyText:
        '<p>Mål den fri afstand vandret fra forkanten af bordpladen eller skabene til nærmeste modstående skab, væg eller faste genstand. Mål på det smalleste sted foran arbejds- og opbevaringspladserne.</p>' +
        '<p>BR18 § 202 kræver mindst 1,10 m. En kørestol har brug for ca. 1,5 m for at kunne vende mellem faste skabe, eller 1,3 m hvis der er benplads under den ene side (svensk vejledning).</p>',
      caption: 'Krav: mindst 110 cm (BR18 § 202).',
    },
  },
  {
    uniqueId: 'KOK-02',
    chapterId: 'KOK',
    title: 'Siddende arbejde ved bordpladen',
    text: 'Kan bordpladen bruges siddende?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    options: [
      {
        answerId: 'KOK-02-a',
        label: 'Ja, hæve-sænkebord (elektrisk eller manuelt)',
        outcomes: { wheelchair: 1, mobility: 1 },
      },
      {
        answerId: 'KOK-02-b',
        label: 'Delvist: fast bordplade med benplads eller udtræksplade til siddende arbejde',
        outcomes: { wheelchair: 0.5, mobility: 1 },
      },
      { answerId: 'KOK-02-c', label: 'Nej, kun stående arbejde', outcomes: { wheelchair: 0, mobility: 0.5 } },
    ],
    source: 'Odense; svensk vejledning (arbejdshøjde 70–85 cm)',
    help: {
      header: 'Kan man arbejde siddende?',
      bodyText:
        '<p>Se, om bordpladen kan hæves og sænkes (elektrisk eller med håndsving), eller om der er en fast bordplade med benplads eller en udtræksplade, hvor man kan arbejde siddende.</p>' +
        '<p>En kørestolsbruger har brug for en arbejdshøjde på ca. 70–85 cm med benplads under (svensk vejledning). Odense Kommune anbefaler en udtræksplade til siddende arbejde.</p>',
    },
  },
  {
    uniqueId: 'KOK-03',
    chapterId: 'KOK',
    title: 'Benplads under vask og kogeplade',
    text: 'Er der benplads under vask og kogeplade (mindst ca. 65 cm fri højde og 80 cm bredde)?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair'],
    options: [
      { answerId: 'KOK-03-a', label: 'Ja, begge steder', outcomes: { wheelchair: 1 } },
      { answerId: 'KOK-03-b', label: 'Kun det ene sted', outcomes: { wheelchair: 0.5 } },
      { answerId: 'KOK-03-c', label: 'Nej', outcomes: { wheelchair: 0 } },
    ],
    source: 'Svensk vejledning (omboende.se)',
    help: {
      header: 'Mål pladsen under vask og kogeplade',
      bodyText:
        '<p>Mål den fri plads under vasken og under kogepladen: mindst ca. 65 cm i højden og 80 cm i bredden, uden skabe, rør eller afløb i vejen for knæene.</p>' +
        '<p>Med benplads kan en kørestolsbruger køre helt ind og arbejde siddende. Målene er fra svensk vejledning, fordi der ikke er fundet et dansk mål.</p>',
    },
  },
  {
    uniqueId: 'KOK-04',
    chapterId: 'KOK',
    title: 'Ovnens placering',
    text: 'Hvordan er ovnen placeret?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility', 'vision'],
    options: [
      {
        answerId: 'KOK-04-a',
        label: 'Indbygget i arbejds- eller øjenhøjde',
        outcomes: { wheelchair: 1, mobility: 1, vision: 1 },
      },
      {
        answerId: 'KOK-04-b',
        label: 'Under kogepladen',
        outcomes: { wheelchair: 0, mobility: 0.5, vision: 0.5 },
      },
    ],
    source: 'Odense; TIBS 6.3.12',
    help: {
      header: 'Sidder ovnen højt eller lavt?',
      bodyText:
        '<p>Se, om ovnen er bygget ind i et højskab i arbejds- eller øjenhøjde, eller om den sidder under kogepladen.</p>' +
        '<p>En højtsiddende ovn kan bruges fra en kørestol og uden at bukke sig, og den er lettere og sikrere at betjene for synshandicappede (Odense; TIBS 6.3.12).</p>',
    },
  },
  {
    uniqueId: 'KOK-05',
    chapterId: 'KOK',
    title: 'Betjening af kogeplader og ovn',
    text: 'Hvordan betjenes kogeplader og ovn?',
    type: 'single',
    isOptional: false,
    relevantTo: ['vision'],
    options: [
      {
        answerId: 'KOK-05-a',
        label: 'Drejeknapper eller knapper med følbar markering',
        outcomes: { vision: 1 },
      },
      { answerId: 'KOK-05-b', label: 'Touchfelt uden følbar markering', outcomes: { vision: 0 } },
    ],
    source: 'TIBS 6.3.12',
    help: {
      header: 'Kan betjeningen mærkes?',
      bodyText:
        '<p>Se på betjeningen af kogeplader og ovn. Drejeknapper med klik eller tydelige trin og knapper med følbar markering kan bruges uden at se dem; et glat touchfelt kan ikke.</p>' +
        '<p>TIBS 6.3.12 fremhæver, at touchfelter og trinløse betjeninger ikke kan bruges af blinde.</p>',
    },
  },
  {
    uniqueId: 'KOK-06',
    chapterId: 'KOK',
    title: 'Vandhane i køkkenet',
    text: 'Hvilken type vandhane er der ved køkkenvasken?',
    type: 'single',
    isOptional: false,
    relevantTo: ['mobility'],
    options: [
      { answerId: 'KOK-06-a', label: 'Etgrebsarmatur', outcomes: { mobility: 1 } },
      { answerId: 'KOK-06-b', label: 'Tohåndsgreb eller to haner', outcomes: { mobility: 0.5 } },
    ],
    source: 'Odense',
    help: {
      header: 'Ét greb eller to?',
      bodyText:
        '<p>Se, hvilken vandhane der sidder ved køkkenvasken. Et etgrebsarmatur har ét greb, der styrer både mængde og temperatur, og kan betjenes med én hånd eller en lukket hånd.</p>' +
        '<p>Odense Kommune anbefaler etgrebsarmatur. To haner eller tohåndsgreb kræver mere kraft og et fastere greb og er svære for personer med nedsat arm- og håndfunktion.</p>',
    },
  },
  {
    uniqueId: 'KOK-07',
    chapterId: 'KOK',
    title: 'Emhætte med aftræk',
    text: 'Har køkkenet emhætte med aftræk til det fri?',
    type: 'single',
    isOptional: true,
    relevantTo: ['allergy'],
    options: [
      { answerId: 'KOK-07-a', label: 'Ja, aftræk til det fri', outcomes: { allergy: 1 } },
      { answerId: 'KOK-07-b', label: 'Kun emhætte med recirkulation', outcomes: { allergy: 0.5 } },
      { answerId: 'KOK-07-c', label: 'Ingen emhætte', outcomes: { allergy: 0 } },
    ],
    source: 'Pjecen »Det gode indeklima hos dig der er overfølsom«',
    help: {
      header: 'Går emhættens luft ud?',
      bodyText:
        '<p>Se, om emhætten har aftræk til det fri (en kanal ud gennem væg eller tag eller til boligens ventilation), eller om den kun filtrerer luften og blæser den tilbage i køkkenet (recirkulation). Tænd den gerne, og mærk efter.</p>' +
        '<p>Aftræk fjerner fugt og mados og giver et bedre indeklima, hvilket er vigtigt for personer med astma og allergi. Spørgsmålet er frivilligt, fordi gruppen altid er valgfri.</p>',
    },
  },
];
