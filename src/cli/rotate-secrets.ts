// npm run secrets:rotate: re-encrypts every stored secret under ENCRYPTION_KEY (values under a
// key of ENCRYPTION_KEYS_OLD, or in plain text). Prints a line per column; exits 1 when a
// value could not be decrypted (the line names the row and the key it needs).
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { loadConfig } from '../app-config.js';
import { MIGRATIONS, SECRET_COLUMNS } from '../modules.js';
import { recordSecurityEvent } from '../modules/security/contracts/security-events.js';
import { ConfigError } from '../platform/config/config.js';
import { openInfrastructure } from '../platform/infrastructure.js';
import { openKeyring } from '../platform/secrets/open-keyring.js';
import { describeRotation, rotateSecrets } from '../platform/secrets/rotate-secrets.js';
import { SecretCipher } from '../platform/secrets/secret-cipher.js';

function operator(): string {
  try {
    return `${os.userInfo().username}@${os.hostname()}`;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}@${os.hostname()}`;
  }
}

export async function main(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Promise<number> {
  const config = loadConfig();
  const opened = openKeyring(config);
  const cipher = new SecretCipher(opened.keyring);
  const infrastructure = await openInfrastructure(config, MIGRATIONS, (line) => write(`Database: ${line}`));
  try {
    write(
      `Current key: ${cipher.currentKeyId}${opened.keyFile ? ` (${opened.keyFile})` : ' (ENCRYPTION_KEY)'}; keys able to decrypt: ${opened.keyring.ids.join(', ')}`,
    );
    const reports = await rotateSecrets(infrastructure.pool, cipher, SECRET_COLUMNS);
    for (const report of reports) {
      write(describeRotation(report, cipher.currentKeyId));
      for (const failure of report.failures) write(`  FAILED ${report.table} ${failure.owner}: ${failure.message}`);
    }
    const reencrypted = reports.reduce((sum, r) => sum + r.reencrypted, 0);
    const failed = reports.reduce((sum, r) => sum + r.failures.length, 0);
    // Every stored secret was decrypted: an operator's access to credentials, in the security log.
    await recordSecurityEvent(
      infrastructure.store,
      'credential_access',
      {},
      {
        resource: 'stored secrets',
        action: 'secrets:rotate',
        operator: operator(),
        keyId: cipher.currentKeyId,
        reencrypted,
        failed,
      },
    );
    write(
      failed === 0
        ? `Done: ${reencrypted} secret(s) re-encrypted; every stored secret is under key ${cipher.currentKeyId}`
        : `${failed} secret(s) could not be decrypted; nothing else is wrong with them`,
    );
    return failed === 0 ? 0 : 1;
  } finally {
    await infrastructure.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error)}\n`);
      process.exit(error instanceof ConfigError ? 2 : 1);
    },
  );
}
