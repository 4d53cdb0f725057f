import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { multipartForm } from '../../test/multipart.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('file uploads', () => {
  let sut: TestContext;
  let operator: string;
  beforeEach(async () => {
    sut = await createTestContext({ uploadMaxMb: 1 });
    operator = await sut.userWith('operator', 'nio');
  });
  afterEach(() => sut.app.close());

  const upload = (fileName: string, data: Buffer, query = '', cookie = operator, tenant = 'nio') => {
    const form = multipartForm({}, { name: fileName, data, contentType: 'image/png' });
    return sut.app.inject({
      method: 'POST',
      url: `/api/${tenant}/files${query}`,
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
  };

  it('should store an image and serve the same bytes back to users of the tenant', async () => {
    const response = await upload('站点照片.png', PNG);

    expect(response.statusCode).toBe(201);
    const stored = response.json();
    expect(stored).toMatchObject({ name: '站点照片.png', size: PNG.length, contentType: 'image/png' });
    expect(stored.url).toBe(`/api/files/${stored.fileId}`);
    const read = await sut.app.inject({ method: 'GET', url: stored.url, headers: { cookie: operator } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(PNG)).toBe(true);
  });

  it('should decide the type by content: a text file named .png is refused with 415', async () => {
    const response = await upload('fake.png', Buffer.from('<script>alert(1)</script>'));

    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toEqual({
      code: 'unsupported_file_type',
      message: 'unsupported file: expected image, got an unknown type',
    });
  });

  it('should refuse a kind the caller did not ask for', async () => {
    const response = await upload('report.pdf', Buffer.from('%PDF-1.7\n...'), '?kind=image');

    expect(response.statusCode).toBe(415);
    expect(errorOf(response).message).toBe('unsupported file: expected image, got application/pdf');
    expect((await upload('report.pdf', Buffer.from('%PDF-1.7\n...'), '?kind=document')).statusCode).toBe(201);
  });

  it('should refuse a file over the size limit with 413', async () => {
    const response = await upload('huge.png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1)]));

    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('payload_too_large');
  });

  it('should not serve a file to a user of another tenant', async () => {
    const stored = (await upload('a.png', PNG)).json();
    const other = await sut.userWith('admin', 'pe');

    const response = await sut.app.inject({ method: 'GET', url: stored.url, headers: { cookie: other } });

    expect(response.statusCode).toBe(404);
  });

  it('should serve pictures inline and every other file as an attachment', async () => {
    const picture = (await upload('站点照片.png', PNG)).json();
    const pdf = (await upload('合同.pdf', Buffer.from('%PDF-1.7\n...'), '?kind=document')).json();
    const read = (url: string) => sut.app.inject({ method: 'GET', url, headers: { cookie: operator } });

    expect((await read(picture.url)).headers['content-disposition']).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent('站点照片.png')}`,
    );
    const document = await read(pdf.url);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('合同.pdf')}`,
    );
    expect(document.headers['x-content-type-options']).toBe('nosniff');
  });

  it('should accept the file only in its declared field', async () => {
    const form = multipartForm(
      {},
      { name: 'a.png', data: PNG, contentType: 'image/png', field: 'attachment' },
    );

    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/nio/files',
      payload: form.payload,
      headers: { ...form.headers, cookie: operator },
    });

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details).toEqual([
      { path: 'body.attachment', message: 'files are accepted only in the field "file"' },
    ]);
  });
});
