import { mutateBody } from './mutate/body';
import { mutateCookies } from './mutate/cookies';
import { mutateHeaders } from './mutate/headers';
import { mutateMethod } from './mutate/method';
import { mutatePath } from './mutate/path';
import { mutateQuery } from './mutate/query';
import { mutateRaw } from './mutate/raw';
import { finish, headerValue, serialize, targetOf, type Draft } from './request';
import { Rng } from './rng';
import { ROUTES, type FuzzContext, type Route } from './routes';

/**
 * Request number `index` of a run: its route (the routes take turns, so every route gets
 * its share), a well-formed request of that route, one focused mutation (sometimes a
 * second one of another kind), then the route's own invalidation, then its bytes. The same
 * seed and index always give the same bytes.
 */

export const CATEGORIES = ['body', 'query', 'header', 'cookie', 'path', 'method', 'raw'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface FuzzCase {
  index: number;
  route: string;
  category: Category;
  label: string;
  method: string;
  target: string;
  /** The Host header sent ('' when none). */
  host: string;
  bytes: Buffer;
  halfClose: boolean;
  /** The methods of the requests in `bytes`, in order, for reading their answers. */
  methods: string[];
}

const MUTATORS: Record<Category, (rng: Rng, draft: Draft, route: Route, ctx: FuzzContext) => string> = {
  body: (rng, draft, route) => `body:${mutateBody(rng, draft, route)}`,
  query: (rng, draft, route) => `query:${mutateQuery(rng, draft, route)}`,
  header: (rng, draft, _route, ctx) => `header:${mutateHeaders(rng, draft, ctx)}`,
  cookie: (rng, draft, _route, ctx) => mutateCookies(rng, draft, ctx),
  path: (rng, draft, route, ctx) => mutatePath(rng, draft, route, ctx),
  method: (rng, draft, route) => mutateMethod(rng, draft, route),
  raw: (rng, draft, _route, ctx) => mutateRaw(rng, draft, ctx),
};

function categoryWeights(route: Route): [Category, number][] {
  const takesBody = route.methods.some((method) => method === 'POST');
  return [
    ['body', takesBody ? 34 : 8],
    ['query', 18],
    ['header', 14],
    [
      'cookie',
      route.kind === 'page' ||
      route.name.startsWith('api-user') ||
      route.name.startsWith('api-operator') ||
      route.name === 'api-identity-subscription' ||
      route.name === 'api-checkout-submit'
        ? 14
        : 7,
    ],
    ['path', 12],
    ['method', 8],
    ['raw', 10],
  ];
}

/** `only`: the kind of mutation to make (FUZZ_CATEGORY, to look at one kind). */
export function generateCase(seed: string, index: number, ctx: FuzzContext, only?: Category): FuzzCase {
  const rng = new Rng(`${seed}:${index}`);
  const route = ROUTES[index % ROUTES.length]!;
  const draft = route.base(rng, ctx);
  const weights = categoryWeights(route);
  const category = only ?? rng.weighted(weights);
  const labels = [MUTATORS[category](rng, draft, route, ctx)];
  if (category !== 'raw' && rng.chance(0.15)) {
    const second = rng.weighted(weights.filter(([other]) => other !== category && other !== 'raw'));
    labels.push(MUTATORS[second](rng, draft, route, ctx));
  }
  const invalid = route.invalidate?.(rng, draft, ctx);
  if (invalid) labels.push(invalid);
  finish(draft);
  return {
    index,
    route: route.name,
    category,
    label: labels.join(' + '),
    method: draft.method,
    target: targetOf(draft),
    host: headerValue(draft, 'Host') ?? (draft.headers.some(([name]) => name === 'x-fuzz-no-host') ? '' : ctx.host),
    bytes: serialize(draft, ctx.host),
    halfClose: draft.framing.halfClose,
    methods: [draft.method.trim().toUpperCase(), ...(draft.suffixMethods ?? [])],
  };
}
