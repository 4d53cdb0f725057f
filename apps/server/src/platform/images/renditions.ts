import sharp from 'sharp';
import { ERROR_CODES } from '@cmp/domain';
import { AppError } from '../http/app-error.js';
import { detectFileType, type DetectedType } from '../storage/file-type.js';

/** Phone cameras reach 48 MP; a larger image is refused before its pixels are decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;

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
 * the EXIF orientation. A damaged image fails here, before anything is stored.
 */
export async function makeRenditions<K extends string>(
  data: Buffer,
  longestSides: Record<K, number>,
): Promise<Record<K, Rendition>> {
  const input = sharp(data, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true });
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
    const entries = await Promise.all(
      (Object.entries(longestSides) as [K, number][]).map(async ([name, side]) => {
        const { data: bytes, info } = await input
          .clone()
          .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
        return [name, { data: bytes, width: info.width, height: info.height }] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<K, Rendition>;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      415,
      ERROR_CODES.unsupportedFile,
      'the image cannot be read: the file is damaged or incomplete',
    );
  }
}
