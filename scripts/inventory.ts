// npm run inventory: every script that may run on the payment pages (PCI DSS 6.4.3), for
// the server as configured by this environment: third parties by origin with the reason,
// our own bundles by path and SHA-384. Needs a build (npm run build). --json for machines.
import path from 'node:path';
import { parseServerEnv } from '@/lib/server/config/serverEnv';
import { scriptInventory } from '@/lib/server/security/scriptInventory';

const inventory = scriptInventory(parseServerEnv(process.env), path.join(process.cwd(), '.next'));
if (inventory.own.length === 0) {
  console.error('No build found in .next: run `npm run build` first.');
  process.exit(1);
}
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(inventory, null, 2));
} else {
  console.log('Scripts that may run on the payment pages\n');
  console.log('Third parties (by origin):');
  if (inventory.thirdParties.length === 0)
    console.log('  none: no payment provider or consent manager is configured (the sandbox is our own code)');
  for (const party of inventory.thirdParties) console.log(`  ${party.party}: ${party.origins.join(', ')}\n    why: ${party.reason}`);
  console.log(`\nOur bundles (${inventory.own.length}, by path and SHA-384):`);
  for (const script of inventory.own) console.log(`  ${script.path}  ${script.sha384}`);
  console.log("\nNo inline script runs: every script tag carries the response's CSP nonce and loads a file above.");
}
