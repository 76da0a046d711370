import { newDraft } from '@/tests/fuzz/request';
import type { Rng } from '@/tests/fuzz/rng';
import { type Route, HTML_ACCEPT, JSON_HEADERS, KiB, sameOrigin, withClient } from './common';

/** The undo link of a duplicate purchase (issue 24, finding 5): its page and its one POST. */

/** A token of the link's shape (43 base64url characters), or not: the fuzz holds no real one. */
const token = (rng: Rng) => rng.pick([rng.hex(43), 'A'.repeat(43), 'x', '', '_-'.repeat(21) + 'a']);

export const DUPLICATE_ROUTES: Route[] = [
  {
    // Opening the link changes nothing, whatever its token: an unknown one is a 404 page, an expired one 410.
    name: 'page-undo-purchase',
    kind: 'page',
    methods: ['GET', 'HEAD'],
    maxBody: 0,
    queryKeys: ['token', 'livemode'],
    base(rng) {
      const query = [`token=${token(rng)}`, ...(rng.chance(0.4) ? [rng.pick(['livemode=false', 'livemode=maybe'])] : [])];
      return withClient(rng, newDraft(rng.chance(0.9) ? 'GET' : 'HEAD', '/undo-purchase', query, [['Accept', HTML_ACCEPT]]));
    },
  },
  {
    // Undoing needs a link the fuzz never holds, so nothing is refunded or ended.
    name: 'api-undo-purchase',
    kind: 'api',
    methods: ['POST'],
    maxBody: KiB,
    queryKeys: ['x'],
    base(rng, ctx) {
      const draft = newDraft('POST', '/api/undo-purchase', null, [...JSON_HEADERS, ...sameOrigin(rng, ctx)]);
      draft.json = { token: token(rng) };
      return withClient(rng, draft);
    },
  },
];
