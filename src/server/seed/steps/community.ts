import { db } from '../../db/connection.ts';
import { publishTalk } from '../../services/talks.ts';
import { backdate, picturesOf, type SeedContext, targetId, userId } from '../context.ts';

/*
 * Talks go through their service. Albums have no writing service yet; friend links, guestbook messages,
 * comments and likes have one, but it acts for a visitor now (an application waits for review and tells
 * the admins, a message or comment notifies its owner, a like counts up): the demo is their past, with
 * its own counts and its own short list of notifications, so these rows are written as they stand.
 */

/** Step: the talks, with their photos, likes and dates. */
export async function seedTalks(ctx: SeedContext): Promise<void> {
  const pictures = picturesOf(ctx);
  for (const [i, t] of ctx.demo.talks.entries()) {
    const created = ctx.clock.at(t.days_ago);
    const id = await publishTalk(
      { content: t.content, talkImgList: pictures.talkPhotos[i], is_top: t.top ? 1 : 2, status: 1 },
      ctx.adminId,
    );
    await backdate('talk', id, created);
    await db.updateTable('talk').set({ like_times: t.likes }).where('id', '=', id).execute();
    ctx.talks.push(id);
  }
}

/** Step: the photo albums; the first photo is the cover. */
export async function seedAlbums(ctx: SeedContext): Promise<void> {
  const pictures = picturesOf(ctx);
  for (const [i, album] of ctx.demo.albums.entries()) {
    const created = ctx.clock.at(album.days_ago);
    const photos = pictures.albumPhotos[i];
    const row = await db
      .insertInto('photo_album')
      .values({
        album_name: album.name,
        description: album.description,
        album_cover: photos[0],
        createdAt: created,
        updatedAt: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('photo')
      .values(
        photos.map((url, j) => {
          const taken = ctx.clock.exact(created, j * 37);
          return { album_id: row.id, url, createdAt: taken, updatedAt: taken };
        }),
      )
      .execute();
  }
}

/** Step: friend links, approved or waiting for review. */
export async function seedLinks(ctx: SeedContext): Promise<void> {
  const pictures = picturesOf(ctx);
  for (const [i, l] of ctx.demo.links.entries()) {
    const created = ctx.clock.at(l.days_ago);
    const row = await db
      .insertInto('link')
      .values({
        site_name: l.name,
        site_desc: l.desc,
        site_avatar: pictures.linkAvatars[i],
        url: l.url,
        status: l.pending ? 1 : 2,
        user_id: l.user ? userId(ctx, l.user) : null,
        // Real sites: the background check leaves them out (services/link-health.ts).
        demo: 1,
        createdAt: created,
        updatedAt: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.links.push(row.id);
  }
}

/** Step: the guestbook. */
export async function seedMessages(ctx: SeedContext): Promise<void> {
  const pictures = picturesOf(ctx);
  for (const [i, m] of ctx.demo.messages.entries()) {
    const created = ctx.clock.at(m.days_ago);
    const row = await db
      .insertInto('message')
      .values({
        message: m.message,
        tag: m.tag,
        color: m.color,
        font_size: m.font_size,
        font_weight: m.font_weight,
        bg_color: m.bg_color,
        bg_url: pictures.messageBgs[i],
        like_times: m.likes,
        nick_name: m.nick_name,
        user_id: m.user ? userId(ctx, m.user) : null,
        createdAt: created,
        updatedAt: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.messages.push(row.id);
  }
}

/** Step: comment threads: a parent, then its replies pointing at it. */
export async function seedComments(ctx: SeedContext): Promise<void> {
  for (const thread of ctx.demo.comments) {
    const { type, id: forId } = targetId(ctx, thread.on);
    const created = ctx.clock.at(thread.days_ago);
    const parent = await db
      .insertInto('comment')
      .values({
        type,
        for_id: forId,
        parent_id: null,
        from_id: userId(ctx, thread.from),
        to_id: null,
        content: thread.content,
        thumbs_up: thread.thumbs,
        ip: '127.0.0.1',
        ip_address: thread.region,
        createdAt: created,
        updatedAt: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [k, reply] of thread.replies.entries()) {
      const replied = ctx.clock.exact(created, (k + 1) * 95);
      await db
        .insertInto('comment')
        .values({
          type,
          for_id: forId,
          parent_id: parent.id,
          from_id: userId(ctx, reply.from),
          to_id: userId(ctx, reply.to),
          content: reply.content,
          thumbs_up: reply.thumbs,
          ip: '127.0.0.1',
          ip_address: reply.region,
          createdAt: replied,
          updatedAt: replied,
        })
        .execute();
    }
  }
}

/** Step: a few likes by the demo users, within the counts above. */
export async function seedLikes(ctx: SeedContext): Promise<void> {
  const rows = ctx.demo.likes.map((l, i) => {
    const { type, id } = targetId(ctx, l.on);
    return {
      type,
      for_id: id,
      user_id: userId(ctx, l.user),
      ip: '127.0.0.1',
      createdAt: ctx.clock.at(2 + (i % 20)),
    };
  });
  if (rows.length) await db.insertInto('like').values(rows).execute();
}

/** Step: the admin's notifications, some read. */
export async function seedNotifications(ctx: SeedContext): Promise<void> {
  const rows = ctx.demo.notifications.map((n) => {
    const { type, id } = targetId(ctx, n.on);
    return {
      user_id: ctx.adminId,
      type,
      to_id: id,
      message: n.message,
      isView: n.read ? 2 : 1,
      createdAt: ctx.clock.at(n.days_ago),
    };
  });
  if (rows.length) await db.insertInto('notify').values(rows).execute();
}
