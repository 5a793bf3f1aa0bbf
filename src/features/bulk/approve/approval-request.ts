import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { parseApprovalRequest, type ApprovalRequest } from '../../../domain/bulk-approval';
import { sessionValues } from '../../../offline/client-state';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /**
     * docs/product.md 2: /approve and its confirmation pages receive the residences to approve and
     * the origin path in the navigation state. Read it through `approvalRequestOf`.
     */
    approve?: ApprovalRequest;
  }
}

/**
 * Kept for the session under "bulk:" (docs/architecture.md 2 "Jobs: approving and bulk copy";
 * logout clears the prefix), so that the approval pages still know what to approve when the
 * navigation state is lost: a link without state (the header's back link), a page opened anew.
 */
const APPROVAL_REQUEST_KEY = 'bulk:approveRequest';

export function rememberApprovalRequest(request: ApprovalRequest): void {
  sessionValues.set(APPROVAL_REQUEST_KEY, request);
}

export function storedApprovalRequest(): ApprovalRequest | null {
  return parseApprovalRequest(sessionValues.get<unknown>(APPROVAL_REQUEST_KEY));
}

/** The approval has run (or the flow ended): nothing is left to approve. */
export function forgetApprovalRequest(): void {
  sessionValues.remove(APPROVAL_REQUEST_KEY);
}

/**
 * The request of an approval page's `beforeLoad`: the navigation state's, which is remembered;
 * else the remembered one, put back into the navigation state by a redirect to the same page
 * (so that the header's back link and the next page get it too); else null.
 */
export function approvalRequestOf(
  location: ParsedLocation,
  backTo: (request: ApprovalRequest) => string,
): ApprovalRequest | null {
  const fromState = parseApprovalRequest(location.state.approve);
  if (fromState) {
    rememberApprovalRequest(fromState);
    return fromState;
  }
  const stored = storedApprovalRequest();
  if (!stored) return null;
  throw redirect({
    href: location.href,
    state: { approve: stored, origin: backTo(stored) },
    replace: true,
  });
}

/** `approvalRequestOf` for a page that needs one (the confirmations): with nothing to approve it goes to /approve. */
export function requiredApprovalRequest(
  location: ParsedLocation,
  backTo: (request: ApprovalRequest) => string,
): ApprovalRequest {
  const request = approvalRequestOf(location, backTo);
  if (!request) throw redirect({ to: '/approve', replace: true });
  return request;
}

/** The navigation state that hands a request on to the next approval page, with its back link. */
export function approvalState(request: ApprovalRequest, origin: string) {
  return { approve: request, origin };
}
