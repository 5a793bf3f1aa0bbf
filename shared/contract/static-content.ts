import { Type, type Static } from 'typebox';
import { HANDICAP_TYPES } from '../rules/handicaps';

/**
 * GET /api/v2/staticcontent: the configuration content of docs/product.md 3. The server builds
 * and compresses it once per change (server/src/content/), so this schema types that builder and
 * the app; no route serializes with it.
 */

export const HelpScreenEntry = Type.Object({
  header: Type.String(),
  bodyText: Type.String(),
  imageUrl: Type.Optional(Type.String()),
  mobileImageUrl: Type.Optional(Type.String()),
  caption: Type.Optional(Type.String()),
});
export type HelpScreenEntry = Static<typeof HelpScreenEntry>;

export const RelevanceSetting = Type.Object({
  /** Full group name shown on the help screen, e.g. "Kørestolsbrugere". */
  helpScreenLabel: Type.String(),
  /** Icon key the app maps to an icon, e.g. "wheelchair". */
  helpScreenIcon: Type.String(),
  /** Short label for chips and lists, e.g. "Kørestol". */
  shorthandLabel: Type.String(),
});
export type RelevanceSetting = Static<typeof RelevanceSetting>;

export const ChapterSetting = Type.Object({ label: Type.String(), description: Type.String() });
export type ChapterSetting = Static<typeof ChapterSetting>;

export const BreakerScreenText = Type.Object({
  header: Type.String(),
  body: Type.String(),
  body2: Type.Optional(Type.String()),
  buttonLabel: Type.String(),
  buttonLabel2: Type.Optional(Type.String()),
});
export type BreakerScreenText = Static<typeof BreakerScreenText>;

export const BreakerAndResultScreenSettings = Type.Object({
  screeningMissing: BreakerScreenText,
  screeningNone: BreakerScreenText,
  screeningSome: BreakerScreenText,
  screeningAll: BreakerScreenText,
  globalMissing: BreakerScreenText,
  globalReady: BreakerScreenText,
  automaticApproval: Type.Object({ header: Type.String(), body: Type.String(), buttonLabel: Type.String() }),
});
export type BreakerAndResultScreenSettings = Static<typeof BreakerAndResultScreenSettings>;

export const GuidanceTip = Type.Object({ title: Type.String(), body: Type.String() });
export type GuidanceTip = Static<typeof GuidanceTip>;

export const GuidanceSettings = Type.Object({
  firstListVisitGuidance: GuidanceTip,
  copyThenListGuidance: GuidanceTip,
  copyThenSelectThenListGuidance: GuidanceTip,
  summaryPageGuidance: GuidanceTip,
});
export type GuidanceSettings = Static<typeof GuidanceSettings>;

export const ServiceMessage = Type.Object({
  /** Changes when the message changes, so a dismissal applies to one message only. */
  id: Type.String(),
  text: Type.String(),
});
export type ServiceMessage = Static<typeof ServiceMessage>;

export const StaticContent = Type.Object({
  translationSettings: Type.Object({ translations: Type.Record(Type.String(), Type.String()) }),
  helpScreenSettings: Type.Object({
    /** Shown on every help screen; may contain {title}. */
    helpScreenEntryGenericTemplate: Type.String(),
    /** Keyed by the question's uniqueId. */
    helpScreenPerQuestion: Type.Record(Type.String(), HelpScreenEntry),
  }),
  /** One entry per handicap type (shared/rules/handicaps.ts). */
  relevanceSettings: Type.Record(Type.Enum([...HANDICAP_TYPES]), RelevanceSetting),
  chaptersSettings: Type.Record(Type.String(), ChapterSetting),
  breakerAndResultScreenSettings: BreakerAndResultScreenSettings,
  serviceMessage: Type.Union([ServiceMessage, Type.Null()]),
  guidanceSettings: GuidanceSettings,
  /**
   * Our calls beyond the spec's API that this server answers (docs/api.md "Extensions"), e.g.
   * "overview". A server with only the spec's API sends none: the app then hides what needs them.
   */
  extensions: Type.Optional(Type.Array(Type.String())),
});
export type StaticContent = Static<typeof StaticContent>;
