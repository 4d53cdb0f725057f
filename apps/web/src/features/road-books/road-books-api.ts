import type { Page } from '@cmp/domain';
import type {
  PowerSearchResponse,
  RoadBookDetail,
  RoadBookListItem,
  RoadBookRoute,
  RoadBookSave,
  RoadBookShare,
  RoutePlanListResponse,
  RoutePlanningRequest,
} from '@cmp/domain/road-books/road-book';
import { ApiError, type ApiClient, type Query } from '../../api/client';

/** The road-book calls of a tenant (`/api/{tenant}/road-books/...`), in one place. */
export const ROAD_BOOKS = '/road-books';
const one = (roadBookId: number) => `${ROAD_BOOKS}/${roadBookId}`;

export const listRoadBooks = (api: ApiClient, query: Query, signal?: AbortSignal) =>
  api.get<Page<RoadBookListItem>>(ROAD_BOOKS, { query, signal });

export const getRoadBook = (api: ApiClient, roadBookId: number, signal?: AbortSignal) =>
  api.get<RoadBookDetail>(one(roadBookId), { signal });

export const createRoadBook = (api: ApiClient, body: RoadBookSave) =>
  api.post<RoadBookDetail>(ROAD_BOOKS, body);

export const updateRoadBook = (api: ApiClient, roadBookId: number, body: RoadBookSave) =>
  api.put<RoadBookDetail>(one(roadBookId), body);

/** The route saved with the road book, or null when it was deleted (the road book stays). */
export const getRoadBookRoute = (api: ApiClient, roadBookId: number, signal?: AbortSignal) =>
  api.get<RoadBookRoute>(`${one(roadBookId)}/route`, { signal }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });

export const deleteRoadBookRoute = (api: ApiClient, roadBookId: number) =>
  api.delete<RoadBookDetail>(`${one(roadBookId)}/route`);

export const getRoadBookShare = (api: ApiClient, roadBookId: number, signal?: AbortSignal) =>
  api.get<RoadBookShare>(`${one(roadBookId)}/share`, { signal });

export const shareRoadBook = (api: ApiClient, roadBookId: number) =>
  api.post<RoadBookShare>(`${one(roadBookId)}/share`);

export const revokeRoadBookShare = (api: ApiClient, roadBookId: number) =>
  api.delete<void>(`${one(roadBookId)}/share`);

export const planRouteOptions = (api: ApiClient, body: RoutePlanningRequest) =>
  api.post<RoutePlanListResponse>(`${ROAD_BOOKS}/route/options`, body);

export const previewRoute = (api: ApiClient, body: RoutePlanningRequest) =>
  api.post<RoutePlanListResponse>(`${ROAD_BOOKS}/route/preview`, body);

export const powerSearch = (api: ApiClient, keywords: string, signal?: AbortSignal) =>
  api.get<PowerSearchResponse>(`${ROAD_BOOKS}/power/search`, { query: { keywords }, signal });
