import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PICTURE_SCENES, PICTURE_SOURCES } from '@cmp/domain/stations/pictures';
import { SYSTEM_ACTOR } from '../../platform/audit/audit.js';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { LocalFileStorage } from '../../platform/storage/file-storage.js';
import { insertChargeStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { storedFiles } from '../files/files.tables.js';
import { addStationPicture } from './picture-store.service.js';
import { resourcePictures } from './pictures.tables.js';
import { multipartForm } from '../../test/multipart.js';
import { image, pngClaiming } from '../../test/picture-fixtures.js';

const STATION = 'CS1';

describe('station pictures', () => {
  let sut: TestContext;
  let operator: string;
  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    await insertChargeStation(sut.database.db, STATION);
  });
  afterEach(() => sut.app.close());

  const upload = (
    data: Buffer,
    fields: Record<string, string> = {},
    { cookie = operator, name = 'photo.png' } = {},
  ) => {
    const form = multipartForm({ resourceId: STATION, ...fields }, { name, data });
    return sut.app.inject({
      method: 'POST',
      url: '/api/nio/stations/pictures',
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
  };
  const get = (url: string, cookie = operator) =>
    sut.app.inject({ method: 'GET', url, headers: { cookie, 'accept-language': 'en-US' } });
  const dimensionsAt = async (url: string, cookie = operator) => {
    const response = await get(url, cookie);
    expect(response.statusCode, url).toBe(200);
    const { width, height, format } = await sharp(response.rawPayload).metadata();
    return { width, height, format, contentType: response.headers['content-type'] };
  };
  const auditOf = (action: string) =>
    sut.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityType, 'station'), eq(auditRecords.action, action)))
      .orderBy(asc(auditRecords.id));
  /** Pictures made straight in the database, the way a seeder makes them. */
  const seed = (pictures: { sourceId?: 1 | 2 | 3; sceneId?: 1 | 2 | 3 | 4 | 99; appVisible?: boolean }[]) =>
    sut.database.db.transaction(async (tx) => {
      const storage = new LocalFileStorage(path.join(sut.config.dataDir, 'files'));
      const data = await image(40, 30);
      const ids: number[] = [];
      for (const p of pictures) {
        const picture = await addStationPicture(tx, storage, {
          resourceId: STATION,
          data,
          sourceId: p.sourceId ?? PICTURE_SOURCES.operator,
          sceneId: p.sceneId ?? PICTURE_SCENES.entrance,
          appVisible: p.appVisible,
          actor: SYSTEM_ACTOR,
          tenant: null,
        });
        ids.push(picture.pictureId);
      }
      return ids;
    });

  describe('upload', () => {
    it('should keep the original and make small, middle and large JPEG renditions by the longest side', async () => {
      const png = await image(2000, 1000);

      const response = await upload(png, {
        pictureSourceId: '1',
        pictureSceneId: '3',
        appVisible: 'false',
        operationExtData: '{"worksheet_id":"W7"}',
      });

      expect(response.statusCode).toBe(201);
      const picture = response.json();
      expect(picture).toMatchObject({
        resourceId: STATION,
        pictureSourceId: 1,
        pictureSceneId: 3,
        appVisible: false,
        deleted: false,
        operationExtData: { worksheet_id: 'W7' },
      });
      expect(await dimensionsAt(picture.smallUrl)).toEqual({
        width: 200,
        height: 100,
        format: 'jpeg',
        contentType: 'image/jpeg',
      });
      expect(await dimensionsAt(picture.middleUrl)).toMatchObject({ width: 750, height: 375 });
      expect(await dimensionsAt(picture.largeUrl)).toMatchObject({ width: 1600, height: 800 });
      const original = await get(picture.oriUrl);
      expect(original.headers['content-type']).toBe('image/png');
      expect(original.rawPayload.equals(png)).toBe(true);

      const [row] = await sut.database.db.select().from(resourcePictures);
      expect(row).toMatchObject({
        pictureId: picture.pictureId,
        appVisible: false,
        createdBy: expect.any(Number),
      });
      const [audit] = await auditOf('PICTURE_UPLOAD');
      expect(audit).toMatchObject({
        tenant: 'nio',
        entityId: STATION,
        actorUserName: 'nio-operator',
        after: {
          pictureId: picture.pictureId,
          pictureSourceId: 1,
          pictureSceneId: 3,
          appVisible: false,
          smallUrl: picture.smallUrl,
          oriUrl: picture.oriUrl,
        },
        extData: { worksheet_id: 'W7' },
      });
    });

    it('should never enlarge a small picture and should default to a staff picture of another scene, visible in the app', async () => {
      const response = await upload(await image(300, 150, 'jpeg'), {}, { name: 'small.jpg' });

      expect(response.statusCode).toBe(201);
      const picture = response.json();
      expect(picture).toMatchObject({ pictureSourceId: 2, pictureSceneId: 99, appVisible: true });
      expect(await dimensionsAt(picture.smallUrl)).toMatchObject({ width: 200, height: 100 });
      expect(await dimensionsAt(picture.middleUrl)).toMatchObject({ width: 300, height: 150 });
      expect(await dimensionsAt(picture.largeUrl)).toMatchObject({ width: 300, height: 150 });
    });

    it('should turn a picture upright by its EXIF orientation', async () => {
      // Stored 400 wide, tagged "rotate 90° clockwise to view": upright it is 200 wide and 400 high.
      const jpeg = await image(400, 200, 'jpeg', 6);

      const picture = (await upload(jpeg, {}, { name: 'rotated.jpg' })).json();

      expect(await dimensionsAt(picture.largeUrl)).toMatchObject({ width: 200, height: 400 });
      expect(await dimensionsAt(picture.smallUrl)).toMatchObject({ width: 100, height: 200 });
    });

    it('should accept WebP', async () => {
      const response = await upload(await image(900, 300, 'webp'), {}, { name: 'photo.webp' });

      expect(response.statusCode).toBe(201);
      expect(await dimensionsAt(response.json().middleUrl)).toMatchObject({ width: 750, height: 250 });
    });

    it('should let users of every tenant see a station picture, as they see the station', async () => {
      const picture = (await upload(await image(60, 40))).json();
      const peViewer = await sut.userWith('viewer', 'pe');

      expect((await dimensionsAt(picture.smallUrl, peViewer)).width).toBe(60);
      const list = await get(`/api/pe/stations/pictures?resourceId=${STATION}`, peViewer);
      expect(list.json().items.map((p: { pictureId: number }) => p.pictureId)).toEqual([picture.pictureId]);
    });

    it('should refuse a file that is not a JPEG, PNG or WebP image with 415 and store nothing', async () => {
      const text = await upload(Buffer.from('<svg onload="alert(1)"/>'), {}, { name: 'fake.png' });
      const gif = await upload(Buffer.from('GIF89a\x01\x00\x01\x00'), {}, { name: 'a.gif' });

      expect(text.statusCode).toBe(415);
      expect(errorOf(text)).toEqual({
        code: 'unsupported_file_type',
        message: 'unsupported file: expected a JPEG, PNG or WebP image, got an unknown type',
      });
      expect(gif.statusCode).toBe(415);
      expect(errorOf(gif).message).toBe(
        'unsupported file: expected a JPEG, PNG or WebP image, got image/gif',
      );
      expect(await sut.database.db.select().from(storedFiles)).toEqual([]);
      expect(await sut.database.db.select().from(resourcePictures)).toEqual([]);
    });

    it('should refuse a damaged JPEG with 415 and a clear message, storing nothing', async () => {
      const jpeg = await image(800, 600, 'jpeg');

      const response = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), {}, { name: 'cut.jpg' });

      expect(response.statusCode).toBe(415);
      expect(errorOf(response)).toEqual({
        code: 'unsupported_file_type',
        message: 'the image cannot be read: the file is damaged or incomplete',
      });
      expect(await sut.database.db.select().from(storedFiles)).toEqual([]);
      expect(await auditOf('PICTURE_UPLOAD')).toEqual([]);
    });

    it('should refuse an image of more than 50 million pixels before decoding it', async () => {
      const response = await upload(await pngClaiming(10_000, 8_000));

      expect(response.statusCode).toBe(413);
      expect(errorOf(response)).toEqual({
        code: 'payload_too_large',
        message: 'the image has 10000×8000 pixels; at most 50,000,000 are accepted',
      });
    });

    it('should answer 404 for an unknown station and 400 for a missing file or a bad field', async () => {
      const unknown = await sut.app.inject({
        method: 'POST',
        url: '/api/nio/stations/pictures',
        ...withCookie(
          multipartForm({ resourceId: 'NOPE' }, { name: 'a.png', data: await image(10, 10) }),
          operator,
        ),
      });
      const noFile = await sut.app.inject({
        method: 'POST',
        url: '/api/nio/stations/pictures',
        ...withCookie(multipartForm({ resourceId: STATION }), operator),
      });
      const badScene = await sut.app.inject({
        method: 'POST',
        url: '/api/nio/stations/pictures',
        ...withCookie(
          multipartForm(
            { resourceId: STATION, pictureSceneId: '7', operationExtData: '[1]' },
            { name: 'a.png', data: await image(10, 10) },
          ),
          operator,
          'en-US',
        ),
      });

      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).message).toBe('station NOPE not found');
      expect(noFile.statusCode).toBe(400);
      expect(errorOf(noFile).details).toEqual([
        { path: 'body.file', message: 'a multipart field "file" is required' },
      ]);
      expect(badScene.statusCode).toBe(400);
      expect(errorOf(badScene).details).toEqual([
        { path: 'body.pictureSceneId', message: 'This value is not valid' },
        { path: 'body.operationExtData', message: 'Operation extra data must be a JSON object' },
      ]);
      expect(await sut.database.db.select().from(storedFiles)).toEqual([]);
    });

    it('should refuse a picture sent in another field than "file", storing nothing', async () => {
      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/nio/stations/pictures',
        ...withCookie(
          multipartForm(
            { resourceId: STATION },
            { name: 'a.png', data: await image(10, 10), field: 'picture' },
          ),
          operator,
          'en-US',
        ),
      });

      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual([
        { path: 'body.picture', message: 'files are accepted only in the field "file"' },
      ]);
      expect(await sut.database.db.select().from(storedFiles)).toEqual([]);
    });

    it('should render one image at a time and refuse a burst beyond the waiting room with 503 busy', async () => {
      // Large enough that the first rendition still runs when the last upload arrives; flat blocks of
      // colour keep the file small.
      const blocks = await sharp({
        create: {
          width: 60,
          height: 60,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
      const photo = await sharp(blocks).resize(1000, 1000, { kernel: 'nearest' }).png().toBuffer();

      // cores - 1 render at once (one on a 2-core machine) and sixteen wait; eight more are too many.
      const capacity = Math.max(1, os.availableParallelism() - 1) + 16;
      const answers = await Promise.all(Array.from({ length: capacity + 8 }, () => upload(photo)));

      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(capacity);
      const refused = answers.filter((a) => a.statusCode === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
      expect(errorOf(refused[0]!).code).toBe('busy');
      expect(refused[0]!.headers['retry-after']).toBe('10');
      expect(await sut.database.db.select().from(resourcePictures)).toHaveLength(
        answers.length - refused.length,
      );
    }, 120_000);

    it('should refuse an upload from a viewer with 403', async () => {
      const viewer = await sut.userWith('viewer', 'nio');

      const response = await upload(await image(10, 10), {}, { cookie: viewer });

      expect(response.statusCode).toBe(403);
      expect(await sut.database.db.select().from(storedFiles)).toEqual([]);
    });
  });

  it('should describe the picture routes in the OpenAPI document', async () => {
    const response = await get('/api/docs/json');

    expect(response.statusCode).toBe(200);
    const { paths } = response.json();
    const query = paths['/api/{tenant}/stations/pictures/{pictureId}'].delete.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(query).toContain('operation_ext_data');
    expect(Object.keys(paths['/api/{tenant}/stations/pictures'])).toEqual(['get', 'post']);
  });

  describe('list', () => {
    const list = async (query: string) => {
      const response = await get(`/api/nio/stations/pictures?resourceId=${STATION}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { total: number; items: { pictureId: number }[] };
      return { total: body.total, ids: body.items.map((p) => p.pictureId) };
    };

    it('should filter by source, scene, app visibility and deletion, newest first', async () => {
      const [a, b, c, d] = await seed([
        { sourceId: 1, sceneId: 1 },
        { sourceId: 2, sceneId: 1, appVisible: false },
        { sourceId: 2, sceneId: 3 },
        { sourceId: 3, sceneId: 3 },
      ]);
      await sut.app.inject({
        method: 'DELETE',
        url: `/api/nio/stations/pictures/${d}`,
        headers: { cookie: operator },
      });

      expect(await list('')).toEqual({ total: 3, ids: [c, b, a] });
      expect(await list('&deleted=false')).toEqual({ total: 3, ids: [c, b, a] });
      expect(await list('&deleted=true')).toEqual({ total: 1, ids: [d] });
      expect(await list('&sourceId=2')).toEqual({ total: 2, ids: [c, b] });
      expect(await list('&sceneId=1')).toEqual({ total: 2, ids: [b, a] });
      expect(await list('&sourceId=2&sceneId=3')).toEqual({ total: 1, ids: [c] });
      expect(await list('&appVisible=false')).toEqual({ total: 1, ids: [b] });
      expect(await list('&appVisible=true')).toEqual({ total: 2, ids: [c, a] });
      expect(await list('&pageNo=2&pageSize=2')).toEqual({ total: 3, ids: [a] });
      expect(await list('&sort=pictureId:asc')).toEqual({ total: 3, ids: [a, b, c] });
    });

    it('should answer 404 for an unknown station and 400 for a bad filter', async () => {
      expect((await get('/api/nio/stations/pictures?resourceId=NOPE')).statusCode).toBe(404);
      const bad = await get(`/api/nio/stations/pictures?resourceId=${STATION}&deleted=maybe`);
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).details).toEqual([expect.objectContaining({ path: 'querystring.deleted' })]);
    });
  });

  describe('app visibility', () => {
    const put = (pictureId: number, payload: object, cookie = operator) =>
      sut.app.inject({
        method: 'PUT',
        url: `/api/nio/stations/pictures/${pictureId}`,
        payload,
        headers: { cookie, 'accept-language': 'en-US' },
      });

    it('should hide a picture from the app and record the change with its extra data', async () => {
      const [id] = await seed([{}]);

      const response = await put(id!, { appVisible: false, operationExtData: { worksheet_id: 12 } });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        pictureId: id,
        appVisible: false,
        operationExtData: { worksheet_id: 12 },
      });
      const [audit] = await auditOf('PICTURE_APP_VISIBLE_UPDATE');
      expect(audit).toMatchObject({
        tenant: 'nio',
        entityId: STATION,
        before: { pictureId: id, appVisible: true },
        after: { pictureId: id, appVisible: false },
        extData: { worksheet_id: 12 },
      });
      expect((await put(id!, { appVisible: true })).json()).toMatchObject({
        appVisible: true,
        operationExtData: { worksheet_id: 12 },
      });
      expect(await auditOf('PICTURE_APP_VISIBLE_UPDATE')).toHaveLength(2);
    });

    it('should record nothing when the value does not change', async () => {
      const [id] = await seed([{ appVisible: true }]);

      expect((await put(id!, { appVisible: true })).statusCode).toBe(200);
      expect(await auditOf('PICTURE_APP_VISIBLE_UPDATE')).toEqual([]);
    });

    it('should answer 404 for an unknown picture, 422 for a deleted one and 403 for a viewer', async () => {
      const [id] = await seed([{}]);
      const viewer = await sut.userWith('viewer', 'nio');
      await sut.app.inject({
        method: 'DELETE',
        url: `/api/nio/stations/pictures/${id}`,
        headers: { cookie: operator },
      });

      expect((await put(999_999, { appVisible: false })).statusCode).toBe(404);
      const deleted = await put(id!, { appVisible: false });
      expect(deleted.statusCode).toBe(422);
      expect(errorOf(deleted).message).toBe('The picture is already deleted');
      expect((await put(id!, { appVisible: false }, viewer)).statusCode).toBe(403);
      expect((await put(id!, { appVisible: 'no' })).statusCode).toBe(400);
    });
  });

  describe('delete', () => {
    const remove = (pictureId: number, query = '', cookie = operator) =>
      sut.app.inject({
        method: 'DELETE',
        url: `/api/nio/stations/pictures/${pictureId}${query}`,
        headers: { cookie, 'accept-language': 'en-US' },
      });

    it('should mark the picture deleted, keep its files and record the extra data', async () => {
      const [id] = await seed([{}]);
      const extData = encodeURIComponent(JSON.stringify({ worksheet_id: 'W9', reason: 'blurred' }));

      const response = await remove(id!, `?operation_ext_data=${extData}`);

      expect(response.statusCode).toBe(204);
      const [row] = await sut.database.db.select().from(resourcePictures);
      expect(row).toMatchObject({
        deleted: true,
        operationExtData: { worksheet_id: 'W9', reason: 'blurred' },
      });
      expect((await get(`/api/files/${row!.smallFileId}`)).statusCode).toBe(200);
      const [audit] = await auditOf('PICTURE_DELETE');
      expect(audit).toMatchObject({
        tenant: 'nio',
        entityId: STATION,
        actorUserName: 'nio-operator',
        before: { pictureId: id, deleted: false },
        after: { pictureId: id, deleted: true },
        extData: { worksheet_id: 'W9', reason: 'blurred' },
      });
    });

    it('should refuse deleting twice (422), an unknown picture (404), bad extra data (400) and a viewer (403)', async () => {
      const [id, other] = await seed([{}, {}]);
      const viewer = await sut.userWith('viewer', 'nio');
      expect((await remove(id!)).statusCode).toBe(204);

      const again = await remove(id!);
      expect(again.statusCode).toBe(422);
      expect(errorOf(again).message).toBe('The picture is already deleted');
      expect((await remove(999_999)).statusCode).toBe(404);
      const badJson = await remove(other!, '?operation_ext_data=%7Bnot-json');
      expect(badJson.statusCode).toBe(400);
      expect(errorOf(badJson).details).toEqual([
        expect.objectContaining({
          path: 'querystring.operation_ext_data',
          message: 'Operation extra data must be a JSON object',
        }),
      ]);
      expect((await remove(other!, '', viewer)).statusCode).toBe(403);
      expect(await auditOf('PICTURE_DELETE')).toHaveLength(1);
    });
  });
});

function withCookie(form: ReturnType<typeof multipartForm>, cookie: string, language = 'zh-CN') {
  return { payload: form.payload, headers: { ...form.headers, cookie, 'accept-language': language } };
}
