import { useState } from 'react';
import { campaignPreviewPath, previewTokenOf } from '@/lib/campaigns/campaignPreviewView';
import { campaignStudioApi } from '@/lib/operators/campaignStudioApi';

/**
 * A preview button's call, for the versions page and the editor: makes a 24-hour link of a
 * version, then opens the studio's page of it (where it is copied and shown). `making` is
 * the version whose link is being made, so that only its button says so.
 */
export function usePreviewLink(campaignId: string | null) {
  const [making, setMaking] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = async (version: number) => {
    if (making !== null || campaignId === null) return;
    setMaking(version);
    setError(null);
    try {
      const link = await campaignStudioApi.preview(campaignId, version);
      const token = previewTokenOf(link.path);
      if (!token) throw new Error('The server gave a preview link without its token. Please try again.');
      // A whole page load, not a client-side move: the preview page's own policy (frame-src
      // 'self') lets it frame the link, which this page's would not. Still busy meanwhile.
      window.location.assign(campaignPreviewPath(campaignId, token));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The preview link was not made. Please try again.');
      setMaking(null);
    }
  };
  return { making, error, preview };
}
