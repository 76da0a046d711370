/**
 * Who may open what in the back office. A marketer reads the reports and runs the campaigns,
 * customer care works on subscribers, an admin does all of it and manages operators and
 * reads the audit log. Personal API
 * tokens carry scopes named like the areas, never more than their owner's role opens.
 */
export const OPERATOR_ROLES = ['marketer', 'care', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_AREAS = ['reports', 'campaigns', 'care', 'admin'] as const;
export type OperatorArea = (typeof OPERATOR_AREAS)[number];

const ROLE_AREAS: Record<OperatorRole, readonly OperatorArea[]> = {
  marketer: ['reports', 'campaigns'],
  care: ['care'],
  admin: ['reports', 'campaigns', 'care', 'admin'],
};

export const ROLE_NAMES: Record<OperatorRole, string> = { marketer: 'Marketer', care: 'Customer care', admin: 'Admin' };

export const AREA_NAMES: Record<OperatorArea, string> = {
  reports: 'Reports (the funnel report)',
  campaigns: 'Campaigns (the campaign studio)',
  care: 'Customer care (subscribers, refunds, cancellations)',
  admin: 'Administration (operators, tokens, audit log, operator API)',
};

export function areasOf(role: OperatorRole): readonly OperatorArea[] {
  return ROLE_AREAS[role];
}

export function roleOpens(role: OperatorRole, area: OperatorArea): boolean {
  return ROLE_AREAS[role].includes(area);
}

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}
