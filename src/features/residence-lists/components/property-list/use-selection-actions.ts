import { useNavigate } from '@tanstack/react-router';
import { targetRoute, type BulkState } from '../../../../domain/bulk-mode';
import { approveBlock, copyBlock } from '../../../../domain/bulk-selection';
import { useCurrentPath } from '../../../../ui/use-current-path';
import { useServerReach } from '../../../../ui/use-server-reach';
import { useStartCopy } from '../../hooks/use-copy-flow';
import type { ListSelection } from './use-list-selection';

/**
 * What the selection action bar's buttons do (docs/product.md 4 and 5): open the one selected
 * residence, start copying its assessment, or approve the selection; with what blocks Copy and
 * Approve now. `mode` is the bulk flow's; `here` the list's path, where a copy or approval returns.
 */
export function useSelectionActions(selection: ListSelection, mode: BulkState['mode']) {
  const navigate = useNavigate();
  const reach = useServerReach();
  const here = useCurrentPath();
  const startCopy = useStartCopy();
  const selected = selection.selectedItems;
  const single = selected.length === 1 ? selected[0] : undefined;
  const openSingle = () => {
    if (!single) return;
    // docs/product.md 4: after a copy, Edit opens screening 001 of the selected assessment.
    const target = targetRoute(mode, single);
    if (target.kind === 'screening')
      void navigate({
        to: '/assessment/$propertyId/$assessmentId/$chapter/$questionId',
        params: { ...target, chapter: 'screening' },
      });
    else void navigate({ to: '/residence/$propertyId', params: { propertyId: target.propertyId } });
  };
  const copyBlocked = copyBlock(selected, reach);
  const copy = () => {
    if (!single?.assessmentId || copyBlocked) return;
    const source = {
      propertyId: single.residenceId,
      assessmentId: single.assessmentId,
      status: single.displayStatus,
      location: single.location,
      futureApprovedDate: single.futureApprovedDate,
    };
    if (startCopy(source, here)) selection.clear();
  };
  // docs/product.md 4 and 5: Approve needs every selected residence calculated; /approve gets them
  // and this list's path in its navigation state (docs/product.md 2).
  const approveBlocked = approveBlock(selected, reach);
  const approve = () => {
    if (approveBlocked) return;
    const properties = selected.flatMap((item) =>
      item.assessmentId
        ? [{ propertyId: item.residenceId, assessmentId: item.assessmentId, location: item.location }]
        : [],
    );
    void navigate({
      to: '/approve',
      state: { approve: { from: 'list', properties, origin: here }, origin: here },
    });
  };
  return { here, openSingle, copy, copyBlocked, approve, approveBlocked };
}
