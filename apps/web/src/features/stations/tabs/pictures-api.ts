import { useMemo } from 'react';
import type { Picture, PictureList } from '@cmp/domain/stations/pictures';
import { useTenantApi } from '../../../api/use-tenant-api';

export const picturesKey = (tenant: string, resourceId: string) =>
  ['stations', tenant, 'pictures', resourceId] as const;

/** PictureListQuerySchema as the screen fills it in. */
export interface PictureListQuery {
  resourceId: string;
  sourceId?: number;
  sceneId?: number;
  deleted?: boolean;
  appVisible?: boolean;
  pageNo: number;
  pageSize: number;
}

export interface PictureUpload {
  resourceId: string;
  file: File;
  pictureSourceId: number;
  pictureSceneId: number;
  appVisible: boolean;
}

export function usePicturesApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (query: PictureListQuery, signal?: AbortSignal) =>
        api.get<PictureList>('/stations/pictures', {
          query: {
            resourceId: query.resourceId,
            sourceId: query.sourceId,
            sceneId: query.sceneId,
            deleted: query.deleted,
            appVisible: query.appVisible,
            pageNo: query.pageNo,
            pageSize: query.pageSize,
          },
          signal,
        }),
      upload: ({ resourceId, file, pictureSourceId, pictureSceneId, appVisible }: PictureUpload) => {
        // Fields before the file: the server reads them as the multipart stream arrives.
        const body = new FormData();
        body.append('resourceId', resourceId);
        body.append('pictureSourceId', String(pictureSourceId));
        body.append('pictureSceneId', String(pictureSceneId));
        body.append('appVisible', String(appVisible));
        body.append('file', file);
        return api.post<Picture>('/stations/pictures', body);
      },
      setAppVisible: (pictureId: number, appVisible: boolean) =>
        api.put<Picture>(`/stations/pictures/${pictureId}`, { appVisible }),
      remove: (pictureId: number) => api.delete<unknown>(`/stations/pictures/${pictureId}`),
    }),
    [api],
  );
}
