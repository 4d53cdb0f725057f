import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  UpgradeCampaign,
  UpgradeCampaignList,
  UpgradePackage,
} from '@cmp/domain/upgrade-packages/upgrade-packages';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { jobs } from '../../platform/jobs/jobs.tables.js';
import { insertChargeStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { chargePoints } from '../ocpp/ocpp.tables.js';
import { equipments } from '../stations/stations.tables.js';
import { FirmwareLinks } from './firmware-links.service.js';
import { upgradePackages } from './upgrade-packages.tables.js';
import { multipartForm } from '../../test/multipart.js';

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
const firmware = (text = 'firmware image', size = 0) =>
  size > 0 ? Buffer.alloc(size, 7) : Buffer.from(text);

describe('upgrade packages', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;

  beforeEach(async () => {
    sut = await createTestContext({ uploadMaxMb: 1, firmwareMaxMb: 2 });
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
  });
  afterEach(() => sut.app.close());

  const upload = (
    fields: Record<string, string>,
    data = firmware(),
    { cookie = operator, name = 'fw-1.2.0.bin' } = {},
  ) => {
    const form = multipartForm(fields, { name, data });
    return sut.app.inject({
      method: 'POST',
      url: '/api/nio/upgrade-packages',
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
  };
  const uploaded = async (fields: Record<string, string>, data = firmware()) => {
    const response = await upload(fields, data);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<UpgradePackage>();
  };
  const get = (url: string, cookie = viewer) =>
    sut.app.inject({ method: 'GET', url: `/api/nio${url}`, headers: { cookie } });
  const put = (id: number, body: object, cookie = operator) =>
    sut.app.inject({
      method: 'PUT',
      url: `/api/nio/upgrade-packages/${id}`,
      headers: { cookie },
      payload: body,
    });
  const storedFiles = () => {
    const dir = path.join(sut.config.dataDir, 'files', 'upgrade-packages', 'nio');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const pathOf = (url: string) => new URL(url).pathname;

  it('should store the file with its md5, as a draft, audited, and read it back with a download link', async () => {
    const data = firmware('v1.2.0 image');
    const pkg = await uploaded(
      { packageType: 'DCPowerCharger', version: '1.2.0', releaseNote: 'fixes', md5: md5(data).toUpperCase() },
      data,
    );
    expect(pkg).toMatchObject({
      packageType: 'DCPowerCharger',
      version: '1.2.0',
      releaseNote: 'fixes',
      action: 'install_now',
      status: 0,
      md5: md5(data),
      fileName: 'fw-1.2.0.bin',
      fileSize: data.length,
      editable: true,
      isPromotion: false,
      createdBy: 'nio-operator',
      rowVersion: 1,
    });
    expect(pkg.downloadUrl).toMatch(/^http:\/\/localhost\/api\/public\/firmware\/\d+\.\d+\.[\w-]{43}$/);
    expect(storedFiles()).toHaveLength(1);
    const [audit] = await sut.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'UPGRADE_PACKAGE_CREATE'));
    expect(audit).toMatchObject({ entityType: 'upgrade_package', entityId: String(pkg.upgradePackageId) });

    const detail = await get(`/upgrade-packages/${pkg.upgradePackageId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ ...pkg, downloadUrl: expect.any(String) });
  });

  it('should refuse a file whose md5 differs from the one given with 422 and keep no bytes', async () => {
    const response = await upload({ packageType: 'DCPowerCharger', version: '1.0.0', md5: 'a'.repeat(32) });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain(md5(firmware()));
    expect(storedFiles()).toEqual([]);
    expect(await sut.database.db.select().from(upgradePackages)).toEqual([]);
  });

  it('should refuse a type and version the tenant has with 409 and keep no second file', async () => {
    await uploaded({ packageType: 'DCPowerCharger', version: '1.0.0' });
    const again = await upload({ packageType: 'DCPowerCharger', version: '1.0.0' });
    expect(again.statusCode).toBe(409);
    expect(storedFiles()).toHaveLength(1);
    await uploaded({ packageType: 'ACPowerCharger', version: '1.0.0' });
  });

  it('should take firmware beyond UPLOAD_MAX_MB up to FIRMWARE_MAX_MB, and refuse more with 413', async () => {
    const big = firmware('', 1.5 * 1024 * 1024);
    expect((await uploaded({ packageType: 'DCPowerCharger', version: '2.0.0' }, big)).fileSize).toBe(
      big.length,
    );
    const tooBig = await upload(
      { packageType: 'DCPowerCharger', version: '2.0.1' },
      firmware('', 2.5 * 1024 * 1024),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(storedFiles()).toHaveLength(1);
  });

  it('should refuse an empty file, a form with two files and a body that is no form, each as what it is', async () => {
    const empty = await upload({ packageType: 'DCPowerCharger', version: '3.0.0' }, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).details).toEqual([{ path: 'body.file', message: 'the file is empty' }]);

    const one = multipartForm(
      { packageType: 'DCPowerCharger', version: '3.0.1' },
      { name: 'a.bin', data: firmware() },
    );
    const second = multipartForm({}, { name: 'b.bin', data: firmware() });
    const twoFiles = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/upgrade-packages',
      headers: { ...one.headers, cookie: operator },
      // The second form's file part, without the first form's closing boundary.
      payload: Buffer.concat([
        one.payload.subarray(0, one.payload.lastIndexOf('------cmp-test-boundary--')),
        second.payload,
      ]),
    });
    expect(twoFiles.statusCode).toBe(400);
    expect(errorOf(twoFiles).code).toBe('validation_failed');

    const notAForm = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/upgrade-packages',
      headers: { cookie: operator, 'content-type': 'application/json' },
      payload: { packageType: 'DCPowerCharger', version: '3.0.2' },
    });
    expect(notAForm.statusCode).toBe(415);
    expect(errorOf(notAForm).code).toBe('unsupported_file_type');
    expect(storedFiles()).toEqual([]);
  });

  it('should refuse bad fields with 400 and remove the stored file, and uploads by viewers with 403', async () => {
    const bad = await upload({ packageType: 'DCPowerCharger', version: '../1' });
    expect(bad.statusCode).toBe(400);
    expect(storedFiles()).toEqual([]);
    expect(
      (await upload({ packageType: 'DCPowerCharger', version: '1' }, firmware(), { cookie: viewer }))
        .statusCode,
    ).toBe(403);
  });

  it('should list newest first by type, status and a part of the version', async () => {
    const a = await uploaded({ packageType: 'DCPowerCharger', version: '1.0.0' });
    const b = await uploaded({ packageType: 'ACPowerCharger', version: '1.1.0' });
    const c = await uploaded({ packageType: 'DCPowerCharger', version: '2.0.0-rc_1' });
    await put(c.upgradePackageId, { action: 'install_now', status: 1, isPromotion: true, rowVersion: 1 });
    const ids = async (query: string) => {
      const response = await get(`/upgrade-packages${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: UpgradePackage[]; total: number }>().items.map((p) => p.upgradePackageId);
    };
    expect(await ids('')).toEqual([c, b, a].map((p) => p.upgradePackageId));
    expect(await ids('?packageType=DCPowerCharger')).toEqual([c, a].map((p) => p.upgradePackageId));
    expect(await ids('?status=1')).toEqual([c.upgradePackageId]);
    expect(await ids('?version=1.')).toEqual([b, a].map((p) => p.upgradePackageId));
    expect(await ids('?version=_')).toEqual([c.upgradePackageId]);
    expect(await ids('?pageSize=1&pageNo=2')).toEqual([b.upgradePackageId]);
    expect(await ids('?sort=version:asc')).toEqual([a, b, c].map((p) => p.upgradePackageId));
    expect((await get('/upgrade-packages?sort=md5:asc')).statusCode).toBe(400);
    const exported = await get('/upgrade-packages/export?format=csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('2.0.0-rc_1');
  });

  it('should update from the version read, move the status by its rules, and answer 409 on an old version', async () => {
    const pkg = await uploaded({ packageType: 'DCPowerCharger', version: '1.0.0' });
    const id = pkg.upgradePackageId;
    const body = { releaseNote: 'notes', action: 'install_when_idle', isPromotion: true };
    const released = await put(id, { ...body, status: 1, rowVersion: 1 });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ ...body, status: 1, rowVersion: 2, updatedBy: 'nio-operator' });
    expect((await put(id, { ...body, status: 2, rowVersion: 1 })).statusCode).toBe(409);
    expect((await put(id, { ...body, status: 0, rowVersion: 2 })).statusCode).toBe(200);
    expect((await put(id, { ...body, status: 2, rowVersion: 3 })).statusCode).toBe(422);
    expect((await put(id, { ...body, status: 1, rowVersion: 3 })).statusCode).toBe(200);
    expect((await put(id, { ...body, status: 2, rowVersion: 4 })).statusCode).toBe(200);
    expect((await put(id, { ...body, status: 1, rowVersion: 5 }, viewer)).statusCode).toBe(403);
    const audits = await sut.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'UPGRADE_PACKAGE_UPDATE'), eq(auditRecords.entityId, String(id))));
    expect(audits).toHaveLength(4);
  });

  it('should refuse going back to draft once a charger was sent the package', async () => {
    const pkg = await uploaded({ packageType: 'DCPowerCharger', version: '1.0.0' });
    await sut.database.db.update(upgradePackages).set({ editable: false, status: 1 });
    const back = await put(pkg.upgradePackageId, {
      action: 'install_now',
      status: 0,
      isPromotion: false,
      rowVersion: 1,
    });
    expect(back.statusCode).toBe(422);
    expect(errorOf(back).message).toBe('已有充电桩收到该升级包，不能改回草稿');
  });

  it('should serve the file by its link without a session, and refuse tampered and expired links', async () => {
    const data = firmware('the firmware bytes');
    const pkg = await uploaded({ packageType: 'DCPowerCharger', version: '3.1.4' }, data);
    const download = await sut.app.inject({ method: 'GET', url: pathOf(pkg.downloadUrl) });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-md5': createHash('md5').update(data).digest('base64'),
      etag: `"${md5(data)}"`,
      'x-firmware-version': '3.1.4',
    });

    const token = pathOf(pkg.downloadUrl).split('/').at(-1)!;
    const [id, expires, mac] = token.split('.');
    const tampered = [
      `${Number(id) + 1}.${expires}.${mac}`,
      `${id}.${Number(expires) + 60}.${mac}`,
      // The first character: the last one of a 32-byte MAC in base64url carries two bits a decoder drops.
      `${id}.${expires}.${mac!.startsWith('A') ? 'B' : 'A'}${mac!.slice(1)}`,
      'not-a-token',
    ];
    for (const bad of tampered) {
      const response = await sut.app.inject({ method: 'GET', url: `/api/public/firmware/${bad}` });
      expect(response.statusCode, bad).toBe(403);
    }
    const links = new FirmwareLinks(sut.database.db, sut.config.firmwareLinkMinutes);
    const expired = await links.token(
      pkg.upgradePackageId,
      Date.now() - (sut.config.firmwareLinkMinutes + 1) * 60_000,
    );
    expect((await sut.app.inject({ method: 'GET', url: `/api/public/firmware/${expired}` })).statusCode).toBe(
      403,
    );
    const gone = await links.token(pkg.upgradePackageId + 100);
    expect((await sut.app.inject({ method: 'GET', url: `/api/public/firmware/${gone}` })).statusCode).toBe(
      404,
    );
  });

  it('should make links on PUBLIC_URL when it is set', async () => {
    await sut.app.close();
    sut = await createTestContext({ publicUrl: 'https://portal.example.com/' });
    operator = await sut.userWith('operator', 'nio');
    const pkg = await uploaded({ packageType: 'DCPowerCharger', version: '1.0.0' });
    expect(pkg.downloadUrl).toMatch(/^https:\/\/portal\.example\.com\/api\/public\/firmware\//);
  });

  describe('campaigns', () => {
    const registerCharger = async (chargePointId: string, equipmentType: 'DC' | 'AC' = 'DC') => {
      const db = sut.database.db;
      await insertChargeStation(db, `CS-${chargePointId}`);
      await db
        .insert(equipments)
        .values({ equipmentId: chargePointId, resourceId: `CS-${chargePointId}`, equipmentType, power: 120 });
      await db.insert(chargePoints).values({
        chargePointId,
        resourceId: `CS-${chargePointId}`,
        passwordHash: 'sha256$x$y',
        passwordSetBy: 'test',
      });
    };
    const startCampaign = (id: number, chargePointIds: string[], cookie = operator) =>
      sut.app.inject({
        method: 'POST',
        url: `/api/nio/upgrade-packages/${id}/campaigns`,
        headers: { cookie },
        payload: { chargePointIds },
      });

    it('should send a released package to registered chargers of its type by a job, and fix the package', async () => {
      await registerCharger('CP-1');
      await registerCharger('CP-2');
      await registerCharger('CP-AC', 'AC');
      const pkg = await uploaded({ packageType: 'DCPowerCharger', version: '1.0.0' });
      await put(pkg.upgradePackageId, {
        action: 'install_now',
        status: 1,
        isPromotion: false,
        rowVersion: 1,
      });

      const refused = await startCampaign(pkg.upgradePackageId, ['CP-1', 'CP-AC', 'CP-NONE']);
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused).message).toContain('CP-AC, CP-NONE');
      expect((await startCampaign(pkg.upgradePackageId, ['CP-1'], viewer)).statusCode).toBe(403);

      const response = await startCampaign(pkg.upgradePackageId, ['CP-1', 'CP-2', 'CP-1']);
      expect(response.statusCode, response.body).toBe(201);
      const campaign = response.json<UpgradeCampaign>();
      expect(campaign).toMatchObject({
        upgradePackageId: pkg.upgradePackageId,
        version: '1.0.0',
        createdBy: 'nio-operator',
        total: 2,
      });
      expect(campaign.chargers.map((c) => c.chargePointId)).toEqual(['CP-1', 'CP-2']);
      const [job] = await sut.database.db.select().from(jobs).where(eq(jobs.id, campaign.jobId!));
      expect(job).toMatchObject({ kind: 'upgrade-campaign', tenant: 'nio' });

      const detail = await get(`/upgrade-packages/${pkg.upgradePackageId}`);
      expect(detail.json()).toMatchObject({ editable: false });
      const again = await get(`/upgrade-campaigns/${campaign.campaignId}`);
      expect(again.statusCode).toBe(200);
      expect(again.json<UpgradeCampaign>().campaignId).toBe(campaign.campaignId);
      const list = await get(`/upgrade-packages/${pkg.upgradePackageId}/campaigns`);
      expect(list.json<UpgradeCampaignList>()).toMatchObject({ total: 1, items: [{ total: 2 }] });
      const second = (await startCampaign(pkg.upgradePackageId, ['CP-2'])).json<UpgradeCampaign>();
      const paged = await get(`/upgrade-packages/${pkg.upgradePackageId}/campaigns?pageSize=1`);
      expect(paged.json<UpgradeCampaignList>()).toMatchObject({
        total: 2,
        items: [{ campaignId: second.campaignId, total: 1 }],
      });
      const oldest = await get(`/upgrade-packages/${pkg.upgradePackageId}/campaigns?sort=createdAt:asc`);
      expect(oldest.json<UpgradeCampaignList>().items.map((c) => c.campaignId)).toEqual([
        campaign.campaignId,
        second.campaignId,
      ]);
      expect((await get('/upgrade-campaigns/999999')).statusCode).toBe(404);
    });

    it('should send a draft to one charger only, and a withdrawn package to none', async () => {
      await registerCharger('CP-1');
      await registerCharger('CP-2');
      const pkg = await uploaded({ packageType: 'DCPowerCharger', version: '1.0.0' });
      const two = await startCampaign(pkg.upgradePackageId, ['CP-1', 'CP-2']);
      expect(two.statusCode).toBe(422);
      expect((await startCampaign(pkg.upgradePackageId, ['CP-1'])).statusCode).toBe(201);
      await put(pkg.upgradePackageId, {
        action: 'install_now',
        status: 1,
        isPromotion: false,
        rowVersion: 1,
      });
      await put(pkg.upgradePackageId, {
        action: 'install_now',
        status: 2,
        isPromotion: false,
        rowVersion: 2,
      });
      const withdrawn = await startCampaign(pkg.upgradePackageId, ['CP-1']);
      expect(withdrawn.statusCode).toBe(422);
      expect(errorOf(withdrawn).message).toBe('已撤回的升级包不能发送给充电桩');
    });
  });
});
