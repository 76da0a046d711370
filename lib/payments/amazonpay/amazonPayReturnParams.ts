/** What Amazon Pay's return address carries besides the journey's own query (our attempt, the stage, Amazon's session). */
export const AMAZON_PAY_RETURN_PARAMS = ['attempt', 'stage', 'amazonCheckoutSessionId'] as const;
