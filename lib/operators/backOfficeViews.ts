import type { OperatorArea, OperatorRole } from './roles';

/** What the back office's pages are given (JSON: no undefined, no Date). */
export interface OperatorView {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  enrolled: boolean;
  disabledAt: string | null;
}

export interface TokenView {
  id: string;
  name: string;
  scopes: OperatorArea[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface AuditView {
  seq: number;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  before: string | null;
  after: string | null;
  client: string | null;
}

/** A back-office page that cannot be shown, and why. */
export interface BackOfficeRefusal {
  kind: 'refused';
  status: number;
  title: string;
  message: string;
}

export type OperatorSignInPageProps = { kind: 'sign-in'; returnPath: string };
export type OperatorLinkPageProps = { kind: 'link'; token: string; returnPath: string } | { kind: 'no-token' };
export type OperatorFactorPageProps =
  | { kind: 'enrol'; email: string; secret: string; qrSvgDataUrl: string; returnPath: string }
  | { kind: 'factor'; email: string; returnPath: string }
  | { kind: 'expired' };

export interface BackOfficeHomeProps {
  operator: OperatorView;
  areas: OperatorArea[];
  tokens: TokenView[];
}

export interface AuditPageProps {
  operator: OperatorView;
  entries: AuditView[];
  /** The seq to read on from (older entries), or null at the log's start. */
  olderThan: number | null;
}

export interface OperatorsPageProps {
  operator: OperatorView;
  operators: OperatorView[];
}
