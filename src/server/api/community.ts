import { Hono } from 'hono';
import type { ApiEnv } from '../http/context.ts';
import { bangumiRoutes } from './bangumi.ts';
import { bangumiAdminRoutes } from './bangumi-admin.ts';
import { catalogAdminRoutes } from './catalog-admin.ts';
import { commentRoutes } from './comments.ts';
import { likeRoutes } from './likes.ts';
import { linkRoutes } from './links.ts';
import { linkAdminRoutes } from './links-admin.ts';
import { messageRoutes } from './messages.ts';
import { moderationRoutes } from './moderation.ts';
import { photoRoutes } from './photos.ts';
import { photoAdminRoutes } from './photos-admin.ts';
import { resourceRoutes } from './resources.ts';
import { talkRoutes } from './talks.ts';
import { talkAdminRoutes } from './talks-admin.ts';

/**
 * Talks, photos, links, guestbook, comments, likes, bangumi and resources (docs/api/public.md), mounted as
 * one.
 */
export const communityRoutes = new Hono<ApiEnv>()
  .route('/', talkRoutes)
  .route('/', talkAdminRoutes)
  .route('/', photoRoutes)
  .route('/', photoAdminRoutes)
  .route('/', linkRoutes)
  .route('/', linkAdminRoutes)
  .route('/', messageRoutes)
  .route('/', commentRoutes)
  .route('/', moderationRoutes)
  .route('/', likeRoutes)
  .route('/', bangumiRoutes)
  .route('/', resourceRoutes)
  .route('/', bangumiAdminRoutes)
  .route('/', catalogAdminRoutes);
