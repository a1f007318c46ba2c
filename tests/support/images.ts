import zlib from 'node:zlib';

/** A 1×1 PNG: the smallest image the servers' upload checks (type by content, size) accept. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The PNG as an uploaded file. */
export const png = (name = 'recibo.png', type = 'image/png') => new File([PNG], name, { type });

/**
 * A PNG of `width` × `height` pixels of noise, as large as a phone's photo and decodable by a
 * browser: noise does not compress, so it weighs about 3 bytes a pixel (1320 × 1000: about 4 MB).
 * Its bytes are drawn from a fixed seed: every run sends the same photo.
 */
export function noisePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // 8 bits a channel, RGB, no interlace.
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let seed = 41;
  for (let i = 0; i < rows.length; i++) {
    // Each row starts with its filter (0: none).
    if (i % (width * 3 + 1) === 0) continue;
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    rows[i] = seed >>> 24;
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows, { level: 1 })), chunk('IEND', Buffer.alloc(0))]);
}
