import { apiRoute } from '@/lib/server/http/apiRoute';

/** No body is read here: Next must not read one either (it refuses an oversized body in plain text, not our JSON). */
export const config = { api: { bodyParser: false } };

/** The smallest API route: the baseline `npm run bench` compares the ingestion endpoints with. */
export default apiRoute({ GET: async () => ({ ok: true }) });
