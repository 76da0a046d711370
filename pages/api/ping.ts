import { apiRoute } from '@/lib/server/http/apiRoute';

/** The smallest API route: the baseline `npm run bench` compares the ingestion endpoints with. */
export default apiRoute({ GET: async () => ({ ok: true }) });
