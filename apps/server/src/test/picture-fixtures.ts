import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A plain picture of one colour, encoded as asked (with an EXIF orientation when given). */
export const image = (
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
  orientation?: number,
): Promise<Buffer> => {
  const created = sharp({ create: { width, height, channels: 3, background: '#2f7fc1' } });
  const encoded = format === 'png' ? created.png() : format === 'jpeg' ? created.jpeg() : created.webp();
  return (orientation ? encoded.withMetadata({ orientation }) : encoded).toBuffer();
};

/** A valid PNG whose header claims `width`×`height` pixels, without the memory such an image needs. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await image(1, 1));
  // IHDR data starts at byte 16 (signature 8, length 4, type 4); its CRC covers type and data (bytes 12–28).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
