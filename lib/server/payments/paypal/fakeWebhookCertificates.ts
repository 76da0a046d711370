import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Certificates playing PayPal's webhook signing chain, for tests and the local fake only: a
 * test root authority, an intermediate, and a signing certificate named as PayPal's sandbox
 * one. Node reads certificates but cannot make them, so the openssl command line does
 * (present wherever Node's own tests run). The root is trusted only where a test hands it to
 * the verifier as a sandbox trust anchor; nothing in the product reads it.
 */

export interface FakeWebhookCertificates {
  /** The test root authority (PEM): the trust anchor a test gives the verifier. */
  authority: string;
  /** What PayPal's certificate URL serves: the signing certificate, then the intermediate (PEM). */
  chain: string;
  /** The signing certificate's private key (PEM), to sign deliveries with. */
  signingKey: string;
}

export interface FakeCertificateOptions {
  /** The signing certificate's subject CN; PayPal's sandbox one by default. */
  commonName?: string;
  /** How long the intermediate and the signing certificate are valid from now (days). */
  intermediateDays?: number;
  leafDays?: number;
}

const CA_EXTENSIONS = 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n';
const LEAF_EXTENSIONS = 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n';

export function makeFakeWebhookCertificates(options: FakeCertificateOptions = {}): FakeWebhookCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'paypal-webhook-chain-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  // Authorities on P-256 (quick to make); the signing key is RSA, as PayPal signs SHA256withRSA.
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];
  try {
    writeFileSync(file('ca.ext'), CA_EXTENSIONS);
    writeFileSync(file('leaf.ext'), LEAF_EXTENSIONS);
    openssl(
      'req',
      '-x509',
      ...ecKey,
      '-nodes',
      '-keyout',
      'root.key',
      '-out',
      'root.pem',
      '-days',
      '3',
      '-subj',
      '/CN=Fake PayPal Test Root',
    );
    openssl('req', '-new', ...ecKey, '-nodes', '-keyout', 'int.key', '-out', 'int.csr', '-subj', '/CN=Fake PayPal Test Intermediate');
    openssl(
      'x509',
      '-req',
      '-in',
      'int.csr',
      '-CA',
      'root.pem',
      '-CAkey',
      'root.key',
      '-set_serial',
      '2',
      '-days',
      String(options.intermediateDays ?? 2),
      '-extfile',
      'ca.ext',
      '-out',
      'int.pem',
    );
    const subject = `/C=US/O=PayPal, Inc./CN=${options.commonName ?? 'messageverificationcerts.sandbox.paypal.com'}`;
    openssl('req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', subject);
    openssl(
      'x509',
      '-req',
      '-in',
      'leaf.csr',
      '-CA',
      'int.pem',
      '-CAkey',
      'int.key',
      '-set_serial',
      '3',
      '-days',
      String(options.leafDays ?? 2),
      '-sha256',
      '-extfile',
      'leaf.ext',
      '-out',
      'leaf.pem',
    );
    return {
      authority: readFileSync(file('root.pem'), 'utf8'),
      chain: readFileSync(file('leaf.pem'), 'utf8') + readFileSync(file('int.pem'), 'utf8'),
      signingKey: readFileSync(file('leaf.key'), 'utf8'),
    };
  } catch (error) {
    throw new Error(`A test PayPal certificate chain needs the openssl command: ${(error as Error).message}`, { cause: error });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
