import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD } from './shared';

/**
 * The log-secret scan over the whole integration suite (decision 045). Every test app writes its JSON log
 * lines to `<dir>/<pid>.jsonl`; the harness notes every session token, bearer token and mailed link token it
 * sees in `<dir>/<pid>.secrets`; the global teardown fails the run when any of them, or the demo password,
 * appears in any log line.
 */

export function suiteLogStream(dir: string): { write(line: string): void } {
  const file = path.join(dir, `${process.pid}.jsonl`);
  return { write: (line) => appendFileSync(file, line) };
}

export function recordSecrets(dir: string, secrets: Iterable<string>): void {
  const list = [...secrets].filter((s) => s.length >= 16);
  if (list.length) appendFileSync(path.join(dir, `${process.pid}.secrets`), list.map((s) => `${s}\n`).join(''));
}

/** Calendar feed tokens: the path of every feed URL the API hands out (`/feeds/<token>.ics`). */
export const feedTokens = (text: string): string[] => [...text.matchAll(/\/feeds\/([A-Za-z0-9_-]{20,})\.ics/g)].map((m) => m[1]);

/** Tokens in mail text: reset and unsubscribe links carry them as `token=` query values. */
export const linkTokens = (text: string): string[] =>
  [...text.matchAll(/[?&]token=([^&\s"'<>]+)/g)].flatMap((m) => [m[1], decodeURIComponent(m[1])]);

/** Shapes a secret would have in a log line whatever its value: a cookie or a token query value not redacted. */
const LEAK_SHAPES: Array<[RegExp, string]> = [
  [/hs_session=(?!\[redacted\])[A-Za-z0-9_-]/, 'a session cookie'],
  [/[?&][A-Za-z0-9_%-]*(?:token|secret|api_?key)=(?!\[redacted\])[A-Za-z0-9_%-]/i, 'a token in a URL'],
  [/\/feeds\/(?!\[redacted\])[A-Za-z0-9_-]{20,}/, 'a calendar feed token'],
  [/"(?:password|newPassword|currentPassword)":"(?!\[redacted\])/, 'a password field'],
];

export interface ScanResult {
  files: number;
  lines: number;
  secrets: number;
  findings: string[];
}

export function scanSuiteLogs(dir: string): ScanResult {
  if (!existsSync(dir)) return { files: 0, lines: 0, secrets: 0, findings: [] };
  const names = readdirSync(dir);
  const secrets = new Set(
    names.filter((n) => n.endsWith('.secrets')).flatMap((n) => readFileSync(path.join(dir, n), 'utf8').split('\n').filter(Boolean)),
  );
  const findings: string[] = [];
  let lines = 0;
  const logs = names.filter((n) => n.endsWith('.jsonl'));
  for (const name of logs) {
    for (const line of readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      if (!line) continue;
      lines++;
      const where = `${name}: ${line.slice(0, 200)}`;
      if (line.includes(DEMO_PASSWORD)) findings.push(`the demo password in ${where}`);
      for (const [shape, what] of LEAK_SHAPES) if (shape.test(line)) findings.push(`${what} in ${where}`);
      // Every run of token characters long enough to be one is looked up among the recorded secrets.
      for (const word of line.match(/[A-Za-z0-9_%.~-]{16,}/g) ?? []) if (secrets.has(word)) findings.push(`a recorded secret in ${where}`);
    }
  }
  return { files: logs.length, lines, secrets: secrets.size, findings };
}
