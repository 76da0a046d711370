/** What /api/checkout/subscription-status answers: the browser's API client and the server share it. */
export interface VisitorSubscription {
  signedIn: boolean;
  /** Whether the signed-in visitor already holds a paid subscription to the brand (false when not signed in). */
  activeSubscription: boolean;
}
