import type { JobItem } from '../../../../shared/contract/dto';
import { getJobItems } from '../../../api/job-items';

/** Items per request when every failed item is read (the server's most). */
const PAGE = 500;

/**
 * Every failed item of a job, page by page (a job whose user lost the right fails all its
 * thousands): "try the failed ones again" chooses all of them, not those on screen.
 */
export async function allFailedItems(jobId: string): Promise<JobItem[]> {
  const items: JobItem[] = [];
  for (;;) {
    const page = await getJobItems(jobId, { offset: items.length, limit: PAGE, outcome: 'failed' });
    items.push(...page.items);
    if (page.items.length === 0 || items.length >= page.total) return items;
  }
}
