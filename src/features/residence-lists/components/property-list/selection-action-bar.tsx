import { Button, Group, Text } from '@mantine/core';
import { useRouteContext } from '@tanstack/react-router';
import type { BulkState } from '../../../../domain/bulk-mode';
import {
  editBlock,
  evaluateBlock,
  showsActionBar,
  type ActionBlock,
} from '../../../../domain/bulk-selection';
import { pluralKey, type Translate } from '../../../../i18n/translate';
import { useTranslation } from '../../../../i18n/use-translation';
import { ActionBar } from '../../../../ui/action-bar';
import { TooltipReasonedButton } from '../../../../ui/reasoned-button';
import { TakeAlongSelectionButton } from '../../../../ui/take-along-buttons';
import { reachReason } from '../../../../ui/use-server-reach';
import type { ListSelection } from './use-list-selection';
import { useSelectionActions } from './use-selection-actions';

/**
 * The action bar over a selection (docs/product.md 2 "Other screens and parts"), outside the copy
 * flow: Cancel, Copy, Edit, Evaluate, take along, Approve, each disabled with the reason it
 * cannot be used now.
 */
export function SelectionActionBar(props: { selection: ListSelection; mode: BulkState['mode'] }) {
  const t = useTranslation();
  const canWrite = useRouteContext({ from: '/_signedIn', select: (c) => c.session.canWrite });
  const { selection } = props;
  const actions = useSelectionActions(selection, props.mode);
  return (
    <ActionBar label={t('propertiesList.actionBar.label')}>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>
          {t(pluralKey('propertiesList.selected', selection.selectedItems.length), {
            count: selection.selectedItems.length,
          })}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={selection.clear}>
            {t('propertiesList.action.cancel')}
          </Button>
          {/* docs/product.md 5 and 6: Copy for write users (the server refuses others). */}
          {canWrite && (
            <TooltipReasonedButton
              label={t('propertiesList.action.copy')}
              disabledReason={blockReason(
                actions.copyBlocked,
                t('propertiesList.action.copy.disabled'),
                t('bulkCopy.offline'),
                t,
              )}
              onClick={actions.copy}
            />
          )}
          {/* docs/product.md 5: Edit needs one selected property with an assessment, Evaluate one without. */}
          <TooltipReasonedButton
            label={t('propertiesList.action.edit')}
            disabledReason={blockReason(
              editBlock(selection.selectedItems),
              t('propertiesList.action.edit.disabled'),
            )}
            onClick={actions.openSingle}
          />
          <TooltipReasonedButton
            label={t('propertiesList.action.evaluate')}
            disabledReason={blockReason(
              evaluateBlock(selection.selectedItems),
              t('propertiesList.action.evaluate.disabled'),
            )}
            onClick={actions.openSingle}
          />
          {/* "Tag med offline": the selected residences fetched for a day without signal. */}
          <TakeAlongSelectionButton
            residences={selection.selectedItems.map((item) => ({
              id: item.residenceId,
              location: item.location,
            }))}
            onStarted={selection.clear}
          />
          {/* docs/product.md 2, 5 and 6: Approve for write users, never on the approval and results pages. */}
          {canWrite && showsActionBar(actions.here.split('?')[0]!) && (
            <TooltipReasonedButton
              label={t('propertiesList.action.approve')}
              disabledReason={blockReason(
                actions.approveBlocked,
                t('propertiesList.action.approve.disabled'),
                t('bulkApprove.offline'),
                t,
              )}
              onClick={actions.approve}
            />
          )}
        </Group>
      </Group>
    </ActionBar>
  );
}

/**
 * What the disabled button says for its block: the selection's rule, or why the server cannot be
 * asked (offline, or a sign-in first).
 */
function blockReason(block: ActionBlock, selectionReason: string, offlineReason = '', t?: Translate) {
  if (block === 'selection') return selectionReason;
  return block && t ? reachReason(block, offlineReason, t) : null;
}
