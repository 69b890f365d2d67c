import { useState } from 'react';
import { MSG } from '@plainspoken/shared';
import { isApiError } from '@/lib/api';
import { notifyError } from '@/lib/toast';
import { getPortalUrl } from '../api/open-portal';

/**
 * Opens the billing portal in a new tab. The tab is opened inside the click, before the request, so
 * popup blockers allow it; it is pointed at the portal once the URL arrives, or closed on failure.
 */
export function useOpenPortal(): { open: () => Promise<void>; busy: boolean } {
  const [busy, setBusy] = useState(false);
  async function open() {
    setBusy(true);
    const tab = window.open('', '_blank');
    try {
      const { url } = await getPortalUrl();
      if (!url) {
        tab?.close();
        notifyError({ title: MSG.portalUnavailable });
        return;
      }
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
    } catch (e) {
      tab?.close();
      // No subscription to manage is a different problem from a failed request.
      const unavailable = isApiError(e) && e.code === 'PORTAL_FAILED' && e.status === 404;
      notifyError({ title: unavailable ? MSG.portalUnavailable : MSG.portalFailed });
    } finally {
      setBusy(false);
    }
  }
  return { open, busy };
}
