import { prepareTemplate, TEST_POSTGRES_URL_ENV } from '@/tests/fixtures/postgresTemplate';

/** When the storage suite runs on PostgreSQL, migrate the template its test databases are copied from, once per run. */
export default async function setup(): Promise<void> {
  const serverUrl = process.env[TEST_POSTGRES_URL_ENV];
  if (serverUrl) await prepareTemplate(serverUrl);
}
