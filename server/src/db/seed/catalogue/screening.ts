import type { QuestionDef } from '../../../../../shared/rules/catalogue';
import { excludesOf, numericExclusionsOf } from '../../../../../shared/rules/screening-rules';

/**
 * Screening (docs/domain.md 3.1). Options carry `excludes` (hard exclusion of a
 * screened handicap type) or `warns` (soft exclusion, only a warning); S05 carries
 * `numericExclusions`. Screening questions are not scored.
 */
export const SCREENING_QUESTIONS: QuestionDef[] = [
  {
    uniqueId: 'S01',
    chapterId: 'screening',
    title: 'Niveaufri adgang til hoveddøren',
    text: 'Er der niveaufri adgang fra vej eller parkeringsplads helt frem til boligens hoveddør?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    options: [
      { answerId: 'S01-a', label: 'Ja, helt uden trin' },
      { answerId: 'S01-b', label: 'Ja, via rampe eller elevator' },
      {
        answerId: 'S01-c',
        label: 'Nej, der er ét enkelt trin (højst ca. 15 cm)',
        excludes: excludesOf('S01-c'),
      },
      { answerId: 'S01-d', label: 'Nej, der er flere trin eller en trappe', excludes: excludesOf('S01-d') },
    ],
    source: 'BR18 § 51 stk. 2 nr. 1; KAB gruppe A og B',
    help: {
      header: 'Gå ruten fra vej til hoveddør',
      bodyText:
        '<p>Gå selv ruten fra vej eller parkeringsplads helt frem til boligens hoveddør, som en beboer ville gøre. Niveaufri betyder, at der ikke er trin undervejs; et dørtrin på højst 2,5 cm tæller ikke som et trin (BR18 § 51).</p>' +
        '<p>Vælg »via rampe eller elevator«, hvis niveauforskelle er udlignet med en rampe eller en elevator. Ét eller flere trin udelukker kørestolsbrugere, mens gangbesværede efter KAB’s gruppe B kan klare ét enkelt trin.</p>',
      caption: 'Svar c og d udelukker kørestolsbrugere.',
    },
  },
  {
    uniqueId: 'S02',
    chapterId: 'screening',
    title: 'Indgangens placering',
    text: 'Hvor ligger boligens indgang?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    options: [
      { answerId: 'S02-a', label: 'I stueplan (terrænniveau)' },
      { answerId: 'S02-b', label: 'På en etage med elevator' },
      {
        answerId: 'S02-c',
        label: 'På en etage uden elevator (kun trappe)',
        excludes: excludesOf('S02-c'),
      },
    ],
    source: 'BR18 §§ 243–245; KAB gruppe A og B',
    help: {
      header: 'Hvor ligger boligens hoveddør?',
      bodyText:
        '<p>Hoveddøren er døren ind til selve boligen. Ligger boligen på en etage, så tjek, at elevatoren faktisk stopper på boligens etage og ikke kun på en mellemrepos. I en bolig i flere plan er det boligens adgangsetage, der tæller (BR18 § 245).</p>' +
        '<p>Uden elevator kan hverken kørestolsbrugere eller gangbesværede komme til boligen; KAB’s gruppe B kræver adgang fra terræn eller med elevator.</p>',
      caption: 'Svar c udelukker kørestolsbrugere og gangbesværede.',
    },
  },
  {
    uniqueId: 'S03',
    chapterId: 'screening',
    title: 'Elevator med plads til kørestol',
    text: 'Kan elevatoren rumme en kørestol (kabinens indvendige mål mindst 110 × 140 cm)?',
    type: 'single',
    isOptional: true,
    relevantTo: ['wheelchair'],
    options: [
      { answerId: 'S03-a', label: 'Ja' },
      { answerId: 'S03-b', label: 'Nej, den er mindre', excludes: excludesOf('S03-b') },
      { answerId: 'S03-c', label: 'Ved ikke' },
      { answerId: 'S03-d', label: 'Ikke relevant – ingen elevator' },
    ],
    source: 'BR18 § 246/249; DS/EN 81-70 type 2',
    help: {
      header: 'Mål elevatorkabinen indvendigt',
      bodyText:
        '<p>Mål kabinens indvendige bredde og dybde mellem væggene i gulvhøjde. En type 2-elevator efter DS/EN 81-70 er mindst 110 × 140 cm og kan rumme en kørestolsbruger og en ledsager; det er kravet i nyt byggeri med elevator (BR18).</p>' +
        '<p>Vælg »Ved ikke«, hvis du ikke kan måle nu; kabinen måles igen i kapitlet om elevator og trapper. Vælg »Ikke relevant«, hvis der ikke er nogen elevator.</p>',
      caption: 'Svar b udelukker kørestolsbrugere.',
    },
  },
  {
    uniqueId: 'S04',
    chapterId: 'screening',
    title: 'Primære rum i samme plan',
    text: 'Ligger alle boligens primære rum (entré, køkken, bad/wc, stue og mindst ét soverum) i samme plan uden trin?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    options: [
      { answerId: 'S04-a', label: 'Ja' },
      { answerId: 'S04-b', label: 'Nej', excludes: excludesOf('S04-b') },
    ],
    source: 'KAB gruppe A og B (bolig i én etage)',
    help: {
      header: 'Ligger de primære rum i ét plan?',
      bodyText:
        '<p>Gå gennem boligen, og tjek, om entré, køkken, bad/wc, stue og mindst ét soverum ligger på samme niveau. Små dørtrin på højst 2,5 cm tæller ikke som trin; de vurderes i spørgsmålet om dørtrin.</p>' +
        '<p>Ligger et af rummene en halv etage op eller ned, eller kan det kun nås ad en intern trappe, er svaret Nej. KAB’s grupper A og B forudsætter, at boligen er i én etage.</p>',
      caption: 'Nej udelukker kørestolsbrugere og gangbesværede.',
    },
  },
  {
    uniqueId: 'S05',
    chapterId: 'screening',
    title: 'Smalleste dør til de primære rum',
    text: 'Hvad er den mindste frie passagebredde i dørene på vejen fra hoveddøren til boligens primære rum?',
    type: 'numeric',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'cm',
    rangeStart: 50,
    rangeEnd: 120,
    isDecimal: false,
    numericExclusions: numericExclusionsOf('S05'),
    source: 'BR18 §§ 52 og 208; Tilgængelighedsbasen (67 cm, forslag)',
    help: {
      header: 'Mål den fri passagebredde – ikke dørbladet',
      bodyText:
        '<p>Mål hver dør på vejen fra hoveddøren til entré, køkken, bad/wc, stue og soverum, og angiv den mindste værdi. Åbn døren helt (mindst 90 grader), og mål vandret fra dørbladets flade til karmens anslag på den modsatte side. Dørbladets bredde eller modulmålet (fx »9M«) er ikke den fri passagebredde; en 9M-dør giver ofte under 77 cm.</p>' +
        '<p>BR18 § 52 kræver mindst 0,77 m i yderdøre, og samme mål bruges normalt for dørene inde i boligen. Grænsen på 67 cm for gangbesværede er vores forslag ud fra Tilgængelighedsbasens laveste klasse og er ikke et krav.</p>',
      caption: 'Under 77 cm udelukker kørestolsbrugere, under 67 cm gangbesværede.',
    },
  },
  {
    uniqueId: 'S06',
    chapterId: 'screening',
    title: 'Vendeplads i bade- og wc-rum',
    text: 'Er der i boligens adgangsetage et bade- og wc-rum, hvor der kan rummes en fri cirkel med en diameter på 150 cm uden for dørens slagområde?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    options: [
      { answerId: 'S06-a', label: 'Ja' },
      {
        answerId: 'S06-b',
        label: 'Nej, men der er mindst 110 cm fri plads foran wc og håndvask',
        excludes: excludesOf('S06-b'),
      },
      { answerId: 'S06-c', label: 'Nej', excludes: excludesOf('S06-c') },
    ],
    source: 'BR18 § 204; BR-vejledning 1,1 m; SBi tjekliste baderum',
    help: {
      header: 'Er der plads til at vende en kørestol?',
      bodyText:
        '<p>Stil dig i bade- og wc-rummet i boligens adgangsetage. Se, om der på gulvet er plads til en fri cirkel på 150 cm i diameter uden for dørens slagområde, uden at wc, håndvask, skabe eller faste brusevægge står i vejen.</p>' +
        '<p>Er der ikke plads til cirklen, så mål den fri afstand foran wc og håndvask. BR’s vejledning nævner 1,1 m som tilstrækkelig fri plads, mens cirklen på 1,5 m er SBi’s anbefaling for kørestolsbrugere.</p>',
      caption: 'Svar b udelukker kørestolsbrugere, svar c også gangbesværede.',
    },
  },
  {
    uniqueId: 'S07',
    chapterId: 'screening',
    title: 'Dørtrin over 25 mm',
    text: 'Er der dørtrin eller niveauspring på mere end 25 mm ved hoveddøren eller mellem boligens rum?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    options: [
      { answerId: 'S07-a', label: 'Ja', excludes: excludesOf('S07-a') },
      { answerId: 'S07-b', label: 'Nej' },
    ],
    source: 'BR18 § 51 stk. 2 nr. 3',
    help: {
      header: 'Mål det højeste dørtrin',
      bodyText:
        '<p>Mål dørtrin og niveauspring ved hoveddøren og mellem boligens rum fra det laveste gulv op til trinnets overkant. BR18 § 51 tillader højst 2,5 cm (25 mm) ved yderdøre; højere trin kan en kørestolsbruger ikke klare på egen hånd.</p>' +
        '<p>Et Ja udelukker kørestolsbrugere. For gangbesværede vurderes trinnene først i evalueringen.</p>',
      caption: 'Ja udelukker kørestolsbrugere.',
    },
  },
  {
    uniqueId: 'S08',
    chapterId: 'screening',
    title: 'Kun adgang ad vanskelig trappe',
    text: 'Sker adgangen til boligen udelukkende via en vindel- eller spindeltrappe, en trappe uden håndliste eller en trappe med åbne trin (gitter eller huller)?',
    type: 'single',
    isOptional: false,
    relevantTo: ['vision', 'mobility', 'wheelchair'],
    options: [
      { answerId: 'S08-a', label: 'Ja', excludes: excludesOf('S08-a') },
      { answerId: 'S08-b', label: 'Nej' },
    ],
    source: 'TIBS 6.2.6; BR18 § 49 stk. 2 nr. 5',
    help: {
      header: 'Er den eneste vej en vanskelig trappe?',
      bodyText:
        '<p>Svar Ja, hvis den eneste vej til boligen er en vindel- eller spindeltrappe, en trappe uden håndliste eller en trappe med åbne trin, gitter- eller hultrin. Findes der en anden vej, fx en elevator eller en almindelig trappe med håndlister, er svaret Nej.</p>' +
        '<p>Åbne og perforerede trin er et problem for den hvide stok og for førerhunde, og vindeltrapper er svære for både synshandicappede og gangbesværede (TIBS 6.2.6). BR18 § 49 kræver gribevenlige håndlister ved trapper på adgangsarealer.</p>',
      caption: 'Ja udelukker synshandicappede, gangbesværede og kørestolsbrugere.',
    },
  },
  {
    uniqueId: 'S09',
    chapterId: 'screening',
    title: 'Tæpper, fugt, røg eller pelsdyr',
    text: 'Er der noget af følgende i boligen, som ikke bliver fjernet eller udbedret inden indflytning?',
    type: 'multiple',
    isOptional: true,
    relevantTo: ['allergy'],
    // docs/domain.md 3.1 says "Ex. allergy"; allergy is a fixed optional type that screening does
    // not decide on (handicaps.ts), so the rule is encoded as a warning instead.
    options: [
      { answerId: 'S09-a', label: 'Væg-til-væg-tæpper', warns: ['allergy'] },
      { answerId: 'S09-b', label: 'Synlig fugt eller skimmelsvamp', warns: ['allergy'] },
      { answerId: 'S09-c', label: 'Lugt eller misfarvning fra tobaksrøg', warns: ['allergy'] },
      { answerId: 'S09-d', label: 'Pelsdyr i boligen (nu eller tidligere)', warns: ['allergy'] },
      { answerId: 'S09-e', label: 'Ingen af delene', exclusive: true },
    ],
    source: 'God Adgang, astma og allergi',
    help: {
      header: 'Se efter tæpper, fugt, røg og pelsdyr',
      bodyText:
        '<p>Se dig om i boligen, og spørg boligorganisationen. Tæl kun det med, som bliver i boligen ved indflytning: væg-til-væg-tæpper, synlig fugt eller skimmelsvamp (fx sorte pletter i hjørner, ved vinduer eller bag skabe), lugt eller gulning fra tobaksrøg, og om der bor eller har boet pelsdyr i boligen.</p>' +
        '<p>God Adgang fremhæver tæpper, fugt, røg og pelsdyr som store problemer for mennesker med astma og allergi. Spørgsmålet er frivilligt, fordi gruppen altid er valgfri.</p>',
    },
  },
  {
    uniqueId: 'S10',
    chapterId: 'screening',
    title: 'Støj fra trafik eller jernbane',
    text: 'Ligger boligen ud mod en stærkt trafikeret vej, jernbane eller anden væsentlig støjkilde, uden at der er lydisolerende vinduer?',
    type: 'single',
    isOptional: false,
    relevantTo: ['hearing'],
    options: [
      { answerId: 'S10-a', label: 'Ja', warns: ['hearing'] },
      { answerId: 'S10-b', label: 'Nej' },
    ],
    source: 'God Adgang, døve og hørehæmmede (vores fortolkning)',
    help: {
      header: 'Vurdér støjen ved boligen',
      bodyText:
        '<p>Se på boligens placering: ligger stue eller soveværelse ud mod en stærkt trafikeret vej, en jernbane eller en anden væsentlig støjkilde? Svar Nej, hvis vinduerne er lydisolerende (fx lydruder), så støjen er tydeligt dæmpet indendørs.</p>' +
        '<p>Baggrundsstøj gør det sværere for hørehandicappede at høre og forstå tale, også med høreapparat (God Adgang). Et Ja udelukker ikke gruppen, men giver en advarsel i resultatet.</p>',
      caption: 'Ja giver en advarsel for hørehandicappede.',
    },
  },
];
