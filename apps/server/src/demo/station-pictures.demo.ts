import sharp from 'sharp';
import {
  PICTURE_SCENES,
  PICTURE_SOURCES,
  type PictureSceneId,
  type PictureSourceId,
} from '@cmp/domain/stations/pictures';
import { SYSTEM_ACTOR } from '../platform/audit/audit.js';
import type { DbOrTx } from '../platform/db/database.js';
import type { FileStorage } from '../platform/storage/file-storage.js';
import {
  preparePicture,
  storePicture,
  type PreparedPicture,
} from '../modules/pictures/picture-store.service.js';
import { pick } from './random.js';

const SCENES: readonly { id: PictureSceneId; label: string; colors: [string, string] }[] = [
  { id: PICTURE_SCENES.entrance, label: 'ENTRANCE', colors: ['#1d4ed8', '#60a5fa'] },
  { id: PICTURE_SCENES.parking, label: 'PARKING', colors: ['#0f766e', '#5eead4'] },
  { id: PICTURE_SCENES.charger, label: 'CHARGER', colors: ['#15803d', '#86efac'] },
  { id: PICTURE_SCENES.surroundings, label: 'SURROUNDINGS', colors: ['#b45309', '#fcd34d'] },
];

/**
 * A placeholder photo of a scene: its colours, a charger pictogram and its name. Latin text only: servers
 * often lack a CJK font, and librsvg would draw Chinese text as empty boxes.
 */
export function placeholderSvg(scene: (typeof SCENES)[number]): string {
  const [dark, light] = scene.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 1200 800">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/>
  </linearGradient></defs>
  <rect width="1200" height="800" fill="url(#sky)"/>
  <rect x="0" y="600" width="1200" height="200" fill="#000" fill-opacity="0.18"/>
  <g transform="translate(160 220)">
    <rect width="220" height="380" rx="28" fill="#fff" fill-opacity="0.92"/>
    <rect x="30" y="36" width="160" height="100" rx="10" fill="${dark}"/>
    <path d="M122 170 L78 262 L112 262 L96 340 L148 236 L114 236 Z" fill="${dark}"/>
    <path d="M220 280 C300 280 300 380 380 380" stroke="#fff" stroke-width="14" fill="none" stroke-linecap="round"/>
  </g>
  <g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" fill="#fff">
    <text x="480" y="340" font-size="72" font-weight="bold">${scene.label}</text>
    <text x="480" y="420" font-size="34" fill-opacity="0.85">CMP demo picture</text>
  </g>
</svg>`;
}

/**
 * One or two placeholder pictures on each given station (always the entrance, sometimes one more scene),
 * stored through the pictures module like an upload: renditions, files and PICTURE_UPLOAD on the
 * station's record, by the system. Rendering and resizing cost about 0.2 s of CPU per image, so each
 * scene's image is made once and stored for every station that shows it.
 */
export async function seedStationPictures(
  tx: DbOrTx,
  storage: FileStorage,
  random: () => number,
  resourceIds: readonly string[],
): Promise<number> {
  const prepared = new Map<PictureSceneId, PreparedPicture>();
  const imageOf = async (scene: (typeof SCENES)[number]) => {
    const known = prepared.get(scene.id);
    if (known) return known;
    const data = await sharp(Buffer.from(placeholderSvg(scene)))
      .jpeg({ quality: 80 })
      .toBuffer();
    const made = await preparePicture(data, `${scene.label.toLowerCase()}.jpg`);
    prepared.set(scene.id, made);
    return made;
  };
  let count = 0;
  for (const resourceId of resourceIds) {
    const scenes = random() < 0.5 ? [SCENES[0]!] : [SCENES[0]!, pick(random, SCENES.slice(1))];
    for (const scene of scenes) {
      const sourceId: PictureSourceId = random() < 0.7 ? PICTURE_SOURCES.operator : PICTURE_SOURCES.staff;
      await storePicture(tx, storage, await imageOf(scene), {
        resourceId,
        sourceId,
        sceneId: scene.id,
        appVisible: random() < 0.9,
        actor: SYSTEM_ACTOR,
        tenant: null,
      });
      count++;
    }
  }
  return count;
}
