/** The operator token the browser tests' server runs with, for tests that read /api/admin. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789';
