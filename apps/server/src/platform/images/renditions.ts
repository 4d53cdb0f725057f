import os from 'node:os';
import sharp from 'sharp';
import { ERROR_CODES } from '@cmp/domain';
import { AppError } from '../http/app-error.js';
import { detectFileType, type DetectedType } from '../storage/file-type.js';
import { WorkQueue } from './work-queue.js';

/** Phone cameras reach 48 MP; a larger image is refused before its pixels are decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;

// One libvips thread per image and one image at a time on a small machine: decoding a 48 MP picture
// takes a core for a second, and the event loop must keep the other one. Larger machines render more
// at once. libvips' operation cache only holds on to decoded pixels nobody asks for again.
sharp.concurrency(1);
sharp.cache(false);
const imageWork = new WorkQueue({
  concurrency: Math.max(1, os.availableParallelism() - 1),
  maxWaiting: 16,
  retryAfterSeconds: 10,
});

/** Renditions are photos for phones and the portal: JPEG decodes everywhere, white replaces transparency. */
export const RENDITION_TYPE: DetectedType = { contentType: 'image/jpeg', kind: 'image', extension: 'jpg' };
const JPEG_QUALITY = 82;

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface Rendition {
  data: Buffer;
  width: number;
  height: number;
}

/** The type of an uploaded picture, from its bytes; anything but JPEG, PNG or WebP is refused with 415. */
export function pictureType(data: Buffer, fileName: string): DetectedType {
  const type = detectFileType(data, fileName);
  if (!type || !ACCEPTED.has(type.contentType)) {
    throw new AppError(
      415,
      ERROR_CODES.unsupportedFile,
      `unsupported file: expected a JPEG, PNG or WebP image, got ${type?.contentType ?? 'an unknown type'}`,
    );
  }
  return type;
}

/**
 * One JPEG per requested size, its longest side at most that size (never enlarged), turned upright by
 * the EXIF orientation. A damaged image fails here, before anything is stored. Runs in the image work
 * queue: a burst of uploads waits its turn (or gets 503) instead of taking the server's cores.
 */
export function makeRenditions<K extends string>(
  data: Buffer,
  longestSides: Record<K, number>,
): Promise<Record<K, Rendition>> {
  return imageWork.run(() => render(data, longestSides));
}

async function render<K extends string>(data: Buffer, longestSides: Record<K, number>) {
  try {
    // The header alone, read without the limit so the refusal can say how large the image is.
    const { width = 0, height = 0 } = await sharp(data, { limitInputPixels: false }).metadata();
    if (width * height > MAX_INPUT_PIXELS) {
      throw new AppError(
        413,
        ERROR_CODES.payloadTooLarge,
        `the image has ${width}×${height} pixels; at most ${MAX_INPUT_PIXELS.toLocaleString('en-US')} are accepted`,
      );
    }
    // The large original is decoded once, into the largest rendition's pixels; the others come from those.
    const sides = Object.entries(longestSides) as [K, number][];
    const largest = Math.max(...sides.map(([, side]) => side));
    const upright = await sharp(data, {
      failOn: 'error',
      limitInputPixels: MAX_INPUT_PIXELS,
      autoOrient: true,
    })
      .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: w, height: h, channels } = upright.info;
    const renditions = {} as Record<K, Rendition>;
    for (const [name, side] of sides) {
      const { data: bytes, info } = await sharp(upright.data, { raw: { width: w, height: h, channels } })
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      renditions[name] = { data: bytes, width: info.width, height: info.height };
    }
    return renditions;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      415,
      ERROR_CODES.unsupportedFile,
      'the image cannot be read: the file is damaged or incomplete',
    );
  }
}
