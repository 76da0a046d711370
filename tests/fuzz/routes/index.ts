import { ADMIN_ROUTES, CHECKOUT_ROUTES, IDENTITY_ROUTES, WEBHOOK_ROUTES } from './api';
import { CARE_API_ROUTES, CARE_PAGES } from './care';
import type { Route } from './common';
import { DUPLICATE_ROUTES } from './duplicates';
import { BACK_OFFICE_PAGES, OPERATOR_API_ROUTES } from './operators';
import { OTHER_ROUTES, PAGE_ROUTES } from './pages';
import { TRACKING_ROUTES } from './tracking';

/**
 * Every route the server answers, each with a well-formed request to start from (its
 * method, path, query, headers and body as our own clients send them), and, for routes
 * that write when they accept a request, an invalidation applied after the mutations, so
 * that no fuzz request can be accepted: whatever the fuzz leaves in the database must come
 * from a refused request.
 */

export * from './common';

export const ROUTES: readonly Route[] = [
  ...PAGE_ROUTES,
  ...BACK_OFFICE_PAGES,
  ...CARE_PAGES,
  ...OTHER_ROUTES,
  ...ADMIN_ROUTES,
  ...OPERATOR_API_ROUTES,
  ...CARE_API_ROUTES,
  ...IDENTITY_ROUTES,
  ...CHECKOUT_ROUTES,
  ...DUPLICATE_ROUTES,
  ...WEBHOOK_ROUTES,
  ...TRACKING_ROUTES,
];
