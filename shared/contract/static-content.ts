import type { HandicapType } from '../rules/handicaps';

/** GET /api/v2/staticcontent: the configuration content of docs/product.md 3. */

export interface HelpScreenEntry {
  header: string;
  bodyText: string;
  imageUrl?: string;
  mobileImageUrl?: string;
  caption?: string;
}

export interface RelevanceSetting {
  /** Full group name shown on the help screen, e.g. "Kørestolsbrugere". */
  helpScreenLabel: string;
  /** Icon key the app maps to an icon, e.g. "wheelchair". */
  helpScreenIcon: string;
  /** Short label for chips and lists, e.g. "Kørestol". */
  shorthandLabel: string;
}

export interface ChapterSetting {
  label: string;
  description: string;
}

export interface BreakerScreenText {
  header: string;
  body: string;
  body2?: string;
  buttonLabel: string;
  buttonLabel2?: string;
}

export interface BreakerAndResultScreenSettings {
  screeningMissing: BreakerScreenText;
  screeningNone: BreakerScreenText;
  screeningSome: BreakerScreenText;
  screeningAll: BreakerScreenText;
  globalMissing: BreakerScreenText;
  globalReady: BreakerScreenText;
  automaticApproval: { header: string; body: string; buttonLabel: string };
}

export interface GuidanceTip {
  title: string;
  body: string;
}

export interface GuidanceSettings {
  firstListVisitGuidance: GuidanceTip;
  copyThenListGuidance: GuidanceTip;
  copyThenSelectThenListGuidance: GuidanceTip;
  summaryPageGuidance: GuidanceTip;
}

export interface ServiceMessage {
  /** Changes when the message changes, so a dismissal applies to one message only. */
  id: string;
  text: string;
}

export interface StaticContent {
  translationSettings: { translations: Record<string, string> };
  helpScreenSettings: {
    /** Shown on every help screen; may contain {title}. */
    helpScreenEntryGenericTemplate: string;
    /** Keyed by the question's uniqueId. */
    helpScreenPerQuestion: Record<string, HelpScreenEntry>;
  };
  relevanceSettings: Record<HandicapType, RelevanceSetting>;
  chaptersSettings: Record<string, ChapterSetting>;
  breakerAndResultScreenSettings: BreakerAndResultScreenSettings;
  serviceMessage: ServiceMessage | null;
  guidanceSettings: GuidanceSettings;
}
