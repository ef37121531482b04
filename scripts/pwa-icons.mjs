/**
 * Draws the installable app's icons (decision 093) into src/web/public/icons: the favicon's clock (a blue
 * disc, white hands) at 192 and 512 px, and a maskable 512 px one whose disc fills the whole square and
 * whose hands keep inside the safe zone. PNGs written by hand (zlib and a CRC), so no image library is needed.
 *   node scripts/pwa-icons.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const BLUE = [0x25, 0x63, 0xeb];
const WHITE = [255, 255, 255];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x + 0.5, y + 0.5), y * (size * 4 + 1) + 1 + x * 4);
  }
  const head = Buffer.alloc(13);
  head.writeUInt32BE(size, 0);
  head.writeUInt32BE(size, 4);
  head[8] = 8; // bit depth
  head[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', head),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Distance from point p to the segment a–b. */
function toSegment(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** The favicon's 32-unit drawing (disc r 14, hands 16,8 → 16,16 → 21,19, stroke 3) at `scale`, offset to centre. */
function clock(size, { fullBleed }) {
  const unit = fullBleed ? (size * 0.8) / 32 : size / 32;
  const c = size / 2;
  const at = (u) => c + (u - 16) * unit;
  return (x, y) => {
    const inDisc = fullBleed || Math.hypot(x - c, y - c) <= 14 * unit;
    if (!inDisc) return [0, 0, 0, 0];
    const half = 1.5 * unit;
    const hand = Math.min(toSegment(x, y, at(16), at(8), at(16), at(16)), toSegment(x, y, at(16), at(16), at(21), at(19))) <= half;
    return [...(hand ? WHITE : BLUE), 255];
  };
}

const out = path.join('src', 'web', 'public', 'icons');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'icon-192.png'), png(192, clock(192, { fullBleed: false })));
writeFileSync(path.join(out, 'icon-512.png'), png(512, clock(512, { fullBleed: false })));
writeFileSync(path.join(out, 'maskable-512.png'), png(512, clock(512, { fullBleed: true })));
console.log(`Icons written to ${out}`);
