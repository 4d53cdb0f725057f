import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMessage } from '@cmp/domain/messages/format';
import { idParam, INT8 } from '@cmp/domain/shared/input';
import { fieldRuleMessages } from '@cmp/domain/shared/zod-issues';
import {
  PictureDeleteQuerySchema,
  PictureListQuerySchema,
  PictureListSchema,
  PictureSchema,
  PictureUpdateSchema,
  PictureUploadFieldsSchema,
} from '@cmp/domain/stations/pictures';
import { actorOf } from '../../platform/audit/audit.js';
import { AppError } from '../../platform/http/app-error.js';
import { localeOf } from '../../platform/http/error-handler.js';
import { readUploadForm } from '../../platform/http/upload-form.js';
import type { Acting, PicturesService } from './pictures.service.js';

const tags = ['stations'];
const PictureParams = z.object({ pictureId: idParam(INT8) });

const acting = (request: FastifyRequest): Acting => ({ tenant: request.tenant!, actor: actorOf(request) });

/** The multipart form: the `file` part and the picture's text fields, checked against their schema. */
async function readPictureForm(request: FastifyRequest) {
  const { file, fields } = await readUploadForm(request);
  const parsed = PictureUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const locale = localeOf(request);
    throw AppError.validation(
      fieldRuleMessages(parsed.error).map(({ path, message }) => ({
        path: `body.${path}`,
        message: formatMessage(locale, message),
      })),
    );
  }
  return { fields: parsed.data, file };
}

export const picturesRoutes: FastifyPluginAsyncZod<{ pictures: PicturesService }> = async (
  app,
  { pictures },
) => {
  app.get(
    '/stations/pictures',
    {
      schema: {
        tags,
        summary: 'List station pictures',
        querystring: PictureListQuerySchema,
        response: { 200: PictureListSchema },
      },
    },
    (request) => pictures.list(request.query),
  );

  app.post(
    '/stations/pictures',
    {
      config: { upload: { file: 'file', fields: PictureUploadFieldsSchema } },
      schema: {
        tags,
        summary: 'Upload a station picture',
        description:
          'multipart/form-data: `file` (JPEG, PNG or WebP) with resourceId, pictureSourceId, pictureSceneId, appVisible and operationExtData (JSON text)',
        response: { 201: PictureSchema },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readPictureForm(request);
      return reply.status(201).send(await pictures.upload(fields, file, acting(request)));
    },
  );

  app.put(
    '/stations/pictures/:pictureId',
    {
      schema: {
        tags,
        summary: 'Show or hide a station picture in the app',
        params: PictureParams,
        body: PictureUpdateSchema,
        response: { 200: PictureSchema },
      },
    },
    (request) => pictures.setAppVisible(request.params.pictureId, request.body, acting(request)),
  );

  app.delete(
    '/stations/pictures/:pictureId',
    {
      schema: {
        tags,
        summary: 'Delete a station picture',
        params: PictureParams,
        querystring: PictureDeleteQuerySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await pictures.remove(request.params.pictureId, request.query.operation_ext_data, acting(request));
      return reply.status(204).send(null);
    },
  );
};
