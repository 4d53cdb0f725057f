import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

/** Dictionary type under which the business scenes of a station are listed. */
export const BIZ_SCENE_DICT_TYPE = 'resource_biz_scenes';

/**
 * The scenes the portal ships in that dictionary. Operators may add more; those show the name they were
 * given, these show the catalog's label in the reader's language.
 */
export const BIZ_SCENE_CODES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] as const;
export type BizSceneCode = (typeof BIZ_SCENE_CODES)[number];
export const BIZ_SCENE_LABELS = {
  '1': 'bizScene.busDepot',
  '2': 'bizScene.logistics',
  '3': 'bizScene.taxi',
  '4': 'bizScene.privateCar',
  '5': 'bizScene.highwayServiceArea',
  '6': 'bizScene.scenicArea',
  '7': 'bizScene.commercialComplex',
  '8': 'bizScene.residentialCommunity',
  '9': 'bizScene.industrialPark',
  '10': 'bizScene.transportHub',
} as const satisfies Record<BizSceneCode, MessageKey>;
/** The scene select's "none" option; the station service knows no such code and reads empty as none. */
export const BIZ_SCENE_NONE = -1;

export const BizSceneSchema = z.object({ code: z.number().int(), desc: z.string().optional() });
export type BizScene = z.infer<typeof BizSceneSchema>;

export const bizSceneCodeForSave = (code: number): number | '' => (code === BIZ_SCENE_NONE ? '' : code);

export const bizSceneForSave = (scene: BizScene): { code: number | ''; desc?: string } => ({
  ...scene,
  code: bizSceneCodeForSave(scene.code),
});
