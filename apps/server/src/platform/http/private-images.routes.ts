/**
 * GET|HEAD /api/media/private/<key>?e=&s=: a photo that waits for moderation (a review's, a
 * student's work's, a custom request's), for the author and the admin only. Only the services hand
 * out these signed URLs, and only to them (`ImagePipeline.privateView`); the signature binds the
 * key and an expiry, and only keys of the moderated folders are served. Never stored by a shared
 * cache or kept by the browser: `private, no-store`. Once approved the files move to public storage
 * and are served under /uploads/ with long caching. docs/decisions/0057.
 */
import type { FastifyPluginAsync } from 'fastify';
import { NotFound } from '../errors';
import type { ImagePipeline } from '../images/images';
import type { Storage } from '../storage/storage';
import { sendStoredFile } from './stored-file';
import { isSafeUploadKey } from './uploads.routes';

export interface PrivateImagesRoutesOptions {
  storage: Storage;
  images: Pick<ImagePipeline, 'verifyPrivate'>;
}

export const privateImagesRoutes: FastifyPluginAsync<PrivateImagesRoutesOptions> = async (app, { storage, images }) => {
  app.route<{ Params: { '*': string }; Querystring: { e?: string; s?: string } }>({
    method: ['GET', 'HEAD'],
    url: '/api/media/private/*',
    config: { access: 'public' },
    compress: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      const raw = request.params['*'];
      const key = isSafeUploadKey(raw) ? images.verifyPrivate(raw, request.query.e, request.query.s) : null;
      if (!key) throw new NotFound('fileNotFound');
      // Photos stored before they were kept private are still in public storage until moderated.
      const visibility = (await storage.stat('private', key)) ? 'private' : 'public';
      return sendStoredFile(request, reply, storage, {
        visibility,
        key,
        cacheControl: 'private, no-store',
        contentType: 'image/webp',
      });
    },
  });
};
