import {
  IconBook,
  IconBrain,
  IconEar,
  IconEye,
  IconLungs,
  IconWalk,
  IconWheelchair,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { RelevanceSetting } from '../../../../shared/contract/static-content';
import { useTranslation } from '../../../i18n/use-translation';

/** relevanceSettings.helpScreenIcon keys and their icons (docs/product.md 3). */
const RELEVANCE_ICONS: Record<string, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  wheelchair: IconWheelchair,
  walk: IconWalk,
  eye: IconEye,
  ear: IconEar,
  brain: IconBrain,
  lungs: IconLungs,
  book: IconBook,
};

/**
 * A handicap type as relevanceSettings names it: its icon and its full name (the help screen) or
 * its short name (the dialogs between chapters). Before the content has come, or for a type it
 * does not name, the bundled name without an icon.
 */
export function RelevanceLabel(props: {
  handicap: string;
  setting: RelevanceSetting | undefined;
  form: 'full' | 'short';
}) {
  const t = useTranslation();
  const Icon = props.setting ? RELEVANCE_ICONS[props.setting.helpScreenIcon] : undefined;
  const name = props.setting
    ? props.form === 'full'
      ? props.setting.helpScreenLabel
      : props.setting.shorthandLabel
    : t(`handicap.${props.handicap}` as 'handicap.wheelchair');
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      {Icon && <Icon size={20} aria-hidden />}
      {name}
    </span>
  );
}
