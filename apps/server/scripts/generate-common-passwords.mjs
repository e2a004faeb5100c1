/**
 * Builds src/platform/auth/common-passwords.txt, the list of passwords registration and password
 * changes refuse (the most common passwords are rejected). Run once, by hand, and commit the
 * output: `node apps/server/scripts/generate-common-passwords.mjs`.
 *
 * Source: the frequency-ranked password dictionary of @zxcvbn-ts/language-common (MIT; a
 * devDependency, never loaded at run time). We keep the TOP most frequent entries that our own
 * length rule (PASSWORD_MIN = 6) would otherwise accept, lower-cased (the check is
 * case-insensitive), one per line.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dictionary } from '@zxcvbn-ts/language-common';

const TOP = 5000;
const MIN_LENGTH = 6;
const MAX_LENGTH = 128;

const seen = new Set();
for (const word of dictionary['passwords-common']) {
  const password = String(word).toLowerCase();
  if (password.length < MIN_LENGTH || password.length > MAX_LENGTH || /\s/.test(password)) continue;
  seen.add(password);
  if (seen.size === TOP) break;
}

const target = fileURLToPath(new URL('../src/platform/auth/common-passwords.txt', import.meta.url));
writeFileSync(target, `${[...seen].join('\n')}\n`);
console.log(`wrote ${seen.size} passwords to ${target}`);
