// @ts-check
// npm run demo: installs what is missing, builds (or reuses a current build), prepares the database with the
// demo catalogue (kept if it already holds a catalogue), and serves on PORT (3000). The database is the
// embedded SQLite file unless DATABASE_URL names another (a postgres:// URL is migrated and seeded alike).
import { execFileSync, spawn } from 'node:child_process';
import { ensureBuild } from '../entrypoint/buildGuard.mjs';
import { ensureSetup } from './ensure-setup.mjs';

const port = process.env.PORT ?? '3000';
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  DATABASE_URL: process.env.DATABASE_URL || 'file:data/journey.db',
  // The demo pays through the embedded sandbox (test mode); a real server leaves it off.
  PAYMENTS_SANDBOX: process.env.PAYMENTS_SANDBOX ?? '1',
};

ensureSetup();
try {
  ensureBuild({ env });
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(1);
}
try {
  execFileSync('npx', ['tsx', 'scripts/db-setup.ts'], { stdio: 'inherit', env });
} catch (error) {
  // db:setup has printed why (a setting, the database away): no stack of ours on top of it.
  console.error('npm run demo stopped: the database could not be prepared (see above).');
  process.exit(/** @type {{ status?: number }} */ (error).status ?? 1);
}

// The demo's back-office admin (kept if it exists): signing in mails a link to the demo mailbox.
const DEMO_ADMIN = 'admin@demo.example';
try {
  execFileSync('npx', ['tsx', 'scripts/operator.ts', 'add', '--email', DEMO_ADMIN, '--name', 'Demo admin', '--role', 'admin'], {
    stdio: 'pipe',
    env,
  });
} catch (error) {
  const failed = /** @type {{ status?: number; stderr?: Buffer }} */ (error);
  if (!String(failed.stderr).includes('is an operator already')) {
    console.error(`npm run demo stopped: the demo admin could not be added.\n${failed.stderr ?? ''}`);
    process.exit(failed.status ?? 1);
  }
}

// Only this machine reaches the demo unless LISTEN_HOST says otherwise: its mailbox holds
// every sign-in link it "sent", so it is no server to share (docs/email.md#the-development-mailbox).
const host = process.env.LISTEN_HOST || '127.0.0.1';
const server = spawn('node', ['entrypoint/index.mjs', '-p', port, '-H', host], { stdio: ['ignore', 'inherit', 'inherit'], env });
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

const origin = `http://localhost:${port}`;
// What this script itself asks: the address the server listens on, never a name that may resolve elsewhere.
const probe = `http://${host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host}:${port}`;
// Test mode (?livemode=false), so that a newcomer can buy from each with the test cards: the
// live mode's payment step needs the providers' live keys, which the demo has not.
const DEMO_PATHS = [
  ['/vogue/demo-single?livemode=false&source=demo', 'single offer (v1), USD, with a source'],
  ['/newyorker/demo-dual?livemode=false', 'dual offer (v2), with a print plan'],
  ['/wired/demo-trial?livemode=false', 'free trial'],
  ['/gq/demo-gbp?livemode=false', 'priced in GBP'],
  ['/gq/demo-de?livemode=false', 'German, in euros'],
  ['/vogue/demo-fr?livemode=false', 'French, in euros'],
  ['/newyorker/demo-ca?livemode=false', 'English, in Canadian dollars'],
  ['/epicurious/demo-preauth?livemode=false', 'pre-authentication enabled'],
  ['/vogue/demo-ended?livemode=false', "an ended campaign, linking to Vogue's current offer"],
];

async function waitUntilReady() {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${probe}/status`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/** A database URL as it may be printed: without its password. */
/** @param {string} url */
function withoutPassword(url) {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** A fresh sign-in link for the demo's admin, from the same command an operator uses on a shared server. */
function adminLink() {
  try {
    const printed = execFileSync('npx', ['tsx', 'scripts/operator.ts', 'link', '--email', DEMO_ADMIN, '--origin', origin], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return printed.split('\n')[0];
  } catch {
    return `(no link: run npm run operator -- link --email ${DEMO_ADMIN})`;
  }
}

if (await waitUntilReady()) {
  console.log(`\nThe purchase journey is running on ${origin} (database ${withoutPassword(env.DATABASE_URL)}).`);
  console.log('Demo campaigns, in test mode (buy with the test cards; nothing is charged):');
  for (const [path, about] of DEMO_PATHS) console.log(`  ${origin}${path}    ${about}`);
  console.log(`Mails the demo "sent" (readable from this machine only): ${origin}/mailbox`);
  console.log(
    `Back office, as ${DEMO_ADMIN} (then an authenticator app's code; \`npm run operator -- link --email ${DEMO_ADMIN}\` prints another link):`,
  );
  console.log(`  ${adminLink()}    a sign-in link: single use, for 15 minutes`);
  console.log(`  ${origin}/admin    operators, personal API tokens, the audit log`);
  console.log(`  ${origin}/admin/funnel    the funnel report: visitors and conversion per campaign step`);
  console.log('Operator API (Authorization: Bearer <a personal token made on /admin>):');
  console.log(`  ${origin}/api/admin/events?campaignId=vogue-demo-single    the events a funnel emitted`);
  console.log('Press Ctrl+C to stop.');
} else {
  console.error(`The server did not answer on ${origin}/status within a minute.`);
}
