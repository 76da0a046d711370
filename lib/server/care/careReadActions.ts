/** The audit log's actions for care reading a customer (careReads.ts): who looked up whom. */
export const CARE_READ_ACTIONS = ['care.searched', 'care.viewed'] as const;
export type CareReadAction = (typeof CARE_READ_ACTIONS)[number];
