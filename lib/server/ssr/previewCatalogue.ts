import type { MessageDescriptor } from '@/lib/i18n/messageKey';
import { previewCatalogue } from '@/lib/server/campaigns/campaignPreviews';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { HttpError } from '@/lib/server/http/HttpError';

export type OpenedPreview = { ok: true; snapshot: CatalogueSnapshot } | { ok: false; status: 409 | 410; reason: MessageDescriptor };

/** A preview link's catalogue for its pages, or why its page cannot be shown: the link has expired (410), or its version no longer fits (409). */
export async function openedPreview(server: Pick<ServerContext, 'db' | 'clock'>, token: string): Promise<OpenedPreview> {
  try {
    return { ok: true, snapshot: (await previewCatalogue(server, token)).snapshot };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 410) return { ok: false, status: 410, reason: { id: 'errors.previewExpired.message' } };
    if (error.status === 409) return { ok: false, status: 409, reason: { id: 'errors.previewOutdated.message' } };
    throw error;
  }
}
