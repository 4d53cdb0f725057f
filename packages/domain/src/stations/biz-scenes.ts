import { z } from 'zod';

/** Dictionary type under which the business scenes of a station are listed. */
export const BIZ_SCENE_DICT_TYPE = 'resource_biz_scenes';
/** The scene select's "none" option; the station service knows no such code and reads empty as none. */
export const BIZ_SCENE_NONE = -1;

export const BizSceneSchema = z.object({ code: z.number().int(), desc: z.string().optional() });
export type BizScene = z.infer<typeof BizSceneSchema>;

export const bizSceneCodeForSave = (code: number): number | '' => (code === BIZ_SCENE_NONE ? '' : code);

export const bizSceneForSave = (scene: BizScene): { code: number | ''; desc?: string } => ({
  ...scene,
  code: bizSceneCodeForSave(scene.code),
});
