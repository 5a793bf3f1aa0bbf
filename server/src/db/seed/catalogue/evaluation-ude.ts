import type { QuestionDef } from '../../../../../shared/rules/catalogue';

/** Chapter UDE – Altan og udearealer (docs/domain.md 3.2). */
export const UDE_QUESTIONS: QuestionDef[] = [
  {
    uniqueId: 'UDE-01',
    chapterId: 'UDE',
    title: 'Dørtrin ved altan- eller terrassedør',
    text: 'Hvor højt er dørtrinnet ved altan- eller terrassedøren?',
    type: 'numeric',
    isOptional: true,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'mm',
    rangeStart: 0,
    rangeEnd: 200,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ max: 25, outcome: 1 }, { outcome: 0 }],
      mobility: [{ max: 25, outcome: 1 }, { max: 50, outcome: 0.5 }, { outcome: 0 }],
    },
    source: 'BR18 § 53 → § 51',
    help: {
      header: 'Mål dørtrinnet på begge sider',
      bodyText:
        '<p>Mål i millimeter fra gulvet indenfor op til dørtrinnets overkant, og også fra altanens eller terrassens belægning, hvis den ligger lavere. Angiv den største højde. Spring spørgsmålet over, hvis boligen ikke har altan eller terrasse.</p>' +
        '<p>BR18 § 53 gør reglerne for yderdøre gældende for altan- og terrassedøre: niveaufri adgang og et dørtrin på højst 25 mm (§ 51).</p>',
      caption: 'Krav: højst 25 mm.',
    },
  },
  {
    uniqueId: 'UDE-02',
    chapterId: 'UDE',
    title: 'Altandørens fri passagebredde',
    text: 'Hvad er altan- eller terrassedørens fri passagebredde?',
    type: 'numeric',
    isOptional: true,
    relevantTo: ['wheelchair', 'mobility'],
    measurementUnits: 'cm',
    rangeStart: 50,
    rangeEnd: 150,
    isDecimal: false,
    numericScoring: {
      wheelchair: [{ min: 77, outcome: 1 }, { outcome: 0 }],
      mobility: [{ min: 70, outcome: 1 }, { outcome: 0.5 }],
    },
    source: 'BR18 § 53 → § 52',
    help: {
      header: 'Mål den fri åbning i døren',
      bodyText:
        '<p>Åbn altan- eller terrassedøren helt, og mål vandret fra dørbladets flade til karmens anslag på den modsatte side. Ved en skydedør måles den fri åbning, når døren er skudt helt til side. Spring spørgsmålet over, hvis boligen ikke har altan eller terrasse.</p>' +
        '<p>BR18 § 53 gør § 52 gældende for altan- og terrassedøre: mindst 0,77 m fri passagebredde.</p>',
      caption: 'Krav: mindst 77 cm.',
    },
  },
  {
    uniqueId: 'UDE-04',
    chapterId: 'UDE',
    title: 'Adgang til fælles udearealer',
    text: 'Er der niveaufri adgang fra boligen til fælles udearealer, affaldsløsning og cykel- eller barnevognsrum?',
    type: 'single',
    isOptional: false,
    relevantTo: ['wheelchair', 'mobility'],
    options: [
      { answerId: 'UDE-04-a', label: 'Ja, til alle', outcomes: { wheelchair: 1, mobility: 1 } },
      { answerId: 'UDE-04-b', label: 'Til nogle', outcomes: { wheelchair: 0.5, mobility: 0.5 } },
      { answerId: 'UDE-04-c', label: 'Nej', outcomes: { wheelchair: 0, mobility: 0 } },
    ],
    source: 'BR18 §§ 54 og 159',
    help: {
      header: 'Følg vejen til fællesarealerne',
      bodyText:
        '<p>Følg vejen fra boligen til de fælles udearealer, affaldsløsningen (fx affaldsskakt eller nedgravede containere) og cykel- eller barnevognsrummet. Er der trin, for stejle ramper eller tunge døre undervejs?</p>' +
        '<p>BR18 § 54 kræver, at udearealer, parkering og affaldsløsninger kan nås og bruges uden hjælp, og § 159 kræver en vandret tilgang på mindst 1,30 m til brugerbetjente anlæg som affaldsindkast.</p>',
    },
  },
  {
    uniqueId: 'UDE-05',
    chapterId: 'UDE',
    title: 'Skiltning til fællesarealer',
    text: 'Er fælles udearealer, affaldsløsning og fællesrum tydeligt skiltet, gerne med piktogrammer, og lette at finde?',
    type: 'single',
    isOptional: false,
    relevantTo: ['cognitive', 'reading', 'vision'],
    options: [
      { answerId: 'UDE-05-a', label: 'Ja', outcomes: { cognitive: 1, reading: 1, vision: 1 } },
      { answerId: 'UDE-05-b', label: 'Delvist', outcomes: { cognitive: 0.5, reading: 0.5, vision: 0.5 } },
      { answerId: 'UDE-05-c', label: 'Nej', outcomes: { cognitive: 0, reading: 0, vision: 0 } },
    ],
    source: 'Region Hovedstaden, God Adgang; Kirkeministeriet (læsevanskeligheder)',
    help: {
      header: 'Kan en ny beboer finde vej?',
      bodyText:
        '<p>Se, om der er skilte til fælles udearealer, affald og fællesrum, og om de er lette at forstå: korte tekster, store bogstaver i kontrast og gerne piktogrammer. Kan en ny beboer finde vej uden at spørge?</p>' +
        '<p>Enkle skilte med piktogrammer hjælper udviklingshandicappede og personer med læsevanskeligheder (Region Hovedstaden, Kirkeministeriet), og kontrast og størrelse hjælper synshandicappede.</p>',
    },
  },
];
