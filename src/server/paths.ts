import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder (the one holding package.json), found upward from the running file, so the same
 * code resolves DATA_DIR and dist/web whether it runs from src/ through tsx or from the bundle in dist/server/.
 */
export function appRoot(fromUrl: string): string {
  let dir = path.dirname(fileURLToPath(fromUrl));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}
